"""The host's sheet as its guests see it, and their hands taken into it: `SheetHost` bound to the keeper.

What a guest sees of the sheet is everything on it (the whole table sees a paper score sheet): the sheet as
its link's token (`scorekeeper.link`: players, options, rounds and the tally's standings), and the round the
host is entering (its draft), so each guest enters its own hand into the same round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.peer.protocol import Guest
from app.peer.relay import Send
from app.peer.share import SheetHost
from app.score.store import DRAFTS_KEY
from app.score.where import Where
from scorekeeper import link as sheet_link
from scorekeeper.entry import HandInput
from scorekeeper.errors import KeeperError

if TYPE_CHECKING:
    from app.screens.score import KeeperDesk


class Hosting:
    """One sheet shared from this phone (of the keeper `desk`)."""

    def __init__(
        self,
        desk: KeeperDesk,
        sheet_id: str,
        send_page: Send,
        redraw: Callable[[], None],
    ) -> None:
        self.desk, self.sheet_id, self.redraw = desk, sheet_id, redraw
        self.host = SheetHost(send_page, self.view, self.take_hand, changed=redraw)
        self.shown: dict[str, Any] | None = None  # the view last sent

    def view(self, guest: Guest) -> dict[str, Any]:
        """What `guest` sees: the same for every guest (the last view worked out, else a new one)."""
        return self.shown if self.shown is not None else self.current()

    def current(self) -> dict[str, Any]:
        shelf = self.desk.store().shelf
        saved = shelf.saved(self.sheet_id)
        if saved is None:  # the sheet was deleted here: the guests keep what they saw
            return {"title": "", "sheet": "", "entry": None}
        sheet = saved.sheet
        drafts = shelf.drafts_of(self.sheet_id)
        draft = drafts.next if drafts.next is not None and len(drafts.next.hands) == len(sheet.players) else None
        entering = self.desk.visit.where == Where("round", self.sheet_id)
        return {
            "title": saved.title,
            "sheet": sheet_link.encode(sheet),
            "entry": {
                "open": entering and not sheet.tally().finished,
                "round": len(sheet.rounds) + 1,
                "draft": (draft or sheet.blank_draft()).to_dict(),
            },
        }

    def take_hand(self, seat: int, round_no: int, hand: dict[str, Any]) -> str | None:
        """A guest's hand for the round being entered, as if typed here; an error code when it does not fit."""
        store = self.desk.store()
        saved = store.shelf.saved(self.sheet_id)
        if saved is None:
            return "no_sheet"
        sheet = saved.sheet
        if round_no != len(sheet.rounds) + 1 or sheet.tally().finished:
            return "not_this_round"
        if not 0 <= seat < len(sheet.players):
            return "no_such_seat"
        try:
            given = HandInput.from_dict(hand)
        except KeeperError as error:
            return f"bad_hand:{error.code}"
        drafts = store.shelf.drafts_of(self.sheet_id)
        draft = drafts.next if drafts.next is not None and len(drafts.next.hands) == len(sheet.players) else None
        draft = draft or sheet.blank_draft()
        if seat == draft.winner:
            return "went_out"
        taken = dataclasses.replace(drafts, next=draft.with_hand(seat, given))
        store.keep(store.shelf.with_drafts(self.sheet_id, taken), (DRAFTS_KEY,))
        self.desk.visit = self.desk.visit.without_hand(seat)
        self.redraw()
        return None

    def accept_code(self, link: int, code: str) -> None:
        self.host.accept(link, code)

    def changed(self) -> None:
        """The host's keeper drew something: guests get the view again if it changed."""
        if self.host.ended:
            return
        view = self.current()
        if view != self.shown:
            self.shown = view
            self.host.publish()
