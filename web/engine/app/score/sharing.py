"""The keeper's side of sheet links: a sheet's link, a link opened here (`#/score/link/<token>`), and one
link with every sheet (`#/score/all/<token>`). The actions on them are `acts_link`'s.

Opening a link shows its sheet read-only; "keep" imports it: the same game already here is opened and nothing
is copied (`Library.find_same`), an older copy of the same game (fewer rounds) may be updated, anything else is
added as a new game. A bad link gets its message and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.tree import Phrase
from scorekeeper import LoadError, SavedSheet, Sheet
from scorekeeper.library import Library
from scorekeeper.link import ALL_ROUTE, Opened, decode, decode_all, decode_library, encode_library, sheet_link
from scorekeeper.people import Roster

from .texts import error_phrase


@dataclass(frozen=True, slots=True)
class LinkOpen:
    """What the page of an opened link shows: the sheet (or why not), and what this phone already has of it."""

    opened: Opened | None = None
    error: Phrase | None = None  # the link's problem (nothing else is shown)
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


def link_of(base: str, sheet: Sheet) -> str:
    """The sheet's link on the app's address ``base``."""
    return sheet_link(base, sheet)


def all_link(base: str, library: Library) -> str:
    """One link with every saved sheet and its title ("Move all my sheets")."""
    entries = tuple((entry.title, entry.sheet) for entry in library.entries)
    return base.split("#", 1)[0] + ALL_ROUTE + encode_library(entries, library.roster)


def open_link(library: Library, token: str) -> LinkOpen:
    """An opened link, decoded now (a link is never stored until kept), and the copies of its sheet here."""
    try:
        opened = decode(token)
    except LoadError as error:
        return LinkOpen(error=error_phrase(error))
    same, older, newer = find_copies(library, opened.sheet)
    return LinkOpen(opened, None, same, older, newer)


def decode_moved(token: str) -> tuple[tuple[str, Sheet], ...] | Phrase:
    """The titled sheets of an "all" link, or its problem."""
    try:
        return decode_library(token)
    except LoadError as error:
        return error_phrase(error)


def moved_roster(token: str) -> Roster:
    """The regulars' roster an "all" link carries (empty if it cannot be read: `decode_moved` says why)."""
    try:
        return decode_all(token)[1]
    except LoadError:
        return Roster()
