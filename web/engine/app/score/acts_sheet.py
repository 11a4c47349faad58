"""A sheet's actions: undo the last round, share the standings or the round's summary, export the sheet,
play again, and delete the game (after asking)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import dumps, share_data

from . import ids
from .acts_keepsafe import mark_kept
from .effect import Action, Effect, Flash, Intent
from .sharing import link_of
from .showing import summary_of
from .texts import share_text
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Keeper

# the note after a share, by what was shared and how it went ("failed" has its own)
SHARED_KEYS = {
    "standings": {"shared": "score.shared", "copied": "score.copied"},
    "all": {"shared": "score.move.shared", "copied": "score.move.copied"},
    "summary": {"shared": "score.summary.shared", "copied": "score.summary.copied"},
    "link": {"shared": "score.link.shared", "copied": "score.link.copied"},
}


def undo(keeper: Keeper, intent: Intent) -> Effect:
    sheet = keeper.sheet()
    number = len(sheet.rounds)
    last = sheet.draft_of(number) if number else None
    new = sheet.undo()
    keeper.store.put(keeper.where.sheet_id, new, keeper.now())
    drafts = keeper.store.drafts_of(keeper.where.sheet_id)
    drafts.next = last  # what was entered comes back in the round form: nothing is lost
    keeper.store.save_drafts()
    keeper.flash = Flash(keeper.where.to_hash(), key="score.undone", args={"n": number})
    return Effect(announce=keeper.tr("score.undone", {"n": str(number)}), focus=ids.FLASH)


def share(keeper: Keeper, intent: Intent) -> Effect:
    """Share the standings as text, with the sheet's link."""
    keeper.sharing = "standings"
    sheet = keeper.sheet()
    text = share_text(share_data(sheet), keeper.tr) + "\n" + link_of(keeper.base(), sheet)
    return Effect(render=False, share=text)


def summary(keeper: Keeper, intent: Intent) -> Effect:
    """Share the summary on show (the round just saved) as text."""
    lines = summary_of(keeper, keeper.saved())
    if not lines:
        return Effect(render=False)
    keeper.sharing = "summary"
    return Effect(render=False, share="\n".join((*lines, link_of(keeper.base(), keeper.sheet()))))


def shared(keeper: Keeper, how: str, text: str = "") -> Effect:
    """The view's report: `how` is "shared", "copied" or "failed" (then the text is shown to copy)."""
    key = SHARED_KEYS.get(keeper.sharing, SHARED_KEYS["standings"]).get(how, "score.share_failed")
    if how in ("shared", "copied") and keeper.sharing == "all":
        for entry in keeper.store.library.entries:  # the link holds them all
            mark_kept(keeper, entry.id)
    elif how in ("shared", "copied") and keeper.where.sheet_id and keeper.saved() is not None:
        mark_kept(keeper, keeper.where.sheet_id)  # the text ends with the sheet's link
    here = keeper.where.to_hash()
    old = keeper.flash if keeper.flash is not None and keeper.flash.where == here else None
    keeper.flash = Flash(
        here,
        key=key,
        copy_text=text if how == "failed" else "",
        summary_round=old.summary_round if old is not None else None,
    )
    return Effect(announce=keeper.tr(key, {}), focus=ids.FLASH if how == "failed" else None)


def export(keeper: Keeper, intent: Intent) -> Effect:
    saved = keeper.saved()
    if saved is None:
        return Effect()
    stamp = keeper.now()
    name = "uno-" + "-".join(_slug(player) for player in saved.sheet.players)[:60] + f"-{stamp // 1000}.json"
    keeper.flash = Flash(keeper.where.to_hash(), key="score.exported", args={"file": name})
    mark_kept(keeper, saved.id)
    return Effect(download=(name, dumps(saved.sheet)))


def again(keeper: Keeper, intent: Intent) -> Effect:
    sheet = keeper.sheet().play_again()
    sheet_id = keeper.new_id()
    keeper.store.put(sheet_id, sheet, keeper.now())
    return Effect(render=False, go=sheet_hash(sheet_id, "round"))


def ask(keeper: Keeper, intent: Intent) -> Effect:
    """Ask before a dangerous action (`arg`: "delete-game", "delete-round")."""
    keeper.confirm = intent.arg
    return Effect(focus=ids.confirm(intent.arg))


def cancel(keeper: Keeper, intent: Intent) -> Effect:
    keeper.confirm = ""
    if intent.arg == "sure":  # back to the hand asked about, as it was typed
        seat = keeper.unusual[0].seat if keeper.unusual else 0
        return Effect(focus=ids.field(ids.hand_key(seat)))
    return Effect(focus=ids.ask(intent.arg))


def delete_game(keeper: Keeper, intent: Intent) -> Effect:
    keeper.store.remove(keeper.where.sheet_id)
    return Effect(render=False, go="#/score")


def _slug(name: str) -> str:
    text = "".join(char if char.isalnum() else "-" for char in name.casefold())
    return "-".join(part for part in text.split("-") if part) or "player"


ACTIONS: dict[str, Action] = {
    "undo": undo,
    "share": share,
    "summary": summary,
    "export": export,
    "again": again,
    "ask": ask,
    "cancel": cancel,
    "delete-game": delete_game,
}
