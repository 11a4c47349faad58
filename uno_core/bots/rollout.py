"""Playouts whose players follow the ``basic`` level's habit: a coloured card from their longest colour.

The engine's playout mode (``uno_core.playout.Playout``, greedy players) picks uniformly among
the coloured cards that play. ``PolicyPlayout`` changes only that choice (``Playout.coloured_pick``):
the card comes from the colour the player holds most (ties at random), as ``basic`` and most people
play, so the search's opponents and its own later moves look more like real play. Every other choice (wild
cards, colours named, challenges, stacks, 7 swaps) and every transition is ``Playout``'s, i.e.
the engine's.
"""

from __future__ import annotations

from ..cards import Card
from ..playout import COLOUR_SLOT, Playout


def longest_colour_card(hand: list[Card], playable: list[Card], pick: float) -> Card:
    """Among ``playable`` coloured cards, one of the colour ``hand`` holds most; ``pick`` in [0, 1) breaks ties."""
    counts = [0, 0, 0, 0, 0]
    slot = COLOUR_SLOT
    for card in hand:
        counts[slot[card]] += 1
    best = max(counts[slot[card]] for card in playable)
    top = [card for card in playable if counts[slot[card]] == best]
    return top[int(pick * len(top))]


class PolicyPlayout(Playout):
    """``Playout`` with greedy players who play from their longest colour (see the module docstring)."""

    __slots__ = ()

    coloured_pick = longest_colour_card
