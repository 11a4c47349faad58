"""The regulars on the keeper's pages (CPython): offered at set-up and filtered by typed letters, a typed name of a
regular is that regular, two of one name are told apart, their page renames, merges and forgets, the record page
follows, a sheet from a link joins only when the person says so, and a backup brings them back."""

from __future__ import annotations

import json

from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import enter_round, new_game

from app.score.pages import render
from app.score.store import LIBRARY_KEY, MemoryStorage
from app.storage.backup import backup_text
from app.tree import El, find, text_of


def words(node: El, tr: Translator) -> str:
    return " ".join(text_of(node, tr).split())


def offered_names(keeper: Keeper, tr: Translator) -> list[str]:
    page = render(keeper.screen())
    return [words(node, tr) for node in page.walk() if node.attr("data-act") == "score.pick"]


def finished_game(keeper: Keeper, names: list[str], winner: int = 0) -> str:
    """A game to 30 points won by `winner` in one round."""
    sheet_id = new_game(keeper, names)
    go(keeper, f"#/score/{sheet_id}/setup")
    keeper.act("score.target", value="30")
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, winner, {seat: "40" for seat in range(len(names)) if seat != winner})
    return sheet_id


def test_regulars_are_offered_most_frequent_first_narrowed_and_tapped(keeper: Keeper, tr: Translator) -> None:
    finished_game(keeper, ["Ana", "Beto", "Caro"])
    finished_game(keeper, ["Ana", "Beto"])
    go(keeper, "#/score/new")
    assert offered_names(keeper, tr) == ["Ana 2 game(s)", "Beto 2 game(s)", "Caro 1 game(s)"]
    keeper.act("score.new-name", value="c")
    assert offered_names(keeper, tr) == ["Caro 1 game(s)"]
    keeper.act("score.pick", person="~caro")
    assert keeper.store.setup.players == ("Caro",) and keeper.store.setup.people == ("~caro",)
    assert keeper.store.shelf.setup_name == ""  # the typed letters go once a regular is tapped
    assert offered_names(keeper, tr) == ["Ana 2 game(s)", "Beto 2 game(s)"]  # Caro is seated: not offered
    keeper.act("score.new-name", value="beto")  # typed, not tapped: still Beto
    keeper.act("score.add")
    keeper.act("score.new-name", value="Dani")  # a new person
    keeper.act("score.add")
    assert keeper.store.setup.players == ("Caro", "beto", "Dani")
    assert keeper.store.setup.people == ("~caro", "~beto", "~dani")


def test_two_people_of_one_name_are_told_apart(keeper: Keeper, tr: Translator) -> None:
    finished_game(keeper, ["Ana", "Beto"])
    go(keeper, "#/score/new")
    keeper.act("score.new-name", value="Ana")
    page = render(keeper.screen())
    assert words(find(page, id="score-add-new")[0], tr) == "Another person called Ana"
    assert offered_names(keeper, tr) == ["Ana with Beto"]  # which Ana: who she played with
    keeper.act("score.add-new")  # another Ana
    keeper.act("score.new-name", value="Zoe")
    keeper.act("score.add")
    keeper.act("score.dealer", seat=0)
    go(keeper, keeper.act("score.start").go or "")
    assert keeper.sheet().people == ("~ana#2", "~zoe")
    go(keeper, "#/score/new")
    keeper.act("score.new-name", value="ana")
    keeper.act("score.add")  # two regulars called Ana: which one?
    assert [error.code for error in keeper.errors["name-new"]] == ["which_person"]
    assert keeper.store.setup.players == ()
    assert offered_names(keeper, tr) == ["Ana with Zoe", "Ana with Beto"]
    keeper.act("score.pick", person="~ana")
    assert keeper.store.setup.people == ("~ana",)


def test_a_rename_a_merge_and_a_forget_on_the_regulars_page_and_the_record_follows(
    keeper: Keeper, tr: Translator
) -> None:
    finished_game(keeper, ["Ana", "Beto"], winner=1)
    finished_game(keeper, ["Ana", "Bob"], winner=1)  # Bob is Beto, typed another way
    go(keeper, "#/score/record")
    assert "Beto 1 1 100% 40.0 0 1 1" in words(render(keeper.screen()), tr)
    go(keeper, "#/score/people")
    keeper.act("score.person-name", person="~beto", value="Roberto")
    keeper.act("score.person-merge", person="~bob", value="~beto")
    page = render(keeper.screen())
    assert not keeper.errors
    assert [node.attr("value") for node in page.walk() if node.attr("data-act") == "score.person-name"] == [
        "Ana",
        "Roberto",
    ]
    assert "Merged in: Bob" in words(page, tr)
    keeper.act("score.person-merge", person="~ana", value="~beto")  # they played together
    assert [error.code for error in keeper.errors["people"]] == ["played_together"]
    go(keeper, "#/score/record")
    page = render(keeper.screen())
    text = words(page, tr)
    assert "Roberto 2 2 100% 40.0 0 2 2" in text  # two games, both won, 40 a round, a streak of 2
    assert "Ana 2 0 0% 0.0 80 0 0" in text
    assert "Roberto and Ana played 2 game(s) against each other: Roberto finished ahead in 2, Ana in 0" in text
    assert len([node for node in page.walk() if node.tag == "svg"]) == 2  # the win share and the points charts
    tr.lang = "es"
    assert "Roberto 2 2 100 % 40,0 0 2 2" in words(page, tr)
    assert not tr.missing
    tr.lang = "en"
    go(keeper, "#/score/people")
    keeper.act("score.person-forget", person="~ana")
    go(keeper, "#/score/new")
    assert offered_names(keeper, tr) == ["Roberto 2 game(s)"]  # Bob is Roberto now; Ana forgotten


def test_a_sheet_from_a_link_joins_the_record_only_when_the_person_says(keeper: Keeper, tr: Translator) -> None:
    sheet_id = finished_game(keeper, ["Ana", "Beto"])
    link = keeper.act("score.share").share or ""
    other = make_keeper(MemoryStorage(), tr)
    finished_game(other, ["Ana", "Caro"])
    go(other, "#" + link.splitlines()[-1].split("#", 1)[1])
    go(other, other.act("score.keep").go or "")
    kept = other.where.sheet_id
    assert other.sheet().people == (None, None)
    go(other, "#/score/record")
    assert [person.name for person in other.screen().record.people] == ["Ana", "Caro"]  # type: ignore[union-attr]
    go(other, f"#/score/{kept}")
    assert find(render(other.screen()), id="score-join-people")
    other.act("score.join")
    assert other.sheet().people == ("~ana", "~beto")  # Ana is this phone's Ana; Beto a new regular
    assert not find(render(other.screen()), id="score-join-people")
    go(other, "#/score/record")
    ana = other.screen().record.of("~ana")  # type: ignore[union-attr]
    assert ana is not None and (ana.played, ana.won) == (2, 2)
    assert sheet_id  # the first phone's sheet is unchanged


def test_a_backup_restored_on_a_fresh_phone_brings_the_regulars_back(keeper: Keeper, tr: Translator) -> None:
    finished_game(keeper, ["Ana", "Beto"])
    finished_game(keeper, ["Ana", "Bob"])
    go(keeper, "#/score/people")
    keeper.act("score.person-name", person="~beto", value="Roberto")
    keeper.act("score.person-merge", person="~bob", value="~beto")
    text = backup_text({LIBRARY_KEY: keeper.store.storage.get(LIBRARY_KEY) or ""}, 0)
    fresh = make_keeper(MemoryStorage(), tr)
    go(fresh, "#/score")
    fresh.import_text(text)
    assert fresh.store.library.roster == keeper.store.library.roster
    assert [entry.sheet.people for entry in fresh.store.library.entries] == [("~ana", "~beto"), ("~ana", "~bob")]
    go(fresh, "#/score/new")
    assert offered_names(fresh, tr) == ["Ana 2 game(s)", "Roberto 2 game(s)"]
    assert json.loads(text)["library"]["people"]["merged"] == {"~bob": "~beto"}


def test_move_all_my_sheets_by_link_brings_the_regulars_along(keeper: Keeper, tr: Translator) -> None:
    finished_game(keeper, ["Ana", "Beto"])
    finished_game(keeper, ["Ana", "Bob"])
    go(keeper, "#/score/people")
    keeper.act("score.person-merge", person="~bob", value="~beto")
    go(keeper, "#/score/all")
    link = keeper.act("score.move-all").share or ""
    fresh = make_keeper(MemoryStorage(), tr)
    go(fresh, "#" + link.split("#", 1)[1])
    fresh.act("score.keep-all")
    assert fresh.store.library.roster == keeper.store.library.roster
    assert sorted(entry.sheet.people for entry in fresh.store.library.entries) == [("~ana", "~beto"), ("~ana", "~bob")]
    go(fresh, "#/score/new")
    assert offered_names(fresh, tr) == ["Ana 2 game(s)", "Beto 2 game(s)"]


def test_updating_a_joined_copy_from_a_newer_link_keeps_who_its_players_are(keeper: Keeper, tr: Translator) -> None:
    sheet_id = new_game(keeper, ["Ana", "Beto"])
    enter_round(keeper, 0, {1: "10"})
    go(keeper, f"#/score/{sheet_id}")
    first = (keeper.act("score.share").share or "").splitlines()[-1]
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, 1, {0: "12"})
    go(keeper, f"#/score/{sheet_id}")
    second = (keeper.act("score.share").share or "").splitlines()[-1]
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#" + first.split("#", 1)[1])
    go(other, other.act("score.keep").go or "")
    other.act("score.join")
    go(other, "#" + second.split("#", 1)[1])
    go(other, other.act("score.keep-update").go or "")
    assert len(other.sheet().rounds) == 2 and other.sheet().people == ("~ana", "~beto")
