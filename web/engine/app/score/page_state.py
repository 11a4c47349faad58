"""What a score keeper page shows, as plain values: the pages are pure functions of a `Screen`.

`Keeper.screen()` builds one after every action (the keeper is the one controller of the mode; the
pages never see it, and it builds no page). `pages.render(screen)` picks the page for the location. Texts
that need the language (error messages, card names, the round's announcement) are already in words
here; everything else is a catalogue key the view binds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorekeeper import RoundDraft, SavedSheet, Sheet
from scorekeeper.library import SheetSummary

from .where import Where

if TYPE_CHECKING:
    from .sharing import LinkOpen


@dataclass(frozen=True, slots=True)
class Note:
    """The note shown once on this screen (after save, undo, import...): a catalogue key, or a text."""

    key: str = ""
    args: Mapping[str, object] = field(default_factory=dict)
    text: str = ""  # the round's announcement, in words
    copy_text: str = ""  # text shown to copy by hand (sharing failed)
    open_id: str = ""  # a saved sheet offered to open (an import that was already saved)


@dataclass(frozen=True, slots=True)
class Sure:
    """The question before saving a round with a total far beyond a normal hand, in words."""

    lines: tuple[str, ...]  # one per hand asked about
    ends_match: bool  # saving it ends the match
    seat: int  # the first hand asked about (where "correct it" goes back to)


@dataclass(frozen=True, slots=True)
class Screen:
    where: Where
    errors: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # by field id: the messages, in words
    pending: Mapping[str, str] = field(default_factory=dict)  # text typed in a field but refused (kept there)
    confirm: str = ""  # the dangerous action asked about on this screen ("delete-game", "delete-round")
    note: Note | None = None
    saved: SavedSheet | None = None  # the sheet of this location
    setup: Sheet | None = None  # the sheet the set-up page edits (the new one, or the saved one)
    draft: RoundDraft | None = None  # the round being entered
    new_name: str = ""  # the name typed for the next player
    listing: tuple[SheetSummary, ...] = ()  # the library's sheets (the list page)
    damaged: bool = False  # some saved sheets could not be read (kept aside)
    face_names: Mapping[str, str] = field(default_factory=dict)  # card faces by name, in words ("W": "Wild")
    live: tuple[str, ...] = ()  # why the round as entered so far cannot be saved (R-KEEP-2), in words
    used_up: tuple[str, ...] = ()  # faces the round's deck has no copy left of (their keys are disabled)
    sure: Sure | None = None  # the question asked before saving an unusual total
    summary: tuple[str, ...] = ()  # the summary of the round just saved, in words (lines)
    link: str = ""  # the sheet's link (its link page)
    found: LinkOpen | None = None  # an opened link (`#/score/link/<token>`)
    phones: int = 0  # guest phones connected to this sheet now (`app.peer`)
    storage: str = "unknown"  # where the sheets are kept (`keepsafe.storage_status`), on the list
    ios_card: bool = False  # show how to add the app to the Home Screen (`keepsafe.ios_card`)
    only_here: frozenset[str] = frozenset()  # sheets with rounds not kept anywhere else
    moved: tuple[tuple[str, Sheet], ...] | str = ()  # an "all" link's titled sheets, or its problem in words
    copy_offer: bool = False  # offer "Keep a copy" on this sheet (after a saved round, once an evening)

    @property
    def sheet(self) -> Sheet:
        """The saved sheet of this location (pages that show one are only rendered when it exists)."""
        assert self.saved is not None, "this page needs a saved sheet"
        return self.saved.sheet

    @property
    def setup_sheet(self) -> Sheet:
        assert self.setup is not None, "the set-up page needs its sheet"
        return self.setup

    @property
    def round_draft(self) -> RoundDraft:
        assert self.draft is not None, "the round page needs its draft"
        return self.draft

    def messages(self, fid: str) -> tuple[str, ...]:
        return self.errors.get(fid, ())

    def face_name(self, face: str) -> str:
        return self.face_names.get(face, face)
