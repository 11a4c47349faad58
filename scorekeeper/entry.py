"""What is being typed for a round: values that keep every keystroke (R-KEEP-1).

A ``RoundDraft`` holds who went out and one ``HandInput`` per seat. Inputs keep both the typed
text and the tapped cards, so switching between "total" and "cards" loses nothing; checking
a draft (``validation.check_draft``) returns errors and never changes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from uno_core.cards import Card, hand_points
from uno_core.errors import NotationError

from .errors import EntryError

MAX_DIGITS = 4000  # longer digit strings are not numbers we can read (and far above any limit)
MAX_TERMS = 40  # a typed sum adds at most this many numbers (a hand of 40 cards typed one by one)


class Mode(Enum):
    """How a hand is entered: a typed points total, or card by card."""

    TOTAL = "total"
    CARDS = "cards"


def to_card(card: Card | str, seat: int | None = None) -> Card:
    """A ``Card`` from a card or its R-NOTE-1 code (``"R7"``, ``"W+4"``); ``EntryError`` ``not_a_card``."""
    if isinstance(card, Card):
        return card
    try:
        return Card.parse(str(card))
    except NotationError:
        raise EntryError("not_a_card", seat=seat, text=str(card)) from None


def live_sum(cards: Sequence[Card | str], wild_points: int = 50) -> int:
    """Points of a list of card faces as tapped (R-PTS); for the live sum next to the hand."""
    return hand_points([to_card(card) for card in cards], wild_points)


def parse_total(text: str | int, seat: int | None = None) -> int:
    """A typed points total: ASCII digits with optional surrounding spaces, or a sum of them ("12+11+7", spaces
    around a "+" allowed, as a person adds up a hand), or an int.

    Raises ``EntryError``: ``blank_hand`` (empty), ``negative``, ``not_a_number`` (also a sum with an empty or
    other term, "12+" or "12-3").
    """
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise EntryError("not_a_number", seat=seat, text=str(text))
    if isinstance(text, int):
        if text < 0:
            raise EntryError("negative", seat=seat, text=str(text))
        return text
    stripped = text.strip()
    if not stripped:
        raise EntryError("blank_hand", seat=seat)
    if len(stripped) > MAX_DIGITS:
        raise EntryError("not_a_number", seat=seat, text=text)
    if stripped[0] == "-":
        digits = stripped[1:]
        if digits.isascii() and digits.isdigit():
            if int(digits) != 0:
                raise EntryError("negative", seat=seat, text=text)
            return 0
    terms = [term.strip() for term in stripped.removeprefix("+").split("+")]
    if len(terms) > MAX_TERMS or not all(term.isascii() and term.isdigit() for term in terms):
        raise EntryError("not_a_number", seat=seat, text=text)
    return sum(int(term) for term in terms)


@dataclass(frozen=True, slots=True)
class HandInput:
    """One seat's input: the mode, the typed text and the tapped cards (both kept)."""

    mode: Mode = Mode.TOTAL
    text: str = ""
    cards: tuple[Card, ...] = ()

    @classmethod
    def typed(cls, text: str | int) -> HandInput:
        return cls(Mode.TOTAL, str(text))

    @classmethod
    def of_cards(cls, cards: Sequence[Card | str]) -> HandInput:
        return cls(Mode.CARDS, "", tuple(to_card(card) for card in cards))

    @property
    def is_blank(self) -> bool:
        """Nothing entered in the current mode (differs from a typed ``0``)."""
        return not self.cards if self.mode is Mode.CARDS else not self.text.strip()

    def with_mode(self, mode: Mode | str) -> HandInput:
        return dataclasses.replace(self, mode=Mode(mode))

    def with_text(self, text: str) -> HandInput:
        return dataclasses.replace(self, mode=Mode.TOTAL, text=text)

    def add_card(self, card: Card | str) -> HandInput:
        return dataclasses.replace(self, mode=Mode.CARDS, cards=(*self.cards, to_card(card)))

    def remove_card(self, index: int = -1) -> HandInput:
        """Without the card at ``index`` (the last tapped by default); unchanged if there is none."""
        cards = list(self.cards)
        if cards and -len(cards) <= index < len(cards):
            del cards[index]
        return dataclasses.replace(self, cards=tuple(cards))

    def live_points(self, wild_points: int = 50) -> int | None:
        """The points shown next to the field now; ``None`` when blank or not a valid number."""
        if self.mode is Mode.CARDS:
            return hand_points(self.cards, wild_points) if self.cards else None
        try:
            return parse_total(self.text)
        except EntryError:
            return None

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode.value, "text": self.text, "cards": [str(card) for card in self.cards]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandInput:
        """Inverse of ``to_dict`` (drafts kept by the UI); bad values raise ``EntryError``."""
        try:
            mode = Mode(data.get("mode", "total"))
        except ValueError:
            raise EntryError("bad_option", option="mode", value=data.get("mode"), allowed="total, cards") from None
        text = data.get("text", "")
        if not isinstance(text, str):
            raise EntryError("not_a_number", text=str(text))
        return cls(mode, text, tuple(to_card(card) for card in data.get("cards", ())))


@dataclass(frozen=True, slots=True)
class RoundDraft:
    """A round being entered: ``winner`` (seat or ``None``) and one ``HandInput`` per seat."""

    winner: int | None
    hands: tuple[HandInput, ...]

    @classmethod
    def blank(cls, players: int, mode: Mode = Mode.TOTAL) -> RoundDraft:
        return cls(None, (HandInput(mode),) * players)

    def with_winner(self, seat: int | None) -> RoundDraft:
        return dataclasses.replace(self, winner=seat)

    def with_hand(self, seat: int, hand: HandInput) -> RoundDraft:
        hands = list(self.hands)
        hands[seat] = hand
        return dataclasses.replace(self, hands=tuple(hands))

    def with_text(self, seat: int, text: str) -> RoundDraft:
        return self.with_hand(seat, self.hands[seat].with_text(text))

    def with_mode(self, seat: int, mode: Mode | str) -> RoundDraft:
        return self.with_hand(seat, self.hands[seat].with_mode(mode))

    def with_modes(self, mode: Mode | str) -> RoundDraft:
        """Every hand in ``mode`` at once (each keeps its typed text and tapped cards)."""
        return dataclasses.replace(self, hands=tuple(hand.with_mode(mode) for hand in self.hands))

    def add_card(self, seat: int, card: Card | str) -> RoundDraft:
        return self.with_hand(seat, self.hands[seat].add_card(card))

    def remove_card(self, seat: int, index: int = -1) -> RoundDraft:
        return self.with_hand(seat, self.hands[seat].remove_card(index))

    def live_points(self, wild_points: int = 50) -> tuple[int | None, ...]:
        """Each seat's live sum (``None`` when blank or unreadable)."""
        return tuple(hand.live_points(wild_points) for hand in self.hands)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "hands": [hand.to_dict() for hand in self.hands]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundDraft:
        winner = data.get("winner")
        if winner is not None and type(winner) is not int:
            raise EntryError("no_winner", field="winner")
        return cls(winner, tuple(HandInput.from_dict(hand) for hand in data.get("hands", ())))
