"""Playout mode (``uno_core.playout``) and the public API play the same game: a check of the boundary.

Both run the same transition functions, so this checks what differs: the playout's players
choose without legal-action lists and no event is built. Each playout records its actions;
replaying them through ``Game.apply`` on a copy of the start must accept every one (the
players only ever take legal moves) and end the round in the same state (same winner, points,
hands, piles, direction and random generator).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import random_move, tables

from uno_core import Game, Rules, Scoring, WD4Rule
from uno_core.bots.rollout import PolicyPlayout
from uno_core.playout import Playout

rule_sets = st.builds(
    Rules,
    wild_points=st.sampled_from([40, 50]),
    draw_until_playable=st.booleans(),
    wd4_rule=st.sampled_from(list(WD4Rule)),
    stacking=st.booleans(),
    seven_zero=st.booleans(),
    jump_in=st.booleans(),
    doubles=st.booleans(),
    skipped_draws=st.booleans(),
    scoring=st.just(Scoring.SINGLE_ROUND),
)


def check_playout(game: Game, seed: int, greedy: bool, kind: type[Playout] = Playout) -> None:
    start = game.copy()
    playout = kind(game, random.Random(seed), greedy=greedy, record=True)
    winner, points = playout.run()
    for seat, action in playout.log:
        start.apply(seat, action)  # raises IllegalActionError if a playout broke a rule
    result = start.round_results[-1]
    assert (result.winner, list(result.hand_points)) == (winner, points)
    assert start.is_over  # single-round rules: the round's end is the match's
    assert start.hands == game.hands
    assert (start.draw_pile, start.discard) == (game.draw_pile, game.discard)
    assert (start.direction, start.active, start.said_uno) == (game.direction, game.active, game.said_uno)
    assert start.rng.getstate() == game.rng.getstate()


# R-TURN-1 R-TURN-4 R-TURN-5 R-ACT-1 R-ACT-2 R-ACT-3 R-ACT-4 R-CHAL-2 R-CHAL-3 R-SCORE-2 R-VAR-STACK R-VAR-70
@given(rules=rule_sets, players=st.integers(2, 10), seed=st.integers(0, 2**32), greedy=st.booleans())
def test_playout_from_the_deal_matches_the_engine(rules: Rules, players: int, seed: int, greedy: bool) -> None:
    check_playout(Game(players, rules, seed), seed, greedy)


@given(rules=rule_sets, players=st.integers(2, 10), seed=st.integers(0, 2**32))
def test_the_experts_policy_playout_matches_the_engine(rules: Rules, players: int, seed: int) -> None:
    """``bots.rollout.PolicyPlayout``: greedy players who play from their longest colour."""
    check_playout(Game(players, rules, seed), seed, greedy=True, kind=PolicyPlayout)


@given(rules=rule_sets, players=st.integers(2, 6), seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_playout_from_mid_round_matches_the_engine(rules: Rules, players: int, seed: int, moves: int) -> None:
    game = Game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:  # single-round rules: the match ends with the round
            return
        seat = game.current
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    if not game.is_over:
        check_playout(game, seed, greedy=False)


def test_playout_refuses_a_finished_match() -> None:
    game = Game(2, Rules(scoring=Scoring.SINGLE_ROUND), 1)
    Playout(game.copy(), random.Random(1)).run()
    while not game.is_over:
        seat = game.current
        game.apply(seat, game.legal_actions(seat)[0])
    with pytest.raises(ValueError, match="over"):
        Playout(game, random.Random(1))


@given(table=tables(), seed=st.integers(0, 2**32), moves=st.integers(0, 60))
def test_playout_and_public_api_play_the_same_game_from_any_position(
    table: tuple[int, Rules], seed: int, moves: int
) -> None:
    players, rules = table
    game = Game(players, rules.replace(scoring=Scoring.SINGLE_ROUND), seed, first_dealer="random")
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            return
        random_move(game, rng)
    if not game.is_over:
        check_playout(game, seed, greedy=rng.random() < 0.5)


def test_a_playout_leaves_the_game_at_the_round_end_without_events_or_log() -> None:
    game = Game(4, Rules(scoring=Scoring.SINGLE_ROUND), 3)
    history = list(game.history)
    winner, points = Playout(game, random.Random(3)).run()
    assert game.is_over and game.log == [] and game.history == history
    assert game.playout_result == (winner, tuple(points)) and points[winner] == 0


def test_copy_sets_every_slot() -> None:
    game = Game(3, Rules(), 4)
    clone = game.copy()
    for name in (slot for cls in Game.__mro__ for slot in getattr(cls, "__slots__", ())):
        assert hasattr(clone, name), name
        value = getattr(game, name)
        if isinstance(value, (list, set, dict)) and name != "rng":
            assert getattr(clone, name) == value and getattr(clone, name) is not value, name
    assert clone == game
