"""R-KEEP-2 while typing: taps refused at once, live deck checks of a draft, the "are you sure" line,
and the remembered entry mode (R-KEEP-1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from keeper_helpers import deal, draft_of_deal, make_sheet, rngs, typed_draft

from scorekeeper import (
    UNUSUAL_CARDS,
    Hand,
    HandInput,
    Mode,
    Options,
    RoundDraft,
    RoundRejected,
    Unusual,
    check_draft,
    check_tap,
    live_errors,
    load,
    rank_entered,
    rank_in_deck,
    round_from_draft,
    save,
    taps_left,
    unusual_totals,
)
from scorekeeper.limits import unusual_limit
from uno_core.cards import ALL_CARDS, DECK_COUNTS, Card, Rank, full_deck


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


# R-KEEP-2: at most 4 Wild Draw Four across all hands; the fifth tap is refused, wherever it goes
def test_a_fifth_wild_draw_four_is_refused_at_the_tap() -> None:
    draft = RoundDraft.blank(3).with_winner(0).add_card(1, "W+4").add_card(1, "W+4").add_card(2, "W+4")
    assert check_tap(draft, 2, Card.parse("W+4")) is None
    draft = draft.add_card(2, "W+4")
    for seat in (1, 2):
        error = check_tap(draft, seat, Card.parse("W+4"))
        assert error is not None and (error.code, error.seat) == ("no_copy_left", seat)
        assert error.params == {"card": "W+4", "limit": 4}
    assert check_tap(draft, 1, Card.parse("W")) is None


# R-KEEP-2: what counts is what a save would count: card-mode hands, not the winner's
def test_hidden_cards_and_the_winners_hand_do_not_count() -> None:
    draft = RoundDraft.blank(3).add_card(0, "R7").add_card(1, "R7")
    assert check_tap(draft, 2, Card.parse("R7")) is not None  # the deck has two R7
    assert check_tap(draft.with_winner(0), 2, Card.parse("R7")) is None
    assert check_tap(draft.with_mode(1, "total"), 2, Card.parse("R7")) is None


# R-KEEP-2 (R-DECK): one card is always the winner's last; 107 cards at most in the hands
def test_the_whole_deck_cannot_be_tapped() -> None:
    deck = full_deck()
    draft = RoundDraft(0, (HandInput(), HandInput.of_cards(deck[:107]), HandInput(Mode.CARDS)))
    error = check_tap(draft, 2, deck[107])
    assert error is not None and (error.code, error.params["limit"]) == ("too_many_cards", 107)
    assert check_tap(RoundDraft(0, (HandInput(), HandInput.of_cards(deck[:106]), HandInput())), 2, deck[106]) is None


@given(rngs, st.integers(2, 10))
def test_taps_of_a_real_round_are_never_refused(rng: random.Random, players: int) -> None:
    """Every card of a real deal can be tapped into its hand, one by one, in any order."""
    winner = rng.randrange(players)
    hands = deal(rng, players, winner)
    draft = RoundDraft.blank(players, Mode.CARDS).with_winner(winner)
    taps = [(seat, card) for seat, hand in enumerate(hands) for card in hand]
    rng.shuffle(taps)
    for seat, card in taps:
        assert check_tap(draft, seat, card) is None
        draft = draft.add_card(seat, card)
    assert live_errors(draft, Options()) == ()


@given(rngs, st.integers(2, 6))
def test_a_refused_tap_is_one_a_save_would_refuse(rng: random.Random, players: int) -> None:
    """Whenever a tap is refused, saving the draft with that card would be refused too."""
    winner = rng.randrange(players)
    draft = RoundDraft.blank(players, Mode.CARDS).with_winner(winner)
    others = [seat for seat in range(players) if seat != winner]
    pool = [card for card in ALL_CARDS if DECK_COUNTS[card] <= 2][:12]  # few faces: copies run out quickly
    for _ in range(40):
        seat, card = rng.choice(others), rng.choice(pool)
        refused = check_tap(draft, seat, card)
        more = draft.add_card(seat, card)
        if refused is None:
            draft = more
        else:
            assert any(error.code == "too_many_copies" for error in live_errors(more, Options()))
    assert not any(error.code == "too_many_copies" for error in live_errors(draft, Options()))


# R-KEEP-2 (R-DECK): what a tap may still add is exactly what `check_tap` takes; copies counted by rank too
def test_the_taps_left_are_the_taps_check_tap_takes() -> None:
    draft = RoundDraft.blank(3).with_winner(0).add_card(1, "R7").add_card(2, "R7").add_card(2, "Y7")
    left = taps_left(draft)
    assert left[Card.parse("R7")] == 0 and left[Card.parse("Y7")] == 1 and left[Card.parse("W")] == 4
    for card in ALL_CARDS:
        assert (left[card] > 0) == (check_tap(draft, 1, card) is None), card
    assert rank_entered(draft, Rank.SEVEN) == 3 and rank_entered(draft.with_mode(2, "total"), Rank.SEVEN) == 1
    assert rank_in_deck(Rank.SEVEN) == 8 and rank_in_deck(Rank.ZERO) == 4 and rank_in_deck(Rank.WILD_DRAW_FOUR) == 4
    assert sum(rank_in_deck(rank) for rank in Rank) == 108
    deck = full_deck()
    spent = RoundDraft(0, (HandInput(), HandInput.of_cards(deck[:107]), HandInput(Mode.CARDS)))
    assert not +taps_left(spent)  # the deck is spent: nothing is left to tap, though a copy of deck[107] is


# R-KEEP-2 as typed: impossible totals and bad text are reported before a save; blanks are left out
def test_live_errors_report_impossible_hands_as_typed() -> None:
    assert live_errors(RoundDraft.blank(3), Options()) == ()
    draft = RoundDraft.blank(3).with_text(1, "abc").with_text(2, "1300")
    assert [(e.code, e.seat) for e in live_errors(draft, Options())] == [("not_a_number", 1), ("total_too_high", 2)]
    together = RoundDraft.blank(3).with_winner(0).with_text(1, "700").with_text(2, "600")
    assert [e.code for e in live_errors(together, Options())] == ["totals_too_high"]
    assert live_errors(together.with_text(2, "6"), Options()) == ()


# R-KEEP-1, R-KEEP-2: a typed total may be a sum; the deck checks apply to the sum
def test_a_sum_being_typed_is_said_only_once_it_cannot_be_finished() -> None:
    """Typing "12+11+7" passes through "12+" and "12+11+": no error while a term may still come; the sum is checked
    like any total (700+600 is too many points); a sum left open is refused at Save."""
    draft = RoundDraft.blank(3).with_winner(0)
    for typed in ("1", "12", "12+", "12+1", "12+11", "12+11+", "12+11+7"):
        assert live_errors(draft.with_text(1, typed), Options()) == (), typed
    assert draft.with_text(1, "12+11+7").hands[1].live_points() == 30
    assert [e.code for e in live_errors(draft.with_text(1, "12++"), Options())] == ["not_a_number"]
    assert [e.code for e in live_errors(draft.with_text(1, "700+600"), Options())] == ["total_too_high"]
    with pytest.raises(RoundRejected) as info:
        round_from_draft(draft.with_text(1, "12+").with_text(2, "5"), 3, Options())
    assert [e.code for e in info.value.errors] == ["not_a_number"]


def test_live_errors_report_every_bad_total_at_once() -> None:
    """The issue's round: -5, abc and 99999 typed for three hands are three errors, one per hand, as typed
    (and the winner's hidden field and blank hands say nothing)."""
    draft = RoundDraft.blank(5).with_winner(0).with_text(0, "x").with_text(1, "-5").with_text(2, "abc")
    found = live_errors(draft.with_text(3, "99999"), Options())
    assert [(e.code, e.seat) for e in found] == [("negative", 1), ("not_a_number", 2), ("total_too_high", 3)]
    assert [(e.code, e.seat) for e in live_errors(draft.with_text(1, "-0").with_text(2, " 7 "), Options())] == []


@given(rngs, st.integers(2, 10), st.sampled_from([50, 40]))
def test_a_real_round_has_no_live_error_at_any_point(rng: random.Random, players: int, wild: int) -> None:
    """Entering a real deal hand by hand (typed or tapped), no step shows an error."""
    winner = rng.randrange(players)
    full = draft_of_deal(deal(rng, players, winner), winner, rng, wild)
    draft = RoundDraft.blank(players).with_winner(winner)
    for seat, hand in enumerate(full.hands):
        draft = draft.with_hand(seat, hand)
        assert live_errors(draft, Options(wild_points=wild)) == ()


@given(rngs, st.integers(2, 6))
def test_live_errors_never_go_away_by_entering_more(rng: random.Random, players: int) -> None:
    """What is impossible so far stays impossible: a live error is one the save would report."""
    winner = rng.randrange(players)
    totals = {seat: rng.choice([0, 3, 400, 700, 1240, 1300]) for seat in range(players) if seat != winner}
    draft = typed_draft(players, winner, totals)
    if live_errors(draft.with_text(max(totals), ""), Options()):
        assert check_draft(draft, players, Options())


# the "are you sure" line: the points of the 25 richest cards left (documented in limits.py and the README)
def test_unusual_limit_is_the_25_richest_cards_left() -> None:
    assert UNUSUAL_CARDS == 25
    assert unusual_limit([]) == 8 * 50 + 17 * 20 == 740
    assert unusual_limit([], 40) == 4 * 40 + 4 * 50 + 17 * 20  # R-PTS-3: a plain Wild only
    assert unusual_limit([cards("W", "W", "W+4")]) == 740 - 3 * 50 + 3 * 20
    assert unusual_limit([full_deck()[:100]]) == sum(card.points() for card in full_deck()[100:])


def test_unusual_totals_are_typed_ones_above_the_line() -> None:
    hands = (None, Hand.of_total(681), Hand.of_total(680), Hand.of_cards(cards("W", "W+4")))
    assert unusual_totals(hands) == (Unusual(1, 681, 6 * 50 + 19 * 20),)
    assert unusual_totals((None, Hand.of_total(600))) == ()
    big = Hand.of_cards(tuple(card for card in full_deck() if card.points() >= 20)[:30])
    assert unusual_totals((None, big)) == ()  # tapped card by card: never asked about


@given(rngs, st.integers(2, 10))
def test_a_normal_hand_is_never_asked_about(rng: random.Random, players: int) -> None:
    """Hands of up to 25 cards of a real deal never reach the line."""
    winner = rng.randrange(players)
    hands = deal(rng, players, winner, most=UNUSUAL_CARDS)
    draft = draft_of_deal(hands, winner, rng)
    sheet = make_sheet(players).add_round(draft)
    assert unusual_totals(sheet.rounds[-1].hands) == ()


# R-KEEP-1: the entry mode is remembered by the sheet, applies to every hand at once, and is saved
def test_the_entry_mode_is_remembered_and_saved() -> None:
    sheet = make_sheet(3).with_entry_mode("cards")
    assert {hand.mode for hand in sheet.blank_draft().hands} == {Mode.CARDS}
    assert load(save(sheet)).entry_mode is Mode.CARDS
    assert sheet.play_again().entry_mode is Mode.CARDS
    assert sheet.same_game(sheet.with_entry_mode("total"))
    with pytest.raises(ValueError):
        sheet.with_entry_mode("dice")


def test_a_mode_for_the_whole_round_keeps_what_each_hand_holds() -> None:
    draft = RoundDraft.blank(3).with_text(1, "12").add_card(2, "R7").with_modes("cards")
    assert [hand.mode for hand in draft.hands] == [Mode.CARDS] * 3
    back = draft.with_modes(Mode.TOTAL)
    assert back.hands[1].text == "12" and back.hands[2].cards == cards("R7")
