"""R-KEEP-2: what the cards of one round can add up to.

A round's hands are disjoint parts of one 108-card deck (R-DECK), and the winner's last card
lies on the discard pile, so at least one card is in no hand. From that:

1. Card-by-card hands never hold more copies of a face than ``DECK_COUNTS`` across the round,
   and together at most 107 cards; each typed hand needs one of the cards left, besides the
   winner's last card.
2. The *cards left* are the deck minus the card-by-card hands. A typed total must be the sum
   of some non-empty set of cards left, and at most their total minus the smallest of them.
3. Several typed totals together (``k`` hands) must be the sum of at least ``k`` cards left,
   and at most the same maximum (e.g. five hands of 0 are impossible: there are four 0s).

These are necessary conditions: a round that can happen at a table is never refused; a few
exotic impossible combinations may pass (checking every split of the cards exactly is a
packing problem, not worth its cost here). With no card-by-card hands every total from 0 to
the deck's 1240 (1200 with Wild = 40) is possible.

Checked while typing too: ``tap_error`` refuses a tapped card the deck has no copy left of,
and ``unusual_limit`` is the line above which a possible typed total is worth a second look
(``UNUSUAL_CARDS``: more points than the 25 richest cards left could make).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from uno_core.cards import DECK_COUNTS, Card, Rank

from .errors import EntryError
from .model import Hand

DECK_SIZE = sum(DECK_COUNTS.values())
UNUSUAL_CARDS = 25  # a hand of more points than this many of the richest cards left is asked about


def rank_in_deck(rank: Rank) -> int:
    """How many cards of ``rank`` the deck holds, every colour (8 sevens, 4 zeros, 4 Wilds)."""
    return sum(n for card, n in DECK_COUNTS.items() if card.rank is rank)


def cards_left(card_hands: Iterable[Sequence[Card]]) -> Counter[Card]:
    """The deck minus the given hands (counts never below 0)."""
    used: Counter[Card] = Counter()
    for cards in card_hands:
        used.update(cards)
    return Counter({card: n - used[card] for card, n in DECK_COUNTS.items() if n > used[card]})


Values = tuple[tuple[int, int], ...]  # (points, how many cards) pairs, sorted


def _values(card_hands: Iterable[Sequence[Card]], wild_points: int) -> Values:
    counts: Counter[int] = Counter()
    for card, n in cards_left(card_hands).items():
        counts[card.points(wild_points)] += n
    return tuple(sorted(counts.items()))


def _size(values: Values) -> int:
    return sum(n for _, n in values)


def _top(values: Values) -> int:
    """The largest typed total: all cards left but the smallest (the winner's last card)."""
    return sum(v * n for v, n in values) - values[0][0] if values else 0


@lru_cache(maxsize=512)
def _sums(values: Values, at_least: int) -> tuple[int, ...]:
    """Bitsets: ``result[c]`` has bit ``s`` set when some ``c`` of the cards sum to ``s``
    (``c == at_least`` means at least that many). Cached: rounds are checked again often."""
    reach = [0] * (at_least + 1)
    reach[0] = 1
    for value, copies in values:
        for _ in range(copies):
            for count in range(at_least, -1, -1):
                if reach[count]:
                    reach[min(count + 1, at_least)] |= reach[count] << value
    return tuple(reach)


def max_typed_total(card_hands: Iterable[Sequence[Card]], wild_points: int = 50) -> int:
    """The largest total a typed hand may have, given the card-by-card hands of the round."""
    return _top(_values(card_hands, wild_points))


def possible_totals(card_hands: Iterable[Sequence[Card]], wild_points: int = 50) -> set[int]:
    """Every total a single typed hand may have, given the card-by-card hands (for tests and hints)."""
    values = _values(card_hands, wild_points)
    if _size(values) < 2:
        return set()
    bits = _sums(values, 1)[1]
    return {total for total in range(_top(values) + 1) if bits >> total & 1}


def check_hands(hands: Sequence[Hand | None], wild_points: int = 50) -> list[EntryError]:
    """The R-KEEP-2 deck checks of one round's hands (``None``: no hand entered for that seat)."""
    errors: list[EntryError] = []
    card_hands = [(seat, hand.cards) for seat, hand in enumerate(hands) if hand is not None and hand.cards is not None]
    counts: Counter[Card] = Counter()
    for _, cards in card_hands:
        counts.update(cards)
    for seat, cards in card_hands:
        for card in sorted(set(cards)):
            if counts[card] > DECK_COUNTS[card]:
                errors.append(
                    EntryError(
                        "too_many_copies", seat=seat, card=str(card), limit=DECK_COUNTS[card], count=counts[card]
                    )
                )
    if errors:
        return errors
    used = sum(counts.values())
    if used >= DECK_SIZE:
        return [EntryError("too_many_cards", field="hands", count=used, limit=DECK_SIZE - 1)]
    typed = [(seat, hand.total) for seat, hand in enumerate(hands) if hand is not None and hand.total is not None]
    if not typed:
        return errors
    values = _values([cards for _, cards in card_hands], wild_points)
    left = _size(values)
    if len(typed) > left - 1:  # each typed hand holds a card, and one is the last card played
        return [EntryError("not_enough_cards", field="hands", left=left, hands=len(typed))]
    top = _top(values)
    reach = _sums(values, len(typed))
    one_or_more = 0
    for bits in reach[1:]:
        one_or_more |= bits
    for seat, total in typed:
        if total > top:
            errors.append(EntryError("total_too_high", seat=seat, total=total, max=top))
        elif not one_or_more >> total & 1:
            errors.append(EntryError("total_impossible", seat=seat, total=total))
    if errors or len(typed) < 2:
        return errors
    together = sum(total for _, total in typed)
    if together > top:
        errors.append(EntryError("totals_too_high", field="hands", total=together, max=top))
    elif not reach[len(typed)] >> together & 1:
        errors.append(EntryError("totals_impossible", field="hands", total=together, hands=len(typed)))
    return errors


def _spent(hands: Sequence[Sequence[Card]]) -> bool:
    """Whether one more card would leave none for the winner's last card, which is in no hand."""
    return sum(len(cards) for cards in hands) + 1 >= DECK_SIZE


def tap_error(card_hands: Iterable[Sequence[Card]], card: Card, seat: int | None = None) -> EntryError | None:
    """Why ``card`` cannot join the card-by-card hands (all copies used, or the deck spent), else ``None``."""
    hands = list(card_hands)
    left = cards_left(hands)
    if left[card] == 0:
        return EntryError("no_copy_left", seat=seat, card=str(card), limit=DECK_COUNTS[card])
    if _spent(hands):
        used = sum(len(cards) for cards in hands)
        return EntryError("too_many_cards", seat=seat, count=used + 1, limit=DECK_SIZE - 1)
    return None


def cards_tappable(card_hands: Iterable[Sequence[Card]]) -> Counter[Card]:
    """The copies a tap may still add to the card-by-card hands (``tap_error`` refuses any other card): the
    cards left, none once the deck is spent."""
    hands = list(card_hands)
    return Counter() if _spent(hands) else cards_left(hands)


def unusual_limit(card_hands: Iterable[Sequence[Card]], wild_points: int = 50) -> int:
    """The points of the ``UNUSUAL_CARDS`` richest cards left: a typed total above it is possible
    but far beyond a normal hand (740 with a full deck and Wild = 50), so the app asks first."""
    points = sorted((card.points(wild_points) for card in cards_left(card_hands).elements()), reverse=True)
    return sum(points[:UNUSUAL_CARDS])


@dataclass(frozen=True, slots=True)
class Unusual:
    """A typed total the deck allows but far beyond a normal hand: ``total`` above ``limit``."""

    seat: int
    total: int
    limit: int


def unusual_totals(hands: Sequence[Hand | None], wild_points: int = 50) -> tuple[Unusual, ...]:
    """The typed totals of a round above ``unusual_limit`` of the cards left (card-by-card hands
    are tapped one card at a time: never asked about)."""
    limit = unusual_limit([hand.cards for hand in hands if hand is not None and hand.cards is not None], wild_points)
    return tuple(
        Unusual(seat, hand.total, limit)
        for seat, hand in enumerate(hands)
        if hand is not None and hand.total is not None and hand.total > limit
    )
