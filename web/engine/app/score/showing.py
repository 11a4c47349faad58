"""What the keeper shows for its location: builds the `Screen` the pages draw, with every text that needs
the language already in words (errors, card names, the round's announcement and summary)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper import UNUSUAL_CARDS, KeeperError, SavedSheet, announcement, live_errors, round_summary
from scorekeeper.library import SheetSummary

from . import faces, ids
from .keepsafe import KEPT_KEY, Marks, ios_card, sheet_state, storage_status
from .page_state import Note, Screen, Sure
from .sharing import all_link, decode_moved, link_of, open_link
from .texts import announcement_text, summary_lines

if TYPE_CHECKING:
    from .keeper import Keeper


def screen_of(keeper: Keeper) -> Screen:
    """The screen of the keeper's location, as plain values (`pages.render` draws it)."""
    where = keeper.where
    saved = keeper.saved() if where.sheet_id else None
    setup = draft = None
    listing: tuple[SheetSummary, ...] = ()
    if where.page == "list":
        listing = keeper.store.library.listing()
    elif where.page == "new" or (where.page == "setup" and saved is not None):
        setup = keeper.setup_sheet()
    elif (
        where.page == "round"
        and saved is not None
        and not saved.sheet.setup_problems()
        and (where.round is None or 1 <= where.round <= len(saved.sheet.rounds))
    ):
        draft = keeper.draft()
    found_errors: dict[str, list[KeeperError]] = {fid: list(found) for fid, found in keeper.errors.items()}
    live: tuple[str, ...] = ()
    if draft is not None and saved is not None:
        problems = live_errors(draft, saved.sheet.options)
        for error in problems:
            if error.seat is not None:
                found_errors.setdefault(ids.hand_key(error.seat), []).append(error)
        live = tuple(dict.fromkeys(keeper.message(error) for error in problems))
    errors = {
        fid: tuple(dict.fromkeys(keeper.message(error) for error in found))
        for fid, found in found_errors.items()
        if found
    }
    return Screen(
        where=where,
        errors=errors,
        pending=dict(keeper.pending),
        confirm=keeper.confirm,
        note=_note(keeper, saved),
        saved=saved,
        setup=setup,
        draft=draft,
        new_name=keeper.new_name() if setup is not None else "",
        listing=listing,
        damaged=bool(keeper.store.problems),
        face_names={face: keeper.face_name(face) for face in faces.NAMED},
        live=live,
        used_up=faces.used_up(draft) if draft is not None else (),
        sure=sure_of(keeper, saved),
        summary=summary_of(keeper, saved),
        link=_link(keeper, saved),
        found=open_link(keeper.store.library, where.token, keeper.tr) if where.page == "open" else None,
        moved=decode_moved(where.token, keeper.tr) if where.page == "openall" else (),
        **_keepsafe(keeper),
    )


def _link(keeper: Keeper, saved: SavedSheet | None) -> str:
    """The link a page shows: the sheet's, or every sheet's on "Move all my sheets"."""
    if keeper.where.page == "link" and saved is not None:
        return link_of(keeper.base(), saved.sheet)
    if keeper.where.page == "moveall":
        return all_link(keeper.base(), keeper.store.library)
    return ""


def _keepsafe(keeper: Keeper) -> dict[str, Any]:
    """The list's storage line, the iOS card and the not-kept marks; the sheet's "Keep a copy" offer."""
    where, facts, library = keeper.where, keeper.facts, keeper.store.library
    kept = Marks.from_text(keeper.store.storage.get(KEPT_KEY))
    if where.page == "list":
        return {
            "storage": storage_status(facts),
            "ios_card": not kept.card_dismissed and ios_card(facts, sheet_state(library)),
            "only_here": kept.only_here(library),
        }
    offer = where.page == "sheet" and keeper.copy_offer == where.sheet_id
    return {"copy_offer": offer and where.sheet_id in kept.only_here(library)}


def summary_of(keeper: Keeper, saved: SavedSheet | None) -> tuple[str, ...]:
    """The summary of the round just saved, in words (shown on the sheet until the screen changes)."""
    flash = keeper.flash
    if flash is None or flash.where != keeper.where.to_hash() or saved is None or keeper.where.page != "sheet":
        return ()
    number = flash.summary_round
    if not number or number > len(saved.sheet.rounds):
        return ()
    return summary_lines(round_summary(saved.sheet, number), keeper.tr)


def sure_of(keeper: Keeper, saved: SavedSheet | None) -> Sure | None:
    """The "are you sure" question of this screen, in words (None: not asked)."""
    if keeper.confirm != "sure" or saved is None:
        return None
    lines = tuple(
        keeper.tr(
            "score.sure_hand",
            {
                "name": saved.sheet.players[item.seat],
                "total": str(item.total),
                "cards": str(UNUSUAL_CARDS),
                "limit": str(item.limit),
            },
        )
        for item in keeper.unusual
    )
    return Sure(lines, keeper.ends_match, keeper.unusual[0].seat if keeper.unusual else 0)


def _note(keeper: Keeper, saved: SavedSheet | None) -> Note | None:
    """The flash of this screen in words (None: nothing to show here)."""
    flash = keeper.flash
    if flash is None or flash.where != keeper.where.to_hash():
        return None
    number = flash.announce_round
    if saved is not None and number and number <= len(saved.sheet.rounds):
        text = announcement_text(announcement(saved.sheet, number), keeper.tr)
        return Note(text=text, copy_text=flash.copy_text)
    if flash.key:
        return Note(key=flash.key, args=dict(flash.args), copy_text=flash.copy_text, open_id=flash.open_id)
    return None
