"""A pure driver loop: bots take their seats at a ``Game``; used by tests, benches and the web UI.

Arbitration (who acts when several seats want to), one ``Table.step`` at a time:

1. Out-of-turn actions first. Every bot seat that has an out-of-turn option now (``uno``,
   ``catch P``, a jump-in) is asked ``bot.react(view, history)``, in the engine's order
   (``Game.reacting``: from the seat whose turn it is on, by seat number). The first non-``None``
   answer is applied and the step ends: the position changed, so everyone is asked again at
   the next step.
2. Otherwise, if the current seat is a bot, its ``bot.act(view, history)`` is applied.
3. Otherwise (a human's turn, or the match is over) the step does nothing and returns ``None``.

A UI with human seats calls ``step`` until it returns ``None``, then waits for the human.
Before calling ``step`` after an event that gives the human an out-of-turn option (catch a
player, say UNO, jump in), the UI should wait a reaction window (say 1-2 s, the human's
chance to be first); a human action applied meanwhile goes through ``game.apply`` as usual
and the table picks the new events up by itself (histories are synced from ``game.history``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..actions import Action
from ..events import Event, for_seat
from ..game import Game
from ..view import view
from .base import Bot, BotError


class Table:
    """A game with bots at some seats (``bots`` by seat; a sequence means every seat)."""

    def __init__(self, game: Game, bots: Mapping[int, Bot] | Sequence[Bot]) -> None:
        if isinstance(bots, Mapping):
            seated = dict(bots)
        else:
            if len(bots) != game.n:
                raise BotError(f"{len(bots)} bots for a table of {game.n}: give one per seat, or a mapping")
            seated = dict(enumerate(bots))
        for seat in seated:
            if type(seat) is not int or not 0 <= seat < game.n:
                raise BotError(f"no seat {seat!r} at a table of {game.n}")
        self.game = game
        self.bots = seated
        self._histories: dict[int, list[Event]] = {seat: [] for seat in seated}
        self.actions = 0

    def history(self, seat: int) -> list[Event]:
        """The events as ``seat`` saw them (kept in step with ``game.history`` incrementally)."""
        mine = self._histories.setdefault(seat, [])
        events = self.game.history
        if len(mine) > len(events):
            mine.clear()
        if len(mine) < len(events):
            mine.extend(for_seat(event, seat) for event in events[len(mine) :])
        return mine

    def choice(self) -> tuple[int, Action] | None:
        """The bot action the arbitration picks now (see the module docstring), not applied; ``None`` if none."""
        game = self.game
        if game.is_over:
            return None
        for seat in game.reacting():
            bot = self.bots.get(seat)
            if bot is None:
                continue
            action = bot.react(view(game, seat), self.history(seat))
            if action is not None:
                return seat, action
        seat = game.current
        bot = self.bots.get(seat)
        if bot is None:
            return None
        return seat, bot.act(view(game, seat), self.history(seat))

    def step(self) -> tuple[int, Action] | None:
        """Let one bot act (see the module's arbitration rules); ``None`` if no bot acts now."""
        picked = self.choice()
        if picked is not None:
            self.game.apply(*picked)
            self.actions += 1
        return picked

    def run(self, max_actions: int = 1_000_000) -> int:
        """Step until no bot acts; return the number of actions applied. Raises past ``max_actions``."""
        start = self.actions
        while self.step() is not None:
            if self.actions - start > max_actions:
                raise BotError(f"no end after {max_actions} actions (round {self.game.round_no})")
        return self.actions - start


def play_match(game: Game, bots: Mapping[int, Bot] | Sequence[Bot], max_actions: int = 1_000_000) -> Game:
    """Play ``game`` to its end with a bot at every seat; returns the same (finished) game."""
    table = Table(game, bots)
    if len(table.bots) != game.n:
        raise BotError(f"play_match needs a bot at every seat; seats {sorted(table.bots)} of {game.n}")
    table.run(max_actions)
    return game
