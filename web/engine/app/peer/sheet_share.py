"""One sheet of this phone's keeper shared with a table of phones (`app.peer.hosting.Hosting`'s `Shared`).

Each guest phone's screen (`app.screens.guest.GuestScreen`) is drawn here from this phone's keeper, and its hand is
entered into this phone's round by the keeper's own step for one hand (`app.score.step.hand_step`, performed by
`KeeperDesk.hand`) over this phone's store: each guest's screen has a visit of its own (its errors and half-typed
text), the same sheets and drafts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.link import Link
from app.peer import pages
from app.peer.protocol import Guest
from app.router import Screen
from app.score.step import HandIntent
from app.score.store import Store
from app.score.where import Where
from scorekeeper import Sheet
from scorekeeper import link as sheet_link
from scorekeeper.link import LinkView

if TYPE_CHECKING:
    from app.peer.hosting import Hosting
    from app.screens.guest import GuestScreen
    from app.screens.score import KeeperDesk

GUEST_REFUSALS = ("not_your_hand", "not_this_round", "went_out")  # `hand_step`'s, said as they are (table.err.)
TABLE_KEY = "uno.score.table"  # the shared sheet's guests (token -> player), to find them again after a reload


class SheetShare:
    """`sheet_id` of this phone's keeper (`desk`), shared."""

    book_key = TABLE_KEY
    graces: tuple[int, ...] = ()  # a sheet waits for its phones

    def __init__(self, desk: KeeperDesk, sheet_id: str) -> None:
        self.desk, self.key = desk, sheet_id
        self.back = (f"#/score/sheet/{sheet_id}", "score.back_sheet")
        self.shared: tuple[Sheet, str, LinkView] | None = None  # the sheet last drawn: its link's token and view

    @property
    def sheet_id(self) -> str:
        return self.key

    @property
    def store(self) -> Store:
        return self.desk.store()

    def book_id(self) -> str:
        return self.key

    def saves_get(self, key: str) -> str | None:
        return self.store.storage.get(key)

    def saves_set(self, key: str, value: str) -> None:
        self.store.storage.set(key, value)

    def title(self) -> str:
        saved = self.store.shelf.saved(self.sheet_id)
        return saved.title if saved is not None else ""

    def players(self) -> tuple[str, ...]:
        saved = self.store.shelf.saved(self.sheet_id)
        return tuple(saved.sheet.players) if saved is not None else ()

    def claimable(self, seat: int) -> bool:
        return 0 <= seat < len(self.players())

    def screen(self, link: Link, hosting: Hosting, guest: Guest) -> Screen:
        from app.screens.guest import GuestScreen  # the screen draws pages of this module's views

        return GuestScreen(link, hosting, self, guest)

    def tick(self, hosting: Hosting) -> None:
        pass  # a sheet waits for its phones as long as it takes

    def away_choice(self) -> None:
        return None

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

    def guest_hand(self, page: GuestScreen, seat: int, intent: HandIntent) -> str:
        """A guest's act on its own hand (on its `page`), done by the keeper's own step: "" or why not (a catalogue
        key's tail under table.err.). A typed total is written once the typing pauses, as on this phone; the host's
        own refusal of that hand goes (it is not the guest's text)."""
        if not self.entering():
            return "not_this_round"
        refused = self.desk.hand(page, self.sheet_id, seat, intent)
        return refused if refused in GUEST_REFUSALS or not refused else "bad_hand"

    def guest_view(self, hosting: Hosting, guest: Guest, page: GuestScreen, error: str) -> pages.GuestView:
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
            taken=hosting.taken(guest),
            error=error,
            ended=hosting.host.ended,
            big=page.big,
        )

    def _worked_out(self, sheet: Sheet) -> tuple[str, LinkView]:
        """The sheet's link token and view, worked out once for every guest's page (the sheet changes by a new one)."""
        if self.shared is None or self.shared[0] is not sheet:
            self.shared = (sheet, sheet_link.encode(sheet), sheet_link.view_of(sheet))
        return self.shared[1], self.shared[2]
