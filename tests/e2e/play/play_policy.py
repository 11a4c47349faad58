"""The person's moves in the seeded e2e round, shared by the browser test and its CPython twin.

`choose` picks the next action of seat 0 from its legal actions (so the page and the engine
agree), with the aim of using every control once: a wild colour choice, a draw then keep, an
UNO press with the second-to-last card, and a challenge of a Wild Draw Four.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from uno_core import CHALLENGE, DRAW, KEEP, Action, Play, Rank

COLOUR = "blue"


@dataclass
class Flags:
    done: set[str] = field(default_factory=set)
    turns: int = 0


def choose(legal: list[Action], flags: Flags) -> Action | None:
    """The next action for seat 0, or None (no turn action: let the bots go on)."""
    if CHALLENGE in legal:
        flags.done.add("challenge")
        return CHALLENGE
    if KEEP in legal:
        flags.done.add("keep")
        return KEEP
    if DRAW not in legal:
        return None
    flags.turns += 1
    plays = [a for a in legal if isinstance(a, Play) and not a.jump]
    loud = [a for a in plays if a.uno and (a.colour is None or str(a.colour) == COLOUR)]
    if loud:
        flags.done.add("uno")
        return loud[0]
    quiet = [a for a in plays if not a.uno and (a.colour is None or str(a.colour) == COLOUR)]
    if "keep" not in flags.done and flags.turns >= 2:
        return DRAW
    wild = [a for a in quiet if a.card.rank is Rank.WILD]
    if wild and "wild" not in flags.done:
        flags.done.add("wild")
        return wild[0]
    plain = [a for a in quiet if a.card.colour is not None]
    if plain:
        return plain[0]
    if quiet:
        if quiet[0].card.rank is Rank.WILD:
            flags.done.add("wild")
        return quiet[0]
    return DRAW
