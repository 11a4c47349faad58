"""Cards leaving the draw pile, and turns lost: the steps that both the transitions and the deal take.

``pop_draw`` takes the top card, turning the discard pile (but its top card) into a new draw pile when
the pile runs out (R-TURN-5); ``draw`` gives a seat a count of cards one at a time (penalties; R-UNO-3);
``skip`` makes a seat lose its turn (R-ACT-1), drawing one under R-VAR-SKIPDRAW. Each takes ``out``: the
list the events go to, or ``None`` in a playout (``uno_core.playout``), which builds no event.
"""

from __future__ import annotations

from . import events as ev
from .cards import Card, shuffle
from .rules import MAX_PLAYERS
from .state import State

# Events are immutable values: the common ones are built once and shared (equal to new ones,
# and cheaper than building a frozen dataclass per action), by seat.
SKIPPED = tuple(ev.TurnSkipped(seat) for seat in range(MAX_PLAYERS))


def pop_draw(state: State, out: list[ev.Event] | None) -> Card | None:
    """Top of the draw pile; reshuffles the discard pile when it runs out (R-TURN-5). None: nothing left."""
    if not state.draw_pile:
        if len(state.discard) <= 1:
            return None
        state.draw_pile = state.discard[:-1]
        del state.discard[:-1]
        shuffle(state.draw_pile, state.rng)
        if out is not None:
            out.append(ev.Reshuffled(len(state.draw_pile)))
    return state.draw_pile.pop()


def draw(state: State, seat: int, count: int, reason: str, out: list[ev.Event] | None) -> None:
    """``seat`` draws ``count`` cards, one at a time from the top (reshuffling as ``pop_draw`` does)."""
    pile = state.draw_pile
    if 0 < count <= len(pile):  # no reshuffle on the way: the top ``count`` cards, in the order drawn
        drawn = pile[: -count - 1 : -1]
        del pile[-count:]
    else:
        drawn = []
        for _ in range(count):
            card = pop_draw(state, out)
            if card is None:
                break
            drawn.append(card)
    state.hands[seat].extend(drawn)
    if drawn:
        state.said_uno[seat] = False  # R-UNO-3: protection ends when the hand grows
    if out is not None:
        out.append(ev.CardsDrawn(seat, len(drawn), reason, tuple(drawn)))


def skip(state: State, victim: int, out: list[ev.Event] | None) -> None:
    """``victim`` loses its turn (R-ACT-1, R-FIRST-4); under R-VAR-SKIPDRAW it also draws a card."""
    if out is not None:
        out.append(SKIPPED[victim])
    if state.rules.skipped_draws:  # R-VAR-SKIPDRAW
        draw(state, victim, 1, "skip", out)
