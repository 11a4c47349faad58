"""Round entry: typed totals, card-by-card hands, blanks, the winner (R-KEEP-1, R-KEEP-2, R-PTS, R-VAR-TEAM)."""

from __future__ import annotations

import pytest
from keeper_helpers import make_sheet, typed_draft

from scorekeeper import (
    EntryError,
    HandInput,
    Mode,
    Options,
    RoundDraft,
    RoundRejected,
    check_draft,
    live_sum,
    message,
    parse_total,
    round_from_draft,
)
from uno_core.cards import Card
from uno_core.rules import Scoring


# R-KEEP-2: numbers only, never negative; blank is not 0
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        (" 12 ", 12),
        ("007", 7),
        ("+5", 5),
        ("-0", 0),
        (86, 86),
        ("12+11+7", 30),  # a hand added up as typed
        (" 20 + 4 ", 24),
        ("+20+4", 24),
        ("0+0", 0),
    ],
)
def test_parse_total_accepts(text: str | int, value: int) -> None:
    assert parse_total(text) == value


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "blank_hand"),
        ("   ", "blank_hand"),
        ("-3", "negative"),
        (-3, "negative"),
        ("abc", "not_a_number"),
        ("1.5", "not_a_number"),
        ("1e3", "not_a_number"),
        ("٣", "not_a_number"),  # Arabic-Indic digit: only ASCII digits
        ("12 3", "not_a_number"),
        ("12+", "not_a_number"),  # a sum with an empty term
        ("12++3", "not_a_number"),
        ("+", "not_a_number"),
        ("12-3", "not_a_number"),  # sums only
        ("12+-3", "not_a_number"),
        ("12+a", "not_a_number"),
        ("+".join(["1"] * 41), "not_a_number"),  # more terms than a hand has cards
        ("9" * 5000, "not_a_number"),
        (True, "not_a_number"),
    ],
)
def test_parse_total_refuses(text: str | int, code: str) -> None:
    with pytest.raises(EntryError) as info:
        parse_total(text, seat=3)
    assert info.value.code == code
    assert info.value.seat == 3
    assert str(info.value)  # an English sentence


def test_error_carries_code_seat_params_and_an_english_sentence() -> None:
    error = EntryError(code="too_many_copies", seat=2, card="W+4", limit=4, count=5)
    assert error.to_dict() == {
        "code": "too_many_copies",
        "field": "hand",
        "seat": 2,
        "params": {"card": "W+4", "limit": 4, "count": 5},
        "message": str(error),
    }
    assert "W+4" in str(error) and "4" in str(error) and message(error) == str(error)
    assert isinstance(error, ValueError)


# R-PTS-1..4, R-PTS-3: live sum with Wild at 50 or 40
def test_live_sum() -> None:
    assert live_sum(["R7", "GS", "BV", "Y+2", "W", "W+4", "B0"]) == 7 + 20 + 20 + 20 + 50 + 50
    assert live_sum(["W", "W+4"], wild_points=40) == 90
    assert live_sum([]) == 0
    with pytest.raises(EntryError) as info:
        live_sum(["R10"])
    assert info.value.code == "not_a_card"


# R-KEEP-1: switching between typing and tapping loses nothing
def test_hand_input_keeps_text_and_cards() -> None:
    given = HandInput().with_text("35").add_card("R7").add_card(Card.parse("W"))
    assert given.mode is Mode.CARDS and given.text == "35"
    assert given.live_points() == 57
    back = given.with_mode("total")
    assert back.live_points() == 35 and back.cards == given.cards
    assert given.remove_card().cards == (Card.parse("R7"),)
    assert HandInput().remove_card().cards == ()
    assert HandInput.typed("x").live_points() is None
    assert HandInput.from_dict(given.to_dict()) == given


def test_draft_round_trip_and_live_points() -> None:
    draft = RoundDraft.blank(3).with_winner(1).with_text(0, "9").add_card(2, "W+4")
    assert RoundDraft.from_dict(draft.to_dict()) == draft
    assert draft.live_points() == (9, None, 50)


# R-KEEP-2: blank differs from 0; a round with a blank hand is not saved
def test_blank_differs_from_zero() -> None:
    options = Options()
    assert check_draft(typed_draft(3, 0, {1: 0, 2: 0}), 3, options) == ()
    errors = check_draft(typed_draft(3, 0, {1: 0}), 3, options)
    assert [(e.code, e.seat) for e in errors] == [("blank_hand", 2)]
    cards_blank = typed_draft(3, 0, {1: 4}).with_mode(2, "cards")
    assert [e.code for e in check_draft(cards_blank, 3, options)] == ["blank_hand"]


def test_every_field_error_at_once_and_draft_unchanged() -> None:
    draft = typed_draft(4, 0, {1: "-1", 2: "abc"})
    before = draft.to_dict()
    with pytest.raises(RoundRejected) as info:
        round_from_draft(draft, 4, Options())
    assert [(e.code, e.seat) for e in info.value.errors] == [("negative", 1), ("not_a_number", 2), ("blank_hand", 3)]
    assert info.value.to_dict()["errors"][0]["code"] == "negative"
    assert draft.to_dict() == before


def test_winner_required_and_in_range() -> None:
    assert [e.code for e in check_draft(RoundDraft.blank(2), 2, Options())] == ["no_winner"]
    errors = check_draft(RoundDraft.blank(2).with_winner(5), 2, Options())
    assert [(e.code, e.field) for e in errors] == [("no_such_seat", "winner")]
    assert [e.code for e in check_draft(RoundDraft.blank(3).with_winner(0), 2, Options())] == ["wrong_hand_count"]


# R-SCORE-1: the player who went out holds nothing
def test_winner_hand_is_empty() -> None:
    draft = typed_draft(2, 0, {0: 5, 1: 3})
    assert [(e.code, e.seat) for e in check_draft(draft, 2, Options())] == [("winner_hand_not_empty", 0)]
    assert check_draft(typed_draft(2, 0, {0: 0, 1: 3}), 2, Options()) == ()
    assert round_from_draft(typed_draft(2, 0, {0: "0", 1: 3}), 2, Options()).hands[0] is None


# R-VAR-TEAM: the partner's hand does not count, so it may stay blank; in penalty it counts
def test_partner_hand_optional_in_team_play() -> None:
    sheet = make_sheet(4, teams=True)
    draft = typed_draft(4, 0, {1: 10, 3: 20})
    round_ = round_from_draft(draft, 4, sheet.options)
    assert round_.hands[2] is None
    penalty = sheet.options.replace(scoring=Scoring.PENALTY)
    assert [(e.code, e.seat) for e in check_draft(draft, 4, penalty)] == [("blank_hand", 2)]
    # entered anyway: kept, checked, not scored
    with_partner = draft.with_text(2, "7")
    assert round_from_draft(with_partner, 4, sheet.options).hands[2] is not None
    assert sheet.add_round(with_partner).tally().totals == (30, 0)
