"""Small helpers shared by the bot levels: hand statistics and picking among legal plays."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..actions import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, Play
from ..cards import COLOURS, Card, Colour
from ..view import SeatView

# The engine's parameterless actions, typed (their classes' ``__new__`` is typed ``Any``).
DRAW_: Action = DRAW
KEEP_: Action = KEEP
ACCEPT_: Action = ACCEPT
CHALLENGE_: Action = CHALLENGE
SAY_UNO_: Action = SAY_UNO


def colour_counts(cards: Iterable[Card]) -> dict[Colour, int]:
    counts = dict.fromkeys(COLOURS, 0)
    for card in cards:
        if card.colour is not None:
            counts[card.colour] += 1
    return counts


def best_colour(cards: Iterable[Card], fallback: Colour | None = None) -> Colour:
    """The colour held most (ties: the fallback if tied for best, else the first in R, Y, G, B)."""
    counts = colour_counts(cards)
    best = max(counts.values())
    if fallback is not None and counts[fallback] == best:
        return fallback
    return next(colour for colour in COLOURS if counts[colour] == best)


def without_uno(action: Action) -> Action:
    """The same play without the UNO call (other actions unchanged)."""
    if isinstance(action, Play) and action.uno:
        return Play(action.cards, action.colour, action.swap, False, action.jump)
    return action


def with_uno(action: Action, options: Sequence[Action], say: bool) -> Action:
    """``action`` saying UNO (if ``say`` and that is legal) or not saying it."""
    base = without_uno(action)
    if say and isinstance(base, Play):
        loud = Play(base.cards, base.colour, base.swap, True, base.jump)
        if loud in options:
            return loud
    return base


def distinct_moves(options: Sequence[Action]) -> list[Action]:
    """The options with the UNO variants of a play folded into one (the quiet one)."""
    seen: set[Action] = set()
    moves: list[Action] = []
    for action in options:
        base = without_uno(action)
        if base not in seen:
            seen.add(base)
            moves.append(base)
    return moves


def opponents(view: SeatView) -> list[int]:
    """Seats not on this seat's side."""
    me = view.seat
    assert me is not None
    side = view.sides[me]
    return [seat for seat in range(len(view.hand_sizes)) if view.sides[seat] != side]


def simple_reaction(view: SeatView, options: Sequence[Action], rng: random.Random, miss_catch: float) -> Action | None:
    """Say UNO when exposed; catch an exposed opponent (never a partner) unless the catch is missed."""
    if SAY_UNO_ in options:
        return SAY_UNO_
    me = view.seat
    assert me is not None
    catches = [a for a in options if isinstance(a, Catch) and view.sides[a.seat] != view.sides[me]]
    if catches and rng.random() >= miss_catch:
        return catches[0]
    return None
