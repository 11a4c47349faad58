"""The bot API: a bot decides from its seat's ``SeatView`` and the history that seat saw.

A bot never receives the ``Game``. It is built from a level, a seed and ``BotOptions``, and
answers two questions the caller (a driver loop or the web UI) asks it:

- ``react(view, history)``: an out-of-turn action it wants now (``uno``, ``catch P``, a
  ``jump``), or ``None``. Asked of every bot seat after every event.
- ``act(view, history)``: its turn action (play, draw, keep, colour, challenge, accept, take
  a stacked penalty). Asked only when ``view.my_turn``; never ``None``.

``choose(view, history)`` combines them: the reaction if there is one, else the turn action
when it is this seat's turn, else ``None``.

A decision is a pure function of (level, seed, options, view, history): the bot's random
choices come from a generator seeded by its seed, its seat and the length of the history, so
asking again in the same position gives the same answer, and two positions that look the
same from the seat get the same answer (the ``expert`` level with a time budget instead of a
fixed number of playouts is the one exception: how far it searches depends on the clock).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..actions import Action
from ..errors import UnoError
from ..events import Event
from ..legal import is_reaction as is_reaction  # the engine's; bots and the web import it from here
from ..view import SeatView

LEVELS: tuple[str, ...] = ("random", "easy", "basic", "strategic", "expert")
"""The bot levels, weakest first."""

_MASK64 = (1 << 64) - 1


class BotError(UnoError):
    """A bot was misused (unknown level, bad option, asked to act out of turn)."""


@dataclass(frozen=True, slots=True)
class BotOptions:
    """Tuning of a bot. ``None`` rates take the level's default (see ``LEVEL_DEFAULTS``).

    - ``forget_uno``: chance of not saying UNO with the play that leaves one card. A bot that
      forgot says it late (out of turn) when next asked, unless someone catches it first; the
      ``random`` level says it late with chance ``1 - forget_uno``.
    - ``miss_catch``: chance of letting an opportunity to catch a player pass (asked again
      after the next event, it rolls again).
    - ``react_rate``: the ``random`` level's chance of taking a jump-in opportunity.
    - ``time_budget``: ``expert`` search time per decision, in seconds of wall-clock time
      (the default 0.3 s buys about 900 playouts in Pyodide, 1,200 on CPython here).
    - ``iterations``: ``expert`` playouts per decision; when set it replaces the time budget
      (reproducible play for tests and benchmarks).
    """

    forget_uno: float | None = None
    miss_catch: float | None = None
    react_rate: float = 0.5
    time_budget: float = 0.3
    iterations: int | None = None

    def __post_init__(self) -> None:
        for name in ("forget_uno", "miss_catch", "react_rate"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int | float) or not 0.0 <= value <= 1.0):
                raise BotError(f"bot option {name} must be a probability between 0 and 1, not {value!r}")
        if not isinstance(self.time_budget, int | float) or not 0.0 < self.time_budget <= 60.0:
            raise BotError(f"bot option time_budget must be between 0 and 60 seconds, not {self.time_budget!r}")
        if self.iterations is not None and (type(self.iterations) is not int or not 1 <= self.iterations <= 1_000_000):
            raise BotError(f"bot option iterations must be a whole number 1..1000000, not {self.iterations!r}")


LEVEL_DEFAULTS: dict[str, tuple[float, float]] = {
    # level: (forget_uno, miss_catch). random forgets by choosing uniformly with or without "uno".
    "random": (0.5, 0.5),
    "easy": (0.25, 0.7),
    "basic": (0.0, 0.5),
    "strategic": (0.0, 0.15),
    "expert": (0.0, 0.0),
}


def turn_actions(view: SeatView) -> list[Action]:
    """The seat's legal turn actions (empty unless it is its turn)."""
    if not view.my_turn:
        return []
    return [action for action in view.legal if not is_reaction(action)]


def reactions(view: SeatView) -> list[Action]:
    """The seat's legal out-of-turn actions now."""
    return [action for action in view.legal if is_reaction(action)]


def mix_seed(*parts: int) -> int:
    """A 64-bit seed from integers; the same on every platform (unlike ``hash``)."""
    h = 0x243F6A8885A308D3
    for part in parts:
        h = ((h ^ (part & _MASK64)) * 0x100000001B3 + 0x9E3779B97F4A7C15) & _MASK64
        h ^= h >> 29
    return h


class Bot:
    """Base of the bot levels. Subclasses implement ``_react`` and ``_act``."""

    level: str = ""

    def __init__(self, seed: int = 0, options: BotOptions | None = None) -> None:
        if type(seed) is not int:
            raise BotError(f"a bot's seed must be an integer, not {seed!r}")
        self.seed = seed
        self.options = options if options is not None else BotOptions()
        forget, miss = LEVEL_DEFAULTS[self.level]
        self.forget_uno = forget if self.options.forget_uno is None else float(self.options.forget_uno)
        self.miss_catch = miss if self.options.miss_catch is None else float(self.options.miss_catch)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, options={self.options!r})"

    # ----- the API -----------------------------------------------------------------------

    def choose(self, view: SeatView, history: Sequence[Event]) -> Action | None:
        """The action this seat wants now: a reaction first, else its turn action, else ``None``."""
        action = self.react(view, history)
        if action is None and view.my_turn:
            action = self.act(view, history)
        return action

    def react(self, view: SeatView, history: Sequence[Event]) -> Action | None:
        """An out-of-turn action (``uno``, ``catch P``, a jump-in) this seat wants now, or ``None``."""
        options = reactions(view)
        if not options:
            return None
        action = self._react(view, history, options, self._rng(view, history, 1))
        assert action is None or action in options, f"{self.level} bot reacted with {action} not in {options}"
        return action

    def act(self, view: SeatView, history: Sequence[Event]) -> Action:
        """The seat's turn action; ``BotError`` if it is not this seat's turn."""
        options = turn_actions(view)
        if not options:
            raise BotError(f"seat {view.seat} has no turn action now (current seat {view.current}, {view.phase.value})")
        action = self._act(view, history, options, self._rng(view, history, 2))
        assert action in options, f"{self.level} bot chose {action} not in {options}"
        return action

    # ----- for subclasses ----------------------------------------------------------------

    def _rng(self, view: SeatView, history: Sequence[Event], salt: int) -> random.Random:
        seat = -1 if view.seat is None else view.seat
        return random.Random(mix_seed(self.seed, seat, len(history), view.round_no, salt))

    def _react(
        self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random
    ) -> Action | None:
        raise NotImplementedError

    def _act(self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def with_options(self, **changes: Any) -> Bot:
        """A bot of the same level and seed with some options changed."""
        return type(self)(self.seed, replace(self.options, **changes))
