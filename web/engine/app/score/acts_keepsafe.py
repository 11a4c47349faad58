"""Keeping sheets safe beyond this browser's storage: which sheets are kept elsewhere (`keepsafe.Marks`),
the "Keep a copy" offer and the iOS card, and moving every sheet by one link or one file."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from app.storage.backup import backup_name, backup_text
from app.storage.core import SCORE_LIBRARY
from scorekeeper import LoadError, SavedSheet
from scorekeeper.library import Library

from . import ids
from .acts_list import import_library
from .effect import Action, Effect, Flash, Intent
from .keepsafe import KEPT_KEY, Marks
from .sharing import all_link, decode_moved

if TYPE_CHECKING:
    from .keeper import Keeper


def marks(keeper: Keeper) -> Marks:
    return Marks.from_text(keeper.store.storage.get(KEPT_KEY))


def mark_kept(keeper: Keeper, sheet_id: str) -> None:
    """The sheet was kept elsewhere now (its link shared, a file exported, it came from a link)."""
    kept = marks(keeper)
    kept.kept[sheet_id] = keeper.now()
    keeper.store.storage.set(KEPT_KEY, kept.to_text())


def after_round(keeper: Keeper, sheet_id: str) -> None:
    """A round was saved: offer "Keep a copy" if the sheet is only here and it was not offered this evening."""
    kept, now = marks(keeper), keeper.now()
    if sheet_id in kept.only_here(keeper.store.library) and kept.may_offer(sheet_id, now):
        kept.offered[sheet_id] = now
        keeper.store.storage.set(KEPT_KEY, kept.to_text())
        keeper.copy_offer = sheet_id


def nocopy(keeper: Keeper, intent: Intent) -> Effect:
    """ "Not now" on the "Keep a copy" offer."""
    keeper.copy_offer = ""
    return Effect(focus=ids.TITLE)


def iosdone(keeper: Keeper, intent: Intent) -> Effect:
    """The iOS card is dismissed (for good: the list's storage line still says it)."""
    kept = marks(keeper)
    kept.card_dismissed = True
    keeper.store.storage.set(KEPT_KEY, kept.to_text())
    return Effect(focus=ids.STORAGE)


def moveall(keeper: Keeper, intent: Intent) -> Effect:
    """Share the link holding every sheet (to open on another phone, or paste in the Home Screen app)."""
    keeper.sharing = "all"
    return Effect(render=False, share=all_link(keeper.base(), keeper.store.library))


def keepall(keeper: Keeper, intent: Intent) -> Effect:
    """Keep every sheet of an "all" link: games already here are not copied again (as a backup file's)."""
    found = decode_moved(keeper.where.token, keeper.tr)
    if isinstance(found, str):
        keeper.errors = {ids.PAGE: [LoadError("link_corrupt", field="link")]}
        return Effect()
    entries = tuple(SavedSheet(str(n), title, 0, 0, sheet) for n, (title, sheet) in enumerate(found))
    import_library(keeper, Library(entries).to_data())
    for _title, sheet in found:
        same = keeper.store.library.find_same(sheet)
        if same is not None and sheet.rounds:
            mark_kept(keeper, same.id)  # the other phone still has it
    if keeper.flash is not None:
        keeper.flash.where = "#/score"
    return Effect(render=False, go="#/score")


def movefile(keeper: Keeper, intent: Intent) -> Effect:
    """Every sheet in one file (the backup format, which the keeper's import takes)."""
    now = keeper.now()
    name = backup_name(now)
    text = backup_text({SCORE_LIBRARY: json.dumps(keeper.store.library.to_data(), ensure_ascii=False)}, now)
    for entry in keeper.store.library.entries:
        mark_kept(keeper, entry.id)
    keeper.flash = Flash(keeper.where.to_hash(), key="score.exported", args={"file": name})
    return Effect(download=(name, text))


ACTIONS: dict[str, Action] = {
    "nocopy": nocopy,
    "iosdone": iosdone,
    "moveall": moveall,
    "keepall": keepall,
    "movefile": movefile,
}
