"""What a round adds, computed once in `scorekeeper.gains`: the entry page's preview of a draft, and a round
entered into its sheet (the winner's hidden input, the totals worth a question, the end of the match)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from keeper_helpers import deal, draft_of_deal, make_sheet, rngs, typed_draft

from scorekeeper import Gain, RoundRejected, SheetError, enter_round, preview_gains
from uno_core.rules import Scoring


def test_no_preview_before_someone_went_out() -> None:
    sheet = make_sheet(3)
    assert preview_gains(sheet, typed_draft(3, 0, {1: 10}).with_winner(None)) == ()


def test_standard_scoring_previews_the_winners_gain_with_blank_and_bad_hands_as_zero() -> None:
    sheet = make_sheet(4)
    sheet = sheet.add_round(typed_draft(4, 1, {0: 5, 2: 5, 3: 5}))  # Ben 15
    draft = typed_draft(4, 1, {0: 12, 2: "", 3: "abc"})
    assert preview_gains(sheet, draft) == (Gain("Ben", 12, 27),)


def test_penalty_scoring_previews_every_side_even_at_zero() -> None:
    sheet = make_sheet(3, scoring="penalty")
    draft = typed_draft(3, 2, {0: 7, 1: 0})
    assert preview_gains(sheet, draft) == (Gain("Ana", 7, 7), Gain("Ben", 0, 0), Gain("Cy", 0, 0))


def test_teams_preview_the_winning_sides_gain_from_the_opponents() -> None:
    sheet = make_sheet(4, teams=True)
    draft = typed_draft(4, 0, {1: 20, 3: 30})  # the partner (seat 2) left blank
    (gain,) = preview_gains(sheet, draft)
    assert (gain.label, gain.gained, gain.total) == ("Ana & Cy", 50, 50)


@settings(max_examples=60, deadline=None)
@given(rngs, st.integers(2, 6), st.sampled_from(list(Scoring)), st.booleans())
def test_the_preview_of_a_complete_draft_is_what_saving_it_adds(
    rng: random.Random, players: int, scoring: Scoring, teams: bool
) -> None:
    teams = teams and players % 2 == 0 and players >= 4
    sheet = make_sheet(players, scoring=scoring.value, teams=teams, target=10_000)
    winner = rng.randrange(players)
    draft = draft_of_deal(deal(rng, players, winner), winner, rng)
    row = enter_round(sheet, draft).sheet.tally().rows[-1]
    labels = sheet.tally().side_labels
    preview = preview_gains(sheet, draft)
    assert preview and all(gain.gained == row.gained[labels.index(gain.label)] for gain in preview)
    assert all(gain.total == row.totals[labels.index(gain.label)] for gain in preview)
    shown = {gain.label for gain in preview}
    assert all(gained == 0 for side, gained in enumerate(row.gained) if labels[side] not in shown)


def test_the_winners_hidden_input_is_ignored() -> None:
    sheet = make_sheet(3)
    draft = typed_draft(3, 0, {0: 25, 1: 10, 2: 4})  # 25 typed for Ana before she was chosen as the winner
    entered = enter_round(sheet, draft)
    assert entered.sheet.tally().totals == (14, 0, 0)
    assert sheet.rounds == ()  # values: the sheet given is unchanged


def test_a_total_far_beyond_a_hand_is_flagged_not_refused() -> None:
    entered = enter_round(make_sheet(4), typed_draft(4, 1, {0: 1000, 2: 3, 3: 4}))
    assert [(item.seat, item.total) for item in entered.unusual] == [(0, 1000)]
    assert len(entered.sheet.rounds) == 1


def test_the_round_that_reaches_the_target_ends_the_match_and_an_edit_after_does_not() -> None:
    sheet = make_sheet(2, target=100)
    first = enter_round(sheet, typed_draft(2, 0, {1: 60}))
    assert not first.ends_match
    second = enter_round(first.sheet, typed_draft(2, 0, {1: 50}))
    assert second.ends_match
    edit = enter_round(second.sheet, typed_draft(2, 0, {1: 70}), 1)
    assert not edit.ends_match and edit.sheet.tally().finished


def test_a_bad_round_raises_and_a_finished_match_takes_no_more() -> None:
    sheet = make_sheet(3)
    with pytest.raises(RoundRejected):
        enter_round(sheet, typed_draft(3, 0, {1: "x", 2: 3}))
    over = enter_round(make_sheet(2, target=10), typed_draft(2, 0, {1: 50})).sheet
    with pytest.raises(SheetError):
        enter_round(over, typed_draft(2, 0, {1: 5}))
