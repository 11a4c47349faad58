"""End of a round, scoring, dealer rotation and the end of the match (R-SCORE, R-SEAT-4)."""

from __future__ import annotations

import pytest
from unit_helpers import assert_all_cards, names, of_type, others_pass, run_down, scripted

from uno_core import DealerRotation, Game, Phase, Scoring, events, hand_points
from uno_core.scoring import match_winner, next_dealer, round_points, sides_of

YELLOW = "Y1 Y2 Y3 Y4 Y6 Y7 Y8"
RED = "R1 R2 R3 R4 R6 R8 R9"
# seat 0's six draws while seat 1 runs down (W and W+4 are playable: kept)
DRAWS = "G0 B0 W W+4 RS G9"
SEAT0_POINTS = 33 + 0 + 0 + 50 + 50 + 20 + 9


def win(game: Game, seat: int, cards: list[str]) -> list[events.Event]:
    """``seat`` plays ``cards`` (others draw in between), saying UNO with the second-to-last one."""
    others_pass(game, seat)
    run_down(game, seat, [*cards[:-2], cards[-2] + " uno"])
    return game.apply(seat, f"play {cards[-1]}")


def two_player(**options: object) -> Game:
    return scripted([RED, YELLOW], "Y5", DRAWS, **options)  # type: ignore[arg-type]


def test_round_ends_when_the_last_card_is_played_winner_scores_the_other_hands() -> None:
    # R-SCORE-1 R-SCORE-3 R-PTS-1 R-PTS-2 R-PTS-3 R-PTS-4
    game = two_player()
    evts = win(game, 1, YELLOW.split())
    over = of_type(evts, events.RoundOver)
    assert len(over) == 1
    assert over[0] == events.RoundOver(1, 1, (SEAT0_POINTS, 0), (0, SEAT0_POINTS), (0, SEAT0_POINTS))
    assert game.round_results == over
    assert game.totals == [0, SEAT0_POINTS]
    # the next round is dealt at once (engine decision), in the same apply
    kinds = names(evts)
    assert kinds.index("RoundOver") < kinds.index("RoundStarted")
    assert game.round_no == 2 and not game.is_over and all(len(h) == 7 for h in game.hands)
    assert_all_cards(game)


def test_wild_points_forty_in_scoring() -> None:
    # R-PTS-3 R-SCORE-3
    game = two_player(wild_points=40)
    over = of_type(win(game, 1, YELLOW.split()), events.RoundOver)[0]
    assert over.hand_points[0] == SEAT0_POINTS - 10


def test_nobody_else_scores_in_a_round() -> None:
    # R-SCORE-3
    game = scripted([RED, YELLOW, "G1 G2 G3 G4 G6 G8 G9"], "Y5")
    over = of_type(win(game, 1, YELLOW.split()), events.RoundOver)[0]
    assert over.gained[0] == over.gained[2] == 0
    assert over.gained[1] == over.hand_points[0] + over.hand_points[2]


def test_match_ends_at_the_target() -> None:
    # R-SCORE-4
    game = two_player(target=SEAT0_POINTS)  # reaching exactly the target is enough
    evts = win(game, 1, YELLOW.split())
    assert names(evts)[-2:] == ["RoundOver", "MatchOver"]
    assert of_type(evts, events.MatchOver)[0] == events.MatchOver(1, (1,), (0, SEAT0_POINTS))
    assert game.is_over and game.phase is Phase.MATCH_OVER and game.winners == (1,)
    assert game.seats_to_act() == [] and all(game.legal_actions(s) == [] for s in range(2))


def test_match_goes_on_below_the_target() -> None:
    # R-SCORE-4
    game = two_player(target=SEAT0_POINTS + 1)
    evts = win(game, 1, YELLOW.split())
    assert "MatchOver" not in names(evts) and not game.is_over and game.winners == ()


def test_match_winner_ties() -> None:
    # R-SCORE-4 R-SCORE-6 (pure scoring functions)
    std = Scoring.STANDARD
    assert match_winner([499, 100], 500, std, 0) is None
    assert match_winner([500, 100], 500, std, 0) == 0
    assert match_winner([520, 530], 500, std, 0) == 1  # both reach it: the higher total
    assert match_winner([530, 530], 500, std, 1) == 1  # equal: the last round's winner
    assert match_winner([530, 530], 500, std, 0) == 0
    pen = Scoring.PENALTY
    assert match_winner([120, 499], 500, pen, 0) is None
    assert match_winner([120, 500, 90], 500, pen, 0) == 2  # the LOWEST total wins
    assert match_winner([90, 500, 90], 500, pen, 2) == 2  # tie: last round's winner among them
    assert match_winner([90, 500, 90], 500, pen, 1) == 0  # else the lowest side number
    assert match_winner([0, 0], 500, Scoring.SINGLE_ROUND, 1) == 1


def test_round_points_pure() -> None:
    # R-SCORE-3 R-SCORE-6 R-VAR-TEAM
    pts = (10, 0, 30, 7)
    assert round_points(pts, 1, Scoring.STANDARD, sides_of(4, False)) == [0, 47, 0, 0]
    assert round_points(pts, 1, Scoring.STANDARD, sides_of(4, True)) == [0, 40]
    assert round_points(pts, 1, Scoring.SINGLE_ROUND, sides_of(4, False)) == [0, 47, 0, 0]
    assert round_points(pts, 1, Scoring.PENALTY, sides_of(4, False)) == [10, 0, 30, 7]
    assert round_points(pts, 1, Scoring.PENALTY, sides_of(4, True)) == [40, 7]


def test_single_round_first_out_wins_points_still_reported() -> None:
    # R-SCORE-5
    game = two_player(scoring=Scoring.SINGLE_ROUND)
    evts = win(game, 1, YELLOW.split())
    over = of_type(evts, events.RoundOver)[0]
    assert over.gained == (0, SEAT0_POINTS)
    assert of_type(evts, events.MatchOver)[0].winners == (1,)
    assert game.is_over and "RoundStarted" not in names(evts)


def test_penalty_scoring_everyone_adds_their_own_hand_lowest_wins() -> None:
    # R-SCORE-6
    game = scripted([RED, YELLOW, "G1 G2 G3 G4 G6 G8 G9"], "Y5", scoring=Scoring.PENALTY, target=50)
    evts = win(game, 1, YELLOW.split())
    over = of_type(evts, events.RoundOver)[0]
    assert over.gained == over.hand_points and over.gained[1] == 0
    assert game.totals == list(over.hand_points)
    assert max(game.totals) >= 50
    match = of_type(evts, events.MatchOver)[0]
    assert match.winners == (1,) and match.totals == tuple(game.totals)


def test_penalty_scoring_goes_on_below_target() -> None:
    # R-SCORE-6
    game = two_player(scoring=Scoring.PENALTY, target=SEAT0_POINTS + 1)
    win(game, 1, YELLOW.split())
    assert not game.is_over and game.totals == [SEAT0_POINTS, 0]


@pytest.mark.parametrize(("rotation", "dealer"), [(DealerRotation.LEFT, 1), (DealerRotation.WINNER, 2)])
def test_next_dealer_left_or_winner(rotation: DealerRotation, dealer: int) -> None:
    # R-SEAT-4
    game = scripted([RED, "G1 G2 G3 G4 G6 G8 G9", YELLOW], "Y5", dealer_rotation=rotation)
    assert game.current == 1
    evts = win(game, 2, YELLOW.split())
    started = of_type(evts, events.RoundStarted)
    assert started == [events.RoundStarted(2, dealer, 7)]
    assert game.dealer == dealer and game.current in range(3)


def test_next_dealer_pure() -> None:
    # R-SEAT-4
    assert next_dealer(3, 1, 4, DealerRotation.LEFT) == 0
    assert next_dealer(3, 1, 4, DealerRotation.WINNER) == 1
    assert Game(3).rules.dealer_rotation is DealerRotation.LEFT


def test_last_card_draw_two_victim_draws_and_it_counts() -> None:
    # R-SCORE-2 R-ACT-3
    game = scripted([RED, "Y1 Y2 Y3 Y4 Y6 Y7 Y+2"], "Y5", DRAWS + " B9 G8")
    evts = win(game, 1, ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y+2"])
    drawn = of_type(evts, events.CardsDrawn)
    assert [(d.seat, d.count, d.reason) for d in drawn[:1]] == [(0, 2, "draw_two")]
    over = of_type(evts, events.RoundOver)[0]
    assert over.hand_points[0] == SEAT0_POINTS + 9 + 8
    assert hand_points([]) == 0
