"""R-KEEP-2: entries checked against the deck (R-DECK-1/2, R-PTS)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from keeper_helpers import deal, draft_of_deal, rngs, typed_draft

from scorekeeper import Hand, Options, RoundDraft, check_draft, check_hands, max_typed_total, possible_totals
from uno_core.cards import ALL_CARDS, DECK_COUNTS, Card, Rank


def codes(errors: object) -> list[tuple[str, int | None]]:
    return [(e.code, e.seat) for e in errors]  # type: ignore[attr-defined]


# R-KEEP-2 + R-PTS: with no card-by-card hands, every total from 0 to the deck's total is possible
def test_every_total_up_to_deck_total_is_possible() -> None:
    assert possible_totals([]) == set(range(1241))
    assert possible_totals([], wild_points=40) == set(range(1201))  # R-PTS-3
    assert max_typed_total([]) == 1240


# R-KEEP-2: no hand total above what the cards can make
def test_total_too_high() -> None:
    errors = check_draft(typed_draft(2, 0, {1: 1241}), 2, Options())
    assert codes(errors) == [("total_too_high", 1)]
    assert errors[0].params == {"total": 1241, "max": 1240}
    assert check_draft(typed_draft(2, 0, {1: 1240}), 2, Options()) == ()
    assert codes(check_draft(typed_draft(2, 0, {1: 1201}), 2, Options(wild_points=40))) == [("total_too_high", 1)]
    assert codes(check_draft(typed_draft(2, 0, {1: 99999999}), 2, Options())) == [("total_too_high", 1)]


def test_totals_together_too_high() -> None:
    errors = check_draft(typed_draft(3, 0, {1: 700, 2: 600}), 3, Options())
    assert [(e.code, e.field) for e in errors] == [("totals_too_high", "hands")]
    assert errors[0].params == {"total": 1300, "max": 1240}


# R-KEEP-2 with R-DECK-1: four 0s in the deck, so at most four hands can be worth 0
def test_five_zero_hands_impossible() -> None:
    assert check_draft(typed_draft(5, 0, dict.fromkeys(range(1, 5), 0)), 5, Options()) == ()
    errors = check_draft(typed_draft(6, 0, dict.fromkeys(range(1, 6), 0)), 6, Options())
    assert [(e.code, e.params) for e in errors] == [("totals_impossible", {"total": 0, "hands": 5})]


# R-KEEP-2: the typed total must be makeable from the cards not tapped into other hands
def test_total_must_be_makeable_from_cards_left() -> None:
    numbers = [card for card in ALL_CARDS if card.rank.is_number for _ in range(DECK_COUNTS[card])]
    draft = RoundDraft.blank(3).with_winner(0).with_text(2, "35")
    for card in numbers:
        draft = draft.add_card(1, card)
    # only 20s and 50s are left: 35 cannot be made, 70 can; 0 cannot (no 0 left)
    assert codes(check_draft(draft, 3, Options())) == [("total_impossible", 2)]
    assert check_draft(draft.with_text(2, "70"), 3, Options()) == ()
    assert codes(check_draft(draft.with_text(2, "0"), 3, Options())) == [("total_impossible", 2)]
    left = possible_totals([numbers])
    assert max(left) == max_typed_total([numbers]) == 1240 - 360 - 20
    assert all(total % 10 == 0 for total in left)


# R-KEEP-2 + R-DECK-2: at most 4 Wild Draw Four across all hands
def test_too_many_copies_across_hands() -> None:
    draft = RoundDraft.blank(3).with_winner(0)
    for _ in range(3):
        draft = draft.add_card(1, "W+4")
    draft = draft.add_card(2, "W+4").add_card(2, "R7")
    assert check_draft(draft, 3, Options()) == ()
    draft = draft.add_card(2, "W+4")
    errors = check_draft(draft, 3, Options())
    assert codes(errors) == [("too_many_copies", 1), ("too_many_copies", 2)]
    assert errors[0].params == {"card": "W+4", "limit": 4, "count": 5}
    # R-DECK-1: one red 0, two red 7s
    assert codes(check_hands([None, Hand.of_cards([Card.parse("R0")] * 2)])) == [("too_many_copies", 1)]
    assert check_hands([None, Hand.of_cards([Card.parse("R7")] * 2)]) == []


def test_whole_deck_in_hands_is_impossible() -> None:
    deck = [card for card in ALL_CARDS for _ in range(DECK_COUNTS[card])]
    errors = check_hands([None, Hand.of_cards(deck[:60]), Hand.of_cards(deck[60:])])
    assert [(e.code, e.params) for e in errors] == [("too_many_cards", {"count": 108, "limit": 107})]
    assert check_hands([None, Hand.of_cards(deck[:60]), Hand.of_cards(deck[61:])]) == []
    # all cards but one tapped: a typed hand has nothing left
    rest = [card for card in deck if card.rank is not Rank.ZERO] + [
        Card.parse("R0"),
        Card.parse("Y0"),
        Card.parse("G0"),
    ]
    errors = check_hands([None, Hand.of_cards(rest), Hand.of_total(0)])
    assert [(e.code, e.params) for e in errors] == [("not_enough_cards", {"left": 1, "hands": 1})]
    errors = check_hands([None, Hand.of_cards(rest[1:]), Hand.of_total(0)])
    assert errors == []


# R-KEEP-2: never refuses a round that a real deal can produce, however it is entered
@given(st.integers(2, 10), rngs, st.sampled_from([50, 40]), st.integers(1, 30))
def test_real_deals_are_never_refused(players: int, rng: random.Random, wild: int, most: int) -> None:
    winner = rng.randrange(players)
    hands = deal(rng, players, winner, most)
    draft = draft_of_deal(hands, winner, rng, wild)
    assert check_draft(draft, players, Options(wild_points=wild)) == ()


@given(rngs, st.integers(0, 30))
def test_max_typed_total_is_the_largest_possible(rng: random.Random, count: int) -> None:
    deck = [card for card in ALL_CARDS for _ in range(DECK_COUNTS[card])]
    rng.shuffle(deck)
    tapped = [deck[:count]]
    possible = possible_totals(tapped)
    assert max(possible) == max_typed_total(tapped)
    top = max_typed_total(tapped)
    assert not check_hands([None, Hand.of_cards(deck[:count]) if count else None, Hand.of_total(top)])
    assert [
        e.code for e in check_hands([None, Hand.of_total(top + 1)] + ([Hand.of_cards(deck[:count])] if count else []))
    ] == ["total_too_high"]
