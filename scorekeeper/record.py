"""The regulars' record across evenings (one sheet is one evening), computed from the library: pure functions.

How each figure counts (the record page says the same):

- Finished sheets only, unless ``include`` names a sheet in progress: it counts as played (its rounds and points
  too), won by nobody yet.
- A sheet played in teams counts for the team (``TeamRecord``) and for each partner: the team's evening won, its
  points gained and its rounds won count for each partner; points left in hand are each player's own.
- Points gained: what the player's side added to its total each round (``Tally.rows[].gained``); their average is
  over the rounds they played. Points given away: the points left in their hand when another went out.
- Best and worst evening: the highest and lowest final total (by penalty scoring, where fewer is better, the
  lowest and highest); equal ones: the earlier.
- Win share: each finished evening's win is 1, shared equally by the winning side's players (``None``: a seat of
  nobody in the record); a player's win share is their part of the group's evenings.
- Head to head: evenings both played on different sides; who finished ahead (their side ranked better).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from uno_core.rules import Scoring, teams_fit
from uno_core.scoring import match_winner, round_points, sides_of

from .library import Library
from .people import regulars
from .sheet import Sheet


@dataclass(frozen=True, slots=True)
class Side:
    """One side of one evening: its people (resolved ids; None for a seat of nobody in the record)."""

    seats: tuple[int, ...]
    people: tuple[str | None, ...]
    total: int
    rank: int
    won: bool
    gained: int  # points gained over the evening (= total)
    rounds_won: int


@dataclass(frozen=True, slots=True)
class Evening:
    """One sheet as the record counts it."""

    sheet_id: str
    title: str
    when: int  # the sheet's ``created``
    finished: bool
    penalty: bool  # scored by penalty: fewer points are better
    rounds: int
    sides: tuple[Side, ...]
    seat_people: tuple[str | None, ...]
    given: tuple[int, ...]  # per seat, the points left in hand over the evening

    def side_of(self, person: str) -> Side | None:
        return next((side for side in self.sides if person in side.people), None)

    def shares(self) -> dict[str | None, float]:
        """Who had a part of this evening's win (1 in all, shared by the winning side's seats); {} if unfinished."""
        winner = next((side for side in self.sides if side.won), None)
        if winner is None:
            return {}
        part = 1 / len(winner.people)
        found: dict[str | None, float] = {}
        for person in winner.people:
            found[person] = found.get(person, 0.0) + part
        return found


@dataclass(frozen=True, slots=True)
class EveningResult:
    sheet_id: str
    title: str
    when: int
    total: int


@dataclass(frozen=True, slots=True)
class PersonRecord:
    person: str
    name: str
    played: int
    won: int
    rounds: int  # rounds played
    gained: int  # points gained over those rounds
    given: int  # points left in hand
    rounds_won: int
    streak: int  # the longest run of evenings won in a row (of those they played)
    best: EveningResult | None
    worst: EveningResult | None
    totals: tuple[EveningResult, ...]  # each evening's final total, in order (the chart)
    share: float  # their part of the group's evenings won

    @property
    def win_rate(self) -> float:
        """Evenings won / played (0 before any)."""
        return self.won / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        """Points gained a round (0 before any)."""
        return self.gained / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class TeamRecord:
    people: tuple[str, ...]  # sorted ids of the partners (every one in the record)
    names: tuple[str, ...]
    played: int
    won: int
    rounds_won: int
    gained: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    a: str
    b: str
    together: int  # evenings both played on different sides
    a_ahead: int
    b_ahead: int

    @property
    def level(self) -> int:
        return self.together - self.a_ahead - self.b_ahead


@dataclass(frozen=True, slots=True)
class Record:
    evenings: tuple[Evening, ...]  # those counted, in order played
    people: tuple[PersonRecord, ...]  # most evenings won first
    teams: tuple[TeamRecord, ...]
    others_share: float  # the part of the evenings won by seats of nobody in the record
    names: Mapping[str, str] = field(default_factory=dict)

    def of(self, person: str) -> PersonRecord | None:
        return next((item for item in self.people if item.person == person), None)


def evenings(library: Library, include: str | None = None) -> tuple[Evening, ...]:
    """Every finished sheet (and ``include``, a sheet in progress) as an evening, earliest first."""
    roster = library.roster
    found = []
    for entry in sorted(library.entries, key=lambda entry: (entry.created, entry.id)):
        sheet = entry.sheet
        if not sheet.rounds:
            continue
        outcome = outcome_of(sheet)
        if not (outcome.winner is not None or entry.id == include):
            continue
        people = tuple(
            None if person is None or roster.resolve(person) in roster.forgotten else roster.resolve(person)
            for person in sheet.people
        )
        sides = tuple(
            Side(
                seats,
                tuple(people[seat] for seat in seats),
                outcome.totals[side],
                outcome.ranks[side],
                outcome.winner == side,
                outcome.totals[side],
                outcome.rounds_won[side],
            )
            for side, seats in enumerate(outcome.side_seats)
        )
        found.append(
            Evening(
                entry.id,
                entry.title,
                entry.created,
                outcome.winner is not None,
                sheet.options.scoring is Scoring.PENALTY,
                len(sheet.rounds),
                sides,
                people,
                outcome.given,
            )
        )
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the record needs of one sheet: ``Tally``'s totals, winner and ranks, reckoned without its rows (the
    record reads hundreds of sheets; ``tests/scorekeeper/test_keeper_record.py`` checks the two agree)."""

    side_seats: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winner: int | None
    ranks: tuple[int, ...]  # per side, as the standings rank it
    rounds_won: tuple[int, ...]  # per side
    given: tuple[int, ...]  # per seat, the points left in hand


def outcome_of(sheet: Sheet) -> Outcome:
    """The outcome of a sheet of saved rounds (a valid ``Sheet`` ends with the round that won it, if any)."""
    options = sheet.options
    count = len(sheet.players)
    sides = sides_of(count, options.teams and teams_fit(count))
    side_count = max(sides) + 1
    totals = [0] * side_count
    rounds_won = [0] * side_count
    given = [0] * count
    wild = options.wild_points
    for round_ in sheet.rounds:
        points = [0 if hand is None else hand.points(wild) for hand in round_.hands]
        for side, gain in enumerate(round_points(points, round_.winner, options.scoring, sides)):
            totals[side] += gain
        rounds_won[sides[round_.winner]] += 1
        for seat, value in enumerate(points):
            given[seat] += value
    winner = match_winner(totals, options.target, options.scoring, sides[sheet.rounds[-1].winner])
    sign = 1 if options.scoring is Scoring.PENALTY else -1
    keys = [(side != winner, sign * totals[side]) for side in range(side_count)]
    ranks = tuple(1 + sum(1 for other in keys if other < key) for key in keys)
    seats_of: list[list[int]] = [[] for _ in range(side_count)]
    for seat, side in enumerate(sides):
        seats_of[side].append(seat)
    side_seats = tuple(tuple(seats) for seats in seats_of)
    return Outcome(side_seats, tuple(totals), winner, ranks, tuple(rounds_won), tuple(given))


def record(library: Library, include: str | None = None) -> Record:
    """The record of every regular over the library's evenings (see the module's notes for how each counts)."""
    counted = evenings(library, include)
    names = {regular.id: regular.name for regular in regulars(library, library.roster)}
    tallies: dict[str, _Counts] = {}
    teams: dict[tuple[str, ...], list[int]] = {}
    shares: dict[str | None, float] = {}
    for evening in counted:
        for person, part in evening.shares().items():
            shares[person] = shares.get(person, 0.0) + part
        for side in evening.sides:
            for seat, person in zip(side.seats, side.people, strict=True):
                if person is not None:
                    tallies.setdefault(person, _Counts()).add(evening, side, seat)
            if len(side.people) > 1 and None not in side.people:
                key = tuple(sorted(person for person in side.people if person is not None))
                counts = teams.setdefault(key, [0, 0, 0, 0])
                counts[0] += 1
                counts[1] += side.won
                counts[2] += side.rounds_won
                counts[3] += side.gained
    won_total = sum(1 for evening in counted if evening.finished)
    people = [
        counts.finish(person, names.get(person, person), shares.get(person, 0.0) / won_total if won_total else 0.0)
        for person, counts in tallies.items()
        if person in names
    ]
    people.sort(key=lambda item: (-item.won, -item.win_rate, -item.played, item.name.casefold(), item.person))
    team_records = [
        TeamRecord(key, tuple(names.get(person, person) for person in key), *counts)
        for key, counts in teams.items()
        if all(person in names for person in key)
    ]
    team_records.sort(key=lambda item: (-item.won, -item.played, item.names))
    others = shares.get(None, 0.0) / won_total if won_total else 0.0
    return Record(counted, tuple(people), tuple(team_records), others, names)


def head_to_head(found: Iterable[Evening], a: str, b: str) -> HeadToHead:
    """``a`` against ``b`` over ``found`` (resolved ids): evenings both played on different sides, who was ahead."""
    together = a_ahead = b_ahead = 0
    for evening in found:
        side_a, side_b = evening.side_of(a), evening.side_of(b)
        if side_a is None or side_b is None or side_a is side_b:
            continue
        together += 1
        a_ahead += side_a.rank < side_b.rank
        b_ahead += side_b.rank < side_a.rank
    return HeadToHead(a, b, together, a_ahead, b_ahead)


class _Counts:
    """One person's running figures while the evenings are read."""

    def __init__(self) -> None:
        self.played = self.won = self.rounds = self.gained = self.given = self.rounds_won = 0
        self.run = self.streak = 0
        self.totals: list[tuple[EveningResult, int]] = []  # each with how good it was (higher is better)

    def add(self, evening: Evening, side: Side, seat: int) -> None:
        self.played += 1
        self.won += side.won
        self.rounds += evening.rounds
        self.gained += side.gained
        self.given += evening.given[seat]
        self.rounds_won += side.rounds_won
        self.run = self.run + 1 if side.won else 0
        self.streak = max(self.streak, self.run)
        result = EveningResult(evening.sheet_id, evening.title, evening.when, side.total)
        self.totals.append((result, -side.total if evening.penalty else side.total))

    def finish(self, person: str, name: str, share: float) -> PersonRecord:
        # max/min keep the first of equals: the earlier evening
        best = max(self.totals, key=lambda item: item[1])[0] if self.totals else None
        worst = min(self.totals, key=lambda item: item[1])[0] if self.totals else None
        return PersonRecord(
            person,
            name,
            self.played,
            self.won,
            self.rounds,
            self.gained,
            self.given,
            self.rounds_won,
            self.streak,
            best,
            worst,
            tuple(result for result, _good in self.totals),
            share,
        )
