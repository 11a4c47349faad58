"""A sheet's acts: undo the last round, share the standings, the round's summary or the final card, export the sheet,
play again, and delete the game (after asking); and the page's report on a share."""

from __future__ import annotations

import dataclasses

from app.tree import Phrase, phrase
from scorekeeper import dumps, round_summary, share_data
from shared.messages import (
    ScoreAgainIntent,
    ScoreAskIntent,
    ScoreCancelIntent,
    ScoreDeleteGameIntent,
    ScoreExportIntent,
    ScorePictureIntent,
    ScoreShareIntent,
    ScoreSummaryIntent,
    ScoreUndoIntent,
    SharedMessage,
)

from . import ids
from .acts_keepsafe import mark_kept
from .card import card, card_name, slug
from .effect import Effects
from .sharing import link_of
from .texts import joined, share_said, summary_phrases
from .turn import Act, Turn
from .visit import Flash, shown_summary
from .where import sheet_hash

# the note after a share, by what was shared and how it went ("failed" has its own)
SHARED_KEYS = {
    "standings": {"shared": "score.shared", "copied": "score.copied"},
    "all": {"shared": "score.move.shared", "copied": "score.move.copied"},
    "summary": {"shared": "score.summary.shared", "copied": "score.summary.copied"},
    "link": {"shared": "score.link.shared", "copied": "score.link.copied"},
    "picture": {"shared": "score.card.shared", "downloaded": "score.card.downloaded"},
}


def undo(turn: Turn, intent: ScoreUndoIntent) -> Effects:
    sheet = turn.sheet()
    number = len(sheet.rounds)
    last = sheet.draft_of(number) if number else None
    turn.put(turn.where.sheet_id, sheet.undo())
    drafts = turn.shelf.drafts_of(turn.where.sheet_id)
    turn.set_drafts(turn.where.sheet_id, dataclasses.replace(drafts, next=last))  # what was entered comes back
    turn.flash = Flash(turn.where.to_hash(), key="score.undone", args={"n": number})
    return Effects(announce=(phrase("score.undone", n=number),), focus=ids.FLASH)


def share(turn: Turn, intent: ScoreShareIntent) -> Effects:
    """Share the standings as text, with the sheet's link."""
    turn.sharing = "standings"
    sheet = turn.sheet()
    return Effects(render=False, share=(*share_said(share_data(sheet)), "\n", link_of(turn.world.base(), sheet)))


def summary(turn: Turn, intent: ScoreSummaryIntent) -> Effects:
    """Share the summary on show (the round just saved) as text."""
    saved = turn.saved()
    number = shown_summary(turn.flash, turn.where, saved.sheet if saved is not None else None)
    if number is None:
        return Effects(render=False)
    turn.sharing = "summary"
    sheet = turn.sheet()
    lines: tuple[Phrase | str, ...] = (
        *summary_phrases(round_summary(sheet, number)),
        link_of(turn.world.base(), sheet),
    )
    return Effects(render=False, share=joined(lines, "\n"))


def picture(turn: Turn, intent: ScorePictureIntent) -> Effects:
    """Share a finished sheet's card, the final standings with the date, as a picture (downloaded where the share
    sheet takes no files)."""
    saved = turn.saved()
    if saved is None or not saved.sheet.tally().finished:
        return Effects(render=False)
    turn.sharing = "picture"
    return Effects(render=False, picture=(card_name(saved), card(saved)))


def shared(turn: Turn, report: SharedMessage) -> Effects:
    """The page's report on a share: "shared", "copied" or "failed" (then the text is shown to copy)."""
    how = report["how"]
    failed = "score.card.failed" if turn.sharing == "picture" else "score.share_failed"
    key = SHARED_KEYS[turn.sharing].get(how, failed)
    if how in ("shared", "copied") and turn.sharing == "all":
        for entry in turn.shelf.library.entries:  # the link holds them all
            mark_kept(turn, entry.id)
    elif how in ("shared", "copied") and turn.sharing != "picture" and turn.where.sheet_id and turn.saved() is not None:
        mark_kept(turn, turn.where.sheet_id)  # the text ends with the sheet's link
    here = turn.where.to_hash()
    old = turn.flash if turn.flash is not None and turn.flash.where == here else None
    turn.flash = Flash(
        here,
        key=key,
        copy_text=report.get("text", "") if how == "failed" else "",
        summary_round=old.summary_round if old is not None else None,
    )
    return Effects(announce=(phrase(key),), focus=ids.FLASH if how == "failed" else None)


def export(turn: Turn, intent: ScoreExportIntent) -> Effects:
    saved = turn.saved()
    if saved is None:
        return Effects()
    stamp = turn.now()
    name = "uno-" + "-".join(slug(player) or "player" for player in saved.sheet.players)[:60] + f"-{stamp // 1000}.json"
    turn.flash = Flash(turn.where.to_hash(), key="score.exported", args={"file": name})
    mark_kept(turn, saved.id)
    return Effects(download=(name, dumps(saved.sheet)))


def again(turn: Turn, intent: ScoreAgainIntent) -> Effects:
    sheet = turn.sheet().play_again()
    sheet_id = turn.world.new_id()
    turn.put(sheet_id, sheet)
    return Effects(render=False, go=sheet_hash(sheet_id, "round"))


def ask(turn: Turn, intent: ScoreAskIntent) -> Effects:
    """Ask before a dangerous act ("delete-game", "delete-round")."""
    turn.confirm = intent["what"]
    return Effects(focus=ids.confirm(intent["what"]))


def cancel(turn: Turn, intent: ScoreCancelIntent) -> Effects:
    turn.confirm = ""
    if intent["what"] == "sure":  # back to the hand asked about, as it was typed
        seat = turn.unusual[0].seat if turn.unusual else 0
        return Effects(focus=ids.field(ids.hand_key(seat)))
    return Effects(focus=ids.ask(intent["what"]))


def delete_game(turn: Turn, intent: ScoreDeleteGameIntent) -> Effects:
    turn.remove(turn.where.sheet_id)
    return Effects(render=False, go="#/score")


ACTS: dict[str, Act] = {
    "score.undo": undo,
    "score.share": share,
    "score.summary": summary,
    "score.picture": picture,
    "score.export": export,
    "score.again": again,
    "score.ask": ask,
    "score.cancel": cancel,
    "score.delete-game": delete_game,
}
