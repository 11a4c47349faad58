"""Players, seating, choosing the dealer, the deal and every first-card case."""

from __future__ import annotations

from collections import Counter

import pytest
from unit_helpers import FILLER, assert_all_cards, drawn_counts, of_type, scripted

from uno_core import Card, Game, Phase, Rules, RulesError, events, full_deck


@pytest.mark.parametrize("n", [2, 3, 7, 10])
def test_two_to_ten_players_get_seven_cards_each(n: int) -> None:
    # R-SEAT-1 R-SETUP-1 R-SETUP-2
    game = Game(n, seed=n)
    assert all(len(h) == 7 for h in game.hands)
    assert len(game.discard) == 1
    assert len(game.draw_pile) == 108 - 7 * n - 1
    assert_all_cards(game)


@pytest.mark.parametrize("n", [0, 1, 11, 12])
def test_player_count_outside_two_to_ten_is_refused(n: int) -> None:
    # R-SEAT-1
    with pytest.raises(RulesError, match=str(n)):
        Game(n)
    with pytest.raises(RulesError):
        Game([f"p{i}" for i in range(n)])


def test_names_and_bad_set_up() -> None:
    # R-SEAT-1
    game = Game(["Ana", "Ben", "Cai"], seed=1)
    assert game.names == ("Ana", "Ben", "Cai")
    with pytest.raises(RulesError):
        Game(3, first_dealer=3)
    with pytest.raises(RulesError):
        Game(3, first_dealer="highest")
    with pytest.raises(RulesError):
        Game(3, seed="1")  # type: ignore[arg-type]


def test_play_starts_left_of_dealer_and_goes_clockwise() -> None:
    # R-SEAT-2 R-FIRST-6
    game = scripted(FILLER, "R9", dealer=2)
    assert game.current == 3 and game.direction == 1
    game.apply(3, "draw")  # B-hand cannot play on R9; the drawn card is R0 (rest of the deck)
    if game.phase is Phase.DRAWN:
        game.apply(3, "keep")
    assert game.current == 0
    game.apply(0, "play R1")
    assert game.current == 1


@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_number_first_card_left_of_dealer_begins(dealer: int) -> None:
    # R-FIRST-6
    game = scripted(FILLER, "G7", dealer=dealer)
    assert game.current == (dealer + 1) % 4
    assert game.phase is Phase.TURN and game.active is not None and game.active.value == "green"
    assert [type(e) for e in game.history] == [events.DealerChosen, events.RoundStarted, events.CardTurned]


def test_deal_order_one_card_at_a_time_from_the_left_of_the_dealer() -> None:
    # R-SETUP-1 R-SETUP-2
    deck = full_deck()
    game = Game(3, seed=0, first_dealer=2, deck=deck)
    # seat 0 is left of dealer 2: it gets deck[0], deck[3], ...
    assert game.hands[0] == deck[0:21:3]
    assert game.hands[1] == deck[1:21:3]
    assert game.hands[2] == deck[2:21:3]
    assert game.top is deck[21]
    assert list(reversed(game.draw_pile)) == deck[22:]


def test_wild_draw_four_first_is_returned_and_reshuffled() -> None:
    # R-FIRST-1
    for seed in range(20):
        game = scripted(FILLER, "W+4", seed=seed)
        turned = of_type(game.history, events.CardTurned)
        assert turned[0].card is Card.parse("W+4") and turned[0].returned
        assert all(t.returned for t in turned[:-1]) and not turned[-1].returned
        assert turned[-1].card is game.top
        assert game.top is not Card.parse("W+4")
        assert_all_cards(game)
        first_draws = sum(count for _, count, _ in drawn_counts(game.history))  # a Draw Two turned next
        assert len(game.draw_pile) == 108 - 28 - 1 - first_draws


def test_wild_draw_four_first_repeats_until_another_card() -> None:
    # R-FIRST-1: the draw pile holds the other three W+4 on top; a reshuffle can turn one again
    seen_repeat = False
    for seed in range(200):
        game = scripted(FILLER, "W+4", "W+4 W+4 W+4", seed=seed)
        turned = of_type(game.history, events.CardTurned)
        assert game.top is not Card.parse("W+4")
        seen_repeat = seen_repeat or len(turned) > 2
        assert_all_cards(game)
    # 4 of 81 cards are W+4 after the first return: within 200 seeds a repeat is all but certain
    assert seen_repeat


def test_wild_first_player_left_of_dealer_chooses_colour_then_plays() -> None:
    # R-FIRST-2 R-TURN-1
    hands = ["R1 R2 R3 R4 R5 R6 R8", "Y1 Y2 Y3 Y4 Y5 B6 W", "G1 G2 G3 G4 G5 G6 G8", "B1 B2 B3 B4 B5 B6 B8"]
    game = scripted(hands, "W", dealer=0)
    assert game.phase is Phase.FIRST_COLOUR and game.current == 1
    assert game.legal_texts(1) == ["color red", "color yellow", "color green", "color blue"]
    assert all(game.legal_actions(s) == [] for s in (0, 2, 3))
    evts = game.apply(1, "color blue")
    assert of_type(evts, events.ColourChosen) == [events.ColourChosen(1, Card.parse("B1").colour)]  # type: ignore[arg-type]
    assert game.current == 1 and game.phase is Phase.TURN
    # only blue (or a wild) matches the declared colour now
    assert game.legal_texts(1) == ["play B6", "play W red", "play W yellow", "play W green", "play W blue", "draw"]
    game.apply(1, "play B6")
    assert game.current == 2


def test_wild_first_colour_may_be_chosen_by_the_left_seat_only() -> None:
    # R-FIRST-2 R-TURN-6
    game = scripted(FILLER, "W", dealer=3)
    assert game.current == 0
    with pytest.raises(Exception, match="turn"):
        game.apply(1, "color red")
    with pytest.raises(Exception, match="colour"):
        game.apply(0, "play R1")


@pytest.mark.parametrize("stacking", [False, True])
def test_draw_two_first_left_of_dealer_draws_two_and_loses_turn(stacking: bool) -> None:
    # R-FIRST-3 R-ACT-3 (a first Draw Two is never stacked on)
    hands = ["R1 R2 R3 R4 R5 R6 R8", "Y1 Y2 Y3 Y4 Y5 Y6 B+2", "G1 G2 G3 G4 G5 G6 G8", "B1 B2 B3 B4 B5 B6 B8"]
    game = scripted(hands, "R+2", "G9 G7", dealer=0, stacking=stacking)
    assert drawn_counts(game.history) == [(1, 2, "first_card")]
    assert [str(c) for c in game.hands[1][-2:]] == ["G9", "G7"]
    assert of_type(game.history, events.TurnSkipped) == [events.TurnSkipped(1)]
    assert game.current == 2 and game.phase is Phase.TURN and game.pending == 0
    assert game.legal_texts(1) == []


@pytest.mark.parametrize(("dealer", "n"), [(0, 4), (3, 4), (1, 2), (0, 2)])
def test_skip_first_left_of_dealer_is_skipped(dealer: int, n: int) -> None:
    # R-FIRST-4
    game = scripted(FILLER[:n], "YS", dealer=dealer)
    left = (dealer + 1) % n
    assert of_type(game.history, events.TurnSkipped) == [events.TurnSkipped(left)]
    assert game.current == (left + 1) % n
    assert drawn_counts(game.history) == []


def test_reverse_first_dealer_plays_first_counter_clockwise() -> None:
    # R-FIRST-5 R-SEAT-2
    game = scripted(FILLER, "GV", dealer=2)
    assert game.direction == -1 and game.current == 2
    assert of_type(game.history, events.DirectionReversed) == [events.DirectionReversed(-1)]
    game.apply(2, "play G1")
    assert game.current == 1


def test_reverse_first_with_two_players_dealer_plays_then_the_other() -> None:
    # R-FIRST-5 R-ACT-2
    game = scripted(FILLER[1:3], "YV", dealer=1)
    assert game.current == 1  # the dealer, as if the non-dealer (seat 0) were skipped
    game.apply(1, "draw")  # G-hand on YV: no match; draws R0 (not playable)
    assert game.current == 0


def test_cut_for_deal_highest_number_deals_ties_redraw() -> None:
    # R-SEAT-3
    methods = Counter()
    redraws = 0
    for seed in range(300):
        n = 2 + seed % 9
        game = Game(n, seed=seed)  # "cut" is the default
        chosen = of_type(game.history, events.DealerChosen)
        assert len(chosen) == 1
        cut = chosen[0]
        assert cut.method == "cut" and cut.dealer == game.dealer
        methods[cut.method] += 1
        contenders = list(range(n))
        for i, draw in enumerate(cut.cuts):
            assert [seat for seat, _ in draw] == contenders
            values = {seat: (int(card.rank) if card.rank.is_number else -1) for seat, card in draw}
            best = max(values.values())
            winners = [s for s, v in values.items() if v == best]
            if i == len(cut.cuts) - 1:
                assert winners == [cut.dealer] and best >= 0  # a unique highest number
            else:
                assert len(winners) > 1 or best < 0  # a tie (or only action/wild cards): redraw
                redraws += 1
            contenders = winners
        assert game.current == (game.dealer + 1) % n or game.top.rank.value >= 10
    assert redraws > 0  # ties happen over 300 cuts


def test_random_and_fixed_first_dealer() -> None:
    # R-SEAT-3
    seen = set()
    for seed in range(40):
        game = Game(4, seed=seed, first_dealer="random")
        chosen = of_type(game.history, events.DealerChosen)[0]
        assert chosen.method == "random" and chosen.cuts == () and chosen.dealer == game.dealer
        seen.add(game.dealer)
    assert seen == {0, 1, 2, 3}
    fixed = Game(4, first_dealer=2)
    assert of_type(fixed.history, events.DealerChosen)[0] == events.DealerChosen(2, "fixed")


def test_teams_need_an_even_table_of_four_or_more() -> None:
    # R-VAR-TEAM R-SEAT-1
    rules = Rules(teams=True)
    for n in (2, 3, 5):
        with pytest.raises(RulesError):
            Game(n, rules)
    assert Game(6, rules).sides == (0, 1, 2, 0, 1, 2)
    assert Game(4, rules).sides == (0, 1, 0, 1)


@pytest.mark.parametrize("rules", ["official", None])
def test_rules_that_are_not_a_rules_object_are_refused(rules: object) -> None:
    # R-SEAT-1
    with pytest.raises(RulesError):
        Game(2, rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("args", [{"players": 2.0}, {"players": None}, {"players": 3, "deck": 5}])
def test_set_up_of_the_wrong_type_is_refused_with_a_typed_error(args: dict[str, object]) -> None:
    # R-SEAT-1 R-NOTE-4
    from uno_core import UnoError

    with pytest.raises(UnoError):
        Game(**args)  # type: ignore[arg-type]
