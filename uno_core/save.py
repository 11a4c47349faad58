"""Saving a game as JSON and loading it back (replay of its log, checked by a digest).

A save holds the set-up (players, rules, seed, first dealer, fixed deck) and the action log
in R-NOTE text; loading replays it, so a save can never hold an impossible state. The digest
of the final state detects any edit of the file.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import parse_action
from .errors import SaveError, UnoError
from .game import Game
from .rules import Rules

FORMAT = "uno_core.game"
VERSION = 1


def to_dict(game: Game) -> dict[str, Any]:
    """The JSON-ready save of ``game``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game.names),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "deck": None if game.fixed_deck is None else " ".join(map(str, game.fixed_deck)),
        "log": [f"{seat} {action}" for seat, action in game.log],
        "digest": game.digest(),
    }


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False)


def from_dict(data: Any) -> Game:
    """Rebuild a game from ``to_dict`` output; anything malformed or tampered raises ``SaveError``."""
    if not isinstance(data, dict):
        raise SaveError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a saved UNO game (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise SaveError(f"unsupported save version {data.get('version')!r}; this app reads version {VERSION}")
    expected = {"format", "version", "players", "rules", "seed", "first_dealer", "deck", "log", "digest"}
    if set(data) != expected:
        raise SaveError(f"unexpected fields in save: {sorted(set(data) ^ expected)}")
    players, log = data["players"], data["log"]
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise SaveError("'players' must be a list of names")
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        raise SaveError("'log' must be a list of action lines")
    if data["deck"] is not None and not isinstance(data["deck"], str):
        raise SaveError("'deck' must be null or card codes")
    try:
        game = Game(players, Rules.from_dict(data["rules"]), data["seed"], data["first_dealer"], data["deck"])
        for number, line in enumerate(log, 1):
            seat_text, _, action_text = line.partition(" ")
            if not (seat_text.isascii() and seat_text.isdigit()):
                raise SaveError(f"log line {number} {line!r} does not start with a seat number")
            try:
                game.apply(int(seat_text), parse_action(action_text))
            except UnoError as error:
                raise SaveError(f"log line {number} {line!r} cannot be replayed: {error}") from None
    except SaveError:
        raise
    except UnoError as error:
        raise SaveError(f"bad game set-up: {error}") from None
    if data["digest"] != game.digest():
        raise SaveError("the save was changed after it was written (its digest does not match)")
    return game


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        raise SaveError(f"not valid JSON: {error}") from None
    return from_dict(data)
