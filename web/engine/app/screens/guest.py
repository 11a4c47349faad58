"""A guest phone's screen, drawn by the host's engine (`app.peer.guests.GuestPage` routes every guest's page here).

It shows the host's sheet as the whole table sees it, who this phone is (it says so once: `table.claim`), and while
the host enters a round, this phone's own hand on the keeper's own keypad (the same checks and messages as on the
host) and the other hands as they arrive; or, as a big screen the table can see, the standings alone in large type
(`table.big`). Its hand is the host's: what the host holds is what it shows. Intents for
another player's hand, or a player another live phone holds, are refused with a message and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.link import Link
from app.peer import pages
from app.score.step import is_hand_intent
from app.score.visit import Visit
from app.tree import El, el, to_data
from shared.messages import FromPage, is_table_intent

if TYPE_CHECKING:
    from app.peer.hosting import Hosting
    from app.peer.protocol import Guest
    from app.peer.sheet_share import SheetShare

ROOT_ID = "table-root"


class LiveScreen:
    """What every guest phone's screen does alike (the sheet's and a game's): while shown it takes its link's
    messages, draws itself again on a language switch and keeps the phone awake (a table is live)."""

    static_id: str | None = None
    link: Link
    shown: bool

    def mount(self) -> None:
        self.shown = True
        self.link.listen(self.receive)
        self.render()
        self.link.to_page({"op": "effect", "wake": True})  # a table is live: the guest's screen stays awake

    def unmount(self) -> None:
        self.shown = False
        self.link.listen(None)

    def relabel(self) -> None:
        self.render()

    def render(self) -> None:
        raise NotImplementedError

    def receive(self, message: FromPage) -> None:
        raise NotImplementedError


class GuestScreen(LiveScreen):
    """A page of the keeper (`app.screens.score.KeeperPage`): its link, its visit of the keeper's round (its own
    errors and half-typed text), its drawing."""

    def __init__(self, link: Link, hosting: Hosting, sheet: SheetShare, guest: Guest) -> None:
        self.link, self.hosting, self.sheet, self.guest = link, hosting, sheet, guest
        self.visit = Visit()
        self.error = ""  # a catalogue key's tail under table.err., shown once
        self.shown = False
        self.big = False  # the standings alone, in large type

    def frame(self) -> El | None:
        return el("div", el("div", id=ROOT_ID, cls="score-root"))

    def render(self, focus: str | None = None) -> None:
        if not self.shown:
            return
        view = self.sheet.guest_view(self.hosting, self.guest, self, self.error)
        self.error = ""
        tree = el("div", pages.guest_page(view), cls="score-root", id=ROOT_ID)
        self.link.to_page({"op": "draw", "root": ROOT_ID, "tree": to_data(tree), "focus": f"#{focus}" if focus else ""})

    def receive(self, message: FromPage) -> None:
        if is_table_intent(message) and message["act"] == "table.big":
            self.big = message["checked"]
            self.render(focus="table-title")
        elif is_table_intent(message) and message["act"] == "table.claim":
            self.error = self.hosting.claim(self.guest, message["seat"])
            self.hosting.changed()
        elif is_hand_intent(message):
            seat = self.guest.seat
            if seat is None or message["seat"] != seat:
                self.error = "not_your_hand"
                self.render()
                return
            self.error = self.sheet.guest_hand(self, seat, message)
            self.hosting.changed()
