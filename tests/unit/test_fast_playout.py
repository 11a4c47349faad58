"""The playout kernel (``uno_core.fast``) plays by the engine's rules: a differential test.

Each playout records its actions in R-NOTE text; replaying them through ``Game.apply``
must accept every one (so the kernel only ever plays legal moves) and end the round the
same way (same winner, same points left in every hand).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_core import Game, Rules, Scoring, WD4Rule
from uno_core.fast import Playout

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


def check_playout(game: Game, seed: int, greedy: bool) -> None:
    shuffle_rng = random.Random()
    shuffle_rng.setstate(game.rng.getstate())
    playout = Playout(game, random.Random(seed), greedy=greedy, record=True, shuffle_rng=shuffle_rng)
    winner, points = playout.run()
    for seat, text in playout.log:
        game.apply(seat, text)  # raises IllegalActionError if the kernel broke a rule
    result = game.round_results[-1]
    assert (result.winner, list(result.hand_points)) == (winner, points)


# R-TURN-1 R-TURN-4 R-TURN-5 R-ACT-1 R-ACT-2 R-ACT-3 R-ACT-4 R-CHAL-2 R-CHAL-3 R-SCORE-2 R-VAR-STACK R-VAR-70
@given(rules=rule_sets, players=st.integers(2, 10), seed=st.integers(0, 2**32), greedy=st.booleans())
def test_playout_from_the_deal_matches_the_engine(rules: Rules, players: int, seed: int, greedy: bool) -> None:
    check_playout(Game(players, rules, seed), seed, greedy)


@given(rules=rule_sets, players=st.integers(2, 6), seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_playout_from_mid_round_matches_the_engine(
    rules: Rules, players: int, seed: int, moves: int
) -> None:
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
    Playout(game, random.Random(1)).run()
    while not game.is_over:
        seat = game.current
        game.apply(seat, game.legal_actions(seat)[0])
    with pytest.raises(ValueError, match="over"):
        Playout(game, random.Random(1))
