"""Actions and their canonical text form (R-NOTE-2, R-NOTE-3).

``parse_action(str(a)) == a`` for every action; bad text raises ``NotationError`` quoting it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self, TypeAlias

from .cards import Card, Colour, Rank
from .errors import NotationError


class Play:
    """Play one card (or two identical ones under ``doubles``); ``jump`` marks a jump-in.

    ``colour`` is the declared colour of a wild, ``swap`` the seat a 7 swaps with under
    ``seven_zero``, ``uno`` says UNO with a play that leaves one card. Plays are interned
    like cards: equal plays are usually the same object, so comparing them is cheap.
    """

    __slots__ = ("cards", "colour", "jump", "swap", "text", "uno")
    _interned: ClassVar[dict[tuple[object, ...], Play]] = {}
    cards: tuple[Card, ...]
    colour: Colour | None
    swap: int | None
    uno: bool
    jump: bool
    text: str  # the R-NOTE text, made once

    def __new__(
        cls,
        cards: tuple[Card, ...],
        colour: Colour | None = None,
        swap: int | None = None,
        uno: bool = False,
        jump: bool = False,
    ) -> Play:
        key = (cards, colour, swap, uno, jump)
        play = cls._interned.get(key)
        if play is None:
            if not (isinstance(cards, tuple) and 1 <= len(cards) <= 2 and all(type(c) is Card for c in cards)):
                raise NotationError(f"a play holds one or two cards, not {cards!r}")
            play = object.__new__(cls)
            for name, value in (("cards", cards), ("colour", colour), ("jump", jump), ("swap", swap), ("uno", uno)):
                object.__setattr__(play, name, value)
            object.__setattr__(play, "text", play._notation())  # str() is read for every line of a save
            if swap is None or (type(swap) is int and 0 <= swap < 10):
                cls._interned[key] = play  # every play a game can accept: seats go from 0 to 9
        return play

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Play):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Play is immutable")

    def _key(self) -> tuple[object, ...]:
        return (self.cards, self.colour, self.swap, self.uno, self.jump)

    def __reduce__(self) -> tuple[object, ...]:
        return (Play, self._key())

    def __repr__(self) -> str:
        return f"Play({self.cards!r}, {self.colour!r}, {self.swap!r}, {self.uno!r}, {self.jump!r})"

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        return self.text

    def _notation(self) -> str:
        """The R-NOTE text (R-NOTE-2), kept in ``text``."""
        parts = ["jump" if self.jump else "play", *(card.code for card in self.cards)]
        if self.colour is not None:
            parts.append(str(getattr(self.colour, "value", self.colour)))  # any value: apply refuses a bad one
        if self.swap is not None:
            parts += ["swap", str(self.swap)]
        if self.uno:
            parts.append("uno")
        return " ".join(parts)


class _Singleton:
    """Actions without parameters: one instance each, so ``action is DRAW`` always works."""

    __slots__ = ()
    _instances: ClassVar[dict[type, object]] = {}

    def __new__(cls) -> Self:
        instance = _Singleton._instances.get(cls)
        if not isinstance(instance, cls):
            instance = _Singleton._instances[cls] = object.__new__(cls)
        return instance

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), ())


@dataclass(frozen=True, slots=True)
class ChooseColour:
    """R-FIRST-2: the first player's colour when the first card is a Wild."""

    colour: Colour

    def __str__(self) -> str:
        return f"color {self.colour.value}"


class Draw(_Singleton):
    """Draw a card, or take a stacked penalty."""

    def __str__(self) -> str:
        return "draw"


class Keep(_Singleton):
    """Keep a playable card just drawn and end the turn (R-TURN-4)."""

    def __str__(self) -> str:
        return "keep"


class Challenge(_Singleton):
    """Challenge the Wild Draw Four just played (R-CHAL)."""

    def __str__(self) -> str:
        return "challenge"


class Accept(_Singleton):
    """Accept the Wild Draw Four: draw and lose the turn (R-ACT-4)."""

    def __str__(self) -> str:
        return "accept"


class SayUno(_Singleton):
    """Say UNO on its own, while still not caught (R-UNO)."""

    def __str__(self) -> str:
        return "uno"


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch ``seat``, who holds one card without having said UNO (R-UNO-2)."""

    seat: int

    def __str__(self) -> str:
        return f"catch {self.seat}"


Action: TypeAlias = Play | ChooseColour | Draw | Keep | Challenge | Accept | SayUno | Catch

DRAW = Draw()
KEEP = Keep()
CHALLENGE = Challenge()
ACCEPT = Accept()
SAY_UNO = SayUno()
_WORDS: dict[str, Action] = {"draw": DRAW, "keep": KEEP, "challenge": CHALLENGE, "accept": ACCEPT, "uno": SAY_UNO}


def _seat(text: str, source: str) -> int:
    if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0"):
        raise NotationError(f"not a seat number: {text!r} in {source!r}")
    return int(text)


def parse_action(text: str) -> Action:
    """Parse one action in the R-NOTE-3 notation, e.g. ``play W+4 red`` or ``catch 2``."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {text!r}")
    words = text.split()
    if not words:
        raise NotationError(f"empty action: {text!r}")
    head, rest = words[0], words[1:]
    if head in _WORDS:
        if rest:
            raise NotationError(f"{head!r} takes nothing after it: {text!r}")
        return _WORDS[head]
    if head == "color":
        if len(rest) != 1:
            raise NotationError(f"expected 'color <red|yellow|green|blue>': {text!r}")
        return ChooseColour(Colour.parse(rest[0]))
    if head == "catch":
        if len(rest) != 1:
            raise NotationError(f"expected 'catch <seat>': {text!r}")
        return Catch(_seat(rest[0], text))
    if head in ("play", "jump"):
        return _parse_play(rest, text, jump=head == "jump")
    raise NotationError(
        f"unknown action {head!r} in {text!r} (expected play, jump, color, draw, keep, challenge, accept, uno or catch)"
    )


def _parse_play(words: list[str], text: str, jump: bool) -> Play:
    cards: list[Card] = []
    i = 0
    while i < len(words) and len(cards) < 2 and _looks_like_card(words[i]):
        cards.append(Card.parse(words[i]))
        i += 1
    if not cards:
        raise NotationError(f"expected a card after {'jump' if jump else 'play'}: {text!r}")
    colour: Colour | None = None
    swap: int | None = None
    uno = False
    if i < len(words) and words[i] in _COLOUR_WORDS:
        colour = Colour.parse(words[i])
        i += 1
    if i < len(words) and words[i] == "swap":
        if i + 1 >= len(words):
            raise NotationError(f"'swap' needs a seat number: {text!r}")
        swap = _seat(words[i + 1], text)
        i += 2
    if i < len(words) and words[i] == "uno":
        uno = True
        i += 1
    if i != len(words):
        raise NotationError(f"unexpected {words[i]!r} in {text!r}")
    first = cards[0]
    if len(cards) == 2 and cards[1] is not first:
        raise NotationError(f"two cards played together must be identical: {text!r}")
    if len(cards) == 2 and not first.rank.is_number:
        raise NotationError(f"only number cards can be played as doubles: {text!r}")
    if first.is_wild and colour is None:
        raise NotationError(f"a wild card must name its colour, e.g. 'play {first} red': {text!r}")
    if not first.is_wild and colour is not None:
        raise NotationError(f"only a wild card names a colour: {text!r}")
    if swap is not None and first.rank != Rank.SEVEN:
        raise NotationError(f"only a 7 names a seat to swap with: {text!r}")
    if jump and first.is_wild:
        raise NotationError(f"wild cards cannot jump in (R-VAR-JUMP): {text!r}")
    return Play(tuple(cards), colour, swap, uno, jump)


_COLOUR_WORDS = frozenset(colour.value for colour in Colour)


def _looks_like_card(word: str) -> bool:
    return word not in _COLOUR_WORDS and word not in ("swap", "uno")
