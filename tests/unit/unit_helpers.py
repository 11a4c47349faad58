"""Helpers shared by the unit tests: scripted games (R-NOTE-4), event filters, assertions.

Pure Python only (these tests also run inside Pyodide): no files written, no subprocess.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import strategies as st

from uno_core import DECK_COUNTS, OFFICIAL, DealerRotation, Game, Rules, Scoring, UnoError, WD4Rule, events
from uno_core.scenario import stacked_deck

E = TypeVar("E")

FILLER = [
    "R1 R2 R3 R4 R5 R6 R8",
    "Y1 Y2 Y3 Y4 Y5 Y6 Y8",
    "G1 G2 G3 G4 G5 G6 G8",
    "B1 B2 B3 B4 B5 B6 B8",
]


def scripted(
    hands: Sequence[str],
    first: str,
    draws: str = "",
    rules: Rules = OFFICIAL,
    dealer: int = 0,
    seed: int = 0,
    **options: Any,
) -> Game:
    """A game whose deal, first card and next draws are fixed (R-NOTE-4).

    ``hands[s]`` is seat s's 7 cards, ``first`` the card turned, ``draws`` the next cards of
    the draw pile (top first). Keyword ``options`` change ``rules`` (``stacking=True`` ...).
    """
    if options:
        rules = rules.replace(**options)
    deck = stacked_deck(list(hands), first, draws, dealer)
    return Game(len(hands), rules, seed=seed, first_dealer=dealer, deck=deck)


def of_type(evts: Sequence[object], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in evts if isinstance(e, kind)]


def names(evts: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in evts]


def hand(game: Game, seat: int) -> str:
    """A seat's hand as card codes, in hand order."""
    return " ".join(map(str, game.hands[seat]))


def sorted_hand(game: Game, seat: int) -> list[str]:
    return sorted(map(str, game.hands[seat]))


def assert_all_cards(game: Game) -> None:
    """Every one of the 108 cards is in a hand, the draw pile or the discard pile (R-DECK-1/2)."""
    counts: Counter[Any] = Counter(game.draw_pile)
    counts.update(game.discard)
    for cards in game.hands:
        counts.update(cards)
    assert sum(counts.values()) == 108
    assert counts == Counter(DECK_COUNTS)


def assert_refused(game: Game, seat: int, action: object, *fragments: str, error: type[Exception] = UnoError) -> str:
    """``action`` is refused with ``error`` whose message holds every fragment; the state is unchanged."""
    before = game.digest()
    with pytest.raises(error) as info:
        game.apply(seat, action)  # type: ignore[arg-type]
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert game.digest() == before
    return message


def drawn_counts(evts: Sequence[object]) -> list[tuple[int, int, str]]:
    """(seat, count, reason) of every CardsDrawn event."""
    return [(e.seat, e.count, e.reason) for e in of_type(evts, events.CardsDrawn)]


def others_pass(game: Game, until: int) -> None:
    """Every seat from the current one up to ``until`` draws (and keeps a playable draw)."""
    guard = 0
    while game.current != until:
        seat = game.current
        game.apply(seat, "draw")
        if game.current == seat and "keep" in game.legal_texts(seat):
            game.apply(seat, "keep")
        guard += 1
        assert guard < 50, "others_pass looped"


def run_down(game: Game, seat: int, plays: Sequence[str]) -> None:
    """``seat`` plays each card text in turn while the others draw; ends on ``seat``'s turn."""
    for text in plays:
        assert game.current == seat, (game.current, seat)
        game.apply(seat, f"play {text}")
        others_pass(game, seat)


def random_move(game: Game, rng: random.Random) -> None:
    """One random legal action by a random seat that may act (out-of-turn ones too)."""
    seat = rng.choice(game.seats_to_act())
    game.apply(seat, rng.choice(game.legal_actions(seat)))


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Rules]:
    """A player count and a rule set drawn over every option (teams when the table allows)."""
    n = draw(st.integers(2, 10))
    teams = draw(st.booleans()) if n >= 4 and n % 2 == 0 else False
    rules = Rules(
        wild_points=draw(st.sampled_from([50, 40])),
        dealer_rotation=draw(st.sampled_from(DealerRotation)),
        draw_until_playable=draw(st.booleans()),
        wd4_rule=draw(st.sampled_from(WD4Rule)),
        uno_penalty=draw(st.integers(1, 4)),
        target=draw(st.integers(50, 200)),
        scoring=draw(st.sampled_from(Scoring)),
        stacking=draw(st.booleans()),
        seven_zero=draw(st.booleans()),
        jump_in=draw(st.booleans()),
        doubles=draw(st.booleans()),
        teams=teams,
        skipped_draws=draw(st.booleans()),
    )
    return n, rules
