"""Events returned by ``Game.apply``: what happened, for logs, animation and announcements.

Some events carry private cards (the cards a seat drew, a hand revealed to a challenger).
``for_seat`` gives the copy a given seat may see; ``None`` as seat means a spectator.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeAlias

from .cards import Card, Colour


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """R-SEAT-3: the first dealer, and the cards cut for it (empty when chosen otherwise)."""

    dealer: int
    method: str  # "cut", "random" or "fixed"
    cuts: tuple[tuple[tuple[int, Card], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    dealer: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class CardTurned:
    """A card turned from the draw pile to start the discard pile (R-SETUP-2, R-FIRST)."""

    card: Card
    returned: bool = False  # R-FIRST-1: a Wild Draw Four put back and reshuffled


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    cards: tuple[Card, ...]
    colour: Colour | None  # the active colour after the play
    jump: bool = False


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``seat`` drew ``count`` cards; ``cards`` is only in the drawer's own copy."""

    seat: int
    count: int
    reason: str  # "draw", "draw_two", "draw_four", "stack", "challenge", "uno", "skip", "first_card"
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class TurnSkipped:
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed:
    direction: int  # +1 clockwise, -1 counter-clockwise


@dataclass(frozen=True, slots=True)
class ColourChosen:
    seat: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """R-TURN-5: the discard pile (but its top card) became the draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class Kept:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoSaid:
    seat: int


@dataclass(frozen=True, slots=True)
class Caught:
    seat: int
    by: int
    penalty: int


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """R-CHAL: ``revealed`` is the challenged hand, in the challenger's copy only."""

    challenger: int
    challenged: int
    bluff: bool
    drawer: int
    count: int
    revealed: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    seat: int
    other: int


@dataclass(frozen=True, slots=True)
class HandsRotated:
    direction: int


@dataclass(frozen=True, slots=True)
class RoundOver:
    """R-SCORE: the round's winner, each seat's hand points, points gained and totals per side."""

    round_no: int
    winner: int
    hand_points: tuple[int, ...]
    gained: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver:
    winner_side: int
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event: TypeAlias = (
    DealerChosen
    | RoundStarted
    | CardTurned
    | CardPlayed
    | CardsDrawn
    | TurnSkipped
    | DirectionReversed
    | ColourChosen
    | Reshuffled
    | Kept
    | UnoSaid
    | Caught
    | ChallengeResult
    | HandsSwapped
    | HandsRotated
    | RoundOver
    | MatchOver
)


def for_seat(event: Event, seat: int | None) -> Event:
    """The copy of ``event`` that ``seat`` may see (private cards removed for everyone else)."""
    if isinstance(event, CardsDrawn) and event.cards is not None and event.seat != seat:
        return dataclasses.replace(event, cards=None)
    if isinstance(event, ChallengeResult) and event.revealed is not None and event.challenger != seat:
        return dataclasses.replace(event, revealed=None)
    return event
