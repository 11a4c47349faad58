"""Bots for every level, seeing only their own seat (``SeatView`` + that seat's history).

>>> from uno_core import Game, Rules
>>> from uno_core.bots import make_bot, play_match
>>> game = Game(2, Rules(target=50), seed=1)
>>> game = play_match(game, [make_bot("basic", seed=1), make_bot("random", seed=2)])
>>> game.is_over
True

See ``base`` for the API (``react``/``act``/``choose``) and ``driver`` for the arbitration of
out-of-turn actions.
"""

from __future__ import annotations

from typing import Any

from .base import LEVEL_DEFAULTS, LEVELS, Bot, BotError, BotOptions, is_reaction, reactions, turn_actions
from .driver import Table, play_match
from .expert import ExpertBot
from .simple import BasicBot, RandomBot
from .strategic import StrategicBot

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strategic": StrategicBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int = 0, options: BotOptions | None = None, **changes: Any) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``) with ``seed``; keyword options override ``options``."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise BotError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if changes:
        try:
            options = BotOptions(**changes) if options is None else options.__class__(**{**_fields(options), **changes})
        except TypeError as error:
            raise BotError(f"bad bot option: {error}") from None
    return cls(seed, options)


def _fields(options: BotOptions) -> dict[str, Any]:
    return {name: getattr(options, name) for name in BotOptions.__dataclass_fields__}


__all__ = [
    "LEVELS",
    "LEVEL_DEFAULTS",
    "BasicBot",
    "Bot",
    "BotError",
    "BotOptions",
    "ExpertBot",
    "RandomBot",
    "StrategicBot",
    "Table",
    "is_reaction",
    "make_bot",
    "play_match",
    "reactions",
    "turn_actions",
]
