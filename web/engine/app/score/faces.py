"""Card faces as tapped at the table: colour does not matter for points, so people tap a face
("7", "Skip", "Wild") and the app picks a colour still free in this round's deck (R-DECK), so
the deck checks of `scorekeeper` (R-KEEP-2) count copies correctly. No points are computed here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from app.play.describe import RANK_KEYS
from scorekeeper import RoundDraft
from scorekeeper.limits import DECK_SIZE, cards_left
from scorekeeper.validation import counted_cards
from uno_core.cards import ALL_CARDS, DECK_COUNTS, Card, Rank

# the faces offered, in keypad order: R-NOTE-1 face symbols
FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S", "V", "+2", "W", "W+4")
NAMED = {rank.symbol: name for rank, name in RANK_KEYS.items()}  # face symbol -> rank name


def face_of(card: Card) -> str:
    """The face symbol of a card (`R7` -> `7`, `GS` -> `S`, `W+4` -> `W+4`)."""
    return card.rank.symbol


def cards_of_face(face: str) -> tuple[Card, ...]:
    """Every card of the deck with this face (colours in deck order)."""
    return tuple(card for card in ALL_CARDS if card.rank.symbol == face)


def face_limit(face: str) -> int:
    """How many cards of this face the deck holds (e.g. 8 sevens, 4 zeros, 4 Wilds)."""
    return sum(DECK_COUNTS[card] for card in cards_of_face(face))


def tapped(draft: RoundDraft) -> Counter[Card]:
    """The cards of the draft that a save counts (card-mode hands, not the winner's)."""
    counts: Counter[Card] = Counter()
    for cards in counted_cards(draft):
        counts.update(cards)
    return counts


def card_for(face: str, draft: RoundDraft) -> Card:
    """The card to add for a tapped face: the first colour with a copy left in this round;
    when none is left, the first colour anyway (`scorekeeper.check_tap` then refuses it)."""
    if face not in FACES:
        raise ValueError(f"not a face: {face!r}")
    counts = tapped(draft)
    options = cards_of_face(face)
    for card in options:
        if counts[card] < DECK_COUNTS[card]:
            return card
    return options[0]


def used_up(draft: RoundDraft) -> tuple[str, ...]:
    """The faces of which the round's deck has no copy left (every face once the deck is spent)."""
    hands = counted_cards(draft)
    if sum(len(cards) for cards in hands) + 1 >= DECK_SIZE:
        return FACES
    left = cards_left(hands)
    return tuple(face for face in FACES if not any(left[card] for card in cards_of_face(face)))


def face_count(face: str, hands: Iterable[Iterable[Card]]) -> int:
    return sum(1 for cards in hands for card in cards if face_of(card) == face)


def is_number(face: str) -> bool:
    return Rank(int(face)).is_number if face.isdigit() else False
