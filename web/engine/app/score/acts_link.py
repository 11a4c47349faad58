"""A sheet's link and an opened link's acts: share the link alone, keep the opened sheet (the same game
here is opened and nothing is copied, an older copy may be updated, anything else is a new game)."""

from __future__ import annotations

from scorekeeper import LoadError
from shared.messages import ScoreKeepIntent, ScoreKeepUpdateIntent, ScoreShareLinkIntent

from . import ids
from .acts_keepsafe import mark_kept
from .effect import Effects
from .sharing import link_of, open_link
from .turn import Act, Turn
from .visit import Flash
from .where import sheet_hash


def share_link(turn: Turn, intent: ScoreShareLinkIntent) -> Effects:
    """Share the sheet's link alone (Web Share API, else the clipboard)."""
    turn.sharing = "link"
    return Effects(render=False, share=(link_of(turn.world.base(), turn.sheet()),))


def keep(turn: Turn, intent: ScoreKeepIntent | ScoreKeepUpdateIntent) -> Effects:
    """Keep the opened link's sheet: open the same game if here, update an older copy ("score.keep-update"),
    else add it as a new game."""
    found = open_link(turn.shelf.library, turn.where.token)
    if found.opened is None:
        turn.errors = {ids.PAGE: [LoadError("link_corrupt", field="link")]}
        return Effects()
    sheet = found.opened.sheet
    if found.same is not None:
        turn.flash = Flash(sheet_hash(found.same.id), key="score.link.already", args={"title": found.same.title})
        return Effects(render=False, go=sheet_hash(found.same.id))
    if intent["act"] == "score.keep-update" and found.older is not None:
        turn.put(found.older.id, sheet.with_people(found.older.sheet.people))  # the copy's people stay who they are
        mark_kept(turn, found.older.id)
        turn.flash = Flash(sheet_hash(found.older.id), key="score.link.updated")
        return Effects(render=False, go=sheet_hash(found.older.id))
    sheet_id = turn.world.new_id()
    turn.put(sheet_id, sheet)
    mark_kept(turn, sheet_id)  # it came from a link: another copy exists
    turn.flash = Flash(sheet_hash(sheet_id), key="score.imported")
    return Effects(render=False, go=sheet_hash(sheet_id))


ACTS: dict[str, Act] = {"score.share-link": share_link, "score.keep": keep, "score.keep-update": keep}
