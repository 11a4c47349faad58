"""Colours, ranks, cards, the 108-card deck and card points (R-DECK, R-PTS, R-NOTE-1/2).

Cards are interned: ``Card(Colour.RED, Rank.SEVEN) is Card.parse("R7")``. There are 54
distinct cards, so equality is identity and hashing is cheap, which keeps the engine fast.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from enum import Enum, IntEnum
from functools import partial
from itertools import repeat, starmap
from operator import attrgetter
from typing import Any, ClassVar

from .errors import NotationError


class Colour(Enum):
    """The four colours (R-DECK-1). The value is the R-NOTE-2 word."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        """The R-NOTE-1 card letter: ``R``, ``Y``, ``G``, ``B``."""
        return self.value[0].upper()

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Parse an R-NOTE-2 colour word (``red``...)."""
        try:
            return cls(text)
        except ValueError:
            raise NotationError(f"not a colour: {text!r} (expected red, yellow, green or blue)") from None

    def __str__(self) -> str:
        return self.value

    # Members are singletons and equality is identity (Enum's): hash by identity too, in C, instead
    # of Enum's Python-level hash of the name (the engine looks colours up in its tables every turn).
    __hash__ = object.__hash__


COLOURS: tuple[Colour, ...] = tuple(Colour)


class Rank(IntEnum):
    """Card faces. Numbers are their own value; the rest follow."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    WILD = 13
    WILD_DRAW_FOUR = 14

    @property
    def is_number(self) -> bool:
        return self <= 9

    @property
    def is_wild(self) -> bool:
        return self >= Rank.WILD

    @property
    def symbol(self) -> str:
        """The R-NOTE-1 face text: ``0``..``9``, ``S``, ``V``, ``+2``, ``W``, ``W+4``."""
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    **{Rank(n): str(n) for n in range(10)},
    Rank.SKIP: "S",
    Rank.REVERSE: "V",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
}
_SYMBOL_RANKS = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
_LETTER_COLOURS = {colour.letter: colour for colour in Colour}


class Card:
    """One card face: a colour (``None`` for wild cards) and a rank. Immutable and interned."""

    __slots__ = ("code", "colour", "index", "rank")
    _interned: ClassVar[dict[tuple[Colour | None, Rank], Card]] = {}
    colour: Colour | None
    rank: Rank
    code: str
    index: int

    def __new__(cls, colour: Colour | None, rank: Rank) -> Card:
        card = cls._interned.get((colour, rank))
        if card is None:
            raise NotationError(f"no such card: colour {colour!r} with rank {rank!r}")
        return card

    @classmethod
    def _make(cls, colour: Colour | None, rank: Rank, index: int) -> Card:
        card = object.__new__(cls)
        code = rank.symbol if colour is None else colour.letter + rank.symbol
        for name, value in (("colour", colour), ("rank", rank), ("code", code), ("index", index)):
            object.__setattr__(card, name, value)
        cls._interned[(colour, rank)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.colour, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # Equality is identity (cards are interned), as without these two methods; but with ``__lt__``
    # defined, each ``==`` between two cards would otherwise go through two NotImplemented
    # look-ups: this answers it in one call, which halves the cost of ``hand.remove(card)``.
    def __eq__(self, other: object) -> bool:
        return self is other if type(other) is Card else NotImplemented

    __hash__ = object.__hash__  # by identity, as before (same hashes, same set orders)

    @property
    def is_wild(self) -> bool:
        return self.colour is None

    def points(self, wild_points: int = 50) -> int:
        """Scoring value (R-PTS-1..4); ``wild_points`` is the Wild's value (50 or 40)."""
        rank = self.rank
        if rank <= 9:
            return int(rank)
        if rank == Rank.WILD:
            return wild_points
        if rank == Rank.WILD_DRAW_FOUR:
            return 50
        return 20

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse an R-NOTE-1 card code (``R7``, ``GS``, ``BV``, ``Y+2``, ``W``, ``W+4``)."""
        card = _CODE_CARDS.get(text) if isinstance(text, str) else None
        if card is None:
            raise NotationError(f"not a card: {text!r} (examples: R7, GS, BV, Y+2, W, W+4)")
        return card


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in Colour:
        for rank in list(Rank)[: Rank.DRAW_TWO + 1]:
            cards.append(Card._make(colour, rank, len(cards)))
    for rank in (Rank.WILD, Rank.WILD_DRAW_FOUR):
        cards.append(Card._make(None, rank, len(cards)))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _build_cards()
"""The 54 distinct card faces, in a fixed order (colours R, Y, G, B; then W, W+4)."""

_CODE_CARDS = {card.code: card for card in ALL_CARDS}

by_deck_order: Callable[[Card], int] = attrgetter("index")
"""Sort key of cards in deck order, the order of ``Card.__lt__`` (``sorted(hand, key=by_deck_order)``
is ``sorted(hand)``), read in C instead of a Python ``__lt__`` call per comparison."""
WILD = Card(None, Rank.WILD)
WILD_DRAW_FOUR = Card(None, Rank.WILD_DRAW_FOUR)


def copies_in_deck(card: Card) -> int:
    """How many copies of ``card`` the 108-card deck holds (R-DECK-1/2)."""
    if card.colour is None:
        return 4
    return 1 if card.rank == Rank.ZERO else 2


DECK_COUNTS: dict[Card, int] = {card: copies_in_deck(card) for card in ALL_CARDS}
"""Copies of each card face in a full deck."""


_FULL_DECK: tuple[Card, ...] = tuple(card for card in ALL_CARDS for _ in range(DECK_COUNTS[card]))


def full_deck() -> list[Card]:
    """A new, unshuffled 108-card deck (R-DECK-1, R-DECK-2)."""
    return list(_FULL_DECK)


def parse_deck(text: str) -> list[Card]:
    """Parse whitespace-separated card codes; for fixed decks (R-NOTE-4)."""
    if not isinstance(text, str):
        raise NotationError(f"a deck is a text of card codes, not {text!r}")
    return [Card.parse(code) for code in text.split()]


def check_full_deck(cards: list[Card]) -> None:
    """Raise ``NotationError`` unless ``cards`` is exactly one full deck in some order."""
    if len(cards) != 108 or Counter(cards) != Counter(DECK_COUNTS):
        counts = Counter(cards)
        wrong = [f"{card}: {counts[card]} (want {n})" for card, n in DECK_COUNTS.items() if counts[card] != n]
        raise NotationError(f"a fixed deck must be the 108 cards of R-DECK; got {len(cards)}: " + ", ".join(wrong[:6]))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle in place, drawing on ``rng`` only: every game shuffle goes through here.

    Sorting by one random key per item gives a uniform permutation and is about twice as
    fast as ``random.shuffle`` in pure Python, which matters to bots running playouts.
    The keys are ``rng.random()`` drawn item by item, in list order, without a Python call:
    ``next(keys, item)`` (the item is only ``next``'s unused default).
    """
    items.sort(key=partial(next, starmap(rng.random, repeat((), len(items)))))


def hand_points(cards: list[Card] | tuple[Card, ...], wild_points: int = 50) -> int:
    """Sum of card points of a hand (R-PTS)."""
    return sum(card.points(wild_points) for card in cards)
