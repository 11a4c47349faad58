"""What a score keeper page shows, as plain values: the pages are pure functions of a `Screen`.

`showing.screen_of(state, ...)` builds one from the keeper's state (the pages never see that state, and the
keeper builds no page). `pages.render(screen)` picks the page for the location. Every text is a catalogue
phrase the pages bind (error messages, card names, the round's announcement too), so a language switch
relabels them; a message may also be a text as is (`Message`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from app.tree import Phrase
from scorekeeper import RoundDraft, SavedSheet, Sheet
from scorekeeper.library import SheetSummary
from scorekeeper.people import Regular
from scorekeeper.record import HeadToHead, Record

from .sharing import LinkOpen
from .texts import Said
from .visit import RecordChoice
from .where import Where


@dataclass(frozen=True, slots=True)
class Note:
    """The note shown once on this screen (after save, undo, import...): a catalogue key, or pieces of one."""

    key: str = ""
    args: Mapping[str, object] = field(default_factory=dict)
    said: Said = ()  # the round's announcement
    copy_text: str = ""  # text shown to copy by hand (sharing failed)
    open_id: str = ""  # a saved sheet offered to open (an import that was already saved)


@dataclass(frozen=True, slots=True)
class Sure:
    """The question before saving a round with a total far beyond a normal hand."""

    lines: tuple[Phrase, ...]  # one per hand asked about
    ends_match: bool  # saving it ends the match
    seat: int  # the first hand asked about (where "correct it" goes back to)


Message = Phrase | str  # a message on a page: a catalogue phrase (a text as is, where one is given)


@dataclass(frozen=True, slots=True)
class Screen:
    where: Where
    errors: Mapping[str, tuple[Message, ...]] = field(default_factory=dict)  # by field key: the messages
    pending: Mapping[str, str] = field(default_factory=dict)  # text typed in a field but refused (kept there)
    confirm: str = ""  # the dangerous action asked about on this screen ("delete-game", "delete-round")
    note: Note | None = None
    saved: SavedSheet | None = None  # the sheet of this location
    setup: Sheet | None = None  # the sheet the set-up page edits (the new one, or the saved one)
    draft: RoundDraft | None = None  # the round being entered
    new_name: str = ""  # the name typed for the next player
    listing: tuple[SheetSummary, ...] = ()  # the library's sheets (the list page)
    damaged: bool = False  # some saved sheets could not be read (kept aside)
    live: tuple[Phrase, ...] = ()  # why the round as entered so far cannot be saved (R-KEEP-2)
    used_up: tuple[str, ...] = ()  # faces the round's deck has no copy left of (their keys are disabled)
    sure: Sure | None = None  # the question asked before saving an unusual total
    summary: tuple[Phrase, ...] = ()  # the summary of the round just saved, line by line
    link: str = ""  # the sheet's link (its link page)
    found: LinkOpen | None = None  # an opened link (`#/score/link/<token>`)
    phones: int = 0  # guest phones connected to this sheet now (`app.peer`)
    storage: str = "unknown"  # where the sheets are kept (`keepsafe.storage_status`), on the list
    ios_card: bool = False  # show how to add the app to the Home Screen (`keepsafe.ios_card`)
    only_here: frozenset[str] = frozenset()  # sheets with rounds not kept anywhere else
    moved: tuple[tuple[str, Sheet], ...] | Phrase = ()  # an "all" link's titled sheets, or its problem
    copy_offer: bool = False  # offer "Keep a copy" on this sheet (after a saved round, once an evening)
    regulars: tuple[Regular, ...] = ()  # offered at set-up (typed letters filter them); all, on their page
    new_twin: bool = False  # the typed name is a regular's: "a new person of that name" is offered too
    forgotten: tuple[Regular, ...] = ()  # on the regulars' page: people forgotten (each can be brought back)
    join_offer: bool = False  # this sheet has players not in the record (it came from a link)
    record: Record | None = None  # the record page's figures
    choice: RecordChoice = field(default_factory=RecordChoice)  # ... what it shows (the person's choices)
    in_progress: SavedSheet | None = None  # ... the game in progress it may count
    versus: HeadToHead | None = None  # ... the two chosen head to head

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

    def messages(self, fid: str) -> tuple[Message, ...]:
        return self.errors.get(fid, ())
