"""Every bot only ever returns legal actions, and all-bot matches finish."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_core import Action, Game, Rules, view
from uno_core.bots import LEVELS, BotError, Table, is_reaction, make_bot, play_match
from uno_core.bots.base import turn_actions

from .helpers import ALL_VARIANTS, tables

READY = LEVELS
FAST_LEVELS = [level for level in LEVELS if level in READY]


def _checked_run(game: Game, levels: list[str], seed: int, max_actions: int = 200) -> None:
    """Play up to ``max_actions``, checking every answer of every bot against the seat's legal actions.

    The answers are applied as ``Table.step`` would: the first reaction in seat order from the
    current seat, else the current seat's turn action. (Random bots alone may play for very
    long: under ``draw_until_playable`` they draw and keep as often as they play. Finishing is
    the job of the stall test below.)
    """
    bots = [make_bot(levels[seat % len(levels)], seed + seat, iterations=4) for seat in range(game.n)]
    table = Table(game, bots)
    for _ in range(max_actions):
        if game.is_over:
            return
        chosen: tuple[int, Action] | None = None
        turn: tuple[int, Action] | None = None
        for k in range(game.n):
            seat = (game.current + k) % game.n
            seat_view = view(game, seat)
            choice = bots[seat].choose(seat_view, table.history(seat))
            legal = game.legal_actions(seat)
            if choice is None:
                assert not turn_actions(seat_view), f"{bots[seat].level} at seat {seat} declined its turn"
                continue
            assert choice in legal, f"{bots[seat].level} chose {choice} not in {legal}"
            assert seat == game.current or is_reaction(choice)
            if is_reaction(choice):
                chosen = (seat, choice)
                break
            turn = (seat, choice)
        step = chosen or turn
        assert step is not None
        game.apply(*step)


@given(tables(), st.integers(0, 2**32), st.lists(st.sampled_from(FAST_LEVELS), min_size=1, max_size=4))
def test_bots_return_only_legal_actions(table: tuple[int, Rules], seed: int, levels: list[str]) -> None:
    players, rules = table
    _checked_run(Game(players, rules, seed=seed), levels, seed)


@pytest.mark.parametrize("players", range(2, 11))
def test_all_variants_all_levels_finish(players: int) -> None:
    """No stalls: every variant on, every level seated, 2..10 players."""
    rules = ALL_VARIANTS.replace(teams=players >= 4 and players % 2 == 0)
    for seed in range(3):
        game = Game(players, rules, seed=seed)
        bots = [
            make_bot(FAST_LEVELS[(seat + seed) % len(FAST_LEVELS)], seed * 10 + seat, iterations=6)
            for seat in range(players)
        ]
        play_match(game, bots, max_actions=50_000)
        assert game.is_over and game.winners


def test_unknown_level_and_bad_options() -> None:
    with pytest.raises(BotError, match="unknown bot level"):
        make_bot("grandmaster")
    with pytest.raises(BotError, match="probability"):
        make_bot("basic", forget_uno=1.5)
    with pytest.raises(BotError, match="bad bot option"):
        make_bot("basic", nonsense=1)


def test_act_out_of_turn_raises() -> None:
    game = Game(3, Rules(), seed=4)
    other = (game.current + 1) % 3
    with pytest.raises(BotError, match="no turn action"):
        make_bot("basic").act(view(game, other), game.history_for(other))
