"""A turn: matching, wilds, drawing, reshuffling, action cards, illegal actions."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from unit_helpers import FILLER, assert_all_cards, assert_refused, drawn_counts, hand, of_type, scripted

from uno_core import (
    Card,
    Catch,
    ChooseColour,
    Colour,
    Game,
    IllegalActionError,
    NotationError,
    Phase,
    Play,
    Rules,
    UnoError,
    events,
)
from uno_core.drawing import draw, pop_draw

R = Colour.RED


def four(seat1: str, first: str = "R5", draws: str = "", **options: object) -> Game:
    """A 4-player game, dealer 0, seat 1 to play first with the hand ``seat1``."""
    hands = ["R1 R2 R3 R4 R6 R8 R9", seat1, "G1 G2 G3 G4 G5 G6 G8", "B1 B2 B3 B4 B6 B8 B9"]
    return scripted(hands, first, draws, **options)  # type: ignore[arg-type]


def test_a_card_matches_by_colour_number_or_symbol_only() -> None:
    # R-TURN-1 R-DECK-3
    game = four("R7 B5 G7 Y6 Y1 Y2 Y3")
    assert game.legal_texts(1) == ["play R7", "play B5", "draw"]
    assert_refused(game, 1, "play G7", "matches neither", "R-TURN-1")
    assert_refused(game, 1, "play Y6", "matches neither")  # 6 is not "one above" 5: no rank between colours
    hands = ["R1 R2 R3 R4 R6 R8 R9", "RS B1 G2 G3 Y4 Y6 Y8", "G1 G2 G3 G4 G5 G6 G8", "YS YV Y+2 B1 B2 B3 B4"]
    game = scripted(hands, "R5")
    game.apply(1, "play RS")
    assert game.legal_texts(3) == ["play YS", "draw"]  # the Skip symbol; no other yellow or red


def test_wild_is_playable_any_time_and_colour_may_stay_the_same() -> None:
    # R-TURN-2 R-TURN-3 R-TURN-1
    game = four("R7 W B1 B2 B3 B4 B6")
    texts = game.legal_texts(1)
    assert "play R7" in texts
    assert {"play W red", "play W yellow", "play W green", "play W blue"} <= set(texts)
    evts = game.apply(1, "play W red")
    assert of_type(evts, events.CardPlayed)[0].colour is R and game.active is R
    # after a wild only the declared colour (or a wild) matches, not the wild's "symbol"
    assert game.legal_texts(2) == ["draw"]


def test_after_wild_draw_four_only_declared_colour_matches() -> None:
    # R-TURN-1 R-TURN-3
    hands = ["R1 R2 R3 R4 R6 R8 R9", "W+4 Y1 Y2 Y3 Y4 Y6 Y8", "G1 G2 G3 G4 G5 G6 G8", "B1 B2 B3 B4 B6 B8 B9"]
    game = scripted(hands, "B5", "R0 R7 RS RV", stacking=False)
    game.apply(1, "play W+4 green")
    game.apply(2, "accept")
    assert game.active is Colour.GREEN and game.current == 3
    assert game.legal_texts(3) == ["draw"]


def test_draw_then_play_the_drawn_card_or_keep_it() -> None:
    # R-TURN-4
    game = four("R7 B1 G2 G3 Y4 Y6 Y8", draws="R9 YS")
    assert "draw" in game.legal_texts(1)  # drawing is allowed even with a playable card
    evts = game.apply(1, "draw")
    assert drawn_counts(evts) == [(1, 1, "draw")]
    assert of_type(evts, events.CardsDrawn)[0].cards == (Card.parse("R9"),)
    assert game.phase is Phase.DRAWN and game.current == 1 and game.drawn is Card.parse("R9")
    assert game.legal_texts(1) == ["play R9", "keep"]  # that card only
    assert_refused(game, 1, "play R7", "only the drawn card")
    assert_refused(game, 1, "draw")
    game.apply(1, "keep")
    assert game.current == 2 and game.phase is Phase.TURN and "R9" in hand(game, 1)
    # seat 2 cannot match R5's colour or number... G5 matches the 5: play it; seat 3 draws YS (unplayable)
    game.apply(2, "play G5")
    evts = game.apply(3, "draw")
    assert drawn_counts(evts) == [(3, 1, "draw")]
    assert game.current == 0 and game.phase is Phase.TURN  # not playable: the turn passes at once


def test_play_the_drawn_card() -> None:
    # R-TURN-4
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="R9")
    game.apply(1, "draw")
    evts = game.apply(1, "play R9")
    assert of_type(evts, events.CardPlayed)[0].cards == (Card.parse("R9"),)
    assert game.current == 2 and game.top is Card.parse("R9")


def test_draw_until_playable_keeps_drawing() -> None:
    # R-TURN-4
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="B7 G9 Y2 R8 Y3", draw_until_playable=True)
    evts = game.apply(1, "draw")
    drawn = of_type(evts, events.CardsDrawn)
    assert [(d.count, d.cards) for d in drawn] == [(4, tuple(Card.parse(c) for c in ("B7", "G9", "Y2", "R8")))]
    assert game.phase is Phase.DRAWN and game.drawn is Card.parse("R8")
    assert game.legal_texts(1) == ["play R8", "keep"]
    game.apply(1, "keep")
    assert game.current == 2 and len(game.hands[1]) == 11


def test_draw_until_playable_off_draws_one() -> None:
    # R-TURN-4
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="B7 G9 Y2 R8")
    evts = game.apply(1, "draw")
    assert drawn_counts(evts) == [(1, 1, "draw")] and game.current == 2


def _empty_draw_pile_into_discard(game: Game, keep: int = 0) -> None:
    """Rig a fresh game (before any legal_actions call): all but ``keep`` draw-pile cards go under the top card."""
    moved = game.draw_pile[: len(game.draw_pile) - keep]
    del game.draw_pile[: len(game.draw_pile) - keep]
    game.discard[:0] = moved


def test_reshuffle_the_discard_pile_except_its_top_card() -> None:
    # R-TURN-5
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="B7", draw_until_playable=False)
    _empty_draw_pile_into_discard(game, keep=1)
    under_top = len(game.discard) - 1
    game.apply(1, "draw")  # the last card of the pile: B7
    assert game.draw_pile == []
    top = game.top
    evts = game.apply(2, "draw")
    assert of_type(evts, events.Reshuffled) == [events.Reshuffled(under_top)]
    assert game.discard == [top]
    assert len(game.draw_pile) == under_top - 1
    assert_all_cards(game)


@pytest.mark.parametrize("left", [0, 1, 2, 3, 4, 5, 30])
@pytest.mark.parametrize("count", [0, 1, 2, 4])
def test_a_penalty_draws_one_card_at_a_time_from_the_top(left: int, count: int) -> None:
    # R-ACT-3 R-TURN-5: drawing n cards is n single draws, the pile reshuffled when it runs out
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draw_until_playable=False)
    _empty_draw_pile_into_discard(game, keep=left)
    one_by_one = game.copy()
    out: list[events.Event] = []
    draw(game, 2, count, "draw_two", out)
    expected: list[events.Event] = []
    cards = []
    for _ in range(count):
        card = pop_draw(one_by_one, expected)
        if card is not None:
            cards.append(card)
    one_by_one.hands[2].extend(cards)
    expected.append(events.CardsDrawn(2, len(cards), "draw_two", tuple(cards)))
    assert out == expected
    assert game.hands == one_by_one.hands and game.draw_pile == one_by_one.draw_pile
    assert game.discard == one_by_one.discard and game.rng.getstate() == one_by_one.rng.getstate()
    assert_all_cards(game)


def test_nothing_to_reshuffle_draw_what_there_is_and_play_goes_on() -> None:
    # R-TURN-5 R-ACT-3
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="B7 R+2")
    # every card of the draw pile but two goes to seat 0's hand: nothing is left to reshuffle
    game.hands[0].extend(game.draw_pile[:-2])
    del game.draw_pile[:-2]
    game.apply(1, "draw")  # B7: not playable on R5
    game.apply(2, "draw")  # R+2: playable
    game.apply(2, "play R+2")  # seat 3 must draw 2: the draw pile is empty, the discard holds R5 under R+2
    assert game.current == 0
    evts = game.history[-4:]
    assert (3, 1, "draw_two") in drawn_counts(evts) and game.draw_pile == [] and game.discard == [Card.parse("R+2")]
    assert any(isinstance(e, events.Reshuffled) for e in evts)
    # now truly nothing: drawing gives nothing and the turn passes
    assert "draw" in game.legal_texts(0)
    evts = game.apply(0, "draw")
    assert drawn_counts(evts) == [(0, 0, "draw")]
    assert game.current == 1 and game.phase is Phase.TURN
    for _ in range(8):  # every seat can still act: the game never stalls
        seat = game.current
        assert game.legal_actions(seat)
        game.apply(seat, game.legal_actions(seat)[-1] if game.phase is Phase.DRAWN else "draw")
    assert_all_cards(game)


def test_nothing_to_reshuffle_with_draw_until_playable() -> None:
    # R-TURN-5 R-TURN-4
    game = four("Y1 B1 G2 G3 Y4 Y6 Y8", draws="B7 G7", draw_until_playable=True)
    game.hands[0].extend(game.draw_pile[:-2])
    del game.draw_pile[:-2]
    evts = game.apply(1, "draw")  # neither card plays; then the piles are dry
    assert drawn_counts(evts) == [(1, 2, "draw")]
    assert game.current == 2 and game.phase is Phase.TURN


def test_skip_next_player_loses_turn() -> None:
    # R-ACT-1
    game = four("RS B1 G2 G3 Y4 Y6 Y8")
    evts = game.apply(1, "play RS")
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(2)]
    assert game.current == 3 and drawn_counts(evts) == []


def test_reverse_flips_direction() -> None:
    # R-ACT-2 R-SEAT-2
    game = four("RV B1 G2 G3 Y4 Y6 Y8")
    evts = game.apply(1, "play RV")
    assert of_type(evts, events.DirectionReversed) == [events.DirectionReversed(-1)]
    assert game.current == 0 and game.direction == -1
    game.apply(0, "play R1")
    assert game.current == 3


def test_reverse_with_two_players_acts_as_skip() -> None:
    # R-ACT-2
    game = scripted(["R1 R2 R3 R4 R6 R8 R9", "RV B1 G2 G3 Y4 Y6 Y8"], "R5", dealer=0)
    assert game.current == 1
    evts = game.apply(1, "play RV")
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(0)]
    assert game.current == 1  # plays again


def test_skip_with_two_players_plays_again() -> None:
    # R-ACT-1
    game = scripted(["R1 R2 R3 R4 R6 R8 R9", "RS B1 G2 G3 Y4 Y6 Y8"], "R5", dealer=0)
    game.apply(1, "play RS")
    assert game.current == 1


def test_draw_two_victim_draws_at_once_and_does_not_act() -> None:
    # R-ACT-3
    game = four("R+2 B1 G2 G3 Y4 Y6 Y8", draws="G7 G9")
    evts = game.apply(1, "play R+2")
    assert drawn_counts(evts) == [(2, 2, "draw_two")]
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(2)]
    assert hand(game, 2).endswith("G7 G9")
    assert game.current == 3 and game.phase is Phase.TURN and game.pending == 0
    assert game.legal_texts(2) == []


# ----- illegal actions (R-TURN-6) ------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    # R-TURN-6
    game = four("R7 B5 W W+4 G7 R7 Y1", draws="Y9")
    cases: list[tuple[int, object, tuple[str, ...]]] = [
        (1, "play R1", ("does not hold R1",)),
        (1, "play G7", ("matches neither",)),
        (2, "play G5", ("not", "turn")),  # out of turn
        (0, "draw", ("turn",)),
        (1, "keep", ("not possible now",)),
        (1, "challenge", ("not possible now",)),
        (1, "accept", ("not possible now",)),
        (1, "color red", ("not possible now",)),
        (1, "uno", ("UNO",)),
        (2, "catch 1", ("cannot be caught",)),
        (1, "catch 1", ("themselves",)),
        (2, "catch 9", ("no seat 9",)),
        (3, "jump B1", ("jump-in is not played",)),
        (1, "play R7 R7", ("doubles",)),
        (1, "play R7 swap 2", ("swapping",)),
        (1, "play R7 uno", ("UNO",)),
        (1, "play B1", ("does not hold",)),
        (4, "draw", ("no seat 4",)),
        (-1, "draw", ("no seat",)),
        (True, "draw", ("no seat",)),
        ("1", "draw", ("no seat",)),
    ]
    for seat, action, fragments in cases:
        message = assert_refused(game, seat, action, *fragments, error=IllegalActionError)  # type: ignore[arg-type]
        assert str(action) in message or "seat" in message
    assert issubclass(IllegalActionError, ValueError) and issubclass(IllegalActionError, UnoError)
    assert_refused(game, 1, "play X9", "'X9'", error=NotationError)


def test_illegal_wild_draw_four_is_allowed_as_bluff_but_refused_under_strict() -> None:
    # R-TURN-6 R-ACT-5
    game = four("R7 B5 W W+4 G7 R7 Y1")
    assert "play W+4 red" in game.legal_texts(1)  # a bluff: seat 1 holds red
    strict = four("R7 B5 W W+4 G7 R7 Y1", wd4_rule=Rules().wd4_rule.STRICT)
    assert not any(t.startswith("play W+4") for t in strict.legal_texts(1))
    assert_refused(strict, 1, "play W+4 red", "R-ACT-5", error=IllegalActionError)


def test_actions_after_the_match_is_over_are_refused() -> None:
    # R-TURN-6 R-SCORE-5
    hands = ["RS RS RV RV R+2 R+2 R9", "Y1 Y2 Y3 Y4 Y6 Y7 Y8"]
    game = scripted(hands, "Y5", "G9 G9 B9 B9 R9 G0", scoring=Rules().scoring.SINGLE_ROUND)
    for card in ("Y8", "Y7", "Y6", "Y4", "Y3", "Y2 uno"):
        game.apply(1, f"play {card}")
        game.apply(0, "draw")
    game.apply(1, "play Y1")
    assert game.is_over and game.winners == (1,)
    assert all(game.legal_actions(s) == [] for s in range(2))
    assert_refused(game, 0, "draw", "match is over")


def test_unknown_action_object_is_refused() -> None:
    # R-TURN-6
    game = four("R7 B5 W W+4 G7 R7 Y1")
    assert_refused(game, 1, 42, error=UnoError)
    assert_refused(game, 1, Card.parse("R7"), error=UnoError)
    assert FILLER  # helpers imported for other modules too


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: Catch("1"), id="catch-str-seat"),
        pytest.param(lambda: Catch(None), id="catch-none-seat"),
        pytest.param(lambda: ChooseColour("red"), id="colour-as-str"),
        pytest.param(lambda: Play((Card.parse("R7"),), "red"), id="play-colour-as-str"),
        pytest.param(lambda: Play((Card.parse("R7"),), None, -1), id="play-negative-swap"),
        pytest.param(lambda: None, id="none"),
    ],
)
def test_ill_typed_action_objects_are_refused_as_illegal(make: Callable[[], object]) -> None:
    # R-TURN-6: anything illegal raises the typed error and changes nothing
    game = four("R7 B5 W W+4 G7 R7 Y1")
    action = make()
    for seat in (1, 2):
        assert_refused(game, seat, action, error=UnoError)


def test_mutating_the_returned_legal_actions_does_not_change_the_game() -> None:
    # R-TURN-6
    game = four("R7 B5 W W+4 G7 R7 Y1")
    game.legal_actions(1).clear()
    assert game.legal_texts(1) != []
    game.apply(1, "draw")


def test_legal_actions_of_a_seat_outside_the_table() -> None:
    # R-TURN-6
    game = four("R7 B5 W W+4 G7 R7 Y1")
    assert game.legal_actions(1)
    for seat in (4, 99):
        assert game.legal_actions(seat) == []


def test_legal_actions_cached_for_one_seat_are_not_handed_to_another() -> None:
    # R-TURN-6: the current seat's list is kept for apply; other seats, bad seats and the next
    # position get their own answer
    game = four("R7 B5 W W+4 G7 R7 Y1")
    mine = game.legal_actions(1)
    assert mine and game.legal_actions(1) == mine
    for seat in (None, 0, 2, -1, 1.0, True, "1"):
        assert game.legal_actions(seat) == [], seat  # type: ignore[arg-type]
        with pytest.raises(UnoError):
            game.apply(seat, mine[0])  # type: ignore[arg-type]
    assert game.legal_actions(1) == mine
    game.apply(1, "draw")
    after = game.legal_actions(game.current)
    assert after != mine and game.legal_actions(1) == ([] if game.current != 1 else after)


def test_legal_actions_of_a_seat_outside_the_table_under_jump_in() -> None:
    # R-TURN-6 R-VAR-JUMP
    hands = ["R1 R2 R3 R4 R6 R8 R9", "B5 B1 G2 G3 Y4 Y6 Y8", "G1 G2 G3 G4 G5 G6 G8", "B1 B2 B3 B4 B6 B8 B5"]
    game = scripted(hands, "R5", jump_in=True)
    game.apply(1, "play B5")
    assert game.legal_texts(3) == ["jump B5"]
    for seat in (-1, 4, 99):
        try:
            legal = game.legal_actions(seat)
        except UnoError:
            continue
        assert legal == [], f"seat {seat}: {legal}"
