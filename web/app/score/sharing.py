"""The keeper's side of sheet links: a sheet's link, and a link opened here (`#/score/link/<token>`).

Opening a link shows its sheet read-only; "keep" imports it: the same game already here is opened and nothing
is copied (`Library.find_same`), an older copy of the same game (fewer rounds) may be updated, anything else is
added as a new game. A bad link gets its message and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper import KeeperError, LoadError, SavedSheet, Sheet
from scorekeeper.library import Library
from scorekeeper.link import ROUTE, Opened, decode, decode_library, encode_library, sheet_link

from .keepsafe import KEPT_KEY, Facts, Marks
from .texts import error_text
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Effect, Flash
    from .store import Store
    from .where import Where

Translate = Callable[[str, Mapping[str, str]], str]


@dataclass(frozen=True, slots=True)
class LinkOpen:
    """What the page of an opened link shows: the sheet (or why not), and what this phone already has of it."""

    opened: Opened | None = None
    error: str = ""  # the link's problem, in words (nothing else is shown)
    same: SavedSheet | None = None  # this very game is here already
    older: SavedSheet | None = None  # an older copy of it (fewer rounds) is here: offered to update
    newer: SavedSheet | None = None  # a newer copy of it (more rounds) is here


def same_start(a: Sheet, b: Sheet) -> bool:
    """The same game, one of the two perhaps further on: same players, options, dealer, and one's rounds
    are the other's first rounds."""
    if (a.players, a.options, a.first_dealer, a.dealer_drawn) != (b.players, b.options, b.first_dealer, b.dealer_drawn):
        return False
    short, long = sorted((a.rounds, b.rounds), key=len)
    return long[: len(short)] == short


def find_copies(library: Library, sheet: Sheet) -> tuple[SavedSheet | None, SavedSheet | None, SavedSheet | None]:
    """(the same game, an older copy, a newer copy) of ``sheet`` among the saved sheets."""
    same = library.find_same(sheet)
    if same is not None:
        return same, None, None
    older = newer = None
    for entry in library.entries:
        if not same_start(entry.sheet, sheet):
            continue
        if len(entry.sheet.rounds) < len(sheet.rounds):
            if older is None or len(entry.sheet.rounds) > len(older.sheet.rounds):
                older = entry
        elif newer is None or len(entry.sheet.rounds) > len(newer.sheet.rounds):
            newer = entry
    return None, older, newer


class LinkActions:
    """Mixed into `Keeper`: the link of the sheet on show, and the actions of an opened link."""

    store: Store
    where: Where
    flash: Flash | None
    errors: dict[str, list[KeeperError]]
    tr: Translate
    base: Callable[[], str]
    sharing: str
    new_id: Callable[[], str]
    facts: Facts  # what the page told about this browser's storage
    copy_offer: str  # the sheet offered "Keep a copy" after its round was saved ("" none)

    def now(self) -> int:
        raise NotImplementedError  # Keeper's own

    def marks(self) -> Marks:
        return Marks.from_text(self.store.storage.get(KEPT_KEY))

    def mark_kept(self, sheet_id: str) -> None:
        """The sheet was kept elsewhere now (its link shared, a file exported, it came from a link)."""
        marks = self.marks()
        marks.kept[sheet_id] = self.now()
        self.store.storage.set(KEPT_KEY, marks.to_text())

    def after_round(self, sheet_id: str) -> None:
        """A round was saved: offer "Keep a copy" if the sheet is only here and it was not offered this evening."""
        marks, now = self.marks(), self.now()
        if sheet_id in marks.only_here(self.store.library) and marks.may_offer(sheet_id, now):
            marks.offered[sheet_id] = now
            self.store.storage.set(KEPT_KEY, marks.to_text())
            self.copy_offer = sheet_id

    def do_nocopy(self, arg: str, value: str, checked: bool) -> Effect:
        """ "Not now" on the "Keep a copy" offer."""
        from .keeper import Effect

        self.copy_offer = ""
        return Effect(focus="score-title")

    def do_iosdone(self, arg: str, value: str, checked: bool) -> Effect:
        """The iOS card is dismissed (for good: the list's storage line still says it)."""
        from .keeper import Effect

        marks = self.marks()
        marks.card_dismissed = True
        self.store.storage.set(KEPT_KEY, marks.to_text())
        return Effect(focus="score-storage")

    def all_link(self) -> str:
        """One link with every saved sheet and its title ("Move all my sheets")."""
        entries = tuple((entry.title, entry.sheet) for entry in self.store.library.entries)
        return self.base().split("#", 1)[0] + ROUTE.replace("/link/", "/all/") + encode_library(entries)

    def moved(self) -> tuple[tuple[str, Sheet], ...] | str:
        """The titled sheets of this screen's "all" link, or its problem in words."""
        try:
            return decode_library(self.where.token)
        except LoadError as error:
            return error_text(error, self.tr)

    def do_moveall(self, arg: str, value: str, checked: bool) -> Effect:
        """Share one link holding every sheet (to open in the Home Screen app, or on another phone)."""
        from .keeper import Effect

        self.sharing = "all"
        return Effect(render=False, share=self.all_link())

    def do_keepall(self, arg: str, value: str, checked: bool) -> Effect:
        """Keep every sheet of an "all" link: games already here are not copied again (as a backup file's)."""
        from .keeper import Effect

        found = self.moved()
        if isinstance(found, str):
            self.errors = {"page": [LoadError("link_corrupt", field="link")]}
            return Effect()
        entries = tuple(SavedSheet(str(n), title, 0, 0, sheet) for n, (title, sheet) in enumerate(found))
        self.import_library(Library(entries).to_data())
        for _title, sheet in found:
            same = self.store.library.find_same(sheet)
            if same is not None and sheet.rounds:
                self.mark_kept(same.id)  # the other phone still has it
        if self.flash is not None:
            self.flash.where = "#/score"
        return Effect(render=False, go="#/score")

    def do_movefile(self, arg: str, value: str, checked: bool) -> Effect:
        """Every sheet in one file (the backup format, which the keeper's import takes)."""
        from app.storage.backup import backup_name, backup_text
        from app.storage.core import SCORE_LIBRARY

        from .keeper import Effect, Flash

        now = self.now()
        name = backup_name(now)
        text = backup_text({SCORE_LIBRARY: json.dumps(self.store.library.to_data(), ensure_ascii=False)}, now)
        for entry in self.store.library.entries:
            self.mark_kept(entry.id)
        self.flash = Flash(self.where.to_hash(), key="score.exported", args={"file": name})
        return Effect(download=(name, text))

    def import_library(self, data: Any) -> Effect:
        raise NotImplementedError  # Keeper's

    def link_of(self, sheet: Sheet) -> str:
        """The sheet's link on this app's address."""
        return sheet_link(self.base(), sheet)

    def link_open(self) -> LinkOpen:
        """The opened link of this screen, decoded now (a link is never stored until kept)."""
        try:
            opened = decode(self.where.token)
        except LoadError as error:
            return LinkOpen(error=error_text(error, self.tr))
        same, older, newer = find_copies(self.store.library, opened.sheet)
        return LinkOpen(opened, "", same, older, newer)

    def do_sharelink(self, arg: str, value: str, checked: bool) -> Effect:
        """Share the sheet's link alone (Web Share API, else the clipboard)."""
        from .keeper import Effect

        saved = self.store.library.get(self.where.sheet_id)
        self.sharing = "link"
        return Effect(render=False, share=self.link_of(saved.sheet))

    def do_keep(self, arg: str, value: str, checked: bool) -> Effect:
        """Keep the opened link's sheet: open the same game if here, update an older copy (``arg`` "update"),
        else add it as a new game."""
        from .keeper import Effect, Flash

        found = self.link_open()
        if found.opened is None:
            self.errors = {"page": [LoadError("link_corrupt", field="link")]}
            return Effect()
        sheet = found.opened.sheet
        if found.same is not None:
            self.flash = Flash(sheet_hash(found.same.id), key="score.link.already", args={"title": found.same.title})
            return Effect(render=False, go=sheet_hash(found.same.id))
        if arg == "update" and found.older is not None:
            self.store.put(found.older.id, sheet, self.now())
            self.mark_kept(found.older.id)
            self.flash = Flash(sheet_hash(found.older.id), key="score.link.updated")
            return Effect(render=False, go=sheet_hash(found.older.id))
        sheet_id = self.new_id()
        self.store.put(sheet_id, sheet, self.now())
        self.mark_kept(sheet_id)  # it came from a link: another copy exists
        self.flash = Flash(sheet_hash(sheet_id), key="score.imported")
        return Effect(render=False, go=sheet_hash(sheet_id))
