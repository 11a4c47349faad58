"""What this phone shares with a table of phones (`app.peer.host.TableHost`), bound to what it shares (`Shared`):
a sheet of its keeper (`app.peer.sheet_share.SheetShare`) or its game in play (`app.play.phones.PlayShare`).

Every guest phone is a screen of this engine (`app.peer.guests.GuestPage`, with the screen the shared thing makes):
what it shows is drawn here, and what it does acts for its own player only. Every change draws the host's screen
and every guest's again (`changed`). Who each guest is (token -> player) goes to the saves (the `Shared`'s book).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app import browser
from app.link import Later, Link
from app.peer import pages
from app.peer.guests import Catalogues, GuestPage, Spawn
from app.peer.host import TableHost
from app.peer.protocol import Guest
from app.router import Screen
from shared.messages import FromPage

if TYPE_CHECKING:
    from app.play.config import AwayChoice


class Shared(Protocol):
    """What a table of phones shares: its `key` (a sheet's id, or "play"), its players, the screen each guest phone
    is shown, and where its guests' book is kept."""

    key: str
    book_key: str  # the saves' key of the guests' book
    back: tuple[str, str]  # the host page's way back: (route, catalogue key)
    graces: tuple[int, ...]  # the graces the host may choose for a phone away (a sheet's: none)

    def book_id(self) -> str:
        """Which sheet or game the book is of (a book of another is not used)."""

    def saves_get(self, key: str) -> str | None: ...

    def saves_set(self, key: str, value: str) -> None: ...

    def title(self) -> str: ...

    def players(self) -> tuple[str, ...]: ...

    def claimable(self, seat: int) -> bool:
        """Whether a guest phone may be the player at `seat`."""

    def screen(self, link: Link, hosting: Hosting, guest: Guest) -> Screen:
        """A guest phone's screen (its page's `link`)."""

    def tick(self, hosting: Hosting) -> None:
        """The table's pulse (every `PING_S`), after the links' own."""

    def away_choice(self) -> AwayChoice | None:
        """A game's choice for a phone away (a bot plays after its grace, or the table waits); None for a sheet."""


class Hosting:
    """`shared` (a sheet, a game), shared with guest phones. `redraw()` draws this phone's own screens again. Who
    each guest is goes to the saves (`shared.book_key`): a host whose tab reloaded shows a rejoin code for each
    player's phone by itself, and each phone comes back to its player with its token."""

    def __init__(
        self,
        shared: Shared,
        link: Link,
        redraw: Callable[[], None],
        catalogues: Catalogues,
        later: Later | None,
        now: Callable[[], float] = time.monotonic,
        spawn: Spawn = browser.spawn,
    ) -> None:
        self.shared, self.redraw = shared, redraw
        self.catalogues, self.later, self.spawn = catalogues, later, spawn
        self.host = TableHost(link.to_page, self.arrived, self.from_guest, self.changed, now)
        self.pages: dict[str, GuestPage] = {}  # by the guest's token
        self.scheduled = False  # the guests' pages are to be drawn again this turn
        self.book = ""  # who is which player, as last saved
        # each drawing of the guests' pages: (pages, ms), for bench.table; for a guest's move in a game, the pages
        # include this phone's own table and the ms the handling of the guest's message (bench.play_phones)
        self.drawn_ms: list[tuple[int, float]] = []
        self.took_ms = 0.0  # the handling of the last guest message (its act, its save, its own drawing)
        self._load_book()

    @property
    def key(self) -> str:
        return self.shared.key

    # ----- the guests' pages ---------------------------------------------------------------------------------

    def arrived(self, guest: Guest) -> None:
        """A guest said hello (a new phone, or one back on a new link): its page is made anew."""

        def send(message: dict[str, Any]) -> None:
            self.host.send(guest, "engine", message=message)

        page = GuestPage(
            send, lambda params: self.shared.screen(page.link, self, guest), self.catalogues, self.later, self.spawn
        )
        self.pages[guest.token] = page

    def from_guest(self, guest: Guest, message: FromPage) -> None:
        page = self.pages.get(guest.token)
        if page is not None:
            start = time.perf_counter()
            page.take(message)
            self.took_ms = (time.perf_counter() - start) * 1000

    def changed(self) -> None:
        """Something of the table or of a guest's hand changed: this phone's screens and every guest's draw again."""
        self._save_book()
        self.redraw()
        self.changed_elsewhere()

    def _load_book(self) -> None:
        try:
            data = json.loads(self.shared.saves_get(self.shared.book_key) or "null")
        except ValueError:
            return
        book_id = self.shared.book_id()
        if not isinstance(data, dict) or data.get("sheet") != book_id or not isinstance(data.get("guests"), dict):
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
        return json.dumps({"sheet": self.shared.book_id(), "guests": guests}, sort_keys=True)

    def _save_book(self) -> None:
        text = self._book_text()
        if text != self.book:
            self.book = text
            self.shared.saves_set(self.shared.book_key, text)

    def changed_elsewhere(self) -> None:
        """This phone's keeper drew (or its sheet changed): every guest's page draws again, once this turn."""
        if self.scheduled:
            return
        self.scheduled = True
        if self.later is None:
            self.draw_guests()
        else:
            self.later(self._draw_if_due)

    def _draw_if_due(self) -> None:
        if self.scheduled:  # not drawn meanwhile (`draw_guests`)
            self.draw_guests()

    def draw_guests_then(self, own: Callable[[], None]) -> None:
        """Every guest's page draws now, then this phone's own screen (`own`), which draws the same state: no
        guest's page draws again for it. Noted in `drawn_ms` with the guest's message that made the change."""
        start = time.perf_counter()
        drawn = self.draw_guests(note=False)
        self.scheduled = True  # what `own` notes as changed is drawn already
        try:
            own()
        finally:
            self.scheduled = False
        ms = self.took_ms + (time.perf_counter() - start) * 1000
        self.took_ms = 0.0
        self.drawn_ms = [*self.drawn_ms[-199:], (drawn + 1, ms)]

    def draw_guests(self, note: bool = True) -> int:
        """Every guest's page draws again now, each sent as it is drawn; a page's answer to its own tap, made but
        not sent yet, goes before any of them. How many were drawn (and how long it took: `drawn_ms`)."""
        self.scheduled = False
        start = time.perf_counter()
        pages = [self.pages[g.token] for g in self.host.guests.seated() if g.connected and g.token in self.pages]
        for page in pages:
            page.link.flush()
        for page in pages:
            page.redraw()
            page.link.flush()  # each guest's drawing goes now: the time it takes is this drawing's
        if pages and note:
            self.drawn_ms = [*self.drawn_ms[-199:], (len(pages), (time.perf_counter() - start) * 1000)]
        return len(pages)

    def end(self) -> None:
        """Stop sharing: each guest's page says so (drawn at once, before its link goes), then the links end."""
        self.host.ended = True
        for page in self.pages.values():
            page.redraw()
            page.link.flush()
        self.host.end()

    # ----- who is who ------------------------------------------------------------------------------------------

    def claim(self, guest: Guest, seat: int | None) -> str:
        """`guest` says it is the player at `seat` (None: just watching); "" or why not (a catalogue key's tail)."""
        if seat is not None and not self.shared.claimable(seat):
            return "no_such_seat"
        return "" if self.host.guests.seat(guest, seat) else "seat_taken"

    def taken(self, guest: Guest) -> frozenset[int]:
        """The players other phones are."""
        return frozenset(g.seat for g in self.host.guests.seated() if g.seat is not None and g is not guest)

    def host_view(self) -> pages.HostPage:
        """This phone's `#/table/host/...` page: the guests, the invitation waiting, each rejoin code."""
        players = self.shared.players()
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
            self.shared.key,
            self.shared.title(),
            None,
            False,
            guests,
            fresh[-1].code if fresh else "",
            bool(fresh),
            "",
            False,
            "",
            rejoin,
            back=self.shared.back,
            away=self.shared.away_choice(),
            graces=self.shared.graces,
        )
