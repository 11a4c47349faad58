"""The list's acts: the import of a sheet file, a backup file or an "all" link's sheets (each readable sheet
added as a new game; a game already here is not copied again), and a pasted link opened (the only way into an
iOS Home Screen app, which has no address bar and is never given a link)."""

from __future__ import annotations

from typing import Any

from app.storage.backup import library_of
from app.tree import phrase
from scorekeeper import KeeperError, LoadError, loads
from scorekeeper.library import load_library
from scorekeeper.link import route_of
from scorekeeper.people import Roster
from shared.messages import ScoreFileIntent, ScoreImportIntent, ScoreLinkTextIntent, ScoreOpenLinkIntent

from . import ids
from .effect import Effects
from .turn import Act, Turn
from .visit import Flash
from .where import sheet_hash


def choose_file(turn: Turn, intent: ScoreImportIntent) -> Effects:
    return Effects(render=False, pick_file=True)


def import_file(turn: Turn, intent: ScoreFileIntent) -> Effects:
    """A chosen file's text: a valid sheet is added as a new game; anything else changes nothing."""
    text = intent["text"]
    library = library_of(text)
    if library is not None:  # a backup file (`app.storage.backup`)
        return import_library(turn, library)
    try:
        sheet = loads(text).with_people(())  # who its people are, the person says (`acts_people.join`)
    except KeeperError as error:
        turn.errors = {ids.IMPORT: [error]}
        return Effects(focus=ids.field(ids.IMPORT))
    same = turn.shelf.library.find_same(sheet)
    if same is not None:  # already here: say so and offer it, copy nothing
        turn.errors = {}
        turn.flash = Flash(turn.where.to_hash(), key="score.already_saved", args={"title": same.title}, open_id=same.id)
        return Effects(focus=ids.FLASH, announce=(phrase("score.already_saved", title=same.title),))
    sheet_id = turn.world.new_id()
    turn.put(sheet_id, sheet)
    turn.flash = Flash(sheet_hash(sheet_id), key="score.imported")
    return Effects(render=False, go=sheet_hash(sheet_id))


def import_library(turn: Turn, data: Any) -> Effects:
    """Every readable sheet of library data (a backup file's, an "all" link's), each added as a new game."""
    try:
        library, _damaged = load_library(data)
    except KeeperError as error:
        turn.errors = {ids.IMPORT: [error]}
        return Effects(focus=ids.field(ids.IMPORT))
    if not library.entries:
        turn.errors = {ids.IMPORT: [LoadError("not_a_sheet")]}
        return Effects(focus=ids.field(ids.IMPORT))
    turn.set_roster(with_roster(turn.shelf.library.roster, library.roster))
    added = 0
    for entry in library.entries:
        if turn.shelf.library.find_same(entry.sheet) is None:  # a game already here is not copied again
            turn.put(turn.world.new_id(), entry.sheet)
            added += 1
    same = len(library.entries) - added
    turn.errors = {}
    key = "score.imported_many" if not same else "score.imported_some" if added else "score.imported_none"
    turn.flash = Flash(turn.where.to_hash(), key=key, args={"n": added, "same": same})
    return Effects(focus=ids.FLASH)


def with_roster(mine: Roster, theirs: Roster) -> Roster:
    """A backup's changes to the regulars added to this phone's (this phone's win where both changed one person)."""
    merged = {**theirs.merged, **mine.merged}
    roster = Roster({**theirs.names, **mine.names}, merged, mine.forgotten | theirs.forgotten)
    loops = [person for person in merged if roster.resolve(person) == person]
    return mine if loops else roster


def link_text(turn: Turn, intent: ScoreLinkTextIntent) -> Effects:
    """A key in the pasted link's field: kept until "Open"."""
    turn.pending[ids.OPEN_LINK] = intent["value"]
    return Effects(render=False)


def open_link(turn: Turn, intent: ScoreOpenLinkIntent) -> Effects:
    """Open the pasted link's page (a sheet's, or every sheet of an "all" link); a blank, foreign or damaged link
    gets its message under the field and changes nothing."""
    try:
        route = route_of(turn.pending.get(ids.OPEN_LINK, ""))
    except LoadError as error:
        turn.errors = {ids.OPEN_LINK: [error]}
        return Effects(focus=ids.field(ids.OPEN_LINK))
    turn.errors = {}
    turn.pending.pop(ids.OPEN_LINK, None)
    return Effects(render=False, go=route)


ACTS: dict[str, Act] = {
    "score.import": choose_file,
    "score.file": import_file,
    "score.link-text": link_text,
    "score.open-link": open_link,
}
