"""What the table's page animates, sounds and vibrates for the engine's events (pure, no DOM).

`cues(events, shown)` turns the events since the last drawing into plain dicts that go to the page with
the drawing (`ui.fx` plays them): the page animates from these, never from its own reading of the game.
Each cue has a `kind`, the time `at` (ms after the drawing) it starts, a `sound` and a `buzz` (vibration)
name or "", and what it is about:
- ``play``: `seat` plays `card` (a code; `face` and `colour` to draw it): it travels from that seat (the
  hand when `mine`) to the pile;
- ``draw``: `seat` draws `count` cards, one at a time from the pile (`penalty`: not by choice);
- ``skip``: `seat` loses its turn (marked); ``reverse``: the direction indicator turns to `direction`;
- ``colour``: a wild's chosen `colour` rings the pile; ``uno``: `seat` said UNO; ``caught``: `seat` was caught;
- ``round`` / ``match``: the round or the match is won; ``turn``: `seat`'s turn begins (highlighted; the
  shown seat's own turn also vibrates).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from shared.messages import Cue
from uno_core import Rank
from uno_core import events as ev

from .describe import face

TRAVEL_MS = 340  # a card's way from a seat to the pile
DEAL_MS = 150  # between the cards of a penalty, drawn one at a time
PAUSE_MS = 260  # a skip, a reverse, a colour: each has its moment
MAX_CUES = 8  # after a burst (instant bots) only the last ones play
MAX_MS = 2400  # and never for longer than this
PLUS = (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)

Made = dict[str, Any]  # a cue before its start time is known


def cues(events: Sequence[ev.Event], shown: int | None, turn: int | None = None) -> list[Cue]:
    """The cues of `events` (the shown seat's copies) for a page showing `shown`'s hand; `turn`: the seat
    whose turn has just begun, if it changed."""
    made: list[tuple[Made, int]] = []  # each cue and how long it takes
    for event in events:
        made.extend(_of(event, shown))
    if turn is not None:
        buzz = "turn" if turn == shown else ""
        made.append(({"kind": "turn", "seat": turn, "mine": turn == shown, "sound": "", "buzz": buzz}, 0))
    made = made[-MAX_CUES:]
    at = 0
    out: list[Cue] = []
    for cue, length in made:
        out.append(cast(Cue, {**cue, "at": min(at, MAX_MS)}))
        at += length
    return out


def _of(event: ev.Event, shown: int | None) -> list[tuple[Made, int]]:
    if isinstance(event, ev.CardPlayed):
        card = event.cards[0]
        sound = "plus" if card.rank in PLUS else "play"
        cue = {
            "kind": "play",
            "seat": event.seat,
            "card": card.code,
            "face": face(card),
            "colour": card.colour.value if card.colour is not None else "wild",
            "mine": event.seat == shown,
            "sound": sound,
            "buzz": "",
        }
        if card.colour is None and event.colour is not None:  # a wild: its colour rings the pile
            return [(cue, TRAVEL_MS), ({"kind": "colour", "colour": event.colour.value, "sound": "", "buzz": ""}, 0)]
        return [(cue, TRAVEL_MS)]
    if isinstance(event, ev.CardsDrawn):
        if event.count == 0:
            return []
        penalty = event.reason != "draw"
        buzz = "hit" if penalty and event.seat == shown else ""
        cue = {
            "kind": "draw",
            "seat": event.seat,
            "count": event.count,
            "mine": event.seat == shown,
            "penalty": penalty,
            "sound": "draw",
            "buzz": buzz,
        }
        return [(cue, TRAVEL_MS + DEAL_MS * (event.count - 1))]
    if isinstance(event, ev.TurnSkipped):
        return [({"kind": "skip", "seat": event.seat, "sound": "skip", "buzz": ""}, PAUSE_MS)]
    if isinstance(event, ev.DirectionReversed):
        return [({"kind": "reverse", "direction": event.direction, "sound": "reverse", "buzz": ""}, PAUSE_MS)]
    if isinstance(event, ev.ColourChosen):
        return [({"kind": "colour", "colour": event.colour.value, "sound": "", "buzz": ""}, PAUSE_MS)]
    if isinstance(event, ev.UnoSaid):
        return [({"kind": "uno", "seat": event.seat, "sound": "uno", "buzz": ""}, PAUSE_MS)]
    if isinstance(event, ev.Caught):
        buzz = "hit" if event.seat == shown else ""
        return [({"kind": "caught", "seat": event.seat, "sound": "caught", "buzz": buzz}, PAUSE_MS)]
    if isinstance(event, ev.RoundOver):
        return [({"kind": "round", "seat": event.winner, "sound": "round", "buzz": ""}, 0)]
    if isinstance(event, ev.MatchOver):
        return [({"kind": "match", "sound": "match", "buzz": ""}, 0)]
    return []
