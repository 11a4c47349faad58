"""The deck, card points and the R-NOTE text notation."""

from __future__ import annotations

import random
from collections import Counter
from unittest import mock

import pytest
from unit_helpers import FILLER, scripted

from uno_core import (
    ACCEPT,
    ALL_CARDS,
    CHALLENGE,
    DRAW,
    KEEP,
    SAY_UNO,
    Card,
    Catch,
    ChooseColour,
    Colour,
    Game,
    NotationError,
    Play,
    Rank,
    Rules,
    full_deck,
    hand_points,
    parse_action,
    parse_deck,
)
from uno_core.cards import COLOURS, by_deck_order, shuffle
from uno_core.scenario import stacked_deck


def test_deck_has_108_cards_25_per_colour() -> None:
    # R-DECK-1
    deck = full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    for colour in Colour:
        coloured = [c for c in deck if c.colour is colour]
        assert len(coloured) == 25
        assert counts[Card(colour, Rank.ZERO)] == 1
        for rank in Rank:
            if Rank.ONE <= rank <= Rank.DRAW_TWO:
                assert counts[Card(colour, rank)] == 2, (colour, rank)
    assert sum(1 for c in deck if c.colour is not None) == 100


def test_deck_has_four_wild_and_four_wild_draw_four_without_colour() -> None:
    # R-DECK-2
    deck = full_deck()
    assert Counter(deck)[Card.parse("W")] == 4
    assert Counter(deck)[Card.parse("W+4")] == 4
    assert Card.parse("W").colour is None and Card.parse("W+4").colour is None
    assert len(ALL_CARDS) == 54


def test_card_points() -> None:
    # R-PTS-1 R-PTS-2 R-PTS-3 R-PTS-4
    for n in range(10):
        assert Card.parse(f"G{n}").points() == n
    for code in ("RS", "YV", "B+2"):
        assert Card.parse(code).points() == 20
    assert Card.parse("W").points() == 50
    assert Card.parse("W").points(40) == 40
    assert Card.parse("W+4").points() == 50
    assert Card.parse("W+4").points(40) == 50
    assert hand_points(parse_deck("R7 GS W W+4"), 40) == 7 + 20 + 40 + 50
    # the whole deck: 4 colours x (0 + 2*(1+..+9) + 6*20) + 4*50 + 4*50
    assert hand_points(full_deck()) == 4 * (90 + 120) + 400


def test_wild_points_option() -> None:
    # R-PTS-3
    assert Rules().wild_points == 50
    assert Rules(wild_points=40).wild_points == 40
    from uno_core import RulesError

    with pytest.raises(RulesError, match="45"):
        Rules(wild_points=45)


@pytest.mark.parametrize(
    ("text", "colour", "rank"),
    [
        ("R7", Colour.RED, Rank.SEVEN),
        ("GS", Colour.GREEN, Rank.SKIP),
        ("BV", Colour.BLUE, Rank.REVERSE),
        ("Y+2", Colour.YELLOW, Rank.DRAW_TWO),
        ("R0", Colour.RED, Rank.ZERO),
        ("W", None, Rank.WILD),
        ("W+4", None, Rank.WILD_DRAW_FOUR),
    ],
)
def test_card_codes(text: str, colour: Colour | None, rank: Rank) -> None:
    # R-NOTE-1
    card = Card.parse(text)
    assert card.colour is colour and card.rank is rank
    assert str(card) == text


def test_every_card_round_trips() -> None:
    # R-NOTE-1
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card


def test_cards_are_equal_only_to_themselves_hash_by_identity_and_sort_by_deck_order() -> None:
    cards = list(ALL_CARDS)
    for a in cards:
        for b in cards:
            assert (a == b) is (a is b) and (a != b) is (a is not b)
        assert hash(a) == object.__hash__(a)
        assert a != a.code and a != a.index and a != (a.colour, a.rank)
        assert a == mock.ANY  # a non-card decides for itself (NotImplemented, as without __eq__)
    assert sorted(reversed(cards)) == cards and min(cards) is cards[0]
    hand = parse_deck("R1 G5 R1 W Y3")
    hand.remove(Card.parse("R1"))
    assert [card.code for card in hand] == ["G5", "R1", "W", "Y3"] and hand.count(Card.parse("R1")) == 1


def test_the_deck_order_key_sorts_as_card_comparison_does() -> None:
    rng = random.Random(3)
    for size in (0, 1, 7, 20, 108):
        cards = rng.sample(full_deck(), size)
        assert sorted(cards, key=by_deck_order) == sorted(cards)
        assert [by_deck_order(card) for card in ALL_CARDS] == list(range(len(ALL_CARDS)))


def test_colours_are_equal_only_to_themselves_and_hash_by_identity() -> None:
    for a in COLOURS:
        for b in COLOURS:
            assert (a == b) is (a is b)
        assert hash(a) == object.__hash__(a) and {a: 1}[Colour(a.value)] == 1
        assert a != a.value


@pytest.mark.parametrize("size", [0, 1, 2, 7, 108])
def test_shuffle_sorts_by_one_random_key_per_item_in_list_order(size: int) -> None:
    # the order every seeded game is dealt in: rng.random() drawn item by item, then a stable sort
    for seed in range(200):
        items = full_deck()[:size]
        reference = random.Random(seed)
        keys = [reference.random() for _ in items]
        expected = [item for _, item in sorted(zip(keys, items, strict=True), key=lambda pair: pair[0])]
        rng = random.Random(seed)
        shuffle(items, rng)
        assert items == expected
        assert rng.getstate() == reference.getstate()  # one draw per item, nothing more


@pytest.mark.parametrize("text", ["", "r7", "R10", "X5", "W+2", "R+4", "WR", " R7", "R7 ", "Ｒ7", "R٧"])
def test_bad_card_codes_are_refused_quoting_the_input(text: str) -> None:
    # R-NOTE-1
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [[], None, 7, ("R7",)])
def test_a_card_or_deck_that_is_not_text_is_a_notation_error(value: object) -> None:
    # R-NOTE-1 R-NOTE-4
    with pytest.raises(NotationError):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_deck(value)  # type: ignore[arg-type]


def test_colour_words() -> None:
    # R-NOTE-2
    for word in ("red", "yellow", "green", "blue"):
        colour = Colour.parse(word)
        assert str(colour) == word
        assert str(parse_action(f"color {word}")) == f"color {word}"
    for bad in ("Red", "r", "purple", ""):
        with pytest.raises(NotationError, match=repr(bad).replace("[", r"\[")):
            Colour.parse(bad)


ACTIONS = [
    (Play((Card.parse("R7"),)), "play R7"),
    (Play((Card.parse("W"),), Colour.BLUE), "play W blue"),
    (Play((Card.parse("W+4"),), Colour.RED), "play W+4 red"),
    (Play((Card.parse("G7"),), swap=2), "play G7 swap 2"),
    (Play((Card.parse("R5"), Card.parse("R5"))), "play R5 R5"),
    (Play((Card.parse("R7"),), uno=True), "play R7 uno"),
    (Play((Card.parse("W"),), Colour.GREEN, uno=True), "play W green uno"),
    (Play((Card.parse("B7"), Card.parse("B7")), swap=9, uno=True), "play B7 B7 swap 9 uno"),
    (Play((Card.parse("R7"),), jump=True), "jump R7"),
    (Play((Card.parse("Y+2"),), jump=True, uno=True), "jump Y+2 uno"),
    (ChooseColour(Colour.BLUE), "color blue"),
    (DRAW, "draw"),
    (KEEP, "keep"),
    (CHALLENGE, "challenge"),
    (ACCEPT, "accept"),
    (SAY_UNO, "uno"),
    (Catch(2), "catch 2"),
    (Catch(10), "catch 10"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS, ids=[t for _, t in ACTIONS])
def test_action_notation_both_ways(action: object, text: str) -> None:
    # R-NOTE-3 R-NOTE-2
    assert str(action) == text
    assert parse_action(text) == action
    assert parse_action(str(parse_action(text))) == action


BAD_ACTIONS = [
    "",
    "   ",
    "play",
    "play R7 R8",  # two different cards
    "play RS RS",  # doubles are number cards only
    "play W",  # a wild names its colour
    "play W+4",
    "play R7 red",  # only a wild names a colour
    "play R5 swap 1",  # only a 7 swaps
    "play G7 swap",
    "play G7 swap x",
    "play G7 swap -1",
    "play G7 swap 01",
    "play G7 swap ３",
    "play R7 uno uno",
    "play R5 R5 R5",
    "play W red blue",
    "jump W red",  # wild cards cannot jump in
    "color",
    "color purple",
    "color red blue",
    "catch",
    "catch x",
    "catch 1 2",
    "catch ٣",
    "draw now",
    "uno 1",
    "Draw",
    "PLAY R7",
    "pass",
    "play r7",
]


@pytest.mark.parametrize("text", BAD_ACTIONS)
def test_bad_action_text_raises_notation_error_quoting_it(text: str) -> None:
    # R-NOTE-3
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert repr(text) in str(info.value) or (text.split() and repr(text.split()[-1]) in str(info.value))


def test_non_text_action_is_refused() -> None:
    # R-NOTE-3
    with pytest.raises(NotationError):
        parse_action(7)  # type: ignore[arg-type]


def test_fixed_deck_deals_from_the_top_left_of_the_dealer_then_turns_the_next_card() -> None:
    # R-NOTE-4 R-SETUP-1 R-SETUP-2
    hands = ["R1 R2 R3 R4 R5 R6 R8", "Y1 Y2 Y3 Y4 Y5 Y6 Y8", "G1 G2 G3 G4 G5 G6 G8"]
    deck = stacked_deck(hands, "B9", "B1 B2", dealer=1)
    # one card at a time, starting left of the dealer (seat 2), then seat 0, seat 1, ...
    assert [str(c) for c in deck[:4]] == ["G1", "R1", "Y1", "G2"]
    assert str(deck[21]) == "B9"
    game = Game(3, seed=5, first_dealer=1, deck=deck)
    for seat in range(3):
        assert " ".join(map(str, game.hands[seat])) == hands[seat]
    assert str(game.top) == "B9"
    assert [str(c) for c in game.draw_pile[-2:]] == ["B2", "B1"]  # top of the pile is the end
    assert len(game.draw_pile) == 108 - 21 - 1
    # the same deck given as text
    text = " ".join(map(str, deck))
    assert Game(3, seed=99, first_dealer=1, deck=text) == Game(3, seed=99, first_dealer=1, deck=deck)


def test_fixed_deck_must_be_a_full_deck() -> None:
    # R-NOTE-4
    deck = full_deck()
    with pytest.raises(NotationError, match="108"):
        Game(2, deck=deck[:-1])
    deck[0] = deck[-1]  # 5 W+4, no R0
    with pytest.raises(NotationError, match="W\\+4"):
        Game(2, deck=deck)
    with pytest.raises(NotationError):
        stacked_deck(FILLER[:2], "W+4", "W+4 W+4 W+4 W+4")


def test_same_seed_and_deck_give_the_same_game_different_seeds_differ() -> None:
    # R-NOTE-4
    a = Game(4, seed=123, first_dealer="cut")
    b = Game(4, seed=123, first_dealer="cut")
    c = Game(4, seed=124, first_dealer="cut")
    assert a == b and a.digest() == b.digest()
    assert a.hands != c.hands
    s = scripted(FILLER, "R9")
    assert s.hands == scripted(FILLER, "R9", seed=77).hands


@pytest.mark.parametrize(
    "text",
    [
        "play R7 swap 9",
        "jump G7 swap 63 uno",
        "play R7 swap 64",
        "play B7 B7 swap 100 uno",
    ],
)
def test_round_trip_holds_for_every_seat_number(text: str) -> None:
    # R-NOTE-3: parse(str(x)) == x always holds
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
