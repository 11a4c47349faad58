"""The PettingZoo environment (``uno_rl``, the ``rl`` extra) passes PettingZoo's API test.

Skipped when pettingzoo is not installed (``pip install -e '.[rl]'``). Not in ``tests/unit``: the
Pyodide run of the unit tests has no pettingzoo.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("numpy")

import numpy as np
from pettingzoo.test import api_test

from tests.bots.helpers import ALL_VARIANTS
from tests.unit.unit_helpers import random_move, tables  # the unit tests' table strategy, one copy
from uno_core import Game, Rules, Scoring, WD4Rule
from uno_rl import UnoEnv, action_table

# every house rule on (the bots tests' set), one round, a Wild Draw Four never challenged away
ALL_ON = ALL_VARIANTS.replace(target=Rules().target, wd4_rule=WD4Rule.NO_BLUFF_PENALTY, scoring=Scoring.SINGLE_ROUND)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "rules", [Rules(scoring=Scoring.SINGLE_ROUND), ALL_ON, Rules(target=100, wd4_rule=WD4Rule.STRICT)]
)
def test_pettingzoo_api_test(players: int, rules: Rules) -> None:
    api_test(UnoEnv(players, rules, seed=players), num_cycles=300)


def random_episode(env: UnoEnv, seed: int) -> int:
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter(max_iter=200_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0, agent
        env.step(int(rng.choice(list(legal))))
        steps += 1
    return steps


@given(tables(), st.integers(0, 2**31))
def test_a_random_agent_episode_ends_under_every_option(table: tuple[int, Rules], seed: int) -> None:
    players, rules = table
    env = UnoEnv(players, rules.replace(scoring=Scoring.SINGLE_ROUND))
    random_episode(env, seed)
    assert env.agents == [] and (env.game.is_over or env.steps >= env.max_steps)


def test_a_long_episode_is_truncated() -> None:
    env = UnoEnv(2, Rules(draw_until_playable=True), seed=3, max_steps=50)
    steps = random_episode(env, 3)
    assert steps == 50 and not env.game.is_over and env.agents == []


@given(tables(), st.integers(0, 2**31), st.integers(0, 80))
def test_every_legal_action_has_an_index(table: tuple[int, Rules], seed: int, moves: int) -> None:
    players, rules = table
    index = set(action_table(players, rules))
    game = Game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        for seat in range(players):
            assert set(game.legal_actions(seat)) <= index
        random_move(game, rng)


def test_observation_hides_other_hands() -> None:
    env = UnoEnv(3, Rules(), seed=2)
    env.reset(seed=2)
    before = env.observe("player_0")["observation"].copy()
    env.game.hands[1].reverse()  # another seat's hand order (and contents) are not in seat 0's observation
    env.game.hands[1][0], env.game.draw_pile[0] = env.game.draw_pile[0], env.game.hands[1][0]
    assert np.array_equal(before, env.observe("player_0")["observation"])
