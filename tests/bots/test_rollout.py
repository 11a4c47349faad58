"""The expert's policy playouts (``uno_core.bots.rollout``) play legal games: every action replays through ``apply``."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from uno_core import Game, Rules
from uno_core.bots.rollout import PolicyPlayout, longest_colour_card
from uno_core.cards import Card
from uno_core.rules import Scoring

from .helpers import tables


@given(tables(), st.integers(0, 2**32))
def test_policy_playout_replays_through_apply(table: tuple[int, Rules], seed: int) -> None:
    players, rules = table
    rules = rules.replace(scoring=Scoring.SINGLE_ROUND)
    game = Game(players, rules, seed)
    start = game.copy()
    playout = PolicyPlayout(game, random.Random(seed), greedy=True, record=True)
    winner, points = playout.run()
    for seat, action in playout.log:
        start.apply(seat, action)  # raises IllegalActionError if the playout broke a rule
    result = start.round_results[-1]
    assert (result.winner, list(result.hand_points)) == (winner, points)
    assert start.hands == game.hands and start.discard == game.discard


def test_longest_colour_card_plays_from_the_colour_held_most() -> None:
    hand = [Card.parse(code) for code in ("R1", "R2", "R3", "B4", "B5", "W")]
    playable = [Card.parse("B4"), Card.parse("R1")]
    assert longest_colour_card(hand, playable, 0.99) == Card.parse("R1")
