"""House-rule variants: stacking, 7-0, jump-in, doubles, teams, skipped draws (R-VAR)."""

from __future__ import annotations

import pytest
from unit_helpers import assert_refused, drawn_counts, hand, of_type, others_pass, run_down, scripted

from uno_core import (
    Card,
    Catch,
    Game,
    IllegalActionError,
    NotationError,
    Phase,
    Play,
    Rules,
    WD4Rule,
    events,
    hand_points,
)

SEAT0 = "R1 R2 R3 R4 R6 R8 R9"
SEAT2 = "G1 G2 G3 G4 G6 G8 G9"
SEAT3 = "B1 B2 B3 B4 B6 B8 B9"


def game4(
    seat1: str, seat2: str = SEAT2, seat3: str = SEAT3, first: str = "R5", draws: str = "", **opts: object
) -> Game:
    return scripted([SEAT0, seat1, seat2, seat3], first, draws, **opts)  # type: ignore[arg-type]


# ----- stacking ---------------------------------------------------------------------------


def test_draw_two_on_draw_two_and_the_taker_draws_the_total() -> None:
    # R-VAR-STACK R-ACT-3
    game = game4("R+2 Y1 Y2 Y3 Y4 Y6 Y8", "G+2 W+4 G2 G3 G4 G6 G8", stacking=True)
    evts = game.apply(1, "play R+2")
    assert drawn_counts(evts) == [] and game.phase is Phase.STACK and game.current == 2 and game.pending == 2
    assert game.legal_texts(2) == ["play G+2", "draw"]  # any Draw Two; never a Wild Draw Four
    assert_refused(game, 2, "play W+4 red")
    assert_refused(game, 2, "play G2")
    game.apply(2, "play G+2")
    assert game.current == 3 and game.pending == 4
    assert game.legal_texts(3) == ["draw"]
    evts = game.apply(3, "draw")
    assert drawn_counts(evts) == [(3, 4, "stack")]
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(3)]
    assert game.current == 0 and game.phase is Phase.TURN and game.pending == 0
    assert len(game.hands[3]) == 11


def test_draw_two_cannot_answer_a_wild_draw_four() -> None:
    # R-VAR-STACK
    game = game4("W+4 R+2 Y2 Y3 Y4 Y6 Y8", "G+2 Y+2 G2 G3 G4 G6 G8", stacking=True)
    game.apply(1, "play W+4 green")
    assert game.legal_texts(2) == ["challenge", "accept"]
    assert_refused(game, 2, "play G+2")


def test_chain_may_be_declined_by_drawing_even_holding_a_draw_two() -> None:
    # R-VAR-STACK
    game = game4("R+2 Y1 Y2 Y3 Y4 Y6 Y8", "G+2 G1 G2 G3 G4 G6 G8", stacking=True)
    game.apply(1, "play R+2")
    evts = game.apply(2, "draw")
    assert drawn_counts(evts) == [(2, 2, "stack")] and game.current == 3


def test_draw_two_as_last_card_under_stacking_victim_draws_total_and_round_ends() -> None:
    # R-VAR-STACK R-SCORE-1 R-SCORE-2
    game = game4("Y1 Y2 Y3 Y4 Y6 Y+2 G+2", "G+2 G1 G2 G3 G4 G6 G8", first="Y5", stacking=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6"])
    game.apply(1, "play Y+2 uno")
    game.apply(2, "play G+2")  # stack: pending 4 on seat 3
    others_pass(game, 1)  # seat 3 takes 4, seat 0 draws
    assert [str(c) for c in game.hands[1]] == ["G+2"]
    # seat 1 now goes out on a Draw Two over seat 2's G+2: no stacking on a last card
    hand2 = list(game.hands[2])
    evts = game.apply(1, "play G+2")
    assert (2, 2, "draw_two") in drawn_counts(evts)
    over = of_type(evts, events.RoundOver)[0]
    drawn = of_type(evts, events.CardsDrawn)[0].cards
    assert drawn is not None
    assert over.winner == 1 and over.hand_points[2] == hand_points(hand2 + list(drawn))


# ----- seven-zero --------------------------------------------------------------------------


def test_seven_swaps_hands_with_the_named_seat() -> None:
    # R-VAR-70
    game = game4("R7 Y1 Y2 Y3 Y4 Y6 Y8", seven_zero=True)
    texts = game.legal_texts(1)
    assert [t for t in texts if t.startswith("play R7")] == ["play R7 swap 0", "play R7 swap 2", "play R7 swap 3"]
    assert_refused(game, 1, "play R7", "names the seat", "R-VAR-70")
    assert_refused(game, 1, "play R7 swap 1", "swap")
    assert_refused(game, 1, "play R7 swap 4", "swap")
    mine, theirs = hand(game, 1).replace("R7 ", ""), hand(game, 3)
    evts = game.apply(1, "play R7 swap 3")
    assert of_type(evts, events.HandsSwapped) == [events.HandsSwapped(1, 3)]
    assert hand(game, 1) == theirs and hand(game, 3) == mine
    assert game.current == 2


def test_seven_without_seven_zero_is_a_plain_card() -> None:
    # R-VAR-70
    game = game4("R7 Y1 Y2 Y3 Y4 Y6 Y8")
    assert "play R7" in game.legal_texts(1)
    assert_refused(game, 1, "play R7 swap 2", "R-VAR-70")


@pytest.mark.parametrize("reverse_first", [False, True])
def test_zero_passes_every_hand_in_the_direction_of_play(reverse_first: bool) -> None:
    # R-VAR-70
    seat1 = "RV R0 Y2 Y3 Y4 Y6 Y8" if reverse_first else "R0 Y1 Y2 Y3 Y4 Y6 Y8"
    game = game4(seat1, seven_zero=True)
    player = 1
    if reverse_first:
        game.apply(1, "play RV")
        game.apply(0, "draw")
        if game.phase is Phase.DRAWN:
            game.apply(0, "keep")
        others_pass(game, 1)
    before = [list(h) for h in game.hands]
    before[player].remove(Card.parse("R0"))
    direction = game.direction
    evts = game.apply(player, "play R0")
    assert of_type(evts, events.HandsRotated) == [events.HandsRotated(direction)]
    for seat in range(4):
        assert game.hands[(seat + direction) % 4] == before[seat]


def test_going_out_on_a_seven_ends_the_round_and_no_hands_move() -> None:
    # R-VAR-70 R-SCORE-1
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y7", first="Y5", seven_zero=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6", "Y8 uno"])
    others = [list(game.hands[s]) for s in (0, 2, 3)]
    evts = game.apply(1, "play Y7 swap 2")
    assert of_type(evts, events.HandsSwapped) == []
    over = of_type(evts, events.RoundOver)[0]
    assert over.winner == 1 and over.hand_points[1] == 0
    assert [over.hand_points[s] for s in (0, 2, 3)] == [hand_points(h) for h in others]


def test_going_out_on_a_zero_no_rotation() -> None:
    # R-VAR-70 R-SCORE-1
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y0", first="Y5", seven_zero=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6", "Y8 uno"])
    evts = game.apply(1, "play Y0")
    assert of_type(evts, events.HandsRotated) == [] and of_type(evts, events.RoundOver)[0].winner == 1


def test_pair_of_sevens_swaps_once() -> None:
    # R-VAR-70 R-VAR-DOUBLE
    game = game4("R7 R7 Y2 Y3 Y4 Y6 Y8", seven_zero=True, doubles=True)
    assert "play R7 R7 swap 2" in game.legal_texts(1)
    evts = game.apply(1, "play R7 R7 swap 2")
    assert of_type(evts, events.HandsSwapped) == [events.HandsSwapped(1, 2)]
    assert hand(game, 2) == "Y2 Y3 Y4 Y6 Y8" and hand(game, 1) == SEAT2


def test_a_seat_given_a_one_card_hand_by_a_swap_is_not_exposed() -> None:
    # R-VAR-70 R-UNO-2 (engine decision: only the player of the second-to-last card can be caught)
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y7", SEAT2, "B1 B2 B3 B4 B6 B8 Y9", first="Y5", seven_zero=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6"])
    game.apply(1, "play Y7 swap 3 uno")
    assert len(game.hands[3]) == 1 and len(game.hands[1]) > 1
    assert all(not isinstance(a, Catch) for s in range(4) for a in game.legal_actions(s))
    assert not game.said_uno[3]


# ----- jump-in --------------------------------------------------------------------------------


def test_jump_in_with_an_identical_card_play_goes_on_from_the_jumper() -> None:
    # R-VAR-JUMP
    game = game4("R5 Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B1 B2 B3 B4 B6 B8 R5", first="R9", jump_in=True)
    game.apply(1, "play R5")
    assert game.current == 2
    assert game.legal_texts(3) == ["jump R5"]
    assert game.legal_texts(0) == [] and "jump R5" not in game.legal_texts(2)
    evts = game.apply(3, "jump R5")
    played = of_type(evts, events.CardPlayed)[0]
    assert played.seat == 3 and played.jump
    assert game.current == 0  # play goes on from seat 3; seat 2 lost its turn


def test_jump_in_refused_for_non_identical_and_wild_cards() -> None:
    # R-VAR-JUMP R-TURN-6
    game = game4("R5 Y2 Y3 Y4 Y6 Y8 W", SEAT2, "B5 W B3 B4 B6 B8 R6", first="R9", jump_in=True)
    game.apply(1, "play R5")
    assert_refused(game, 3, "jump B5", "identical", error=IllegalActionError)
    assert_refused(game, 3, "jump R6", "identical", error=IllegalActionError)
    assert_refused(game, 3, "jump W red", "wild", error=NotationError)
    wild_jump = Play((Card.parse("W"),), Card.parse("R1").colour, jump=True)
    assert_refused(game, 3, wild_jump, error=IllegalActionError)
    game.apply(2, "draw")  # next seat plays on
    # the top card after a wild: nobody can jump in on it
    game2 = game4("W Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B5 W B3 B4 B6 B8 R6", first="R9", jump_in=True)
    game2.apply(1, "play W red")
    assert all(not t.startswith("jump") for t in game2.legal_texts(3))


def test_jump_in_not_by_the_current_seat_and_not_without_the_option() -> None:
    # R-VAR-JUMP
    game = game4("R5 Y2 Y3 Y4 Y6 Y8 Y1", "G1 G2 G3 G4 G6 G8 R5", first="R9", jump_in=True)
    game.apply(1, "play R5")
    assert "play R5" in game.legal_texts(2) and "jump R5" not in game.legal_texts(2)
    assert_refused(game, 2, "jump R5", "own turn", error=IllegalActionError)
    off = game4("R5 Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B1 B2 B3 B4 B6 B8 R5", first="R9")
    off.apply(1, "play R5")
    assert_refused(off, 3, "jump R5", "R-VAR-JUMP", error=IllegalActionError)


def test_jump_in_while_the_current_seat_has_drawn_but_not_during_a_penalty() -> None:
    # R-VAR-JUMP (engine decision: phases TURN and DRAWN only)
    game = game4("R5 Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B1 B2 B3 B4 B6 B8 R5", first="R9", draws="G7", jump_in=True)
    game.apply(1, "play R5")
    game.apply(2, "draw")  # G7 is not playable on R5: the turn passes... to seat 3
    assert game.current == 3
    game = game4("R5 Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B1 B2 B3 B4 B6 B8 R5", first="R9", draws="R7", jump_in=True)
    game.apply(1, "play R5")
    game.apply(2, "draw")
    assert game.phase is Phase.DRAWN
    assert game.legal_texts(3) == ["jump R5"]
    game.apply(3, "jump R5")
    assert game.current == 0 and game.phase is Phase.TURN and game.drawn is None
    stack = game4("R+2 Y2 Y3 Y4 Y6 Y8 Y1", SEAT2, "B1 B2 B3 B4 B6 B8 R+2", stacking=True, jump_in=True)
    stack.apply(1, "play R+2")
    assert stack.phase is Phase.STACK and stack.legal_texts(3) == []
    assert_refused(stack, 3, "jump R+2", "stacked penalty is being answered", error=IllegalActionError)


# ----- doubles --------------------------------------------------------------------------------


def test_doubles_two_identical_number_cards_as_one_play() -> None:
    # R-VAR-DOUBLE
    game = game4("B5 B5 Y2 Y3 Y4 Y6 Y8", doubles=True)
    texts = game.legal_texts(1)
    assert "play B5 B5" in texts and "play B5" in texts  # the player chooses
    evts = game.apply(1, "play B5 B5")
    assert of_type(evts, events.CardPlayed)[0].cards == (Card.parse("B5"), Card.parse("B5"))
    assert len(game.hands[1]) == 5 and game.discard[-2:] == [Card.parse("B5")] * 2
    assert game.current == 2


def test_doubles_never_action_cards_and_not_without_the_option() -> None:
    # R-VAR-DOUBLE
    game = game4("R+2 R+2 RS RS Y3 Y4 Y6", doubles=True)
    assert not [t for t in game.legal_texts(1) if t.count("R") > 1]
    assert_refused(game, 1, "play R+2 R+2", "number", error=NotationError)
    off = game4("B5 B5 Y2 Y3 Y4 Y6 Y8")
    assert_refused(off, 1, "play B5 B5", "R-VAR-DOUBLE", error=IllegalActionError)


def test_doubles_leaving_one_card_offers_uno() -> None:
    # R-VAR-DOUBLE R-UNO-1
    game = game4("Y1 Y2 Y3 Y4 Y6 Y6 B9", first="Y7", doubles=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4"])
    texts = game.legal_texts(1)
    assert {"play Y6", "play Y6 Y6", "play Y6 Y6 uno"} <= set(texts) and "play Y6 uno" not in texts
    evts = game.apply(1, "play Y6 Y6 uno")
    assert of_type(evts, events.UnoSaid) == [events.UnoSaid(1)] and hand(game, 1) == "B9"


# ----- teams ----------------------------------------------------------------------------------


def test_teams_partner_hand_not_scored_totals_shared() -> None:
    # R-VAR-TEAM R-SCORE-3
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y7", first="Y5", teams=True)
    assert game.sides == (0, 1, 0, 1) and len(game.totals) == 2
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6", "Y8 uno"])
    pts = [hand_points(h) for h in game.hands]
    evts = game.apply(1, "play Y7")
    over = of_type(evts, events.RoundOver)[0]
    assert over.winner == 1
    assert over.gained == (0, pts[0] + pts[2])  # not seat 3's hand: a partner
    assert game.totals == [0, pts[0] + pts[2]] == list(over.totals)


def test_teams_at_six_partners_sit_opposite() -> None:
    # R-VAR-TEAM
    game = Game(6, Rules(teams=True), seed=3)
    assert game.sides == (0, 1, 2, 0, 1, 2)
    assert len(game.totals) == 3


# ----- skipped draws --------------------------------------------------------------------------


def test_skipped_player_draws_one() -> None:
    # R-VAR-SKIPDRAW R-ACT-1
    game = game4("RS Y2 Y3 Y4 Y6 Y8 Y1", draws="G7", skipped_draws=True)
    evts = game.apply(1, "play RS")
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(2)]
    assert drawn_counts(evts) == [(2, 1, "skip")] and hand(game, 2).endswith("G7")
    assert game.current == 3


def test_skipped_draws_first_card_skip() -> None:
    # R-VAR-SKIPDRAW R-FIRST-4
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y7", first="RS", skipped_draws=True)
    assert drawn_counts(game.history) == [(1, 1, "skip")] and game.current == 2


def test_skipped_draws_not_for_two_player_reverse() -> None:
    # R-VAR-SKIPDRAW R-ACT-2
    game = scripted([SEAT0, "RV Y2 Y3 Y4 Y6 Y8 Y1"], "R5", skipped_draws=True)
    evts = game.apply(1, "play RV")
    assert drawn_counts(evts) == [] and game.current == 1


def test_skipped_draws_for_a_jumped_in_skip() -> None:
    # R-VAR-SKIPDRAW R-VAR-JUMP
    game = game4("RS Y2 Y3 Y4 Y6 Y8 Y1", "RS G2 G3 G4 G6 G8 G9", draws="G7 B7", jump_in=True, skipped_draws=True)
    game.apply(1, "play RS")  # seat 2 skipped, draws G7
    assert game.current == 3
    evts = game.apply(2, "jump RS")  # seat 2 jumps in: seat 3 is skipped and draws B7
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(3)]
    assert drawn_counts(evts) == [(3, 1, "skip")] and hand(game, 3).endswith("B7")
    assert game.current == 0


@pytest.mark.parametrize(
    ("seat1", "options", "answer", "expected"),
    [
        ("R+2 Y2 Y3 Y4 Y6 Y8 Y1", {}, None, [(2, 2, "draw_two")]),
        ("R+2 Y2 Y3 Y4 Y6 Y8 Y1", {"stacking": True}, "draw", [(2, 2, "stack")]),
        ("W+4 Y2 Y3 Y4 Y6 Y8 Y1", {}, "accept", [(2, 4, "draw_four")]),
        ("W+4 Y2 Y3 Y4 Y6 Y8 Y1", {}, "challenge", [(2, 6, "challenge")]),
        ("W+4 Y2 Y3 Y4 Y6 Y8 Y1", {"stacking": True}, "accept", [(2, 4, "draw_four")]),
        ("W+4 Y2 Y3 Y4 Y6 Y8 Y1", {"wd4_rule": WD4Rule.STRICT}, None, [(2, 4, "draw_four")]),
        ("W+4 Y2 Y3 Y4 Y6 Y8 Y1", {"wd4_rule": WD4Rule.STRICT, "stacking": True}, "draw", [(2, 4, "stack")]),
    ],
)
def test_skipped_draws_not_for_draw_two_or_wild_draw_four_victims(
    seat1: str, options: dict[str, object], answer: str | None, expected: list[tuple[int, int, str]]
) -> None:
    # R-VAR-SKIPDRAW R-ACT-3 R-ACT-4: the victim draws what the card says and nothing more
    game = game4(seat1, doubles=True, skipped_draws=True, **options)
    card = seat1.split()[0]
    evts = game.apply(1, f"play {card} blue" if card == "W+4" else f"play {card}")
    if answer is not None:
        evts += game.apply(2, answer)
    assert drawn_counts(evts) == expected
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(2)]
    assert game.current == 3


def test_skipped_draws_not_for_a_first_draw_two() -> None:
    # R-VAR-SKIPDRAW R-FIRST-3
    game = game4("Y1 Y2 Y3 Y4 Y6 Y8 Y7", first="R+2", skipped_draws=True)
    assert drawn_counts(game.history) == [(1, 2, "first_card")] and game.current == 2


def test_skipped_draws_off_no_draw() -> None:
    # R-VAR-SKIPDRAW
    game = game4("RS Y2 Y3 Y4 Y6 Y8 Y1")
    assert drawn_counts(game.apply(1, "play RS")) == []


def test_stacking_the_last_card_the_next_player_draws_the_whole_chain() -> None:
    # R-VAR-STACK R-SCORE-1 R-SCORE-2
    hands = ["R1 R2 R3 R4 R6 R8 Y+2", "Y1 Y2 Y3 Y4 Y6 Y7 G+2", SEAT2, SEAT3]
    game = scripted(hands, "Y5", stacking=True)
    run_down(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6"])
    game.apply(1, "play Y7 uno")
    others_pass(game, 0)
    game.apply(0, "play Y+2")
    assert game.phase is Phase.STACK and game.current == 1 and game.legal_texts(1) == ["play G+2", "draw"]
    hand2 = list(game.hands[2])
    evts = game.apply(1, "play G+2")
    drawn = of_type(evts, events.CardsDrawn)
    assert [(d.seat, d.count) for d in drawn[:1]] == [(2, 4)]
    over = of_type(evts, events.RoundOver)[0]
    assert over.winner == 1 and over.hand_points[2] == hand_points(hand2 + list(drawn[0].cards or ()))
