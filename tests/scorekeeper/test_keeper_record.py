"""The regulars and their record across evenings, on hand-made sheets whose figures are worked out by hand in the
comments; and the record's properties (hypothesis)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from keeper_helpers import typed_draft

from scorekeeper import Library, Options, SetupError, Sheet, load_library
from scorekeeper.people import Roster, merge, offered, regulars
from scorekeeper.record import head_to_head, outcome_of, record
from uno_core.rules import Scoring


def sheet_of(
    people: list[tuple[str, str | None]], rounds: list[tuple[int, dict[int, int]]], **options: object
) -> Sheet:
    sheet = Sheet(options=Options(target=100).replace(**options))
    for name, person in people:
        sheet = sheet.add_player(name, person)
    sheet = sheet.choose_dealer(0)
    for winner, totals in rounds:
        sheet = sheet.add_round(typed_draft(len(people), winner, dict(totals)))
    return sheet


# S1: Ana out (Beto 30, Caro 20) = Ana 50; Caro out (Ana 10, Beto 5) = Caro 15; Ana out (Beto 40, Caro 15) = Ana 105:
# Ana wins; ranks Ana 1, Caro 2, Beto 3; left in hand Ana 10, Beto 75, Caro 35
S1 = sheet_of(
    [("Ana", "a"), ("Beto", "b"), ("Caro", "c")], [(0, {1: 30, 2: 20}), (2, {0: 10, 1: 5}), (0, {1: 40, 2: 15})]
)
# S2: the same Beto played as "Roberto": out twice (Ana 60, then 45) = 105, wins; Ana left 105 in hand
S2 = sheet_of([("Ana", "a"), ("Roberto", "b")], [(1, {0: 60}), (1, {0: 45})])
# S3, teams Ana & Caro (seats 0, 2) against Beto & Dee (1, 3): Beto out (Ana 30, Caro 40) = BD 70; Caro out (Beto
# 20, Dee 15) = AC 35; Dee out (Ana 20, Caro 15) = BD 105, wins; left: Ana 50, Beto 20, Caro 55, Dee 15
S3 = sheet_of(
    [("Ana", "a"), ("Beto", "b"), ("Caro", "c"), ("Dee", "d")],
    [(1, {0: 30, 2: 40}), (2, {1: 20, 3: 15}), (3, {0: 20, 2: 15})],
    teams=True,
)
# S4: Eva out twice (Ana 20, Caro 20; Ana 30, Caro 30) = 100, wins; Ana and Caro tie at 0 (both rank 2)
S4 = sheet_of([("Ana", "a"), ("Caro", "c"), ("Eva", "e")], [(2, {0: 20, 1: 20}), (2, {0: 30, 1: 30})])
# S5, in progress: Ana out (Beto 10) = Ana 10
S5 = sheet_of([("Ana", "a"), ("Beto", "b")], [(0, {1: 10})])
# S6, an old save's Bob ("~bob", the same man as Beto): out twice (Ana 60, 50) = 110, wins
S6 = sheet_of([("Ana", "a"), ("Bob", "~bob")], [(1, {0: 60}), (1, {0: 50})])


def evenings_library(roster: Roster | None = None) -> Library:
    library = Library()
    for number, sheet in enumerate((S1, S2, S3, S4, S5, S6), start=1):
        library = library.put(f"s{number}", sheet, number)
    return library.with_roster(roster or Roster())


def test_the_record_of_hand_worked_evenings() -> None:
    found = record(evenings_library())
    assert [evening.sheet_id for evening in found.evenings] == ["s1", "s2", "s3", "s4", "s6"]  # S5 unfinished
    ana = found.of("a")
    assert ana is not None
    assert (ana.played, ana.won, ana.rounds, ana.gained, ana.given, ana.rounds_won, ana.streak) == (
        5, 1, 12, 140, 325, 3, 1
    )  # fmt: skip
    assert ana.win_rate == pytest.approx(0.2) and ana.average == pytest.approx(140 / 12)
    assert ana.best is not None and ana.worst is not None
    assert (ana.best.sheet_id, ana.best.total, ana.worst.sheet_id, ana.worst.total) == ("s1", 105, "s2", 0)
    assert [result.total for result in ana.totals] == [105, 0, 35, 0, 0]
    beto = found.of("b")
    assert beto is not None and beto.name == "Beto"  # the name on his last sheet (S5)
    assert (beto.played, beto.won, beto.rounds, beto.gained, beto.given, beto.rounds_won, beto.streak) == (
        3, 2, 8, 210, 95, 4, 2
    )  # fmt: skip
    assert beto.best is not None and beto.best.sheet_id == "s2"  # S2 and S3 both 105: the earlier
    dee, caro = found.of("d"), found.of("c")
    assert dee is not None and (dee.played, dee.won, dee.rounds_won, dee.given) == (1, 1, 2, 15)  # the team's
    assert caro is not None and (caro.played, caro.won, caro.given) == (3, 0, 35 + 55 + 50)
    shares = {item.person: item.share for item in found.people}
    assert shares == pytest.approx({"a": 0.2, "b": 0.3, "c": 0.0, "d": 0.1, "e": 0.2, "~bob": 0.2})
    assert [(team.names, team.played, team.won, team.rounds_won, team.gained) for team in found.teams] == [
        (("Beto", "Dee"), 1, 1, 2, 105),
        (("Ana", "Caro"), 1, 0, 1, 35),
    ]
    # most won, then best rate, then most played, then by name: Beto; Bob, Dee, Eva (1 of 1); Ana; Caro
    assert [item.person for item in found.people] == ["b", "~bob", "d", "e", "a", "c"]
    versus = head_to_head(found.evenings, "a", "b")
    assert (versus.together, versus.a_ahead, versus.b_ahead, versus.level) == (3, 1, 2, 0)
    tie = head_to_head(found.evenings, "a", "c")  # S1 Ana ahead; S3 partners (not counted); S4 level
    assert (tie.together, tie.a_ahead, tie.b_ahead, tie.level) == (2, 1, 0, 1)


def test_a_merge_a_rename_a_forgotten_player_and_the_evening_in_progress() -> None:
    library = evenings_library()
    roster = merge(library, library.roster, "b", "~bob").renamed("b", "Roberto").forget("e")
    found = record(library.with_roster(roster))
    beto = found.of("b")
    assert beto is not None and beto.name == "Roberto" and found.of("~bob") is None
    assert (beto.played, beto.won, beto.rounds, beto.gained, beto.rounds_won, beto.streak) == (4, 3, 10, 320, 6, 3)
    assert head_to_head(found.evenings, "a", "b").b_ahead == 3
    assert found.of("e") is None and found.others_share == pytest.approx(0.2)  # Eva forgotten: her win is no one's
    with_s5 = record(library, include="s5")
    ana = with_s5.of("a")
    assert ana is not None and (ana.played, ana.won, ana.rounds, ana.gained, ana.rounds_won) == (6, 1, 13, 150, 4)
    beto_now = with_s5.of("b")
    assert beto_now is not None and (beto_now.played, beto_now.given, beto_now.streak) == (4, 105, 2)
    with pytest.raises(SetupError):  # Ana and Beto played together: not one person
        merge(library, library.roster, "a", "b")
    with pytest.raises(SetupError):
        merge(library, library.roster, "a", "a")


def test_regulars_are_offered_most_frequent_first_and_typed_letters_filter() -> None:
    library = evenings_library()
    found = regulars(library, library.roster)
    assert [(item.id, item.name, item.evenings) for item in found] == [
        ("a", "Ana", 6),
        ("b", "Beto", 4),
        ("c", "Caro", 3),
        ("~bob", "Bob", 1),
        ("e", "Eva", 1),
        ("d", "Dee", 1),
    ]  # equals: last played first
    assert [item.id for item in offered(found, "b", taken=("a",))] == ["b", "~bob"]
    assert [item.id for item in offered(found, " CA ", taken=())] == ["c"]
    assert [item.id for item in offered(found, "", taken=("a", "b"))] == ["c", "~bob", "e", "d"]
    two = library.put("s7", sheet_of([("Ana", "a2"), ("Zoe", "z")], []), 7)
    anas = [item for item in regulars(two, two.roster) if item.name == "Ana"]
    assert [(item.id, item.with_names) for item in anas] == [("a", ("Bob",)), ("a2", ("Zoe",))]


def test_the_roster_is_saved_with_the_library_and_an_old_library_reads() -> None:
    library = evenings_library()
    roster = merge(library, Roster(), "b", "~bob").renamed("b", "Roberto").forget("e")
    data = library.with_roster(roster).to_data()
    again, errors = load_library(data)
    assert not errors and again.roster == roster and again.entries == library.entries
    old = {**data, "version": 1}
    del old["people"]
    assert load_library(old)[0].roster == Roster()
    newer = {**data, "version": 3}
    with pytest.raises(Exception) as refused:
        load_library(newer)
    assert getattr(refused.value, "code", "") == "unsupported_version"
    looped = {**data, "people": {"names": {}, "merged": {"x": "y", "y": "x"}, "forgotten": []}}
    sheets, problems = load_library(looped)
    assert len(sheets.entries) == 6 and problems and sheets.roster == Roster()


people_ids = st.sampled_from(["a", "b", "c", "d", "e", "f"])


@st.composite
def libraries(draw: st.DrawFn) -> Library:
    """Up to 8 evenings of 2 to 4 of six people (teams sometimes), each a few rounds, some unfinished."""
    library = Library()
    for number in range(draw(st.integers(0, 8))):
        count = draw(st.sampled_from([2, 3, 4]))
        people = draw(st.lists(people_ids, min_size=count, max_size=count, unique=True))
        teams = count == 4 and draw(st.booleans())
        scoring = draw(st.sampled_from(list(Scoring)))
        sheet = sheet_of([(person.upper(), person) for person in people], [], teams=teams, target=60, scoring=scoring)
        for _ in range(draw(st.integers(1, 5))):
            if sheet.tally().finished:
                break
            winner = draw(st.integers(0, count - 1))
            totals = {seat: draw(st.integers(0, 40)) for seat in range(count) if seat != winner}
            sheet = sheet.add_round(typed_draft(count, winner, totals))
        library = library.put(f"s{number}", sheet, number)
    return library


@settings(max_examples=60, deadline=None)
@given(libraries())
def test_won_never_exceeds_played_and_each_evening_shares_one_win(library: Library) -> None:
    found = record(library)
    for person in found.people:
        assert 0 <= person.won <= person.played and person.rounds_won <= person.rounds
    for evening in found.evenings:
        assert sum(evening.shares().values()) == pytest.approx(1.0)
    if found.evenings:
        total = sum(person.share for person in found.people) + found.others_share
        assert total == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(libraries(), people_ids, people_ids)
def test_merging_then_splitting_a_player_changes_nothing(library: Library, keep: str, gone: str) -> None:
    try:
        roster = merge(library, library.roster, keep, gone)
    except SetupError:
        return  # one person, or two who played together: refused, nothing to undo
    merged = record(library.with_roster(roster))
    assert merged.of(gone) is None or gone == keep
    assert roster.split(gone) == library.roster
    assert record(library.with_roster(roster.split(gone))) == record(library)
    assert dataclasses.replace(library, roster=roster.split(gone)) == library


@settings(max_examples=60, deadline=None)
@given(libraries())
def test_the_outcome_the_record_reads_agrees_with_the_sheets_tally(library: Library) -> None:
    for entry in library.entries:
        view = entry.sheet.tally()
        found = outcome_of(entry.sheet)
        assert (found.totals, found.winner, found.side_seats) == (view.totals, view.winner_side, view.side_seats)
        assert found.ranks == tuple(
            next(standing.rank for standing in view.standings if standing.side == side)
            for side in range(len(view.totals))
        )
        assert found.given == tuple(sum(row.points[seat] for row in view.rows) for seat in range(len(view.sides)))
