"""The bots' clock at the table: lets bots move at the chosen pace until a person must act, and gives people
their reaction windows. The decisions come from `ask` (the engine worker, `app.play.brain`);
`BrainUnavailable` makes the clock decide here, so a game never waits for a worker that cannot answer.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from shared.messages import ToBots
from uno_core import IllegalActionError

from .brain import BrainUnavailable
from .session import Session, choice_data
from .store import PlayStore

Ask = Callable[[ToBots], Awaitable[Any]]
Spawn = Callable[[Any], Any]


class BotClock:
    """Runs one pump at a time over the controller's session, saved in `store` after each move. `game()` is the
    session on screen (it may be replaced meanwhile), `alive()` whether the screen is still open, `render()` draws,
    `failed()` says the bots stopped on an error."""

    def __init__(
        self,
        store: PlayStore,
        game: Callable[[], Session | None],
        alive: Callable[[], bool],
        ask: Ask,
        spawn: Spawn,
        render: Callable[[], None],
        failed: Callable[[], None],
    ) -> None:
        self.store, self.game, self.alive, self.ask, self.spawn = store, game, alive, ask, spawn
        self.render, self.failed = render, failed
        self.running = False
        self.thinking = False  # the engine worker is deciding the bots' move
        self.window_ms = 0  # the reaction window's length, while one is open
        self.decided_here = 0  # bot decisions searched here (the worker could not answer)
        self.dropped = 0  # bot decisions dropped because a person acted first
        self.task: Any = None

    def kick(self) -> None:
        """Start the pump unless it runs already (or the screen left)."""
        if not self.running and self.alive():
            self.running = True
            self.task = self.spawn(self.pump())

    def current(self, session: Session, moment: tuple[int, int]) -> bool:
        """Whether the screen still shows `session` at `moment` (no person acted, nothing was undone)."""
        return self.alive() and self.game() is session and session.moment == moment

    async def _wait(self, ms: int, session: Session, moment: tuple[int, int]) -> bool:
        """Sleep `ms` in small slices; False as soon as the game moved (a person acted) or the screen left."""
        loop = asyncio.get_event_loop()
        end = loop.time() + ms / 1000
        while True:
            if not self.current(session, moment):
                return False
            left = end - loop.time()
            if left <= 0:
                return True
            await asyncio.sleep(min(left, 0.1))

    async def pump(self) -> None:
        """Let bots move (at the chosen pace) until a person must act; give people their reaction windows."""
        try:
            while self.alive() and (session := self.game()) is not None:
                step = session.next_step()
                if step.kind == "idle":
                    break
                moment = session.moment
                if step.kind == "window":
                    self.window_ms = step.ms
                    self.render()
                    still = await self._wait(step.ms, session, moment)
                    self.window_ms = 0
                    if still:
                        session.window_over()
                    continue
                loop = asyncio.get_event_loop()
                started = loop.time()
                self.thinking = True
                if step.ms:
                    self.render()
                answer = await self.decide(session)
                self.thinking = False
                if not self.current(session, moment):
                    self.dropped += 1
                    continue  # a person acted (or undid) meanwhile: this decision is about a moment gone
                left = step.ms - int((loop.time() - started) * 1000)  # the pace counts the thinking
                if left > 0 and not await self._wait(left, session, moment):
                    self.dropped += 1
                    continue
                try:
                    session.bot_answer(moment, answer)
                except IllegalActionError as error:  # never expected: the worker replays the same engine
                    print(f"uno: the engine worker's move was refused ({error}); deciding here", file=sys.stderr)
                    self.decided_here += 1
                    session.bot_step()
                if session.moment != moment:
                    self.store.save(session)
                if step.ms:
                    self.render()
        except Exception as error:  # never leave the table frozen without a word
            print(f"uno: bot loop stopped: {error!r}", file=sys.stderr)
            self.failed()
            raise
        finally:
            self.running = False
            if self.alive():
                self.render()

    async def decide(self, session: Session) -> Any:
        """The bots' decision for the session's position (`choice_data` form): searched in the engine
        worker, or here if the worker cannot answer."""
        try:
            return await self.ask(session.bot_request())
        except BrainUnavailable:
            self.decided_here += 1
            return choice_data(session.bot_choice())
