"""From the table's screen to one drawing: the page's tree (`pages.render`), the log lines new since the last
drawing for screen readers, and the cues of the new events (motion, sound, vibration)."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import Texts
from app.tree import El
from shared.messages import Cue
from uno_core import events as ev

from . import describe, pages
from .cues import cues
from .session import Session
from .table_state import TableScreen


@dataclass(frozen=True, slots=True)
class Frame:
    """One drawing of the table: the tree of `#play`, the new log lines for screen readers (at most the
    last three), the element to focus (a `data-focus` value, "" to keep the focus where it is), and the
    cues of the new events (`app.play.cues`) with the sound switch and whether cards travel."""

    tree: El
    announce: str = ""
    focus: str = ""
    cues: tuple[Cue, ...] = ()
    sound: bool = True
    motion: bool = True


class Presenter:
    """Remembers what the last drawing showed (the history up to `upto`, whose turn, which page), so the next
    one announces and animates only what is new."""

    def __init__(self, phone: int | None = None) -> None:
        self.phone = phone  # a guest phone's seat (None: this device's shown seat)
        self.upto = 0  # the history shown so far (announced, animated)
        self.turn_of: int | None = None  # whose turn the last drawing showed
        self.shown_page = ""  # `data-screen` of the last drawing

    def start(self, session: Session | None) -> None:
        """A game newly on screen: its past is not news."""
        self.upto = session.history_end() if session else 0
        self.turn_of = session.game.current if session else None

    def caught_up(self, session: Session) -> None:
        """What happened so far is not news (an undo, a hand-off: the person did not see it happen)."""
        self.upto = session.history_end()

    def frame(self, screen: TableScreen, session: Session | None, focus: str = "") -> Frame:
        self.shown_page = "" if screen.page == "none" else screen.page
        events = self.fresh(session)
        lines = self.lines(session, events, screen.texts)
        moved = self.turn_moved(session, screen.page)
        made = cues(events, screen.view.seat if screen.view is not None else None, moved) if events or moved else []
        return Frame(pages.render(screen), " ".join(lines[-3:]), focus, tuple(made), screen.sound, screen.motion)

    def fresh(self, session: Session | None) -> list[ev.Event]:
        """The events (as the shown seat sees them) since the last drawing, up to the end of a round on show."""
        if session is None:
            return []
        end = session.history_end()
        self.upto = min(self.upto, end)
        events = session.history(self.upto, self.phone) if self.upto < end else []
        self.upto = end
        return events

    def lines(self, session: Session | None, events: list[ev.Event], texts: Texts) -> list[str]:
        """The log lines of `events` in words (what screen readers are told, once: a live region's text)."""
        if session is None:
            return []
        items = [item for event in events for item in describe.event_lines(event, session.names, session.game.sides)]
        me = session.shown if self.phone is None else self.phone
        return [describe.render(item, texts, me) for item in items]  # one's own moves: 'You play…'

    def turn_moved(self, session: Session | None, page: str) -> int | None:
        """The seat whose turn began since the last drawing of the table (None: no change)."""
        if session is None or page != "table":
            return None
        current = session.game.current
        if current == self.turn_of:
            return None
        self.turn_of = current
        return current
