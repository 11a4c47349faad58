"""The regulars: the people of the sheets kept here, each known by a stable id kept with the name on every sheet
(``Sheet.people``), so a renamed player keeps their record and two people may share a first name.

A ``Roster`` holds only what the person changed: a regular's new name, who was merged into whom (undone by
``split``), who was forgotten. Everything else is read from the library: a regular's name is the one on their last
sheet unless renamed here, and ``regulars`` lists them most frequent first. Values, no clock: like ``Sheet``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .chars import has_bad_char
from .errors import LoadError, SetupError
from .save import name_person
from .sheet import PERSON_MAX, clean_name

if TYPE_CHECKING:
    from .library import Library

OFFER_MAX = 12  # regulars offered at once at set-up (typed letters narrow them)


@dataclass(frozen=True, slots=True)
class Roster:
    """What the person changed about the regulars (saved with the library)."""

    names: Mapping[str, str] = field(default_factory=dict)  # a regular renamed here: id -> name
    merged: Mapping[str, str] = field(default_factory=dict)  # a person merged into another: id -> the other's id
    forgotten: frozenset[str] = frozenset()  # people no longer offered nor shown in the record

    def resolve(self, person: str) -> str:
        """Who ``person`` is now: the regular they were merged into (followed to the end), else themselves."""
        seen = {person}
        while person in self.merged:
            person = self.merged[person]
            if person in seen:  # a loop cannot be saved (`from_data`); stop rather than spin
                break
            seen.add(person)
        return person

    def renamed(self, person: str, name: str) -> Roster:
        """``person`` called ``name`` from now on (their sheets keep the names they were played under)."""
        return dataclasses.replace(self, names={**self.names, self.resolve(person): clean_name(name)})

    def split(self, person: str) -> Roster:
        """``person`` is themselves again (a merge undone)."""
        if person not in self.merged:
            raise SetupError("not_merged", field="people")
        return dataclasses.replace(self, merged={key: value for key, value in self.merged.items() if key != person})

    def forget(self, person: str) -> Roster:
        return dataclasses.replace(self, forgotten=self.forgotten | {self.resolve(person)})

    def remember(self, person: str) -> Roster:
        """A forgotten person offered and counted again."""
        return dataclasses.replace(self, forgotten=self.forgotten - {person})

    def to_data(self) -> dict[str, Any]:
        return {"names": dict(self.names), "merged": dict(self.merged), "forgotten": sorted(self.forgotten)}

    @classmethod
    def from_data(cls, data: Any) -> Roster:
        """Strict: ``LoadError("bad_field")`` on anything that is not a roster."""
        if not isinstance(data, dict) or set(data) != {"names", "merged", "forgotten"}:
            raise LoadError("bad_field", path="people", expected="an object with names, merged, forgotten")
        names, merged, forgotten = data["names"], data["merged"], data["forgotten"]
        if not isinstance(names, dict) or not all(_is_id(key) and isinstance(v, str) for key, v in names.items()):
            raise LoadError("bad_field", path="people.names", expected="person ids and their names")
        for name in names.values():
            try:
                if clean_name(name) != name:
                    raise LoadError("bad_field", path="people.names", expected="names")
            except SetupError:
                raise LoadError("bad_field", path="people.names", expected="names") from None
        if not isinstance(merged, dict) or not all(_is_id(key) and _is_id(v) for key, v in merged.items()):
            raise LoadError("bad_field", path="people.merged", expected="person ids")
        if not isinstance(forgotten, list) or not all(_is_id(item) for item in forgotten):
            raise LoadError("bad_field", path="people.forgotten", expected="a list of person ids")
        roster = cls(dict(names), dict(merged), frozenset(forgotten))
        if any(roster.resolve(person) == person for person in merged):
            raise LoadError("bad_field", path="people.merged", expected="no loop")
        return roster


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= PERSON_MAX and not has_bad_char(value)


@dataclass(frozen=True, slots=True)
class Regular:
    """One person of the sheets here, as offered and managed."""

    id: str
    name: str
    evenings: int  # sheets they played (every sheet, finished or not)
    last: int  # when their last sheet was last played (the library's ``updated``)
    with_names: tuple[str, ...]  # the others at their last sheet (tells two people of one name apart)
    merged: tuple[tuple[str, str], ...] = ()  # the people merged into this one, (id, name): each can be split again


def seated(library: Library, roster: Roster) -> dict[str, list[tuple[int, str, tuple[str, ...]]]]:
    """Per regular (resolved, not forgotten): each sheet they sat at, as (updated, their name, the others' names)."""
    found: dict[str, list[tuple[int, str, tuple[str, ...]]]] = {}
    for entry in library.entries:
        sheet = entry.sheet
        for seat, person in enumerate(sheet.people):
            if person is None:
                continue
            who = roster.resolve(person)
            if who in roster.forgotten:
                continue
            others = sheet.players[:seat] + sheet.players[seat + 1 :]
            found.setdefault(who, []).append((entry.updated, sheet.players[seat], others))
    return found


def regulars(library: Library, roster: Roster) -> tuple[Regular, ...]:
    """Every regular, most frequent first (then last played first, then by name). A regular's name: as renamed here,
    else the one they last played under (of those merged into them, their own)."""
    named: dict[str, tuple[int, str]] = {}  # each person's own name on their last sheet
    for entry in library.entries:
        for person, name in zip(entry.sheet.people, entry.sheet.players, strict=True):
            if person is not None and (person not in named or named[person][0] <= entry.updated):
                named[person] = (entry.updated, name)
    merged: dict[str, list[tuple[str, str]]] = {}
    for person in roster.merged:
        merged.setdefault(roster.resolve(person), []).append((person, named.get(person, (0, person))[1]))
    items = []
    for person, sheets in seated(library, roster).items():
        last, name, others = max(sheets, key=lambda item: item[0])
        own = named[person][1] if person in named else name  # a merge keeps the name of the one merged into
        items.append(
            Regular(
                person,
                roster.names.get(person, own),
                len(sheets),
                last,
                others,
                tuple(sorted(merged.get(person, ()))),
            )
        )
    return tuple(sorted(items, key=lambda item: (-item.evenings, -item.last, item.name.casefold(), item.id)))


def offered(found: Iterable[Regular], typed: str, taken: Iterable[str]) -> tuple[Regular, ...]:
    """The regulars to offer at set-up: not seated yet (``taken``: resolved ids), a word of whose name starts with
    the ``typed`` letters (case and accents as typed, ignoring case), at most ``OFFER_MAX``."""
    text = " ".join(typed.split()).casefold()
    busy = set(taken)
    chosen = []
    for regular in found:
        if regular.id in busy:
            continue
        name = regular.name.casefold()
        if text and not (name.startswith(text) or any(word.startswith(text) for word in name.split())):
            continue
        chosen.append(regular)
        if len(chosen) == OFFER_MAX:
            break
    return tuple(chosen)


def used_ids(library: Library, *more: Iterable[str | None]) -> set[str]:
    """Every person id the library's sheets and roster use, and those of ``more`` (a sheet being set up)."""
    used = {person for entry in library.entries for person in entry.sheet.people if person is not None}
    roster = library.roster
    used |= set(roster.names) | set(roster.merged) | set(roster.merged.values()) | roster.forgotten
    for people in more:
        used |= {person for person in people if person is not None}
    return used


def fresh_person(name: str, used: set[str]) -> str:
    """A new person's id: their name as an old save's (``save.name_person``, "~ana"), numbered when that is taken
    ("~ana#2"): readable, the same on every phone for the same steps, and never another person's."""
    base = name_person(name)[: PERSON_MAX - 6]
    if base not in used:
        return base
    return next(f"{base}#{n}" for n in range(2, len(used) + 3) if f"{base}#{n}" not in used)


def merge(library: Library, roster: Roster, keep: str, gone: str) -> Roster:
    """``gone`` is ``keep`` from now on (their evenings count as one person's); ``split`` undoes it. Refused
    (``SetupError``) for one person with themselves, or two people who played at one sheet."""
    keep, gone = roster.resolve(keep), roster.resolve(gone)
    if keep == gone:
        raise SetupError("same_person", field="people")
    for entry in library.entries:
        sitting = {roster.resolve(person) for person in entry.sheet.people if person is not None}
        if keep in sitting and gone in sitting:
            raise SetupError("played_together", field="people", title=entry.title)
    return dataclasses.replace(roster, merged={**roster.merged, gone: keep})
