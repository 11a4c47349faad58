"""Wild Draw Four: when it is legal, accepting, challenging (both outcomes), stacked chains."""

from __future__ import annotations

from collections import Counter

import pytest
from unit_helpers import assert_refused, drawn_counts, of_type, scripted

from uno_core import DECK_COUNTS, Card, Colour, Game, Phase, PositionError, Rules, WD4Rule, events, hand_points


def parse_deck_part(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


SEAT0 = "R1 R2 R3 R4 R6 R8 R9"
SEAT3 = "B1 B2 B3 B4 B6 B8 B9"


def wd4_game(seat1: str, seat2: str = "G1 G2 G3 G4 G5 G6 G8", draws: str = "", **options: object) -> Game:
    """4 players, dealer 0, first card R5; seat 1 plays first."""
    return scripted([SEAT0, seat1, seat2, SEAT3], "R5", draws, **options)  # type: ignore[arg-type]


LEGAL = "W+4 B5 Y7 W G7 Y1 Y2"  # no red: a B5 matching only the number and a W do not count
BLUFF = "W+4 R7 Y7 W G7 Y1 Y2"  # holds R7 of the active colour


def test_wild_draw_four_is_legal_only_without_the_active_colour() -> None:
    # R-ACT-5
    for seat1, bluff in ((LEGAL, False), (BLUFF, True)):
        game = wd4_game(seat1)
        assert game.wd4_is_legal(1) is not bluff
        game.apply(1, "play W+4 green")
        result = of_type(game.apply(2, "challenge"), events.ChallengeResult)[0]
        assert result.bluff is bluff


def test_victim_answers_challenge_or_accept_and_accepting_draws_four() -> None:
    # R-ACT-4 R-CHAL-1
    game = wd4_game(LEGAL, draws="Y9 Y8 B7 B9")
    game.apply(1, "play W+4 blue")
    assert game.phase is Phase.CHALLENGE and game.current == 2 and game.pending == 4
    assert game.legal_texts(2) == ["challenge", "accept"]
    for other in (0, 1, 3):  # only the player who must draw may challenge
        assert game.legal_texts(other) == []
        assert_refused(game, other, "challenge")
    assert_refused(game, 2, "draw")
    assert_refused(game, 2, "play G1")
    evts = game.apply(2, "accept")
    assert drawn_counts(evts) == [(2, 4, "draw_four")]
    assert [str(c) for c in game.hands[2][-4:]] == ["Y9", "Y8", "B7", "B9"]
    assert of_type(evts, events.TurnSkipped) == [events.TurnSkipped(2)]
    assert game.current == 3 and game.active is Colour.BLUE and game.phase is Phase.TURN


def test_strict_wild_draw_four_is_drawn_at_once() -> None:
    # R-ACT-4 R-ACT-5
    game = wd4_game(LEGAL, wd4_rule=WD4Rule.STRICT)
    evts = game.apply(1, "play W+4 blue")
    assert drawn_counts(evts) == [(2, 4, "draw_four")]
    assert game.current == 3 and game.phase is Phase.TURN
    strict = wd4_game(BLUFF, wd4_rule=WD4Rule.STRICT)
    assert_refused(strict, 1, "play W+4 blue", "R-ACT-5")


def test_successful_challenge_bluffer_draws_four_challenger_plays() -> None:
    # R-CHAL-2 R-CHAL-1
    game = wd4_game(BLUFF)
    game.apply(1, "play W+4 yellow")
    before = len(game.hands[2])
    evts = game.apply(2, "challenge")
    result = of_type(evts, events.ChallengeResult)[0]
    assert (result.challenger, result.challenged, result.bluff, result.drawer, result.count) == (2, 1, True, 1, 4)
    assert result.revealed == tuple(sorted(Card.parse(c) for c in BLUFF.split()[1:]))
    assert drawn_counts(evts) == [(1, 4, "challenge")]
    assert len(game.hands[1]) == 10 and len(game.hands[2]) == before
    assert game.current == 2 and game.phase is Phase.TURN  # takes the turn normally
    assert game.active is Colour.YELLOW  # the declared colour stays
    assert "play G1" not in game.legal_texts(2)
    game.apply(2, "draw")


def test_challenged_hand_is_revealed_to_the_challenger_alone() -> None:
    # R-CHAL-1
    game = wd4_game(BLUFF)
    game.apply(1, "play W+4 yellow")
    game.apply(2, "challenge")
    for seat in (None, 0, 1, 3):
        seen = of_type(game.history_for(seat), events.ChallengeResult)
        assert seen[0].revealed is None
    assert of_type(game.history_for(2), events.ChallengeResult)[0].revealed is not None


@pytest.mark.parametrize(("rule", "count"), [(WD4Rule.CHALLENGE, 6), (WD4Rule.NO_BLUFF_PENALTY, 4)])
def test_failed_challenge_challenger_draws_six_or_four_and_loses_turn(rule: WD4Rule, count: int) -> None:
    # R-CHAL-3
    game = wd4_game(LEGAL, wd4_rule=rule)
    game.apply(1, "play W+4 yellow")
    evts = game.apply(2, "challenge")
    result = of_type(evts, events.ChallengeResult)[0]
    assert (result.bluff, result.drawer, result.count) == (False, 2, count)
    assert drawn_counts(evts) == [(2, count, "challenge")]
    assert len(game.hands[2]) == 7 + count and len(game.hands[1]) == 6
    assert game.current == 3 and game.active is Colour.YELLOW


def test_tournament_preset_is_no_bluff_penalty() -> None:
    # R-CHAL-3
    from uno_core import preset

    assert preset("tournament").wd4_rule is WD4Rule.NO_BLUFF_PENALTY


def _going_out_with_wd4(**options: object) -> Game:
    """Seat 1 is down to W+4 (said UNO) and plays it as the last card."""
    hands = [SEAT0, "W+4 Y1 Y2 Y3 Y4 Y6 Y7", "G1 G2 G3 G4 G6 G8 G9", SEAT3]
    game = scripted(hands, "Y5", **options)  # type: ignore[arg-type]
    plays = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7 uno"]
    for card in plays:
        game.apply(1, f"play {card}")
        for seat in (2, 3, 0):
            game.apply(seat, "draw")
            if game.phase is Phase.DRAWN:
                game.apply(seat, "keep")
    assert [str(c) for c in game.hands[1]] == ["W+4"] and game.current == 1
    return game


@pytest.mark.parametrize(
    ("answer", "rule", "drawn"),
    [("accept", WD4Rule.CHALLENGE, 4), ("challenge", WD4Rule.CHALLENGE, 6), ("challenge", WD4Rule.NO_BLUFF_PENALTY, 4)],
)
def test_last_card_wild_draw_four_victim_still_draws_and_it_counts(answer: str, rule: WD4Rule, drawn: int) -> None:
    # R-CHAL-4 R-CHAL-3 R-SCORE-1 R-SCORE-2
    game = _going_out_with_wd4(wd4_rule=rule)
    hand2 = list(game.hands[2])
    evts = game.apply(1, "play W+4 red")
    assert game.phase is Phase.CHALLENGE and game.current == 2
    assert game.legal_texts(2) == ["challenge", "accept"]  # and no stacking on a last card
    assert of_type(evts, events.RoundOver) == []
    assert game.wd4_bluff is False  # nothing else in hand: legal (R-ACT-5)
    evts = game.apply(2, answer)
    assert drawn_counts(evts) == [(2, drawn, "draw_four" if answer == "accept" else "challenge")]
    if answer == "challenge":  # the challenge fails: the play is never a bluff
        result = of_type(evts, events.ChallengeResult)[0]
        assert (result.bluff, result.drawer, result.count) == (False, 2, drawn)
    over = of_type(evts, events.RoundOver)
    assert len(over) == 1 and over[0].winner == 1
    assert len(game.round_results[0].hand_points) == 4
    # the drawn cards are in seat 2's hand when it is scored
    got = of_type(evts, events.CardsDrawn)[0].cards
    assert got is not None and len(got) == drawn
    assert over[0].hand_points[2] == hand_points(hand2 + list(got))
    assert over[0].hand_points[1] == 0
    assert over[0].gained[1] == sum(over[0].hand_points)


def test_last_card_wild_draw_four_strict_draws_and_ends() -> None:
    # R-CHAL-4 R-ACT-4
    game = _going_out_with_wd4(wd4_rule=WD4Rule.STRICT)
    evts = game.apply(1, "play W+4 red")
    assert (2, 4, "draw_four") in drawn_counts(evts)
    assert len(of_type(evts, events.RoundOver)) == 1


def test_last_card_wild_draw_four_cannot_be_a_bluff_in_a_position() -> None:
    # R-CHAL-4 R-ACT-5: the bluffed last card the old rule let the round go on after cannot be built
    game = _going_out_with_wd4()
    game.apply(1, "play W+4 red")
    pos = {
        "hands": game.hands,
        "draw_pile": game.draw_pile,
        "discard": game.discard,
        "current": 2,
        "phase": Phase.CHALLENGE,
        "active": Colour.RED,
        "pending": 4,
        "wd4_by": 1,
        "wd4_colour": Colour.YELLOW,
        "going_out": 1,
    }
    assert Game.from_position(4, **pos).wd4_bluff is False  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="never a bluff"):
        Game.from_position(4, **pos, wd4_bluff=True)  # type: ignore[arg-type]


def _last_card_stacked_chain(rule: WD4Rule) -> Game:
    """Stacking: seat 1 played a W+4 (no red in hand: legal); seat 2, down to a W+4, answers with it."""
    hands = [parse_deck_part(h) for h in (SEAT0, "Y1 Y2", "W+4", "W+4 B2 B3 B4 B6 B8 B9")]
    discard = parse_deck_part("R5 W+4")
    rest = Counter(DECK_COUNTS)
    rest.subtract([card for cards in (*hands, discard) for card in cards])
    pile = [card for card, count in rest.items() for _ in range(count)]
    rules = Rules(stacking=True, wd4_rule=rule)
    return Game.from_position(
        4,
        rules,
        hands=hands,
        draw_pile=pile,
        discard=discard,
        current=2,
        phase=Phase.CHALLENGE,
        active=Colour.GREEN,
        pending=4,
        wd4_by=1,
        wd4_colour=Colour.RED,
        said_uno=[False, False, True, False],
    )


@pytest.mark.parametrize(("rule", "extra"), [(WD4Rule.CHALLENGE, 2), (WD4Rule.NO_BLUFF_PENALTY, 0)])
def test_stacked_last_card_wild_draw_four_challenge_fails_and_the_round_is_scored(rule: WD4Rule, extra: int) -> None:
    # R-CHAL-4 R-CHAL-5 R-VAR-STACK R-SCORE-2
    game = _last_card_stacked_chain(rule)
    assert "play W+4 blue" in game.legal_texts(2)
    game.apply(2, "play W+4 blue")
    assert game.phase is Phase.CHALLENGE and game.current == 3 and game.pending == 8
    assert game.going_out == 2 and game.wd4_bluff is False
    assert game.legal_texts(3) == ["challenge", "accept"]  # no stacking on a last card
    hand3 = list(game.hands[3])
    evts = game.apply(3, "challenge")
    result = of_type(evts, events.ChallengeResult)[0]
    assert (result.challenged, result.bluff, result.drawer, result.count) == (2, False, 3, 8 + extra)
    assert drawn_counts(evts) == [(3, 8 + extra, "challenge")]
    got = of_type(evts, events.CardsDrawn)[0].cards
    assert got is not None
    over = of_type(evts, events.RoundOver)
    assert len(over) == 1 and over[0].winner == 2
    assert over[0].hand_points[3] == hand_points(hand3 + list(got))


# ----- stacked Wild Draw Four chains (R-VAR-STACK, R-CHAL-5) -----------------------------------

STACK_SEAT3 = "W+4 B2 B3 B4 B6 B8 B9"


def _chain(seat2: str, **options: object) -> Game:
    game = scripted([SEAT0, BLUFF, seat2, STACK_SEAT3], "R5", stacking=True, **options)  # type: ignore[arg-type]
    game.apply(1, "play W+4 green")  # a bluff
    return game


def test_stacked_wild_draw_four_passes_the_total_on() -> None:
    # R-VAR-STACK R-ACT-4
    game = _chain("W+4 Y1 Y2 Y3 Y4 Y6 Y8")
    texts = game.legal_texts(2)
    assert texts[:2] == ["challenge", "accept"]
    assert {"play W+4 red", "play W+4 yellow", "play W+4 green", "play W+4 blue"} <= set(texts)
    game.apply(2, "play W+4 blue")
    assert game.current == 3 and game.pending == 8 and game.phase is Phase.CHALLENGE
    game.apply(3, "play W+4 yellow")
    assert game.current == 0 and game.pending == 12
    assert game.legal_texts(0) == ["challenge", "accept"]
    evts = game.apply(0, "accept")
    assert drawn_counts(evts) == [(0, 12, "draw_four")]
    assert game.current == 1 and game.pending == 0


@pytest.mark.parametrize(("rule", "extra"), [(WD4Rule.CHALLENGE, 2), (WD4Rule.NO_BLUFF_PENALTY, 0)])
def test_stacked_chain_challenge_of_a_legal_last_wd4_challenger_draws_total_plus(rule: WD4Rule, extra: int) -> None:
    # R-CHAL-5 R-CHAL-3
    game = _chain("W+4 Y1 Y2 Y3 Y4 Y6 Y8", wd4_rule=rule)  # seat 2 holds no green: legal
    game.apply(2, "play W+4 blue")
    evts = game.apply(3, "challenge")
    result = of_type(evts, events.ChallengeResult)[0]
    assert (result.challenged, result.bluff, result.drawer, result.count) == (2, False, 3, 8 + extra)
    assert drawn_counts(evts) == [(3, 8 + extra, "challenge")]
    assert game.current == 0 and len(game.hands[1]) == 6  # the earlier bluff is not judged


def test_stacked_chain_challenge_of_a_bluffed_last_wd4_its_player_draws_total() -> None:
    # R-CHAL-5 R-CHAL-2
    game = _chain("W+4 G1 G2 G3 G4 G6 G8")  # seat 2 holds green: a bluff
    game.apply(2, "play W+4 blue")
    evts = game.apply(3, "challenge")
    result = of_type(evts, events.ChallengeResult)[0]
    assert (result.challenged, result.bluff, result.drawer, result.count) == (2, True, 2, 8)
    assert drawn_counts(evts) == [(2, 8, "challenge")]
    assert game.current == 3 and game.phase is Phase.TURN and game.active is Colour.BLUE
    assert len(game.hands[3]) == 7


def test_strict_stacking_wd4_chain_is_a_stack_phase() -> None:
    # R-VAR-STACK R-ACT-4 R-ACT-5
    hands = [SEAT0, LEGAL, "W+4 Y1 Y2 Y3 Y4 Y6 Y8", "W+4 G2 G3 G4 G6 G8 B9"]
    game = scripted(hands, "R5", stacking=True, wd4_rule=WD4Rule.STRICT)
    game.apply(1, "play W+4 green")
    assert game.phase is Phase.STACK and game.pending == 4
    assert "challenge" not in game.legal_texts(2)
    assert "play W+4 red" in game.legal_texts(2) and "draw" in game.legal_texts(2)
    game.apply(2, "play W+4 blue")
    # seat 3 holds no blue... it holds B9: stacking its W+4 would be illegal under strict
    assert game.legal_texts(3) == ["draw"]
    evts = game.apply(3, "draw")
    assert drawn_counts(evts) == [(3, 8, "stack")]
    assert game.current == 0


def test_no_stacking_means_no_wd4_answer_but_challenge_or_accept() -> None:
    # R-VAR-STACK R-ACT-4
    game = scripted([SEAT0, BLUFF, "W+4 Y1 Y2 Y3 Y4 Y6 Y8", SEAT3], "R5", rules=Rules())
    game.apply(1, "play W+4 green")
    assert game.legal_texts(2) == ["challenge", "accept"]
