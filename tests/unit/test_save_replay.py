"""Replay, copy, and JSON save/load (R-NOTE-3, R-NOTE-4): equal games, refused bad saves."""

from __future__ import annotations

import json
import random

import pytest
from unit_helpers import FILLER, scripted

from uno_core import Game, IllegalActionError, Rules, SaveError, dumps, loads
from uno_core.save import to_dict


def played(game: Game, steps: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def test_save_load_round_trip_with_a_fixed_deck_and_names() -> None:
    # R-NOTE-4 R-NOTE-3
    game = played(scripted(FILLER, "R9", rules=Rules(stacking=True, seven_zero=True)), 60)
    text = dumps(game)
    data = json.loads(text)
    assert data["version"] == 1 and data["deck"] is not None and all(isinstance(x, str) for x in data["log"])
    again = loads(text)
    assert again == game and again.digest() == game.digest() and again.hands == game.hands
    named = played(Game(["Ana", "Bea z", "Cé"], seed=5), 30)
    assert loads(dumps(named)).names == ("Ana", "Bea z", "Cé")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(digest="0" * 64),
        lambda d: d["log"].append("0 draw"),
        lambda d: d["log"].pop(),
        lambda d: d.update(log=["9 draw"]),
        lambda d: d.update(log=["x draw"]),
        lambda d: d.update(version=2),
        lambda d: d.update(format="chess"),
        lambda d: d.update(seed=d["seed"] + 1),
        lambda d: d["rules"].update(stacking="yes"),
        lambda d: d["rules"].update(colour="red"),
        lambda d: d.update(players=["only one"]),
        lambda d: d.update(extra=1),
        lambda d: d.pop("log"),
        lambda d: d.update(deck="R1 R2"),
    ],
)
def test_a_damaged_save_is_refused(damage: object) -> None:
    # R-NOTE-4
    game = played(Game(4, seed=11), 25)
    data = to_dict(game)
    damage(data)  # type: ignore[operator]
    with pytest.raises(SaveError):
        loads(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"game"'])
def test_not_a_save_is_refused(text: str) -> None:
    # R-NOTE-4
    with pytest.raises(SaveError):
        loads(text)


def test_replay_of_an_illegal_log_names_the_entry() -> None:
    # R-NOTE-3 R-TURN-6
    game = played(Game(3, seed=4), 10)
    log = list(game.log)
    log[5] = (log[5][0], "play W+4 purple")
    with pytest.raises(Exception, match="purple"):
        Game.replay(3, Rules(), 4, log)
    bad = [*game.log[:3], ((game.log[3][0] + 1) % 3, game.log[3][1])]
    with pytest.raises(IllegalActionError, match="log entry 4"):
        Game.replay(3, Rules(), 4, bad)


def test_copy_is_independent() -> None:
    # R-NOTE-4
    game = played(Game(4, seed=8), 20)
    twin = game.copy()
    assert twin == game
    played(twin, 10, seed=3)
    assert twin != game
    assert game == Game.replay(4, Rules(), 8, game.log)
