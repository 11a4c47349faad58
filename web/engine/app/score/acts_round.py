"""A round's entry (`#/score/<id>/round`, `#/score/<id>/round/<n>`): who went out, each hand as a typed total
or tapped faces, saving (after asking about a total far beyond a hand), leaving an edit, deleting a round.
Every keystroke is kept in the sheet's drafts (a typed total's written once the typing pauses); `scorekeeper`
checks and scores."""

from __future__ import annotations

import dataclasses

from app.tree import phrase
from scorekeeper import KeeperError, Mode, RoundDraft, RoundRejected, announcement, check_tap, enter_round
from shared.messages import (
    ScoreDeleteRoundIntent,
    ScoreDiscardIntent,
    ScoreHandChipIntent,
    ScoreHandFaceIntent,
    ScoreHandModeIntent,
    ScoreHandTotalIntent,
    ScoreModeAllIntent,
    ScoreSaveIntent,
    ScoreSaveSureIntent,
    ScoreWinnerIntent,
)

from . import faces, ids
from .acts_keepsafe import after_round
from .effect import Effects
from .texts import Said, announcement_said, joined, message, sure_lines
from .turn import Act, Turn
from .visit import Flash
from .where import sheet_hash

HandIntent = ScoreHandTotalIntent | ScoreHandFaceIntent | ScoreHandChipIntent | ScoreHandModeIntent


def _seat(turn: Turn, seat: int) -> int:
    """A seat of this sheet (IndexError for another: no page sends it)."""
    if not 0 <= seat < len(turn.sheet().players):
        raise IndexError(f"no seat {seat}")
    return seat


def _set_draft(turn: Turn, draft: RoundDraft, typing: bool = False) -> None:
    """The round's draft; written at once, or with `typing` once the typing pauses."""
    drafts = turn.shelf.drafts_of(turn.where.sheet_id)
    if turn.where.round is None:
        drafts = dataclasses.replace(drafts, next=draft)
    else:
        drafts = dataclasses.replace(drafts, edit_round=turn.where.round, edit=draft)
    turn.set_drafts(turn.where.sheet_id, drafts, typing)
    if turn.confirm == "sure":  # the round asked about changed: a later save asks again
        turn.confirm = ""


def _clear_error(turn: Turn, seat: int) -> None:
    turn.errors.pop(ids.hand_key(seat), None)
    turn.errors.pop(ids.ROUND, None)


def _forget_edit(turn: Turn) -> None:
    drafts = turn.shelf.drafts_of(turn.where.sheet_id)
    turn.set_drafts(turn.where.sheet_id, dataclasses.replace(drafts, edit_round=None, edit=None))


def winner(turn: Turn, intent: ScoreWinnerIntent) -> Effects:
    seat = _seat(turn, intent["seat"])
    _set_draft(turn, turn.draft().with_winner(seat))
    turn.errors = {}
    return Effects(focus=ids.winner(seat))


def hand_mode(turn: Turn, intent: ScoreHandModeIntent) -> Effects:
    seat, mode = _seat(turn, intent["seat"]), intent["mode"]
    _set_draft(turn, turn.draft().with_mode(seat, mode))
    _clear_error(turn, seat)
    return Effects(focus=ids.mode(seat, mode))


def mode_all(turn: Turn, intent: ScoreModeAllIntent) -> Effects:
    """Every hand of the round in one mode; remembered by the sheet and as the default for new sheets."""
    mode = intent["mode"]
    turn.put(turn.where.sheet_id, turn.sheet().with_entry_mode(mode), touch=False)
    turn.set_setup(turn.shelf.setup.with_entry_mode(mode), turn.shelf.setup_name)
    _set_draft(turn, turn.draft().with_modes(mode))
    turn.errors = {}
    return Effects(focus=ids.modeall(mode))


def hand_total(turn: Turn, intent: ScoreHandTotalIntent) -> Effects:
    seat = _seat(turn, intent["seat"])
    _set_draft(turn, turn.draft().with_text(seat, intent["value"]), typing=True)
    _clear_error(turn, seat)
    return Effects()  # every hand's sum and message, the preview: all follow the keystroke


def hand_face(turn: Turn, intent: ScoreHandFaceIntent) -> Effects:
    seat, face = _seat(turn, intent["seat"]), intent["face"]
    draft = turn.draft()
    tapped = faces.card_for(face, draft)
    focus = ids.face(seat, faces.FACES.index(face))
    refused = check_tap(draft, seat, tapped)
    if refused is not None:  # R-KEEP-2 at the tap: nothing added, the reason said at once
        turn.errors = {ids.hand_key(seat): [refused]}
        return Effects(focus=focus, announce=(message(refused),))
    _set_draft(turn, draft.add_card(seat, tapped))
    _clear_error(turn, seat)
    return Effects(focus=focus)


def hand_chip(turn: Turn, intent: ScoreHandChipIntent) -> Effects:
    """A tapped card taken back."""
    seat, index = _seat(turn, intent["seat"]), intent["index"]
    draft = turn.draft().remove_card(seat, index)
    _set_draft(turn, draft)
    _clear_error(turn, seat)
    left = len(draft.hands[seat].cards)
    return Effects(focus=ids.chip(seat, min(index, left - 1)) if left else ids.face(seat, 0))


def save(turn: Turn, intent: ScoreSaveIntent | ScoreSaveSureIntent) -> Effects:
    """Save the round ("score.save-sure": the unusual totals asked about are meant)."""
    sheet, draft, number = turn.sheet(), turn.draft(), turn.where.round
    try:
        entered = enter_round(sheet, draft, number)
    except RoundRejected as rejected:
        turn.errors = {ids.ROUND: [rejected]}
        for error in rejected.errors:
            fid = ids.WINNER if error.field == "winner" else ids.ROUND
            if error.seat is not None:
                fid = ids.hand_key(error.seat)
            turn.errors.setdefault(fid, []).append(error)
        first = next(iter(fid for fid in turn.errors if fid != ids.ROUND), ids.ROUND)
        return Effects(focus=_focus_of(first, draft))
    except KeeperError as error:
        turn.errors = {ids.ROUND: [error]}
        return Effects(focus=ids.error_line(ids.ROUND))
    sure = intent["act"] == "score.save-sure" and turn.confirm == "sure"
    if entered.unusual and not sure:  # far beyond a hand: ask first
        turn.errors, turn.confirm, turn.unusual = {}, "sure", entered.unusual
        turn.ends_match = entered.ends_match
        question: Said = (phrase("score.sure_title"), *sure_lines(sheet, entered.unusual))
        return Effects(focus=ids.SURE_TITLE, announce=joined(question, " "))
    new = entered.sheet
    turn.confirm, turn.unusual = "", ()
    turn.put(turn.where.sheet_id, new)
    if number is None:
        drafts = turn.shelf.drafts_of(turn.where.sheet_id)
        turn.set_drafts(turn.where.sheet_id, dataclasses.replace(drafts, next=None))
    else:
        _forget_edit(turn)
    home = sheet_hash(turn.where.sheet_id)
    if number is None:
        said = announcement_said(announcement(new))
        turn.flash = Flash(home, announce_round=len(new.rounds), summary_round=len(new.rounds))
        after_round(turn, turn.where.sheet_id)
    else:
        said = (phrase("score.round_changed", n=number),)
        turn.flash = Flash(home, key="score.round_changed", args={"n": number})
    return Effects(render=False, go=home, announce=said)


def discard(turn: Turn, intent: ScoreDiscardIntent) -> Effects:
    """Leave the edit of a past round without saving it."""
    _forget_edit(turn)
    return Effects(render=False, go=sheet_hash(turn.where.sheet_id))


def delete_round(turn: Turn, intent: ScoreDeleteRoundIntent) -> Effects:
    number = turn.where.round
    if number is None:
        return Effects(render=False)
    try:
        new = turn.sheet().delete_round(number)
    except KeeperError as error:
        turn.errors = {ids.ROUND: [error]}
        turn.confirm = ""
        return Effects(focus=ids.error_line(ids.ROUND))
    turn.put(turn.where.sheet_id, new)
    _forget_edit(turn)
    home = sheet_hash(turn.where.sheet_id)
    turn.flash = Flash(home, key="score.round_deleted", args={"n": number})
    return Effects(render=False, go=home, announce=(phrase("score.round_deleted", n=number),))


def _focus_of(fid: str, draft: RoundDraft) -> str:
    """Where the focus goes for the first error of a refused round."""
    if fid == ids.WINNER:
        return ids.winner(0)
    if fid.startswith("hand-"):
        seat = int(fid.split("-")[1])
        return ids.face(seat, 0) if draft.hands[seat].mode is Mode.CARDS else ids.field(fid)
    return ids.error_line(ids.ROUND)


ACTS: dict[str, Act] = {
    "score.winner": winner,
    "score.mode-all": mode_all,
    "score.hand-mode": hand_mode,
    "score.hand-total": hand_total,
    "score.hand-face": hand_face,
    "score.hand-chip": hand_chip,
    "score.save": save,
    "score.save-sure": save,
    "score.discard": discard,
    "score.delete-round": delete_round,
}
