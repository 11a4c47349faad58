"""Keeping sheets safe beyond this browser's storage: which sheets are kept elsewhere (`keepsafe.Marks`),
the "Keep a copy" offer and the iOS card, and moving every sheet by one link or one file."""

from __future__ import annotations

import dataclasses
import json

from app.storage.backup import backup_name, backup_text
from app.storage.core import SCORE_LIBRARY
from scorekeeper import LoadError, SavedSheet
from scorekeeper.library import Library
from shared.messages import (
    ScoreIosDoneIntent,
    ScoreKeepAllIntent,
    ScoreMoveAllIntent,
    ScoreMoveFileIntent,
    ScoreNoCopyIntent,
)

from . import ids
from .acts_list import import_library
from .effect import Effects
from .sharing import all_link, decode_moved, moved_roster
from .turn import Act, Turn
from .visit import Flash


def mark_kept(turn: Turn, sheet_id: str) -> None:
    """The sheet was kept elsewhere now (its link shared, a file exported, it came from a link)."""
    marks = turn.shelf.marks
    turn.set_marks(dataclasses.replace(marks, kept={**marks.kept, sheet_id: turn.now()}))


def after_round(turn: Turn, sheet_id: str) -> None:
    """A round was saved: offer "Keep a copy" if the sheet is only here and it was not offered this evening."""
    marks, now = turn.shelf.marks, turn.now()
    if sheet_id in marks.only_here(turn.shelf.library) and marks.may_offer(sheet_id, now):
        turn.set_marks(dataclasses.replace(marks, offered={**marks.offered, sheet_id: now}))
        turn.copy_offer = sheet_id


def no_copy(turn: Turn, intent: ScoreNoCopyIntent) -> Effects:
    """ "Not now" on the "Keep a copy" offer."""
    turn.copy_offer = ""
    return Effects(focus=ids.TITLE)


def ios_done(turn: Turn, intent: ScoreIosDoneIntent) -> Effects:
    """The iOS card is dismissed (for good: the list's storage line still says it)."""
    turn.set_marks(dataclasses.replace(turn.shelf.marks, card_dismissed=True))
    return Effects(focus=ids.STORAGE)


def move_all(turn: Turn, intent: ScoreMoveAllIntent) -> Effects:
    """Share the link holding every sheet (to open on another phone, or paste in the Home Screen app)."""
    turn.sharing = "all"
    return Effects(render=False, share=(all_link(turn.world.base(), turn.shelf.library),))


def keep_all(turn: Turn, intent: ScoreKeepAllIntent) -> Effects:
    """Keep every sheet of an "all" link: games already here are not copied again (as a backup file's)."""
    found = decode_moved(turn.where.token)
    if not isinstance(found, tuple):
        turn.errors = {ids.PAGE: [LoadError("link_corrupt", field="link")]}
        return Effects()
    entries = tuple(SavedSheet(str(n), title, 0, 0, sheet) for n, (title, sheet) in enumerate(found))
    import_library(turn, Library(entries, moved_roster(turn.where.token)).to_data())
    for _title, sheet in found:
        same = turn.shelf.library.find_same(sheet)
        if same is not None and sheet.rounds:
            mark_kept(turn, same.id)  # the other phone still has it
    if turn.flash is not None:
        turn.flash = dataclasses.replace(turn.flash, where="#/score")
    return Effects(render=False, go="#/score")


def move_file(turn: Turn, intent: ScoreMoveFileIntent) -> Effects:
    """Every sheet in one file (the backup format, which the keeper's import takes)."""
    now = turn.now()
    name = backup_name(now)
    text = backup_text({SCORE_LIBRARY: json.dumps(turn.shelf.library.to_data(), ensure_ascii=False)}, now)
    for entry in turn.shelf.library.entries:
        mark_kept(turn, entry.id)
    turn.flash = Flash(turn.where.to_hash(), key="score.exported", args={"file": name})
    return Effects(download=(name, text))


ACTS: dict[str, Act] = {
    "score.no-copy": no_copy,
    "score.ios-done": ios_done,
    "score.move-all": move_all,
    "score.keep-all": keep_all,
    "score.move-file": move_file,
}
