"""A round's entry (`#/score/<id>/round`, `#/score/<id>/round/<n>`): who went out, each hand as a typed total
or tapped faces, saving (after asking about a total far beyond a hand), leaving an edit, deleting a round.
Every keystroke is kept in the sheet's drafts (a typed total's written once the typing pauses); `scorekeeper`
checks and scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import KeeperError, Mode, RoundDraft, RoundRejected, announcement, check_tap, enter_round

from . import faces, ids
from .acts_keepsafe import after_round
from .effect import Action, Effect, Flash, Intent
from .showing import sure_of
from .texts import announcement_text
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Keeper


def _set_draft(keeper: Keeper, draft: RoundDraft, hold: bool = False) -> None:
    """The round's draft; written at once, or with `hold` once the typing pauses (`Store.hold_drafts`)."""
    drafts = keeper.store.drafts_of(keeper.where.sheet_id)
    if keeper.where.round is None:
        drafts.next = draft
    else:
        drafts.edit_round, drafts.edit = keeper.where.round, draft
    if hold:
        keeper.store.hold_drafts(keeper.where.sheet_id)
    else:
        keeper.store.save_drafts()
    if keeper.confirm == "sure":  # the round asked about changed: a later save asks again
        keeper.confirm = ""


def _clear_error(keeper: Keeper, seat: int) -> None:
    keeper.errors.pop(ids.hand_key(seat), None)
    keeper.errors.pop(ids.ROUND, None)


def _forget_edit(keeper: Keeper) -> None:
    drafts = keeper.store.drafts_of(keeper.where.sheet_id)
    drafts.edit_round, drafts.edit = None, None
    keeper.store.save_drafts()


def winner(keeper: Keeper, intent: Intent) -> Effect:
    seat = int(intent.arg)
    _set_draft(keeper, keeper.draft().with_winner(seat))
    keeper.errors = {}
    return Effect(focus=ids.winner(seat))


def mode(keeper: Keeper, intent: Intent) -> Effect:
    seat_text, mode = intent.arg.split(":")
    seat = int(seat_text)
    _set_draft(keeper, keeper.draft().with_mode(seat, mode))
    _clear_error(keeper, seat)
    return Effect(focus=ids.mode(seat, mode))


def modeall(keeper: Keeper, intent: Intent) -> Effect:
    """Every hand of the round in one mode; remembered by the sheet and as the default for new sheets."""
    sheet = keeper.sheet().with_entry_mode(intent.arg)
    keeper.store.put(keeper.where.sheet_id, sheet, keeper.now(), touch=False)
    keeper.store.setup = keeper.store.setup.with_entry_mode(intent.arg)
    keeper.store.save_setup()
    _set_draft(keeper, keeper.draft().with_modes(intent.arg))
    keeper.errors = {}
    return Effect(focus=ids.modeall(intent.arg))


def total(keeper: Keeper, intent: Intent) -> Effect:
    seat = int(intent.arg)
    _set_draft(keeper, keeper.draft().with_text(seat, intent.value), hold=True)
    _clear_error(keeper, seat)
    return Effect()  # every hand's sum and message, the preview: all follow the keystroke


def card(keeper: Keeper, intent: Intent) -> Effect:
    seat_text, face = intent.arg.split(":", 1)
    seat = int(seat_text)
    draft = keeper.draft()
    tapped = faces.card_for(face, draft)
    focus = ids.face(seat, faces.FACES.index(face))
    refused = check_tap(draft, seat, tapped)
    if refused is not None:  # R-KEEP-2 at the tap: nothing added, the reason said at once
        keeper.errors = {ids.hand_key(seat): [refused]}
        return Effect(focus=focus, announce=keeper.message(refused))
    _set_draft(keeper, draft.add_card(seat, tapped))
    _clear_error(keeper, seat)
    return Effect(focus=focus)


def uncard(keeper: Keeper, intent: Intent) -> Effect:
    seat, index = (int(part) for part in intent.arg.split(":"))
    draft = keeper.draft().remove_card(seat, index)
    _set_draft(keeper, draft)
    _clear_error(keeper, seat)
    left = len(draft.hands[seat].cards)
    return Effect(focus=ids.chip(seat, min(index, left - 1)) if left else ids.face(seat, 0))


def save(keeper: Keeper, intent: Intent) -> Effect:
    """Save the round (`arg` "sure": the unusual totals asked about are meant)."""
    sheet, draft, number = keeper.sheet(), keeper.draft(), keeper.where.round
    try:
        entered = enter_round(sheet, draft, number)
    except RoundRejected as rejected:
        keeper.errors = {ids.ROUND: [rejected]}
        for error in rejected.errors:
            fid = ids.WINNER if error.field == "winner" else ids.ROUND
            if error.seat is not None:
                fid = ids.hand_key(error.seat)
            keeper.errors.setdefault(fid, []).append(error)
        first = next(iter(fid for fid in keeper.errors if fid != ids.ROUND), ids.ROUND)
        return Effect(focus=_focus_of(first, draft))
    except KeeperError as error:
        keeper.errors = {ids.ROUND: [error]}
        return Effect(focus=ids.error_line(ids.ROUND))
    if entered.unusual and not (intent.arg == "sure" and keeper.confirm == "sure"):  # far beyond a hand: ask
        keeper.errors, keeper.confirm, keeper.unusual = {}, "sure", entered.unusual
        keeper.ends_match = entered.ends_match
        sure = sure_of(keeper, keeper.saved())
        assert sure is not None
        text = " ".join((keeper.tr("score.sure_title", {}), *sure.lines))
        return Effect(focus=ids.SURE_TITLE, announce=text)
    new = entered.sheet
    keeper.confirm, keeper.unusual = "", ()
    keeper.store.put(keeper.where.sheet_id, new, keeper.now())
    if number is None:
        keeper.store.drafts_of(keeper.where.sheet_id).next = None
        keeper.store.save_drafts()
    else:
        _forget_edit(keeper)
    home = sheet_hash(keeper.where.sheet_id)
    if number is None:
        text = announcement_text(announcement(new), keeper.tr)
        keeper.flash = Flash(home, announce_round=len(new.rounds), summary_round=len(new.rounds))
        after_round(keeper, keeper.where.sheet_id)
    else:
        text = keeper.tr("score.round_changed", {"n": str(number)})
        keeper.flash = Flash(home, key="score.round_changed", args={"n": number})
    return Effect(render=False, go=home, announce=text)


def discard(keeper: Keeper, intent: Intent) -> Effect:
    """Leave the edit of a past round without saving it."""
    _forget_edit(keeper)
    return Effect(render=False, go=sheet_hash(keeper.where.sheet_id))


def delete_round(keeper: Keeper, intent: Intent) -> Effect:
    number = keeper.where.round
    if number is None:
        return Effect(render=False)
    try:
        new = keeper.sheet().delete_round(number)
    except KeeperError as error:
        keeper.errors = {ids.ROUND: [error]}
        keeper.confirm = ""
        return Effect(focus=ids.error_line(ids.ROUND))
    keeper.store.put(keeper.where.sheet_id, new, keeper.now())
    _forget_edit(keeper)
    home = sheet_hash(keeper.where.sheet_id)
    keeper.flash = Flash(home, key="score.round_deleted", args={"n": number})
    return Effect(render=False, go=home, announce=keeper.tr("score.round_deleted", {"n": str(number)}))


def _focus_of(fid: str, draft: RoundDraft) -> str:
    """Where the focus goes for the first error of a refused round."""
    if fid == ids.WINNER:
        return ids.winner(0)
    if fid.startswith("hand-"):
        seat = int(fid.split("-")[1])
        return ids.face(seat, 0) if draft.hands[seat].mode is Mode.CARDS else ids.field(fid)
    return ids.error_line(ids.ROUND)


ACTIONS: dict[str, Action] = {
    "winner": winner,
    "mode": mode,
    "modeall": modeall,
    "total": total,
    "card": card,
    "uncard": uncard,
    "save": save,
    "discard": discard,
    "delete-round": delete_round,
}
