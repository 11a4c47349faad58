"""Card faces as tapped at the table: colour does not matter for points, so people tap a face
("7", "Skip", "Wild") and the app picks a colour a tap may still add in this round (R-DECK), so
the deck checks of `scorekeeper` (R-KEEP-2) count copies correctly. What is left to tap, and how many
copies the deck has, are `scorekeeper`'s; no points are computed here.
"""

from __future__ import annotations

from app.play.describe import RANK_KEYS
from scorekeeper import RoundDraft, rank_in_deck, taps_left
from shared.protocol import FACES
from uno_core.cards import ALL_CARDS, Card, Rank

__all__ = ["FACES", "NAMED", "card_for", "face_limit", "face_of", "rank_of", "used_up"]

NAMED = {rank.symbol: name for rank, name in RANK_KEYS.items()}  # face symbol -> rank name (`score.face.<name>`)


def face_of(card: Card) -> str:
    """The face symbol of a card (`R7` -> `7`, `GS` -> `S`, `W+4` -> `W+4`)."""
    return card.rank.symbol


def cards_of_face(face: str) -> tuple[Card, ...]:
    """Every card of the deck with this face (colours in deck order)."""
    return tuple(card for card in ALL_CARDS if card.rank.symbol == face)


def rank_of(face: str) -> Rank:
    """The rank a face symbol names (ValueError for anything else)."""
    cards = cards_of_face(face)
    if not cards:
        raise ValueError(f"not a face: {face!r}")
    return cards[0].rank


def face_limit(face: str) -> int:
    """How many cards of this face the deck holds (e.g. 8 sevens, 4 zeros, 4 Wilds)."""
    return rank_in_deck(rank_of(face))


def card_for(face: str, draft: RoundDraft) -> Card:
    """The card to add for a tapped face: the first colour a tap may still add in this round; when there is
    none, the first colour anyway (`scorekeeper.check_tap` then refuses it, saying why)."""
    if face not in FACES:
        raise ValueError(f"not a face: {face!r}")
    left = taps_left(draft)
    options = cards_of_face(face)
    return next((card for card in options if left[card]), options[0])


def used_up(draft: RoundDraft) -> tuple[str, ...]:
    """The faces a tap can no longer add in this round (every face once the deck is spent)."""
    left = taps_left(draft)
    return tuple(face for face in FACES if not any(left[card] for card in cards_of_face(face)))
