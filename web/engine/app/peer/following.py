"""A guest phone's copy of the host's sheet: the keeper's own entry logic on a sheet kept in memory.

Each state from the host puts its sheet and its round being entered into a keeper's store on a `MemoryStorage`,
so the guest's hand has the host's keypad, the same live deck checks and the same messages (nothing is
restated here: a hand's intent is the keeper's own step, `app.score.step.hand_step`). The guest's own hand stays
as typed here until the host has taken everything this phone sent; from then on the host's copy counts (the host
may have corrected it).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from app.score.keepsafe import Facts
from app.score.page_state import Screen
from app.score.showing import screen_of
from app.score.step import HandIntent, State, World, hand_step
from app.score.store import MemoryStorage, Store
from app.score.visit import Visit
from app.score.where import Where
from scorekeeper import RoundDraft, Sheet
from scorekeeper import link as sheet_link
from scorekeeper.errors import KeeperError
from scorekeeper.link import Opened

SHEET_ID = "table"  # the one sheet of a guest's memory keeper


class Following:
    def __init__(self) -> None:
        self.store = Store.open(MemoryStorage())
        self.visit = Visit(Where("round", SHEET_ID))
        self.world = World(clock=lambda: 0, new_id=lambda: SHEET_ID, rng=_NoRandom())
        self.opened: Opened | None = None
        self.token = ""  # the host's sheet as its link token
        self.title = ""
        self.entry_open = False
        self.round = 0
        self.error = ""  # a state whose sheet could not be read (a newer host?)

    def take(self, view: dict[str, Any], mine_settled: bool, seat: int | None) -> None:
        """The host's state. `mine_settled`: the host has taken every hand this phone sent."""
        token = view.get("sheet")
        if not isinstance(token, str) or not token:
            return
        try:
            opened = sheet_link.decode(token)
        except KeeperError as error:
            self.error = error.code
            return
        self.error = ""
        self.opened, self.token = opened, token
        self.title = str(view.get("title", ""))
        entry = view.get("entry") if isinstance(view.get("entry"), dict) else None
        self.entry_open = bool(entry and entry.get("open"))
        self.round = int(entry["round"]) if entry and isinstance(entry.get("round"), int) else 0
        shelf = self.store.shelf.put(SHEET_ID, opened.sheet, 0)
        hosts = _draft(entry, opened.sheet)
        drafts = shelf.drafts_of(SHEET_ID)
        mine = drafts.next
        if not mine_settled and seat is not None and mine is not None and len(mine.hands) == len(hosts.hands):
            hosts = hosts.with_hand(seat, mine.hands[seat])
        self.store.keep(shelf.with_drafts(SHEET_ID, dataclasses.replace(drafts, next=hosts)))

    def act(self, intent: HandIntent, seat: int | None) -> bool:
        """An intent on this phone's own hand (one on another hand does nothing); True if it ran."""
        if seat is None or self.opened is None or not self.entry_open:
            return False
        state, effects = hand_step(State(self.store.shelf, self.visit), SHEET_ID, seat, intent, self.world)
        if effects.refused:
            return False
        self.visit = state.visit
        self.store.keep(state.shelf)
        return True

    def hand(self, seat: int) -> dict[str, Any]:
        return self.store.shelf.draft(self.visit.where).hands[seat].to_dict()

    def screen(self) -> Screen:
        return screen_of(State(self.store.shelf, self.visit), Facts(), self.world.base)

    @property
    def sheet(self) -> Sheet | None:
        return self.opened.sheet if self.opened is not None else None


def _draft(entry: dict[str, Any] | None, sheet: Sheet) -> RoundDraft:
    data = entry.get("draft") if entry else None
    if isinstance(data, dict):
        try:
            draft = RoundDraft.from_dict(data)
            if len(draft.hands) == len(sheet.players):
                return draft
        except KeeperError:
            pass
    return sheet.blank_draft()


class _NoRandom:
    """A guest never draws a dealer (its keeper only enters a hand)."""

    def randrange(self, stop: int, /) -> int:
        return 0
