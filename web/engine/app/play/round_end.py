"""The cards each player was left with when a round ended (pure), for the round-end panel.

The engine deals the next round in the same `apply` that ends one, so the hands are found again: the log
is replayed up to the round's last action, which is then run in playout mode (`uno_core.playout`: the same
transition functions, stopping at the round's end before any deal). No rule is restated here.
"""

from __future__ import annotations

import random

from uno_core import Card, Game
from uno_core.playout import Playout


def last_action(game: Game, round_index: int) -> int:
    """The index in `game.log` of the action that ended round `round_index` (0-based)."""
    replay = Game(game.names, game.rules, game.seed, game.first_dealer, game.fixed_deck)
    for index, (seat, action) in enumerate(game.log):
        replay.apply(seat, action)
        if len(replay.round_results) > round_index:
            return index
    raise ValueError(f"round {round_index + 1} has not ended")


def hands_at_end(game: Game, round_index: int) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards at the end of round `round_index` (0-based), in hand order."""
    index = last_action(game, round_index)
    before = Game.replay(game.names, game.rules, game.seed, game.log[:index], game.first_dealer, game.fixed_deck)
    seat, action = game.log[index]
    Playout(before, random.Random(0)).play(seat, action)
    return tuple(tuple(hand) for hand in before.hands)
