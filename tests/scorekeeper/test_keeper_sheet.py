"""The sheet: players, options, dealer, scoring modes, match end, edits (R-SEAT, R-SCORE, R-VAR-TEAM, R-KEEP-3)."""

from __future__ import annotations

import random

import pytest
from keeper_helpers import NAMES, make_sheet, typed_draft

from scorekeeper import (
    Options,
    RoundRejected,
    SetupError,
    Sheet,
    SheetError,
    new_sheet,
    parse_target,
)
from scorekeeper.options import TARGET_MAX, TARGET_MIN
from uno_core.rules import DealerRotation, Scoring


def code_of(excinfo: pytest.ExceptionInfo[Exception]) -> str:
    return excinfo.value.code  # type: ignore[attr-defined, no-any-return]


# -- players ----------------------------------------------------------------------------


def test_names_trimmed_unique_any_characters() -> None:
    sheet = new_sheet(["  Ana  ", "Ben\t\tB", "<img src=x onerror=alert(1)>"])
    assert sheet.players == ("Ana", "Ben B", "<img src=x onerror=alert(1)>")
    with pytest.raises(SetupError) as info:
        sheet.add_player("ANA")
    assert code_of(info) == "name_taken" and info.value.params == {"name": "Ana"} and info.value.field == "name"
    for bad, code in [("   ", "name_blank"), ("x" * 33, "name_too_long"), ("a\x00b", "name_bad_char")]:
        with pytest.raises(SetupError) as info:
            sheet.add_player(bad)
        assert code_of(info) == code
    assert new_sheet(["x" * 32]).players == ("x" * 32,)


# R-SEAT-1: 2 to 10 players
def test_player_count_limits() -> None:
    sheet = new_sheet(NAMES)
    with pytest.raises(SetupError) as info:
        sheet.add_player("Kim")
    assert code_of(info) == "too_many_players"
    one = new_sheet(["Ana"]).choose_dealer(0)
    assert [p.code for p in one.setup_problems()] == ["too_few_players"]
    with pytest.raises(SetupError):
        one.add_round(typed_draft(1, 0, {}))


def test_rename_reorder_remove_and_dealer_follows() -> None:
    sheet = new_sheet(["Ana", "Ben", "Cy", "Dee"]).choose_dealer(1)  # Ben deals
    moved = sheet.move_player(1, 3)
    assert moved.players == ("Ana", "Cy", "Dee", "Ben") and moved.first_dealer == 3
    reordered = sheet.reorder_players([3, 2, 1, 0])
    assert reordered.players == ("Dee", "Cy", "Ben", "Ana") and reordered.first_dealer == 2
    assert sheet.remove_player(0).first_dealer == 0
    assert sheet.remove_player(1).first_dealer is None
    assert sheet.remove_player(3).first_dealer == 1
    assert sheet.rename_player(0, "Anita").players[0] == "Anita"
    assert sheet.rename_player(0, "ana").players[0] == "ana"  # own name, other case: fine
    with pytest.raises(SetupError) as info:
        sheet.reorder_players([0, 0, 1, 2])
    assert code_of(info) == "bad_order"
    with pytest.raises(SetupError) as info:
        sheet.rename_player(7, "Kim")
    assert code_of(info) == "no_such_seat"


def test_players_fixed_after_first_round_but_renamable() -> None:
    sheet = make_sheet(3).add_round(typed_draft(3, 0, {1: 5, 2: 5}))
    for change in (lambda s: s.add_player("Kim"), lambda s: s.remove_player(0), lambda s: s.move_player(0, 1)):
        with pytest.raises(SetupError) as info:
            change(sheet)
        assert code_of(info) == "game_started"
    assert sheet.rename_player(0, "Anita").tally().side_labels[0] == "Anita"


# R-SEAT-3: first dealer at random from an injected, seeded source, or chosen
def test_first_dealer_random_or_chosen() -> None:
    sheet = new_sheet(NAMES[:5])
    assert [p.code for p in sheet.setup_problems()] == ["no_dealer"]
    drawn = sheet.draw_dealer(random.Random(7))
    assert drawn == sheet.draw_dealer(random.Random(7))
    assert drawn.dealer_drawn and drawn.first_dealer == random.Random(7).randrange(5)
    assert {sheet.draw_dealer(random.Random(seed)).first_dealer for seed in range(60)} == set(range(5))
    chosen = drawn.choose_dealer(2)
    assert chosen.first_dealer == 2 and not chosen.dealer_drawn
    assert chosen.tally().dealer == 2


# -- options ----------------------------------------------------------------------------


def test_options_validated() -> None:
    assert Options() == Options(500, Scoring.STANDARD, 50, DealerRotation.LEFT, False)
    assert Options().replace(scoring="penalty", dealer_rotation="winner").scoring is Scoring.PENALTY
    for changes, code in [
        ({"target": 0}, "bad_target"),
        ({"target": True}, "bad_target"),
        ({"wild_points": 45}, "bad_wild_points"),
        ({"scoring": "lowest"}, "bad_option"),
        ({"teams": 1}, "bad_option"),
        ({"colour": "red"}, "bad_option"),
    ]:
        with pytest.raises(SetupError) as info:
            Options().replace(**changes)
        assert code_of(info) == code
    assert Options.from_dict(Options(target=300).to_dict()) == Options(target=300)
    assert Options(target=300, teams=True).to_rules().target == 300


# R-SCORE-4: a target as typed is read here, never in the page
def test_a_typed_target_is_read_or_refused_with_its_text() -> None:
    assert parse_target("300") == 300 and parse_target(" 1000 ") == 1000 and parse_target("0") == 0
    for text in ("", "abc", "-5", "3.5", "１００", "1234567890", "+300"):
        with pytest.raises(SetupError) as info:
            parse_target(text)
        assert code_of(info) == "bad_target" and info.value.params["value"] == text
        assert (info.value.params["minimum"], info.value.params["maximum"]) == (TARGET_MIN, TARGET_MAX)
    with pytest.raises(SetupError):  # a number read, out of range: the options refuse it
        Options(target=parse_target("0"))


# R-VAR-TEAM: teams need an even number of players, at least 4
def test_teams_need_even_players() -> None:
    sheet = new_sheet(NAMES[:5], Options(teams=True)).choose_dealer(0)
    assert [p.code for p in sheet.setup_problems()] == ["teams_need_even"]
    assert make_sheet(6, teams=True).setup_problems() == ()


# -- scoring ------------------------------------------------------------------------------


# R-SCORE-3: the winner scores the others' hands, no one else scores
def test_standard_scoring() -> None:
    sheet = make_sheet(3).add_round(typed_draft(3, 1, {0: 12, 2: 30}))
    view = sheet.tally()
    assert view.totals == (0, 42, 0)
    assert view.rows[0].points == (12, 0, 30) and view.rows[0].gained == (0, 42, 0)
    assert view.leaders == (1,) and view.standings[0].label == "Ben"
    assert [s.to_target for s in view.standings] == [458, 500, 500]
    assert view.running == ((0, 0, 0), (0, 42, 0))


# R-SCORE-4: first to reach the target wins; then no more rounds
def test_match_ends_at_target_and_refuses_more_rounds() -> None:
    sheet = make_sheet(2, target=100).add_round(typed_draft(2, 0, {1: 60}))
    assert not sheet.tally().finished
    sheet = sheet.add_round(typed_draft(2, 1, {0: 99}))
    assert not sheet.tally().finished
    sheet = sheet.add_round(typed_draft(2, 0, {1: 40}))
    view = sheet.tally()
    assert view.finished and view.winner_side == 0 and view.ended_after == 3
    assert view.standings[0].winner and view.standings[0].to_target == 0
    with pytest.raises(SheetError) as info:
        sheet.add_round(typed_draft(2, 0, {1: 1}))
    assert code_of(info) == "match_over"
    # undo reopens the match (R-KEEP-3)
    assert not sheet.undo().tally().finished


# R-SCORE-6: penalty: everyone adds their own hand; at the target the LOWEST total wins
def test_penalty_scoring() -> None:
    sheet = make_sheet(3, scoring=Scoring.PENALTY, target=100)
    sheet = sheet.add_round(typed_draft(3, 0, {1: 50, 2: 20}))
    assert sheet.tally().totals == (0, 50, 20) and sheet.tally().leaders == (0,)
    sheet = sheet.add_round(typed_draft(3, 2, {0: 30, 1: 60}))
    view = sheet.tally()
    assert view.totals == (30, 110, 20) and view.finished and view.winner_side == 2
    assert [s.label for s in view.standings] == ["Cy", "Ana", "Ben"]


# R-SCORE-5: single round: the first out wins the match; the points are still reported
def test_single_round() -> None:
    sheet = make_sheet(3, scoring=Scoring.SINGLE_ROUND).add_round(typed_draft(3, 2, {0: 5, 1: 7}))
    view = sheet.tally()
    assert view.finished and view.winner_side == 2 and view.totals == (0, 0, 12)
    with pytest.raises(SheetError):
        sheet.add_round(typed_draft(3, 0, {1: 1, 2: 1}))


# R-VAR-TEAM: partners opposite share a total; the team scores the opponents' hands only
def test_teams_share_totals() -> None:
    sheet = make_sheet(4, teams=True, target=100)
    view = sheet.tally()
    assert view.sides == (0, 1, 0, 1) and view.side_labels == ("Ana & Cy", "Ben & Dee")
    sheet = sheet.add_round(typed_draft(4, 2, {0: 40, 1: 10, 3: 15}))  # Ana's 40 does not count
    view = sheet.tally()
    assert view.totals == (25, 0) and view.seat_totals == (25, 0, 25, 0)
    sheet = sheet.add_round(typed_draft(4, 1, {0: 50, 2: 50}))
    assert sheet.tally().totals == (25, 100) and sheet.tally().finished
    assert sheet.tally().standings[0].label == "Ben & Dee"


# R-PTS-3: Wild worth 40 changes card-by-card hands, not typed totals
def test_wild_points_option() -> None:
    draft = typed_draft(2, 0, {}).add_card(1, "W").add_card(1, "R5")
    assert make_sheet(2).add_round(draft).tally().totals == (55, 0)
    sheet = make_sheet(2, wild_points=40).add_round(draft)
    assert sheet.tally().totals == (45, 0)
    assert sheet.set_options(wild_points=50).tally().totals == (55, 0)


# R-SEAT-4: dealer passes left, or the winner deals next
def test_dealer_rotation_left_and_winner() -> None:
    winners = [2, 0, 0, 1]
    for rotation, expected in [(DealerRotation.LEFT, [3, 0, 1, 2, 3]), (DealerRotation.WINNER, [3, 2, 0, 0, 1])]:
        sheet = make_sheet(4, dealer=3, dealer_rotation=rotation)
        for winner in winners:
            sheet = sheet.add_round(typed_draft(4, winner, {s: 1 for s in range(4) if s != winner}))
        view = sheet.tally()
        assert [row.dealer for row in view.rows] + [view.dealer] == expected


# R-KEEP-3: edit or delete any round; totals, dealers and winner follow
def test_edit_and_delete_recompute() -> None:
    sheet = make_sheet(3, dealer_rotation=DealerRotation.WINNER, target=200)
    sheet = sheet.add_round(typed_draft(3, 0, {1: 10, 2: 10}))
    sheet = sheet.add_round(typed_draft(3, 1, {0: 30, 2: 5}))
    assert sheet.tally().dealer == 1
    edited = sheet.replace_round(2, typed_draft(3, 2, {0: 30, 1: 5}))
    assert edited.tally().totals == (20, 0, 35) and edited.tally().dealer == 2
    assert edited.draft_of(2) == typed_draft(3, 2, {0: 30, 1: 5})
    deleted = sheet.delete_round(1)
    assert deleted.tally().totals == (0, 35, 0) and [r.dealer for r in deleted.tally().rows] == [0]
    with pytest.raises(SheetError) as info:
        sheet.delete_round(3)
    assert code_of(info) == "no_such_round" and info.value.params == {"round": 3, "count": 2}
    with pytest.raises(RoundRejected):
        sheet.replace_round(1, typed_draft(3, 0, {1: -5, 2: 1}))
    with pytest.raises(SheetError) as info:
        make_sheet(2).undo()
    assert code_of(info) == "no_rounds"


def test_edit_that_would_end_the_match_early_is_refused() -> None:
    sheet = make_sheet(2, target=100)
    for _ in range(3):
        sheet = sheet.add_round(typed_draft(2, 0, {1: 20}))
    with pytest.raises(SheetError) as info:
        sheet.replace_round(1, typed_draft(2, 0, {1: 100}))
    assert code_of(info) == "ends_match_early" and info.value.params == {"round": 1, "later": 2}
    with pytest.raises(SheetError):
        sheet.set_options(target=30)
    with pytest.raises(SheetError):
        sheet.set_options(scoring="single_round")
    # the last round may end it
    assert sheet.replace_round(3, typed_draft(2, 0, {1: 70})).tally().finished


def test_play_again_same_players_and_options() -> None:
    sheet = make_sheet(3, target=50, dealer=1).add_round(typed_draft(3, 0, {1: 30, 2: 30}))
    assert sheet.tally().finished
    again = sheet.play_again()
    assert again.players == sheet.players and again.options == sheet.options
    assert again.rounds == () and again.first_dealer == 2
    assert sheet.play_again(first_dealer=0).first_dealer == 0
    assert sheet.play_again(keep_rotation=False).first_dealer is None


def test_sheet_constructor_refuses_invalid_values() -> None:
    good = make_sheet(2).add_round(typed_draft(2, 0, {1: 3}))
    with pytest.raises(SetupError):
        Sheet((" Ana", "Ben"))  # not cleaned
    with pytest.raises(SetupError):
        Sheet(("Ana", "ana"))
    with pytest.raises(SetupError):
        Sheet(("Ana", "Ben"), first_dealer=2)
    with pytest.raises(SetupError):
        Sheet(("Ana", "Ben"), rounds=good.rounds)  # no dealer
    assert Sheet(("Ana", "Ben"), first_dealer=0, rounds=good.rounds) == good
