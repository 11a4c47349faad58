"""Build fixed decks (R-NOTE-4) from the hands a scenario wants: for tests, replays and demos."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import DECK_COUNTS, Card, parse_deck
from .errors import NotationError
from .rounds import HAND_SIZE


def stacked_deck(hands: Sequence[str], first: str, draws: str = "", dealer: int = 0) -> list[Card]:
    """The 108-card order (top first) that deals ``hands`` (by seat), turns ``first``, then draws ``draws``.

    ``hands[s]`` lists seat s's 7 cards as R-NOTE codes; the rest of the deck follows the
    given draws in a fixed order. Dealing follows R-SETUP-1 (one at a time, from the left of
    ``dealer``). Example: ``stacked_deck(["R1 R2 R3 R4 R5 R6 R7", "B1 ..."], "G5", "Y9")``.
    """
    n = len(hands)
    parsed = [parse_deck(hand) for hand in hands]
    for seat, hand in enumerate(parsed):
        if len(hand) != HAND_SIZE:
            raise NotationError(f"seat {seat} must be dealt {HAND_SIZE} cards, not {len(hand)}: {hands[seat]!r}")
    order: list[Card] = []
    for i in range(HAND_SIZE * n):
        seat = (dealer + 1 + i) % n
        order.append(parsed[seat][i // n])
    order.append(Card.parse(first.strip()))
    order.extend(parse_deck(draws))
    used = Counter(order)
    for card, count in used.items():
        if count > DECK_COUNTS[card]:
            raise NotationError(f"the scenario uses {count} copies of {card}; the deck has {DECK_COUNTS[card]}")
    for card, count in DECK_COUNTS.items():
        order.extend([card] * (count - used[card]))
    return order
