"""Bots for every level, seeing only their own seat (``SeatView`` + that seat's history).

>>> from uno_core import Game, Rules
>>> from uno_core.bots import make_bot, play_match
>>> game = Game(2, Rules(target=50), seed=1)
>>> game = play_match(game, [make_bot("basic", seed=1), make_bot("random", seed=2)])
>>> game.is_over
True

Levels (``LEVELS``, weakest first): ``random``, ``easy``, ``basic``, ``strategic``, ``expert``.
``make_bot(level, seed, **options)`` builds one; options are the fields of ``BotOptions``
(``forget_uno``, ``miss_catch``, ``react_rate``, ``time_budget``, ``iterations``).

A bot answers, from ``view(game, seat)`` and ``game.history_for(seat)`` only:

- ``bot.react(view, history) -> Action | None``: an out-of-turn action now (``uno``,
  ``catch P``, a jump-in) or ``None``;
- ``bot.act(view, history) -> Action``: its turn action (only when ``view.my_turn``);
- ``bot.choose(view, history) -> Action | None``: the reaction, else the turn action on its
  turn, else ``None``.

Answers are legal actions of that seat (``action in view.legal``) and are reproducible from
the seed (``expert`` with a time budget excepted). ``Table`` (``driver``) arbitrates between
seats: reactions first, in seat order from the current seat, then the current bot's turn; it
returns ``None`` when a human must act. See ``driver`` for the UI's reaction window.
"""

from __future__ import annotations

from typing import Any

from .base import LEVEL_DEFAULTS, LEVELS, Bot, BotError, BotOptions, is_reaction, reactions, turn_actions
from .driver import Table, play_match
from .expert import ExpertBot
from .simple import BasicBot, EasyBot, RandomBot
from .strategic import StrategicBot

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
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
    "EasyBot",
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
