"""``Game.from_position``: a reachable position is accepted and plays on like the real game; a wrong one is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import random_move, tables

from uno_core import Colour, Game, Phase, PositionError, Rules, UnoError, view
from uno_core.cards import parse_deck


def played(players: int, rules: Rules, seed: int, steps: int) -> Game:
    """A game after ``steps`` random legal actions (any seat that may act, out-of-turn ones too)."""
    game = Game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        random_move(game, rng)
    return game


def position_of(game: Game) -> dict[str, Any]:
    """The keyword arguments of ``from_position`` that describe ``game``'s round in play."""
    challenge = game.phase is Phase.CHALLENGE
    return {
        "hands": [list(hand) for hand in game.hands],
        "draw_pile": list(game.draw_pile),
        "discard": list(game.discard),
        "current": game.current,
        "direction": game.direction,
        "phase": game.phase,
        "active": game.active,
        "pending": game.pending,
        "drawn": game.drawn,
        "wd4_by": game.wd4_by if challenge else None,
        "wd4_colour": game.wd4_colour if challenge else None,
        "wd4_bluff": game.wd4_bluff,
        "going_out": game.going_out,
        "said_uno": list(game.said_uno),
        "exposed": sorted(game.exposed),
        "dealer": game.dealer,
        "round_no": game.round_no,
        "totals": list(game.totals),
        "round_results": list(game.round_results),
    }


@given(tables(), st.integers(0, 2**32), st.integers(0, 150))
def test_a_reachable_position_is_accepted_and_has_the_same_future(
    table: tuple[int, Rules], seed: int, steps: int
) -> None:
    players, rules = table
    real = played(players, rules, seed, steps)
    if real.is_over:
        return
    copy = Game.from_position(real.names, rules, **position_of(real), seed=seed)
    copy.rng.setstate(real.rng.getstate())
    rng = random.Random(seed + 1)
    for _ in range(40):
        assert [view(real, s) for s in range(players)] == [view(copy, s) for s in range(players)]
        if real.is_over:
            break
        seat = rng.choice(real.seats_to_act())
        action = rng.choice(real.legal_actions(seat))
        assert real.apply(seat, action) == copy.apply(seat, action)


def _corrupt(kind: int, pos: dict[str, Any], n: int, rng: random.Random) -> bool:
    """Make ``pos`` inconsistent in way ``kind``; False when that way does not apply here."""
    hands, pile = pos["hands"], pos["draw_pile"]
    if kind == 0:  # a card goes missing
        where = pile if pile else hands[rng.randrange(n)]
        where.pop()
    elif kind == 1:  # a card appears twice
        pile.append(pos["discard"][-1])
    elif kind == 2:
        pos["current"] = rng.choice([-1, n, n + 3])
    elif kind == 3:
        pos["direction"] = rng.choice([0, 2, -2])
    elif kind == 4:
        pos["phase"] = Phase.MATCH_OVER
    elif kind == 5:  # a debt in a phase that owes nothing, or none where one is owed
        owes = pos["phase"] in (Phase.STACK, Phase.CHALLENGE)
        pos["pending"] = 0 if owes else rng.randint(1, 8)
    elif kind == 6:  # a seat too many or too few
        if rng.random() < 0.5:
            pos["hands"] = hands[:-1]
        else:
            pos["hands"] = [*hands, []]
    elif kind == 7:  # no top card
        pile.extend(pos["discard"])
        pos["discard"] = []
    elif kind == 8:  # an active colour that is not the coloured top card's
        top = pos["discard"][-1]
        if top.colour is None:
            return False
        pos["active"] = next(colour for colour in Colour if colour is not top.colour)
    elif kind == 9:  # an empty hand while nobody is going out
        seat = rng.randrange(n)
        if seat == pos["going_out"] or (pos["drawn"] is not None and seat == pos["current"]):
            return False
        pile.extend(hands[seat])
        hands[seat] = []
    elif kind == 10:  # a seat exposed while holding more than one card
        seat = max(range(n), key=lambda s: len(hands[s]))
        if len(hands[seat]) < 2:
            return False
        pos["exposed"] = [seat]
    elif kind == 11:
        pos["totals"] = [*pos["totals"], 0]
    elif kind == 12:  # a drawn card outside the DRAWN phase, or one the seat does not hold
        if pos["phase"] is Phase.DRAWN:
            held = set(hands[pos["current"]])
            pos["drawn"] = next(card for card in pile + pos["discard"] if card not in held)
        else:
            pos["drawn"] = pos["discard"][-1]
    elif kind == 13:  # a Wild Draw Four to answer without one on top
        if pos["discard"][-1].rank.is_wild:
            return False
        pos["phase"] = Phase.CHALLENGE
        pos["pending"] = 4
        pos["wd4_by"] = (pos["current"] + 1) % n
        pos["wd4_colour"] = Colour.RED
    elif kind == 14:
        pos["said_uno"] = [*pos["said_uno"], False]
    return True


# R-DECK-1 R-TURN-1
@given(tables(), st.integers(0, 2**32), st.integers(0, 120), st.integers(0, 14))
def test_an_inconsistent_position_is_refused(table: tuple[int, Rules], seed: int, steps: int, kind: int) -> None:
    players, rules = table
    real = played(players, rules, seed, steps)
    if real.is_over:
        return
    pos = position_of(real)
    rng = random.Random(seed)
    if not _corrupt(kind, pos, players, rng):
        return
    with pytest.raises(PositionError) as caught:
        Game.from_position(real.names, rules, **pos)
    assert str(caught.value)


def test_position_errors_are_value_errors_that_quote_the_problem() -> None:
    assert issubclass(PositionError, UnoError) and issubclass(PositionError, ValueError)
    deck = parse_deck("R1 R2")
    with pytest.raises(PositionError, match="108 cards"):
        Game.from_position(2, hands=[deck[:1], deck[1:]], draw_pile=[], discard=parse_deck("R3"), current=0)


def test_a_scripted_position_plays_on() -> None:
    game = Game(3, seed=5)
    pos = position_of(game)
    pos["current"] = 2
    built = Game.from_position(3, **pos)
    assert built.current == 2 and built.legal_actions(2) and built.log == [] and built.history == []
