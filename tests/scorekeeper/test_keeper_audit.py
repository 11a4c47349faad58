"""Inputs a review found mishandled (each refused with the keeper's own error, or coped with, and nothing lost):
a team set-up still being made, rounds that equal good ones but hold floats or bools, malformed rounds and
hands, a save with an unhashable field, names and titles that cannot be saved as UTF-8, and round numbers
the sheet does not have."""

from __future__ import annotations

import pytest
from keeper_helpers import make_sheet

from scorekeeper import (
    Library,
    LoadError,
    Options,
    RoundRejected,
    SetupError,
    SheetError,
    announcement,
    dumps,
    load,
    load_library,
    loads,
    new_sheet,
    round_summary,
    save,
    share_data,
)
from scorekeeper.model import Hand, Round
from scorekeeper.save import checksum


@pytest.mark.parametrize("players", [3, 5])
def test_a_team_set_up_still_being_made_is_shown_and_saved_but_takes_no_round(players: int) -> None:
    # R-VAR-TEAM: teams need an even number of players, at least 4
    sheet = make_sheet(players, teams=True)
    assert [p.code for p in sheet.setup_problems()] == ["teams_need_even"]
    assert sheet.tally().sides == tuple(range(players))  # everyone on their own side meanwhile
    assert share_data(sheet).rounds == 0
    assert loads(dumps(sheet)) == sheet
    assert Library().put("a", sheet, 1).listing()[0].players == sheet.players
    with pytest.raises(SetupError) as raised:
        sheet.add_round(Round(0, (None, *[Hand.of_total(1)] * (players - 1))))
    assert raised.value.code == "teams_need_even"


@pytest.mark.parametrize("first", ["good", "bad"])
def test_a_round_of_floats_or_bools_is_refused_even_after_its_equal_round_of_ints(first: str) -> None:
    sheet = make_sheet(3)
    good = Round(0, (None, Hand.of_total(5), Hand.of_total(1)))
    bad = Round(0, (None, Hand.of_total(5.0), Hand.of_total(True)))  # type: ignore[arg-type]
    assert good == bad  # 5 == 5.0, 1 == True: a cache keyed on equality alone would mix them up
    for round_ in (good, bad) if first == "good" else (bad, good):
        if round_ is good:
            assert sheet.add_round(round_).tally().totals == (6, 0, 0)
        else:
            with pytest.raises(RoundRejected) as raised:
                sheet.add_round(round_)
            assert [e.code for e in raised.value.errors] == ["not_a_number", "not_a_number"]


@pytest.mark.parametrize(
    ("hands", "code"),
    [
        ((None, Hand(cards=("R7",)), Hand.of_total(3)), "not_a_card"),  # type: ignore[arg-type]
        ((None, Hand(cards=(None,)), Hand.of_total(3)), "not_a_card"),  # type: ignore[arg-type]
        ((None, Hand(cards=5), Hand.of_total(3)), "not_a_card"),  # type: ignore[arg-type]
        ((None, {"total": 3}, Hand.of_total(3)), "blank_hand"),
        (None, "wrong_hand_count"),
    ],
)
def test_a_malformed_round_is_refused_with_a_code(hands: object, code: str) -> None:
    with pytest.raises(RoundRejected) as raised:
        make_sheet(3).add_round(Round(0, hands))  # type: ignore[arg-type]
    assert code in [e.code for e in raised.value.errors]


def test_a_round_given_as_lists_is_kept_as_tuples() -> None:
    from uno_core.cards import Card

    seven = Card.parse("R7")
    round_ = Round(0, [None, Hand(cards=[seven]), Hand.of_total(3)])  # type: ignore[arg-type]
    sheet = make_sheet(3).add_round(round_)
    assert sheet.rounds[0].hands == (None, Hand(cards=(seven,)), Hand.of_total(3))
    assert loads(dumps(sheet)) == sheet


@pytest.mark.parametrize("mode", [["cards"], {"a": 1}, 3, None])
def test_a_save_whose_entry_mode_is_not_a_text_is_refused_and_the_library_keeps_its_other_sheets(mode: object) -> None:
    data = save(make_sheet(2))
    data["sheet"]["entry_mode"] = mode
    data["checksum"] = checksum(data["sheet"])
    with pytest.raises(LoadError) as raised:
        load(data)
    assert raised.value.code == "bad_field"
    library = Library().put("good", make_sheet(3), 1).put("bad", make_sheet(2), 1).to_data()
    library["sheets"][1]["save"] = data
    kept, errors = load_library(library)
    assert [entry.id for entry in kept.entries] == ["good"] and len(errors) == 1


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_library_of_another_version_type_is_refused(version: object) -> None:
    library = Library().put("a", make_sheet(2), 1).to_data()
    library["version"] = version
    with pytest.raises(LoadError):
        load_library(library)


def test_a_name_or_title_that_cannot_be_saved_as_utf8_is_refused() -> None:
    with pytest.raises(SetupError) as raised:
        new_sheet(["Ana", "Be\ud800n"])
    assert raised.value.code == "name_bad_char"
    with pytest.raises(SetupError) as raised:
        make_sheet(2).rename_player(1, "Be\udc00n")
    assert raised.value.code == "name_bad_char"
    with pytest.raises(SetupError) as raised:
        Library().put("a", make_sheet(2), 1, title="Night\x00")
    assert raised.value.code == "title_bad_char"


@pytest.mark.parametrize("number", [0, -1, 3])
def test_an_announcement_or_summary_of_a_round_the_sheet_lacks_is_refused(number: int) -> None:
    sheet = make_sheet(3, target=1000)
    for _ in range(2):
        sheet = sheet.add_round(Round(0, (None, Hand.of_total(5), Hand.of_total(1))))
    for read in (announcement, round_summary):
        with pytest.raises(SheetError) as raised:
            read(sheet, number)
        assert raised.value.code == "no_such_round"
    assert announcement(sheet).round == 2 and round_summary(sheet, 1).round == 1
    with pytest.raises(SheetError) as raised:
        announcement(make_sheet(3))
    assert raised.value.code == "no_rounds"


def test_options_take_their_choices_as_text_too() -> None:
    options = Options(scoring="penalty", dealer_rotation="winner")  # type: ignore[arg-type]
    assert options == Options().replace(scoring="penalty", dealer_rotation="winner")
    with pytest.raises(SetupError) as raised:
        Options(scoring="lowest")  # type: ignore[arg-type]
    assert raised.value.code == "bad_option"
