"""The keeper's side of sheet links (issue 43): a sheet's link, and a link opened here (`#/score/link/<token>`).

Opening a link shows its sheet read-only; "keep" imports it: the same game already here is opened and nothing
is copied (`Library.find_same`), an older copy of the same game (fewer rounds) may be updated, anything else is
added as a new game. A bad link gets its message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper import KeeperError, LoadError, SavedSheet, Sheet
from scorekeeper.library import Library
from scorekeeper.link import Opened, decode, sheet_link

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

    def now(self) -> int:
        raise NotImplementedError  # Keeper's own

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
            self.flash = Flash(sheet_hash(found.older.id), key="score.link.updated")
            return Effect(render=False, go=sheet_hash(found.older.id))
        sheet_id = self.new_id()
        self.store.put(sheet_id, sheet, self.now())
        self.flash = Flash(sheet_hash(sheet_id), key="score.imported")
        return Effect(render=False, go=sheet_hash(sheet_id))
