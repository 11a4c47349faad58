"""Saved values of a sheet: a hand (typed total or cards) and a round (who went out + hands)."""

from __future__ import annotations

from dataclasses import dataclass

from uno_core.cards import Card, hand_points


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's remaining hand as entered: a typed ``total`` or the list of ``cards`` (exactly one)."""

    total: int | None = None
    cards: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.cards, list):  # kept immutable, as saved
            object.__setattr__(self, "cards", tuple(self.cards))

    @classmethod
    def of_total(cls, total: int) -> Hand:
        return cls(total=total)

    @classmethod
    def of_cards(cls, cards: tuple[Card, ...] | list[Card]) -> Hand:
        return cls(cards=tuple(cards))

    @property
    def is_cards(self) -> bool:
        return self.cards is not None

    def points(self, wild_points: int = 50) -> int:
        """Points of this hand (R-PTS); card lists use ``wild_points`` for a Wild (R-PTS-3)."""
        if self.cards is not None:
            return hand_points(self.cards, wild_points)
        assert self.total is not None
        return self.total


@dataclass(frozen=True, slots=True)
class Round:
    """One saved round: the seat that went out and one hand per seat.

    ``hands[winner]`` is ``None`` (no cards left). In a team game scored standard or single
    round, a partner of the winner may be ``None`` too: that hand does not count (R-VAR-TEAM).
    """

    winner: int
    hands: tuple[Hand | None, ...]

    def __post_init__(self) -> None:
        if isinstance(self.hands, list):  # kept immutable, as saved
            object.__setattr__(self, "hands", tuple(self.hands))

    def points(self, wild_points: int = 50) -> tuple[int, ...]:
        """Each seat's hand points; ``0`` where no hand was entered."""
        return tuple(0 if hand is None else hand.points(wild_points) for hand in self.hands)
