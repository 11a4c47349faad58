"""What the keeper shows for its location: builds the `Screen` the pages draw from the keeper's state (pure).
Every text is a catalogue phrase (`texts`): the pages bind them, so a language switch relabels them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from app.tree import Phrase
from scorekeeper import KeeperError, SavedSheet, Sheet, announcement, live_errors, round_summary
from scorekeeper.library import SheetSummary
from scorekeeper.people import offered, regulars
from scorekeeper.record import head_to_head, record

from . import faces, ids
from .keepsafe import Facts, ios_card, sheet_state, storage_status
from .page_state import Note, Screen, Sure
from .sharing import all_link, decode_moved, link_of, open_link
from .texts import announcement_said, message, summary_phrases, sure_lines
from .turn import State
from .visit import shown_summary


def screen_of(state: State, facts: Facts, base: Callable[[], str]) -> Screen:
    """The screen of the visit's location, as plain values (`pages.render` draws it). `facts`: what the page
    told about this browser's storage; `base()`: the app's address (what links start with)."""
    shelf, visit = state.shelf, state.visit
    where = visit.where
    saved = shelf.saved(where.sheet_id) if where.sheet_id else None
    setup = draft = None
    listing: tuple[SheetSummary, ...] = ()
    if where.page == "list":
        listing = shelf.library.listing()
    elif where.page == "new":
        setup = shelf.setup
    elif where.page == "setup" and saved is not None:
        setup = saved.sheet
    elif (
        where.page == "round"
        and saved is not None
        and not saved.sheet.setup_problems()
        and (where.round is None or 1 <= where.round <= len(saved.sheet.rounds))
    ):
        draft = shelf.draft(where)
    found_errors: dict[str, list[KeeperError]] = {fid: list(found) for fid, found in visit.errors.items()}
    live: tuple[Phrase, ...] = ()
    if draft is not None and saved is not None:
        problems = live_errors(draft, saved.sheet.options)
        for error in problems:
            if error.seat is not None:
                found_errors.setdefault(ids.hand_key(error.seat), []).append(error)
        live = tuple(dict.fromkeys(message(error, draft) for error in problems))
    errors = {
        fid: tuple(dict.fromkeys(message(error, draft) for error in found))
        for fid, found in found_errors.items()
        if found
    }
    return Screen(
        where=where,
        errors=errors,
        pending=dict(visit.pending),
        confirm=visit.confirm,
        note=_note(state, saved),
        saved=saved,
        setup=setup,
        draft=draft,
        new_name=_new_name(state) if setup is not None else "",
        listing=listing,
        damaged=bool(shelf.problems),
        live=live,
        used_up=faces.used_up(draft) if draft is not None else (),
        sure=_sure(state, saved),
        summary=_summary(state, saved),
        link=_link(state, saved, base),
        found=open_link(shelf.library, where.token) if where.page == "open" else None,
        moved=decode_moved(where.token) if where.page == "openall" else (),
        **_keepsafe(state, facts),
        **_people(state, setup, saved),
    )


def _people(state: State, setup: Sheet | None, saved: SavedSheet | None) -> dict[str, Any]:
    """The regulars offered at set-up, the regulars' page, a sheet's "they are my regulars", the record page."""
    shelf, visit = state.shelf, state.visit
    library, where = shelf.library, visit.where
    if setup is not None and not setup.started:
        found = regulars(library, library.roster)
        typed = _new_name(state)
        taken = {library.roster.resolve(person) for person in setup.people if person is not None}
        folded = " ".join(typed.split()).casefold()
        twin = bool(folded) and any(r.name.casefold() == folded and r.id not in taken for r in found)
        return {"regulars": offered(found, typed, taken), "new_twin": twin}
    if where.page == "people":
        forgot = dataclasses.replace(library.roster, forgotten=frozenset())
        gone = tuple(r for r in regulars(library, forgot) if r.id in library.roster.forgotten)
        return {"regulars": regulars(library, library.roster), "forgotten": gone}
    if where.page == "sheet" and saved is not None:
        return {"join_offer": None in saved.sheet.people}
    if where.page == "record":
        choice = visit.record
        found_record = record(library)
        counted = {evening.sheet_id for evening in found_record.evenings}  # the finished ones
        playing = [entry for entry in library.entries if entry.sheet.rounds and entry.id not in counted]
        latest = max(playing, key=lambda entry: (entry.updated, entry.id)) if playing else None
        if latest is not None and choice.include:
            found_record = record(library, latest.id)
        everyone = [item.person for item in found_record.people]
        a, b = choice.versus
        a = a if a in everyone else (everyone[0] if everyone else "")
        b = b if b in everyone and b != a else next((p for p in everyone if p != a), "")
        pair = head_to_head(found_record.evenings, a, b) if a and b else None
        who = choice.who if choice.who in everyone else (everyone[0] if everyone else "")
        shown = dataclasses.replace(choice, who=who, versus=(a, b))
        return {"record": found_record, "choice": shown, "in_progress": latest, "versus": pair}
    return {}


def _new_name(state: State) -> str:
    """The name typed for the next player (a new game's is kept with its set-up)."""
    if state.visit.where.page == "new":
        return state.shelf.setup_name
    return state.visit.pending.get(ids.NAME_NEW, "")


def _link(state: State, saved: SavedSheet | None, base: Callable[[], str]) -> str:
    """The link a page shows: the sheet's, or every sheet's on "Move all my sheets"."""
    page = state.visit.where.page
    if page == "link" and saved is not None:
        return link_of(base(), saved.sheet)
    if page == "moveall":
        return all_link(base(), state.shelf.library)
    return ""


def _keepsafe(state: State, facts: Facts) -> dict[str, Any]:
    """The list's storage line, the iOS card and the not-kept marks; the sheet's "Keep a copy" offer."""
    where, library, marks = state.visit.where, state.shelf.library, state.shelf.marks
    if where.page == "list":
        return {
            "storage": storage_status(facts),
            "ios_card": not marks.card_dismissed and ios_card(facts, sheet_state(library)),
            "only_here": marks.only_here(library),
        }
    offer = where.page == "sheet" and state.visit.copy_offer == where.sheet_id
    return {"copy_offer": offer and where.sheet_id in marks.only_here(library)}


def _summary(state: State, saved: SavedSheet | None) -> tuple[Phrase, ...]:
    """The summary of the round just saved (shown on the sheet until the screen changes)."""
    number = shown_summary(state.visit.flash, state.visit.where, saved.sheet if saved is not None else None)
    if number is None or saved is None:
        return ()
    return summary_phrases(round_summary(saved.sheet, number))


def _sure(state: State, saved: SavedSheet | None) -> Sure | None:
    """The "are you sure" question of this screen (None: not asked)."""
    visit = state.visit
    if visit.confirm != "sure" or saved is None:
        return None
    return Sure(sure_lines(saved.sheet, visit.unusual), visit.ends_match, visit.unusual[0].seat if visit.unusual else 0)


def _note(state: State, saved: SavedSheet | None) -> Note | None:
    """The flash of this screen (None: nothing to show here)."""
    flash = state.visit.flash
    if flash is None or flash.where != state.visit.where.to_hash():
        return None
    number = flash.announce_round
    if saved is not None and number and number <= len(saved.sheet.rounds):
        return Note(said=announcement_said(announcement(saved.sheet, number)), copy_text=flash.copy_text)
    if flash.key:
        return Note(key=flash.key, args=dict(flash.args), copy_text=flash.copy_text, open_id=flash.open_id)
    return None
