"""Save format, library of sheets, share text and announcements (R-KEEP)."""

from __future__ import annotations

import copy
import json

import pytest
from keeper_helpers import make_sheet, typed_draft

from scorekeeper import (
    Library,
    LoadError,
    SetupError,
    Sheet,
    announcement,
    dumps,
    load,
    load_library,
    loads,
    round_summary,
    save,
    share_data,
)
from scorekeeper.save import VERSION, checksum
from uno_core.errors import SaveError
from uno_core.rules import Scoring


def played() -> Sheet:
    sheet = make_sheet(3, target=100, dealer=2)
    sheet = sheet.add_round(typed_draft(3, 0, {1: 12, 2: 30}))
    return sheet.add_round(typed_draft(3, 1, {0: 7}).add_card(2, "W").add_card(2, "R7"))


def test_save_shape_and_round_trip() -> None:
    sheet = played()
    data = save(sheet)
    assert data["format"] == "uno-scorekeeper-sheet" and data["version"] == VERSION
    assert data["sheet"]["rounds"][1]["hands"] == [{"total": 7}, None, {"cards": ["W", "R7"]}]
    assert json.loads(json.dumps(data)) == data
    assert load(data) == sheet and loads(dumps(sheet)) == sheet


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="other"), "not_a_sheet"),
        (lambda d: d.update(version=VERSION + 1), "unsupported_version"),
        (lambda d: d.update(version="1"), "bad_field"),
        (lambda d: d["sheet"]["players"].append("Kim"), "damaged"),
        (lambda d: d.update(checksum="0" * 64), "damaged"),
        (lambda d: d.pop("checksum"), "bad_field"),
    ],
)
def test_bad_saves_refused(change: object, code: str) -> None:
    data = save(played())
    change(data)  # type: ignore[operator]
    with pytest.raises(LoadError) as info:
        load(data)
    assert info.value.code == code and info.value.field == "file"
    assert isinstance(info.value, SaveError)


def test_resealed_but_invalid_content_refused() -> None:
    data = save(played())
    data["sheet"]["rounds"][0]["hands"][1] = {"total": 5000}  # R-KEEP-2 even in a file
    data["checksum"] = checksum(data["sheet"])
    with pytest.raises(LoadError) as info:
        load(data)
    assert info.value.code == "invalid_sheet" and info.value.params["reason"] == "round_rejected"
    data = save(played())
    data["sheet"]["rounds"][0]["hands"][1] = {"total": 1.0}
    data["checksum"] = checksum(data["sheet"])
    with pytest.raises(LoadError) as info:
        load(data)
    assert info.value.params["path"] == "sheet.rounds[0].hands[1].total"


def test_not_json() -> None:
    for text in ("", "{", "[1, 2]", "null"):
        with pytest.raises(LoadError) as info:
            loads(text)
        assert info.value.code in {"not_json", "not_a_sheet"}


def test_library_list_update_remove() -> None:
    sheet = played()
    fresh = make_sheet(2)
    library = Library().put("a", sheet, now=1000).put("b", fresh, now=2000, title="  Friday   night ")
    assert [s.id for s in library.listing()] == ["b", "a"]
    summary = library.get("a").summary()
    assert summary.title == "Ana, Ben, Cy" and summary.rounds == 2 and not summary.finished
    assert library.get("b").title == "Friday night"
    library = library.put("a", sheet.add_round(typed_draft(3, 0, {1: 80, 2: 1})), now=3000)
    entry = library.get("a")
    assert (entry.created, entry.updated) == (1000, 3000) and entry.summary().finished
    assert entry.summary().winner == "Ana"
    assert [s.id for s in library.listing(finished=False)] == ["b"]
    assert Library.from_data(json.loads(json.dumps(library.to_data()))) == library
    assert library.remove("b").ids() == ("a",)
    with pytest.raises(LoadError):
        library.get("zzz")
    with pytest.raises(SetupError):
        library.put("c", fresh, now=-1)
    with pytest.raises(SetupError):
        library.put("c", fresh, now=1, title="x" * 81)


def test_library_keeps_good_sheets_when_one_is_damaged() -> None:
    data = Library().put("a", played(), 1).put("b", make_sheet(2), 2).to_data()
    broken = copy.deepcopy(data)
    broken["sheets"][0]["save"]["checksum"] = "bad"
    library, errors = load_library(broken)
    assert library.ids() == ("b",) and [e.code for e in errors] == ["damaged"]
    with pytest.raises(LoadError):
        Library.from_data(broken)
    broken["sheets"].append(copy.deepcopy(data["sheets"][1]))
    assert [e.code for e in load_library(broken)[1]] == ["damaged", "duplicate_id"]


def test_share_data() -> None:
    sheet = played()
    data = share_data(sheet)
    assert (data.rounds, data.target, data.finished, data.winner) == (2, 100, False, None)
    assert [(line.rank, line.label, line.total) for line in data.lines] == [
        (1, "Ben", 64),
        (2, "Ana", 42),
        (3, "Cy", 0),
    ]
    won = share_data(sheet.add_round(typed_draft(3, 0, {1: 60, 2: 1})))
    assert won.finished and won.winner == "Ana"


def test_announcements() -> None:
    sheet = played()
    item = announcement(sheet)
    assert (item.round, item.winner_name, item.target) == (2, "Ben", 100)
    assert (item.gains[0].gained, item.gains[0].total) == (64, 64)
    assert not item.finished and item.match_winner is None
    first = announcement(sheet, 1)
    assert (first.round, first.gains[0].label, first.gains[0].gained) == (1, "Ana", 42)
    won = announcement(sheet.add_round(typed_draft(3, 0, {1: 60, 2: 1})))
    assert won.finished and won.match_winner == "Ana" and won.gains[0].total == 103
    penalty = announcement(make_sheet(3, scoring=Scoring.PENALTY).add_round(typed_draft(3, 0, {1: 12, 2: 0})))
    assert [(g.label, g.gained) for g in penalty.gains] == [("Ben", 12)]
    teams = announcement(make_sheet(4, teams=True).add_round(typed_draft(4, 1, {0: 5, 2: 5})))
    assert [(g.label, g.gained) for g in teams.gains] == [("Ben & Dee", 10)]


def test_a_version_1_save_still_loads() -> None:
    """Saves made before the entry mode was remembered (format 1) load with typed totals."""
    body = {
        "players": ["Ana", "Ben"],
        "options": {},
        "first_dealer": 0,
        "dealer_drawn": False,
        "rounds": [{"winner": 0, "hands": [None, {"cards": ["W+4", "R7"]}]}],
    }
    old = {"format": "uno-scorekeeper-sheet", "version": 1, "checksum": checksum(body), "sheet": body}
    sheet = load(old)
    assert sheet.entry_mode.value == "total" and sheet.tally().totals == (57, 0)
    assert save(sheet)["version"] == VERSION == 3 and save(sheet)["sheet"]["entry_mode"] == "total"
    old["sheet"] = {**body, "entry_mode": "cards"}
    old["checksum"] = checksum(old["sheet"])
    with pytest.raises(LoadError):  # format 1 had no entry mode: a file that says otherwise is damaged
        load(old)
    new = save(sheet.with_entry_mode("cards"))
    assert load(new).entry_mode.value == "cards"
    new["sheet"]["entry_mode"] = "dice"
    new["checksum"] = checksum(new["sheet"])
    with pytest.raises(LoadError):
        load(new)


def test_old_saves_get_people_by_name_and_a_newer_one_is_refused() -> None:
    """Sheets saved before people had ids (formats 1 and 2) open unchanged; each name is one person, the same on
    every read; format 3 keeps each seat's person (or none); a save from a newer version is refused."""
    body = {
        "players": ["Ana", "Beto"],
        "options": {},
        "first_dealer": 0,
        "dealer_drawn": False,
        "rounds": [{"winner": 0, "hands": [None, {"total": 12}]}],
        "entry_mode": "total",
    }
    old = {"format": "uno-scorekeeper-sheet", "version": 2, "checksum": checksum(body), "sheet": body}
    sheet = load(old)
    assert sheet.people == ("~ana", "~beto") == load(old).people
    assert sheet.players == ("Ana", "Beto") and sheet.tally().totals == (12, 0)
    again = load(save(sheet.rename_player(1, "Roberto")))
    assert again.people == ("~ana", "~beto") and again.players == ("Ana", "Roberto")
    joined = load(save(sheet.with_people(("p1", None))))
    assert joined.people == ("p1", None)
    newer = {**old, "version": VERSION + 1}
    with pytest.raises(LoadError) as refused:
        load(newer)
    assert refused.value.code == "unsupported_version" and refused.value.params["version"] == VERSION + 1
    bad = save(sheet)
    bad["sheet"]["people"] = ["p1", "p1"]
    bad["checksum"] = checksum(bad["sheet"])
    with pytest.raises(LoadError):  # one person in two seats
        load(bad)


def test_people_follow_their_seats() -> None:
    sheet = Sheet().add_player("Ana", "a").add_player("Ben").add_player("Cy", "c")
    assert sheet.people == ("a", None, "c")
    assert sheet.move_player(2, 0).people == ("c", "a", None)
    assert sheet.remove_player(0).people == (None, "c")
    assert sheet.reorder_players((1, 2, 0)).people == (None, "c", "a")
    with pytest.raises(SetupError):
        sheet.add_player("Dee", "a")
    assert sheet.choose_dealer(0).play_again().people == sheet.people
    assert sheet.same_game(sheet.with_people((None, None, None)))


def test_a_round_summary_says_who_dealt_went_out_held_and_deals_next() -> None:
    sheet = played()  # dealer Cy (seat 2), then Ana; round 2: Ben out, Ana typed 7, Cy tapped W R7
    summary = round_summary(sheet)
    assert (summary.round, summary.dealer, summary.winner, summary.next_dealer) == (2, "Ana", "Ben", "Ben")
    assert [(h.name, h.points, h.cards, h.went_out) for h in summary.hands] == [
        ("Ana", 7, None, False),
        ("Ben", 0, None, True),
        ("Cy", 57, ("W", "R7"), False),
    ]
    assert [(g.label, g.gained, g.total) for g in summary.gains] == [("Ben", 64, 64)]
    first = round_summary(sheet, 1)
    assert (first.dealer, first.winner, first.next_dealer) == ("Cy", "Ana", "Ana")
    won = sheet.add_round(typed_draft(3, 0, {1: 50, 2: 20}))
    assert won.tally().finished and round_summary(won).next_dealer is None
