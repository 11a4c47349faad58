"""The regulars' acts: a regular tapped at set-up, a typed name taken as a new person, the regulars' page (rename,
merge, split, forget, bring back), a sheet from elsewhere joined to the regulars, and the record page's choices."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from scorekeeper import KeeperError, clean_name
from scorekeeper.people import Regular, Roster, fresh_person, merge, regulars, used_ids
from shared.messages import (
    ScoreAddNewIntent,
    ScoreJoinIntent,
    ScorePersonForgetIntent,
    ScorePersonMergeIntent,
    ScorePersonNameIntent,
    ScorePersonRememberIntent,
    ScorePersonSplitIntent,
    ScorePickIntent,
    ScoreRecordIncludeIntent,
    ScoreRecordWhoIntent,
    ScoreVersusIntent,
)

from . import ids
from .acts_setup import added, new_person
from .effect import Effects
from .turn import Act, Turn


def pick(turn: Turn, intent: ScorePickIntent) -> Effects:
    """A regular tapped: they take the next seat, under their name."""
    library = turn.shelf.library
    found: Regular | None = next(
        (regular for regular in regulars(library, library.roster) if regular.id == intent["person"]), None
    )
    if found is None:
        raise ValueError("no such regular")  # no page offers one that is not there
    return added(turn, found.name, found.id)


def add_new(turn: Turn, intent: ScoreAddNewIntent) -> Effects:
    """The typed name as a new person (another of a regular's name)."""
    name = turn.new_name()
    try:
        person = new_person(turn, clean_name(name))
    except KeeperError:
        person = None  # the sheet refuses the name itself, with its own message
    return added(turn, name, person)


def _roster_change(turn: Turn, change: Callable[[], Roster]) -> Effects:
    """The roster as `change` makes it, or its error on the page's message line (nothing changed)."""
    try:
        roster = change()
    except KeeperError as error:
        turn.errors = {ids.PEOPLE: [error]}
        return Effects(focus=ids.error_line(ids.PEOPLE))
    turn.errors = {}
    turn.set_roster(roster)
    return Effects()


def person_name(turn: Turn, intent: ScorePersonNameIntent) -> Effects:
    roster = turn.shelf.library.roster
    return _roster_change(turn, lambda: roster.renamed(intent["person"], intent["value"]))


def person_merge(turn: Turn, intent: ScorePersonMergeIntent) -> Effects:
    """`person` is the same as the chosen regular (`value`; "" chooses nobody: nothing changes)."""
    if not intent["value"]:
        return Effects(render=False)
    library = turn.shelf.library
    return _roster_change(turn, lambda: merge(library, library.roster, intent["value"], intent["person"]))


def person_split(turn: Turn, intent: ScorePersonSplitIntent) -> Effects:
    roster = turn.shelf.library.roster
    return _roster_change(turn, lambda: roster.split(intent["person"]))


def person_forget(turn: Turn, intent: ScorePersonForgetIntent) -> Effects:
    roster = turn.shelf.library.roster
    return _roster_change(turn, lambda: roster.forget(intent["person"]))


def person_remember(turn: Turn, intent: ScorePersonRememberIntent) -> Effects:
    roster = turn.shelf.library.roster
    return _roster_change(turn, lambda: roster.remember(intent["person"]))


def join(turn: Turn, intent: ScoreJoinIntent) -> Effects:
    """A sheet from a link or another phone: the person says its players are the regulars of their names (the most
    frequent of a name; a name no regular has is a new person). Its record then counts."""
    saved = turn.saved()
    if saved is None:
        raise KeeperError("no_such_sheet", id=turn.where.sheet_id)
    library = turn.shelf.library
    found = regulars(library, library.roster)
    people: list[str | None] = list(saved.sheet.people)
    for seat, name in enumerate(saved.sheet.players):
        if people[seat] is not None:
            continue
        taken = {person for person in people if person is not None}
        same = next((r.id for r in found if r.name.casefold() == name.casefold() and r.id not in taken), None)
        people[seat] = same if same is not None else fresh_person(name, used_ids(library, people))
    turn.put(saved.id, saved.sheet.with_people(tuple(people)), touch=False)
    return Effects(focus=ids.TITLE, announce=())


def record_include(turn: Turn, intent: ScoreRecordIncludeIntent) -> Effects:
    turn.record = dataclasses.replace(turn.record, include=intent["checked"])
    return Effects(focus=ids.RECORD_INCLUDE)


def record_who(turn: Turn, intent: ScoreRecordWhoIntent) -> Effects:
    turn.record = dataclasses.replace(turn.record, who=intent["value"])
    return Effects(focus=ids.RECORD_WHO)


def versus(turn: Turn, intent: ScoreVersusIntent) -> Effects:
    a, b = turn.record.versus
    pair = (intent["value"], b) if intent["side"] == "a" else (a, intent["value"])
    turn.record = dataclasses.replace(turn.record, versus=pair)
    return Effects(focus=ids.versus(intent["side"]))


ACTS: dict[str, Act] = {
    "score.pick": pick,
    "score.add-new": add_new,
    "score.person-name": person_name,
    "score.person-merge": person_merge,
    "score.person-split": person_split,
    "score.person-forget": person_forget,
    "score.person-remember": person_remember,
    "score.join": join,
    "score.record-include": record_include,
    "score.record-who": record_who,
    "score.versus": versus,
}
