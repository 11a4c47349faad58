"""The library's list: what tells sheets apart (dates, rounds, leader and total, titles) and finding
a sheet that is already saved."""

from __future__ import annotations

from keeper_helpers import make_sheet, typed_draft

from scorekeeper import Library
from scorekeeper.library import TITLE_MAX, numbered


def test_a_summary_names_the_leader_and_their_total() -> None:
    sheet = make_sheet(3, target=100)
    library = Library().put("a", sheet, 10)
    assert library.get("a").summary().leader_total is None
    sheet = sheet.add_round(typed_draft(3, 1, {0: 12, 2: 30}))
    summary = Library().put("a", sheet, 10).get("a").summary()
    assert (summary.leaders, summary.leader_total, summary.rounds, summary.finished) == (("Ben",), 42, 1, False)
    sheet = sheet.add_round(typed_draft(3, 2, {0: 70, 1: 30}))
    summary = Library().put("a", sheet, 10).get("a").summary()
    assert (summary.winner, summary.leader_total, summary.finished) == ("Cy", 100, True)


def test_the_list_is_sorted_by_last_played_and_a_mode_change_is_no_play() -> None:
    sheet = make_sheet(2)
    library = Library().put("a", sheet, 10).put("b", sheet, 20).put("a", sheet, 30)
    assert [item.id for item in library.listing()] == ["a", "b"]
    library = library.put("b", sheet.with_entry_mode("cards"), 40, touch=False)
    assert [item.id for item in library.listing()] == ["a", "b"]
    assert library.get("b").sheet.entry_mode.value == "cards" and library.get("b").updated == 20


def test_sheets_of_the_same_players_get_numbered_titles() -> None:
    sheet = make_sheet(2)
    library = Library()
    for sheet_id in ("a", "b", "c"):
        library = library.put(sheet_id, sheet, 1, title=library.title_for(sheet_id, sheet))
    assert [entry.title for entry in library.entries] == ["Ana, Ben", "Ana, Ben (2)", "Ana, Ben (3)"]
    assert library.title_for("b", sheet) == "Ana, Ben (2)"  # kept while it is free
    library = library.remove("a")
    assert library.title_for("c", sheet) == "Ana, Ben (3)"
    assert library.title_for("d", sheet) == "Ana, Ben"
    assert library.title_for("b", sheet.rename_player(0, "Zoe")) == "Zoe, Ben"
    long = numbered("x" * 200, 12)
    assert len(long) == TITLE_MAX and long.endswith("… (12)")


def test_find_same_ignores_the_remembered_mode_only() -> None:
    sheet = make_sheet(3).add_round(typed_draft(3, 1, {0: 12, 2: 30}))
    library = Library().put("a", sheet, 1)
    assert library.find_same(sheet.with_entry_mode("cards")) == library.get("a")
    assert library.find_same(sheet.undo()) is None
    assert library.find_same(sheet.rename_player(0, "Zoe")) is None
