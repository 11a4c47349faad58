"""What one screen of the keeper holds besides the shelf (`store.Shelf`, which every screen of this phone shares):
where it is, the errors and half-typed refusals on show, the question asked, the note to show once, a name refused
among the intents replayed at start. A value: the keeper's step (`step.step`) returns the next one."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from scorekeeper import KeeperError, Sheet, Unusual

from . import ids
from .where import Where

Sharing = Literal["standings", "summary", "link", "all", "picture"]


@dataclass(frozen=True, slots=True)
class Flash:
    """A note shown once on one screen (after save, undo, import...)."""

    where: str  # the hash it belongs to
    key: str = ""
    args: Mapping[str, object] = field(default_factory=dict)
    announce_round: int | None = None  # the announcement of this round (in the language shown)
    copy_text: str = ""  # text shown to copy by hand (sharing failed)
    open_id: str = ""  # a saved sheet the note offers to open (an import already saved)
    summary_round: int | None = None  # the round whose summary is shown (just saved)


@dataclass(frozen=True, slots=True)
class RecordChoice:
    """What the record page shows: the game in progress counted too, whose evenings the chart draws, the two people
    head to head ("" : the page's first choices)."""

    include: bool = False
    who: str = ""
    versus: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class Visit:
    where: Where = field(default_factory=lambda: Where("list"))
    errors: Mapping[str, tuple[KeeperError, ...]] = field(default_factory=dict)  # by field key (`ids`): "hand-2"...
    pending: Mapping[str, str] = field(default_factory=dict)  # text typed in a field but refused (kept on screen)
    confirm: str = ""  # the question asked on this screen: "delete-game", "delete-round", "sure"
    unusual: tuple[Unusual, ...] = ()  # the totals asked about ("sure"): possible, far beyond a hand
    ends_match: bool = False  # ... and saving that round ends the match
    flash: Flash | None = None
    sharing: Sharing = "standings"  # what the last share was
    copy_offer: str = ""  # the sheet offered "Keep a copy" after its round was saved ("" none)
    # the last new name refused among intents replayed at start (typed before Python was ready), and why
    refused: tuple[str, Mapping[str, tuple[KeeperError, ...]]] | None = None
    record: RecordChoice = field(default_factory=RecordChoice)  # the record page's choices

    def entered(self, where: Where) -> Visit:
        """The screen at `where`: a new location forgets the errors and half-typed refusals of the last one, and a
        note that is not for it."""
        visit = self
        if where != self.where:
            visit = dataclasses.replace(visit, where=where, errors={}, pending={}, confirm="", refused=None)
        if visit.flash is not None and visit.flash.where != where.to_hash():
            visit = dataclasses.replace(visit, flash=None)
        return visit

    def without_hand(self, seat: int) -> Visit:
        """Without this screen's refusal of `seat`'s hand and its text (the hand was entered elsewhere since)."""
        key = ids.hand_key(seat)
        errors = {fid: found for fid, found in self.errors.items() if fid != key}
        pending = {fid: text for fid, text in self.pending.items() if fid != key}
        return dataclasses.replace(self, errors=errors, pending=pending)


def shown_summary(flash: Flash | None, where: Where, sheet: Sheet | None) -> int | None:
    """The round whose summary the sheet at `where` shows: the round just saved, while its note is there."""
    if flash is None or flash.where != where.to_hash() or sheet is None or where.page != "sheet":
        return None
    number = flash.summary_round
    return number if number and number <= len(sheet.rounds) else None
