"""The list's actions: the import of a sheet file, a backup file or an "all" link's sheets
(each readable sheet added as a new game; a game already here is not copied again), and a pasted link opened
(the only way into an iOS Home Screen app, which has no address bar and is never given a link)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.storage.backup import library_of
from scorekeeper import KeeperError, LoadError, loads
from scorekeeper.library import load_library
from scorekeeper.link import route_of

from . import ids
from .effect import Action, Effect, Flash, Intent
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Keeper


def choose_file(keeper: Keeper, intent: Intent) -> Effect:
    return Effect(render=False, pick_file=True)


def import_text(keeper: Keeper, text: str) -> Effect:
    """A chosen file's text: a valid sheet is added as a new game; anything else changes nothing."""
    library = library_of(text)
    if library is not None:  # a backup file (`app.storage.backup`)
        return import_library(keeper, library)
    try:
        sheet = loads(text)
    except KeeperError as error:
        keeper.errors = {ids.IMPORT: [error]}
        return Effect(focus=ids.field(ids.IMPORT))
    same = keeper.store.library.find_same(sheet)
    if same is not None:  # already here: say so and offer it, copy nothing
        keeper.errors = {}
        keeper.flash = Flash(
            keeper.where.to_hash(), key="score.already_saved", args={"title": same.title}, open_id=same.id
        )
        return Effect(focus=ids.FLASH, announce=keeper.tr("score.already_saved", {"title": same.title}))
    sheet_id = keeper.new_id()
    keeper.store.put(sheet_id, sheet, keeper.now())
    keeper.flash = Flash(sheet_hash(sheet_id), key="score.imported")
    return Effect(render=False, go=sheet_hash(sheet_id))


def import_library(keeper: Keeper, data: Any) -> Effect:
    """Every readable sheet of library data (a backup file's, an "all" link's), each added as a new game."""
    try:
        library, _damaged = load_library(data)
    except KeeperError as error:
        keeper.errors = {ids.IMPORT: [error]}
        return Effect(focus=ids.field(ids.IMPORT))
    if not library.entries:
        keeper.errors = {ids.IMPORT: [LoadError("not_a_sheet")]}
        return Effect(focus=ids.field(ids.IMPORT))
    added = 0
    for entry in library.entries:
        if keeper.store.library.find_same(entry.sheet) is None:  # a game already here is not copied again
            keeper.store.put(keeper.new_id(), entry.sheet, keeper.now())
            added += 1
    same = len(library.entries) - added
    keeper.errors = {}
    key = "score.imported_many" if not same else "score.imported_some" if added else "score.imported_none"
    keeper.flash = Flash(keeper.where.to_hash(), key=key, args={"n": added, "same": same})
    return Effect(focus=ids.FLASH)


def linktext(keeper: Keeper, intent: Intent) -> Effect:
    """A key in the pasted link's field: kept until "Open"."""
    keeper.pending[ids.OPEN_LINK] = intent.value
    return Effect(render=False)


def openlink(keeper: Keeper, intent: Intent) -> Effect:
    """Open the pasted link's page (a sheet's, or every sheet of an "all" link); a blank, foreign or damaged link
    gets its message under the field and changes nothing."""
    try:
        route = route_of(keeper.pending.get(ids.OPEN_LINK, ""))
    except LoadError as error:
        keeper.errors = {ids.OPEN_LINK: [error]}
        return Effect(focus=ids.field(ids.OPEN_LINK))
    keeper.errors = {}
    keeper.pending.pop(ids.OPEN_LINK, None)
    return Effect(render=False, go=route)


ACTIONS: dict[str, Action] = {"import": choose_file, "linktext": linktext, "openlink": openlink}
