"""One sheet shared from this phone: the table of phones (`app.peer.host.TableHost`) bound to this phone's keeper.

Every guest phone is a screen of this engine (`app.peer.guests.GuestPage`, `app.screens.guest.GuestScreen`): what
it shows is drawn here from this phone's keeper, and its hand is entered into this phone's round by the keeper's own
step for one hand (`app.score.step.hand_step`, performed by `KeeperDesk.hand`) over this phone's store: each guest's
screen has a visit of its own (its errors and half-typed text), the same sheets and drafts. Every change draws the
host's screen and every guest's again (`changed`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app import browser
from app.link import Later, Link
from app.peer import pages
from app.peer.guests import Catalogues, GuestPage, Spawn
from app.peer.host import TableHost
from app.peer.protocol import Guest
from app.score.step import HandIntent
from app.score.store import Store
from app.score.where import Where
from scorekeeper import Sheet
from scorekeeper import link as sheet_link
from scorekeeper.link import LinkView
from shared.messages import FromPage

if TYPE_CHECKING:
    from app.screens.guest import GuestScreen
    from app.screens.score import KeeperDesk


GUEST_REFUSALS = ("not_your_hand", "not_this_round", "went_out")  # `hand_step`'s, said as they are (table.err.)
TABLE_KEY = "uno.score.table"  # the shared sheet's guests (token -> player), to find them again after a reload


class Hosting:
    """`sheet_id` of this phone's keeper, shared. `redraw()` draws this phone's own screens again. Who each guest
    is goes to the saves (`TABLE_KEY`): a host whose tab reloaded shows a rejoin code for each player's phone by
    itself, and each phone comes back to its player with its token."""

    def __init__(
        self,
        desk: KeeperDesk,
        sheet_id: str,
        link: Link,
        redraw: Callable[[], None],
        catalogues: Catalogues,
        later: Later | None,
        now: Callable[[], float] = time.monotonic,
        spawn: Spawn = browser.spawn,
    ) -> None:
        self.desk, self.sheet_id, self.redraw = desk, sheet_id, redraw
        self.catalogues, self.later, self.spawn = catalogues, later, spawn
        self.host = TableHost(link.to_page, self.arrived, self.from_guest, self.changed, now)
        self.pages: dict[str, GuestPage] = {}  # by the guest's token
        self.scheduled = False  # the guests' pages are to be drawn again this turn
        self.book = ""  # who is which player, as last saved
        self.shared: tuple[Sheet, str, LinkView] | None = None  # the sheet last drawn: its link's token and view
        self.drawn_ms: list[tuple[int, float]] = []  # each drawing of the guests' pages: (pages, ms), for bench.table
        self._load_book()

    @property
    def store(self) -> Store:
        return self.desk.store()

    # ----- the guests' pages ---------------------------------------------------------------------------------

    def arrived(self, guest: Guest) -> None:
        """A guest said hello (a new phone, or one back on a new link): its page is made anew."""
        from app.screens.guest import GuestScreen  # the screen draws pages of this module's views

        def send(message: dict[str, Any]) -> None:
            self.host.send(guest, "engine", message=message)

        page = GuestPage(
            send, lambda params: GuestScreen(page.link, self, guest), self.catalogues, self.later, self.spawn
        )
        self.pages[guest.token] = page

    def from_guest(self, guest: Guest, message: FromPage) -> None:
        page = self.pages.get(guest.token)
        if page is not None:
            page.take(message)

    def changed(self) -> None:
        """Something of the table or of a guest's hand changed: this phone's screens and every guest's draw again."""
        self._save_book()
        self.redraw()
        self.changed_elsewhere()

    def _load_book(self) -> None:
        try:
            data = json.loads(self.store.storage.get(TABLE_KEY) or "null")
        except ValueError:
            return
        if not isinstance(data, dict) or data.get("sheet") != self.sheet_id or not isinstance(data.get("guests"), dict):
            return
        for token, seat in data["guests"].items():
            if isinstance(token, str) and (seat is None or (isinstance(seat, int) and 0 <= seat < 10)):
                self.host.guests.by_token[token] = Guest(token, seat, connected=False, live=False)
        self.book = self._book_text()
        for guest in self.host.guests.seated():
            if guest.seat is not None:
                self.host.invite(guest.seat)  # its phone's way back, shown by itself

    def _book_text(self) -> str:
        guests = {guest.token: guest.seat for guest in self.host.guests.seated()}
        return json.dumps({"sheet": self.sheet_id, "guests": guests}, sort_keys=True)

    def _save_book(self) -> None:
        text = self._book_text()
        if text != self.book:
            self.book = text
            self.store.storage.set(TABLE_KEY, text)

    def changed_elsewhere(self) -> None:
        """This phone's keeper drew (or its sheet changed): every guest's page draws again, once this turn."""
        if self.scheduled:
            return
        self.scheduled = True
        if self.later is None:
            self._draw_guests()
        else:
            self.later(self._draw_guests)

    def _draw_guests(self) -> None:
        self.scheduled = False
        start, drawn = time.perf_counter(), 0
        for guest in self.host.guests.seated():
            page = self.pages.get(guest.token)
            if page is not None and guest.connected:
                page.redraw()
                page.link.flush()  # each guest's drawing goes now: the time it takes is this drawing's
                drawn += 1
        if drawn:
            self.drawn_ms = [*self.drawn_ms[-199:], (drawn, (time.perf_counter() - start) * 1000)]

    def end(self) -> None:
        """Stop sharing: each guest's page says so (drawn at once, before its link goes), then the links end."""
        self.host.ended = True
        for page in self.pages.values():
            page.redraw()
            page.link.flush()
        self.host.end()

    # ----- what a guest sees and does --------------------------------------------------------------------------

    def entering(self) -> bool:
        """Whether this phone shows the next round's entry now (guests enter their hands only then)."""
        saved = self.store.shelf.saved(self.sheet_id)
        where = self.desk.visit.where
        return (
            saved is not None
            and where == Where("round", self.sheet_id)
            and not saved.sheet.tally().finished
            and not saved.sheet.setup_problems()
        )

    def claim(self, guest: Guest, seat: int | None) -> str:
        """`guest` says it is the player at `seat` (None: just watching); "" or why not (a catalogue key's tail)."""
        saved = self.store.shelf.saved(self.sheet_id)
        if seat is not None and (saved is None or not 0 <= seat < len(saved.sheet.players)):
            return "no_such_seat"
        return "" if self.host.guests.seat(guest, seat) else "seat_taken"

    def guest_hand(self, page: GuestScreen, seat: int, intent: HandIntent) -> str:
        """A guest's act on its own hand (on its `page`), done by the keeper's own step: "" or why not (a catalogue
        key's tail under table.err.). A typed total is written once the typing pauses, as on this phone; the host's
        own refusal of that hand goes (it is not the guest's text)."""
        if not self.entering():
            return "not_this_round"
        refused = self.desk.hand(page, self.sheet_id, seat, intent)
        return refused if refused in GUEST_REFUSALS or not refused else "bad_hand"

    def guest_view(self, guest: Guest, page: GuestScreen, error: str) -> pages.GuestView:
        saved = self.store.shelf.saved(self.sheet_id)
        entering = self.entering()
        if entering:
            page.visit = page.visit.entered(Where("round", self.sheet_id))
        sheet = saved.sheet if saved is not None else None
        token, view = self._worked_out(sheet) if sheet is not None else ("", None)
        return pages.GuestView(
            sheet=sheet,
            title=saved.title if saved is not None else "",
            seat=guest.seat,
            entering=entering and guest.seat is not None,
            round=len(sheet.rounds) + 1 if sheet is not None else 0,
            entry=self.desk.screen(page.visit) if entering else None,
            token=token,
            view=view,
            round_open=entering,
            taken=frozenset(g.seat for g in self.host.guests.seated() if g.seat is not None and g is not guest),
            error=error,
            ended=self.host.ended,
            big=page.big,
        )

    def _worked_out(self, sheet: Sheet) -> tuple[str, LinkView]:
        """The sheet's link token and view, worked out once for every guest's page (the sheet changes by a new one)."""
        if self.shared is None or self.shared[0] is not sheet:
            self.shared = (sheet, sheet_link.encode(sheet), sheet_link.view_of(sheet))
        return self.shared[1], self.shared[2]

    def host_view(self) -> pages.HostPage:
        """This phone's `#/table/host/...` page: the guests, the invitation waiting, each rejoin code."""
        saved = self.store.shelf.saved(self.sheet_id)
        players = saved.sheet.players if saved is not None else ()
        waiting = self.host.waiting()
        fresh = [invite for invite in waiting if invite.seat is None]
        guests = tuple(
            pages.GuestLine(
                players[g.seat] if g.seat is not None and g.seat < len(players) else "",
                g.connected and g.live,
                g.connected and not g.live,
            )
            for g in self.host.guests.seated()
        )
        rejoin = tuple(
            pages.Rejoin(players[i.seat] if i.seat is not None and i.seat < len(players) else "", i.code, i.link)
            for i in waiting
            if i.seat is not None
        )
        return pages.HostPage(
            self.sheet_id,
            saved.title if saved is not None else "",
            None,
            False,
            guests,
            fresh[-1].code if fresh else "",
            bool(fresh),
            "",
            False,
            "",
            rejoin,
        )
