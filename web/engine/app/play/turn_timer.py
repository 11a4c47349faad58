"""The table's turn timer (issue 50; `PlayConfig.turn_timer`, a set-up option, off by default).

It counts the turn of a person (at this device or on a guest phone) while the table waits for that person alone:
`Session.next_step()` is idle for a person and the seat on turn is not a bot's. Never during a reaction window the
table gives, while the bots decide, while the device is passed or a round's result is shown: the count starts
again when the table waits for the person again, and at every change of position (an UNO call, a catch, a move).
When it runs out, `Session.time_out` makes that seat's turn move for it (the basic bot's `act`: one of its legal
turn actions, never an out-of-turn call), applied as any move is; the log holds it as a normal action.

One `TurnTimer` per device's table (the host's own controller, `app.play.controller`), read by every phone's table;
the pages draw what `clock()` returns (`pages.seats`), and the page counts the seconds down by itself (play.css).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .session import Session, Step

# The page's countdown is one CSS animation of this many seconds from this number down to 0 (play.css,
# `@keyframes turn-left`), started part-way: a drawing says how far in (`TurnClock.delay_ms`).
COUNTDOWN_SPAN_S = 3600

WAITING = Step("idle", "human")


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The turn being timed: whose (`seat`), and its time left and in all, in milliseconds."""

    seat: int
    left_ms: int
    total_ms: int

    @property
    def left_s(self) -> int:
        """The whole seconds left, rounded up (0 only once the time is out)."""
        return -(-self.left_ms // 1000)

    @property
    def delay_ms(self) -> int:
        """The countdown's animation delay (negative: started that long ago), in whole seconds: drawings within the
        same second are the same, so the page keeps its running countdown (`app.diff`)."""
        return -(COUNTDOWN_SPAN_S - self.left_s) * 1000


class TurnTimer:
    """The count of the turn being timed; `now()` in seconds (a monotonic clock)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.mark: tuple[int, int, int, int] | None = None  # (epoch, position, round acknowledged, seat) counted
        self.since = 0.0

    def seat(self, session: Session) -> int | None:
        """The seat whose turn is timed now, or None."""
        if session.config.turn_timer <= 0 or session.next_step() != WAITING:
            return None
        seat = session.game.current
        return None if session.is_bot(seat) else seat

    def clock(self, session: Session) -> TurnClock | None:
        """The timed turn's clock now (None: no turn is timed); a new turn, or a new position, starts the count."""
        seat = self.seat(session)
        if seat is None:
            self.mark = None
            return None
        mark = (session.epoch, session.position, session.ack_round, seat)
        now = self.now()
        if mark != self.mark:
            self.mark, self.since = mark, now
        total = session.config.turn_timer * 1000
        return TurnClock(seat, max(0, total - int((now - self.since) * 1000)), total)

    def due(self, session: Session) -> int | None:
        """The seat whose time has run out (None: none)."""
        clock = self.clock(session)
        return clock.seat if clock is not None and clock.left_ms <= 0 else None
