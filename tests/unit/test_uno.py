"""Saying UNO and catching a player who did not (R-UNO)."""

from __future__ import annotations

import pytest
from unit_helpers import assert_refused, drawn_counts, of_type, others_pass, run_down, scripted

from uno_core import Game, Phase, Rules, events

HANDS = ["R1 R2 R3 R4 R6 R8 R9", "Y1 Y2 Y3 Y4 Y6 Y7 Y8", "G1 G2 G3 G4 G6 G8 G9", "B1 B2 B3 B4 B6 Y7 B9"]


def two_left(**options: object) -> Game:
    """Seat 1 holds Y7 Y8 and it is its turn (top card yellow)."""
    game = scripted(HANDS, "Y5", **options)  # type: ignore[arg-type]
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6"])
    assert [str(c) for c in game.hands[1]] == ["Y7", "Y8"]
    return game


def test_uno_said_with_the_play_cannot_be_caught() -> None:
    # R-UNO-1 R-NOTE-3
    game = two_left()
    assert "play Y7 uno" in game.legal_texts(1) and "play Y7" in game.legal_texts(1)
    evts = game.apply(1, "play Y7 uno")
    assert of_type(evts, events.UnoSaid) == [events.UnoSaid(1)]
    assert game.said_uno[1]
    for seat in range(4):
        assert not [t for t in game.legal_texts(seat) if t.startswith("catch") or t == "uno"]
    assert_refused(game, 3, "catch 1", "cannot be caught")


def test_not_saying_uno_opens_a_catch_window_for_every_other_player() -> None:
    # R-UNO-1 R-UNO-2
    game = two_left()
    game.apply(1, "play Y7")
    assert game.legal_texts(1) == ["uno"]
    assert game.legal_texts(0) == ["catch 1"] and game.legal_texts(3)[-1] == "catch 1"
    assert "catch 1" in game.legal_texts(2) and "draw" in game.legal_texts(2)
    assert set(game.seats_to_act()) == {0, 1, 2, 3} and game.seats_to_act()[0] == 2


def test_uno_said_later_closes_the_window() -> None:
    # R-UNO-2 R-NOTE-3
    game = two_left()
    game.apply(1, "play Y7")
    evts = game.apply(1, "uno")
    assert evts == [events.UnoSaid(1)]
    assert game.current == 2 and game.phase is Phase.TURN  # `uno` is not a turn action
    assert all("catch 1" not in game.legal_texts(s) for s in range(4))
    assert_refused(game, 1, "uno")


@pytest.mark.parametrize("penalty", [2, 1])
def test_caught_draws_the_uno_penalty(penalty: int) -> None:
    # R-UNO-2
    game = two_left(uno_penalty=penalty)
    game.apply(1, "play Y7")
    evts = game.apply(0, "catch 1")
    assert of_type(evts, events.Caught) == [events.Caught(1, 0, penalty)]
    assert drawn_counts(evts) == [(1, penalty, "uno")]
    assert len(game.hands[1]) == 1 + penalty
    assert game.current == 2 and game.phase is Phase.TURN  # `catch` is not a turn action
    assert all("catch 1" not in game.legal_texts(s) for s in range(4))
    assert "uno" not in game.legal_texts(1)


def test_the_current_seat_may_catch_before_acting() -> None:
    # R-UNO-2
    game = two_left()
    game.apply(1, "play Y7")
    game.apply(2, "catch 1")
    assert game.current == 2 and "draw" in game.legal_texts(2)


@pytest.mark.parametrize("action", ["draw", "play Y8"])
def test_next_turn_action_closes_the_window(action: str) -> None:
    # R-UNO-2
    hands = list(HANDS)
    hands[2] = "G1 G2 G3 G4 G6 Y8 G9"
    game = scripted(hands, "Y5")
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6"])
    game.apply(1, "play Y7")
    game.apply(2, action)
    for seat in range(4):
        assert "catch 1" not in game.legal_texts(seat)
    assert "uno" not in game.legal_texts(1)
    assert_refused(game, 0, "catch 1", "cannot be caught")


def test_a_jump_in_closes_the_window() -> None:
    # R-UNO-2 R-VAR-JUMP
    game = two_left(jump_in=True)
    game.apply(1, "play Y7")
    assert "jump Y7" in game.legal_texts(3) and "catch 1" in game.legal_texts(3)
    game.apply(3, "jump Y7")
    assert all("catch 1" not in game.legal_texts(s) for s in range(4))
    assert "uno" not in game.legal_texts(1)


def test_uno_and_catch_do_not_close_the_window_for_others() -> None:
    # R-UNO-2: a catch of one seat or `uno` by one seat is not a turn action; the turn is unchanged
    game = two_left()
    game.apply(1, "play Y7")
    before = game.legal_texts(2)
    game.apply(1, "uno")
    assert game.legal_texts(2) == [t for t in before if t != "catch 1"]
    game2 = two_left()
    game2.apply(1, "play Y7")
    game2.apply(3, "catch 1")
    assert game2.current == 2 and [t for t in game2.legal_texts(2) if t != "catch 1"] == game2.legal_texts(2)


def test_uno_protects_until_the_hand_grows() -> None:
    # R-UNO-3
    game = two_left()
    game.apply(1, "play Y7 uno")
    others_pass(game, 1)
    assert game.said_uno[1] and len(game.hands[1]) == 1
    assert all("catch 1" not in game.legal_texts(s) for s in range(4))
    game.apply(1, "draw")  # the hand grows: protection ends
    if game.phase is Phase.DRAWN:
        game.apply(1, "keep")
    assert not game.said_uno[1] and len(game.hands[1]) == 2
    others_pass(game, 1)
    game.apply(1, "play Y8")  # down to one again without saying it
    assert "catch 1" in game.legal_texts(0)


def test_uno_with_a_drawn_card_play() -> None:
    # R-UNO-1 R-TURN-4
    filler = "R0 R5 R5 R7 R7 G0 G5 G5 G7 G7 B0 B5 B5 B7 B7 RS RS RV"  # 18 draws by the others
    game = scripted(HANDS, "Y5", filler + " Y9")
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7 uno"])
    assert [str(c) for c in game.hands[1]] == ["Y8"]
    game.apply(1, "draw")
    assert game.phase is Phase.DRAWN and game.legal_texts(1) == ["play Y9", "play Y9 uno", "keep"]
    game.apply(1, "play Y9")
    assert "catch 1" in game.legal_texts(2)


def test_uno_not_legal_without_being_down_to_one() -> None:
    # R-UNO-1 R-TURN-6
    game = scripted(HANDS, "Y5", rules=Rules())
    assert_refused(game, 1, "uno", "UNO")
    assert_refused(game, 1, "play Y1 uno", "UNO")
