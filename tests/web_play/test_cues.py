"""The table's cues (`app.play.cues`) on CPython: each engine event becomes what the page animates, sounds
and vibrates, in order and timed one after the other; a penalty drawn by the shown seat vibrates; a burst
keeps only its last cues."""

from __future__ import annotations

from app.play.cues import DEAL_MS, MAX_CUES, TRAVEL_MS, cues
from uno_core import Card, Colour
from uno_core import events as ev

W4, R5 = Card.parse("W+4"), Card.parse("R5")


def test_a_wild_draw_four_on_the_shown_seat() -> None:
    events = [ev.CardPlayed(1, (W4,), Colour.GREEN), ev.CardsDrawn(0, 4, "draw_four", (R5,) * 4), ev.TurnSkipped(0)]
    made = cues(events, shown=0, turn=2)
    assert [c["kind"] for c in made] == ["play", "colour", "draw", "skip", "turn"]
    play, colour, draw, skip, turn = made
    assert (play["seat"], play["card"], play["face"], play["colour"], play["mine"]) == (1, "W+4", "+4", "wild", False)
    assert play["sound"] == "plus" and colour["colour"] == "green"
    assert (draw["seat"], draw["count"], draw["penalty"], draw["mine"], draw["buzz"]) == (0, 4, True, True, "hit")
    assert skip["sound"] == "skip" and skip["seat"] == 0
    assert turn["seat"] == 2 and turn["buzz"] == ""  # another seat's turn: highlighted, no vibration
    assert [c["at"] for c in made] == [0, TRAVEL_MS, TRAVEL_MS, 2 * TRAVEL_MS + 3 * DEAL_MS, made[4]["at"]]
    assert made[4]["at"] > made[3]["at"]


def test_plain_moves_sounds_and_the_persons_turn() -> None:
    events = [
        ev.CardPlayed(2, (R5,), Colour.RED),
        ev.CardsDrawn(3, 1, "draw"),
        ev.DirectionReversed(-1),
        ev.UnoSaid(1),
        ev.Caught(0, 1, 2),
        ev.CardsDrawn(1, 0, "draw"),
    ]
    made = cues(events, shown=0, turn=0)
    assert [(c["kind"], c["sound"]) for c in made] == [
        ("play", "play"),
        ("draw", "draw"),
        ("reverse", "reverse"),
        ("uno", "uno"),
        ("caught", "caught"),
        ("turn", ""),
    ]
    assert made[1]["penalty"] is False and made[1]["buzz"] == ""
    assert made[2]["direction"] == -1
    assert made[4]["buzz"] == "hit" and made[5]["buzz"] == "turn"  # the shown seat was caught; then its turn


def test_round_and_match_ends_and_a_burst() -> None:
    end = [ev.RoundOver(1, 2, (0, 5, 0), (5,), (5,)), ev.MatchOver(0, (2,), (505,))]
    assert [c["sound"] for c in cues(end, shown=0)] == ["round", "match"]
    burst = [ev.CardPlayed(1, (R5,), Colour.RED)] * (MAX_CUES + 5)
    assert len(cues(burst, shown=0)) == MAX_CUES
    assert cues([], shown=0) == []
