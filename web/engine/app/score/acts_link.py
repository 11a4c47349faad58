"""A sheet's link and an opened link's actions: share the link alone, keep the opened sheet (the same game
here is opened and nothing is copied, an older copy may be updated, anything else is a new game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import LoadError

from . import ids
from .acts_keepsafe import mark_kept
from .effect import Action, Effect, Flash, Intent
from .sharing import link_of, open_link
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Keeper


def sharelink(keeper: Keeper, intent: Intent) -> Effect:
    """Share the sheet's link alone (Web Share API, else the clipboard)."""
    saved = keeper.store.library.get(keeper.where.sheet_id)
    keeper.sharing = "link"
    return Effect(render=False, share=link_of(keeper.base(), saved.sheet))


def keep(keeper: Keeper, intent: Intent) -> Effect:
    """Keep the opened link's sheet: open the same game if here, update an older copy (`arg` "update"),
    else add it as a new game."""
    found = open_link(keeper.store.library, keeper.where.token, keeper.tr)
    if found.opened is None:
        keeper.errors = {ids.PAGE: [LoadError("link_corrupt", field="link")]}
        return Effect()
    sheet = found.opened.sheet
    if found.same is not None:
        keeper.flash = Flash(sheet_hash(found.same.id), key="score.link.already", args={"title": found.same.title})
        return Effect(render=False, go=sheet_hash(found.same.id))
    if intent.arg == "update" and found.older is not None:
        keeper.store.put(found.older.id, sheet, keeper.now())
        mark_kept(keeper, found.older.id)
        keeper.flash = Flash(sheet_hash(found.older.id), key="score.link.updated")
        return Effect(render=False, go=sheet_hash(found.older.id))
    sheet_id = keeper.new_id()
    keeper.store.put(sheet_id, sheet, keeper.now())
    mark_kept(keeper, sheet_id)  # it came from a link: another copy exists
    keeper.flash = Flash(sheet_hash(sheet_id), key="score.imported")
    return Effect(render=False, go=sheet_hash(sheet_id))


ACTIONS: dict[str, Action] = {"sharelink": sharelink, "keep": keep}
