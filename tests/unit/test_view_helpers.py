"""``SeatView``'s rule helpers are the engine's: they agree with what ``Game.apply`` then does."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import tables

from uno_core import Game, Phase, Play, Rank, Rules, RulesError, SeatError, WD4Rule, view
from uno_core.cards import ALL_CARDS, COLOURS, WILD_DRAW_FOUR, Card, Colour
from uno_core.effects import skips_next
from uno_core.legal import can_play, playable_cards, playable_set


# R-TURN-1 R-TURN-2 R-ACT-2 R-ACT-5 R-VAR-70
@given(tables(), st.integers(0, 2**32), st.integers(0, 80))
def test_view_helpers_agree_with_the_engine(table: tuple[int, Rules], seed: int, moves: int) -> None:
    players, rules = table
    game = Game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            return
        seat = game.current
        me = view(game, seat)
        assert me.next_seat() == game.next_seat(seat)
        assert all(me.is_playable(card) == game.is_playable(card) for card in me.hand)
        assert me.wd4_is_legal() == game.wd4_is_legal(seat)
        if game.phase is Phase.TURN:
            legal_cards = {a.card for a in game.legal_actions(seat) if isinstance(a, Play) and not a.jump}
            assert set(me.playable_cards()) == legal_cards
        action = rng.choice(game.legal_actions(seat))
        if isinstance(action, Play) and not action.jump and len(me.hand) > len(action.cards):
            expected = me.sizes_after(action.cards, action.swap)
            nxt, skipped = me.victim(action.card.rank)
            rank = action.card.rank
            before_direction = game.direction
            game.apply(seat, action)
            if game.round_no == me.round_no and rank in (Rank.SEVEN, Rank.ZERO):
                drawn = sum(len(h) for h in game.hands) - sum(expected)
                if drawn == 0:
                    assert tuple(len(hand) for hand in game.hands) == expected
            if rank is Rank.REVERSE and players > 2:
                assert nxt == (seat + game.direction) % players and game.direction == -before_direction
            assert skipped == skips_next(rank, players)
        else:
            game.apply(seat, action)


# R-TURN-1 R-TURN-2 R-ACT-5
@given(
    st.lists(st.sampled_from([*ALL_CARDS, *[WILD_DRAW_FOUR] * 10]), max_size=20),  # often a Wild Draw Four
    st.sampled_from(ALL_CARDS),
    st.sampled_from([*COLOURS, None]),
    st.sampled_from(list(WD4Rule)),
)
def test_playable_cards_is_the_playable_set_in_hand_order(
    hand: list[Card], top: Card, active: Colour | None, wd4_rule: WD4Rule
) -> None:
    rules = Rules(wd4_rule=wd4_rule)
    allowed = playable_set(hand, active, top, rules)
    assert playable_cards(hand, active, top, rules) == [card for card in hand if card in allowed]
    assert allowed == {card for card in hand if can_play(card, hand, active, top, rules)}


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.0, True])
def test_a_seat_not_at_the_table_gets_an_error_and_never_another_hand(seat: object) -> None:
    game = Game(4, Rules(), seed=1)
    with pytest.raises(SeatError):
        view(game, seat)  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        game.history_for(seat)  # type: ignore[arg-type]
    assert view(game, None).hand == () and view(game, 3).hand == tuple(sorted(game.hands[3]))


def test_an_unknown_rule_option_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="foo"):
        Rules().replace(foo=1)


# R-ACT-1 R-ACT-2 R-ACT-3 R-ACT-4 R-SEAT-2
@pytest.mark.parametrize("players", range(2, 11))
def test_hit_by_is_what_playing_a_card_does_to_the_order_of_play(players: int) -> None:
    """``transitions.play_card`` writes ``hit_by``'s rule out per rank for speed: the two agree for every rank
    and direction."""
    from collections import Counter

    from uno_core import DECK_COUNTS, events
    from uno_core.effects import hit_by

    strict = Rules(wd4_rule=WD4Rule.STRICT)  # a Wild Draw Four is drawn at once: the victim loses its turn now
    for rank in Rank:
        colour = Colour.RED
        card = Card(None if rank.is_wild else colour, rank)
        top = Card(colour, Rank.FIVE if rank is not Rank.FIVE else Rank.SIX)
        for direction in (1, -1):
            seat = players - 1
            fillers = [c for c in DECK_COUNTS for _ in range(DECK_COUNTS[c]) if c.colour in (Colour.BLUE, Colour.GREEN)]
            hands = [[fillers.pop()] for _ in range(players)]  # no red: the Wild Draw Four is legal (R-ACT-5)
            hands[seat].insert(0, card)
            pile = Counter(DECK_COUNTS)
            pile.subtract([*(c for hand in hands for c in hand), top])
            game = Game.from_position(
                players,
                strict,
                hands=hands,
                draw_pile=list(pile.elements()),
                discard=[top],
                current=seat,
                direction=direction,
            )
            play = next(a for a in game.legal_actions(seat) if isinstance(a, Play) and a.card is card and a.uno)
            skipped = [e.seat for e in game.apply(seat, play) if isinstance(e, events.TurnSkipped)]
            turned, nxt, hit = hit_by(rank, seat, direction, players)
            assert game.direction == turned
            assert skipped == ([nxt] if hit else [])
            assert game.current == ((nxt + turned) % players if hit else nxt)
