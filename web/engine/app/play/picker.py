"""From a tapped card to one legal play: the questions to ask (one or two cards, colour, swap seat).

Everything comes from the engine's legal actions: the picker only narrows them down. It asks
how many cards (under `doubles`), then the colour (a wild), then whom to swap with (a 7
under `seven_zero`). Whether the play says UNO follows the UNO button: when it is pressed
and the play can say UNO, it does; otherwise it does not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from uno_core import Action, Card, Colour, Play

COUNT, COLOUR, SWAP = "count", "colour", "swap"


def plays_of(legal: Iterable[Action], card: Card, jump: bool = False) -> list[Play]:
    """The legal plays that start with `card` (jump-ins or turn plays)."""
    return [a for a in legal if isinstance(a, Play) and a.card is card and a.jump is jump]


def playable_cards(legal: Iterable[Action]) -> set[Card]:
    """Cards of the hand that some legal play (turn play or jump-in) uses."""
    return {a.card for a in legal if isinstance(a, Play)}


def can_say_uno_with_play(legal: Iterable[Action]) -> bool:
    """Whether some legal play can say UNO (the second-to-last card): the UNO button arms."""
    return any(isinstance(a, Play) and a.uno for a in legal)


@dataclass
class Picker:
    """Narrows the plays of one card to one. `question()` is what to ask next, `result()` the play."""

    candidates: list[Play]
    uno: bool = False
    answers: dict[str, object] = field(default_factory=dict)

    def _options(self, kind: str) -> list[object]:
        if kind == COUNT:
            values: Iterable[object] = (len(p.cards) for p in self.candidates)
        elif kind == COLOUR:
            values = (p.colour for p in self.candidates)
        else:
            values = (p.swap for p in self.candidates)
        seen: list[object] = []
        for value in values:
            if value is not None and value not in seen:
                seen.append(value)
        return seen

    def question(self) -> tuple[str, list[object]] | None:
        """('count', [1, 2]), ('colour', [Colour...]), ('swap', [seats]) or None when decided."""
        for kind in (COUNT, COLOUR, SWAP):
            options = self._options(kind)
            if len(options) > 1:
                return kind, options
        return None

    def answer(self, kind: str, value: object) -> None:
        """Keep only the candidates that match the answer (a value not offered raises ValueError)."""
        if value not in self._options(kind):
            raise ValueError(f"{value!r} is not a choice for {kind}")
        if kind == COUNT:
            self.candidates = [p for p in self.candidates if len(p.cards) == value]
        elif kind == COLOUR:
            self.candidates = [p for p in self.candidates if p.colour == value]
        else:
            self.candidates = [p for p in self.candidates if p.swap == value]
        self.answers[kind] = value

    def result(self) -> Play | None:
        """The one play left once every question is answered (UNO as the button says), else None."""
        if not self.candidates or self.question() is not None:
            return None
        loud = [p for p in self.candidates if p.uno]
        quiet = [p for p in self.candidates if not p.uno]
        if self.uno and loud:
            return loud[0]
        return quiet[0] if quiet else loud[0]


def colours_of(picker: Picker) -> list[Colour]:
    return [c for c in picker._options(COLOUR) if isinstance(c, Colour)]
