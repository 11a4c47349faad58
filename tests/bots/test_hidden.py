"""Bots never read hidden information: positions that look the same from a seat get the same decision."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from uno_core import Game, Rules, view
from uno_core.bots import LEVELS, Table, make_bot
from uno_core.bots.determinize import base_game, sample_hidden, with_hidden
from uno_core.bots.knowledge import Knowledge
from uno_core.scenario import stacked_deck

from .helpers import tables

HANDS = ["R1 R2 G3 B+2 YS W W+4", "G5 G6 Y7 B8 R9 RV Y0", "B1 B2 B3 Y4 Y5 G7 GS"]


def test_swapped_opponent_hands_same_first_decision() -> None:
    """Seat 0 sees the same thing whether the other two hands (and the pile) are swapped: same choice."""
    first = Game(3, Rules(), seed=5, first_dealer=2, deck=stacked_deck(HANDS, "R5", dealer=2))
    other_hands = [HANDS[0], HANDS[2], HANDS[1]]
    second = Game(3, Rules(), seed=6, first_dealer=2, deck=stacked_deck(other_hands, "R5", "B9 B9 GV", dealer=2))
    assert first.hands[1] != second.hands[1] and first.draw_pile != second.draw_pile
    assert view(first, 0) == view(second, 0)
    assert first.history_for(0) == second.history_for(0)
    for level in LEVELS:
        for seed in range(5):
            a, b = make_bot(level, seed, iterations=60), make_bot(level, seed, iterations=60)
            assert a.choose(view(first, 0), first.history_for(0)) == b.choose(view(second, 0), second.history_for(0))


@given(tables(max_players=5, target_max=300), st.integers(0, 2**32), st.integers(0, 80), st.sampled_from(LEVELS))
def test_same_view_and_history_same_decision(table: tuple[int, Rules], seed: int, steps: int, level: str) -> None:
    """Mid-game: rebuild the game with other hidden cards (same view, same history as the seat saw it)."""
    players, rules = table
    game = Game(players, rules, seed=seed)
    driver = Table(game, [make_bot("basic", seed + s) for s in range(players)])
    for _ in range(steps):
        if game.is_over or driver.step() is None:
            break
    if game.is_over:
        return
    seat = game.current
    seat_view = view(game, seat)
    history = driver.history(seat)
    hands, pile = sample_hidden(seat_view, Knowledge(seat_view, history, {}), random.Random(seed + 1))
    other = with_hidden(base_game(seat_view, history), hands, pile, seed + 2)
    other.history = list(game.history)  # other seats' private cards in it are stripped for `seat`
    other.wd4_bluff = not game.wd4_bluff  # the hidden truth of a pending Wild Draw Four differs too
    assert view(other, seat) == seat_view
    assert other.history_for(seat) == history
    a, b = make_bot(level, seed, iterations=40), make_bot(level, seed, iterations=40)
    assert a.choose(seat_view, history) == b.choose(view(other, seat), other.history_for(seat))
