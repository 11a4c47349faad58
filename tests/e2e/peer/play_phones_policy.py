"""The people's moves in the browser round on several phones (issue 50), shared by the browser run and its CPython
twin (`twin`, which finds a seed whose round has the moments the test needs).

Seats: Hana on the host phone, Beto, Caro and Eli on their own phones, Dee a basic bot that never catches. Each person
plays a card when they can (a wild's colour: blue), else draws, then keeps. Beto plays his second-to-last card
without saying UNO once: Caro catches him across phones. Every later second-to-last card is played with UNO (a call).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from uno_core import ACCEPT, DRAW, KEEP, Action, Catch, Game, Play
from uno_core.legal import is_reaction

ROOT = Path(__file__).resolve().parents[3]
NAMES = ("Hana", "Beto", "Caro", "Eli", "Dee")
BETO, CARO, ELI = 1, 2, 3
WINDOW_MS = 3000  # the people's reaction window (one device's "slow" is 3000 ms)


def config() -> dict[str, Any]:
    return {
        "seats": [
            {"kind": "human", "name": "Hana"},
            {"kind": "phone", "name": "Beto"},
            {"kind": "phone", "name": "Caro"},
            {"kind": "phone", "name": "Eli"},
            {"kind": "bot", "name": "Dee", "level": "basic", "options": {"miss_catch": 1.0}},
        ],
        "preset": "official",
        "rules": {"scoring": "single_round"},
        "speed": "fast",
        "reaction_ms": WINDOW_MS,
    }


@dataclass
class Moments:
    quiet: bool = False  # Beto played his second-to-last card without UNO
    caught: bool = False  # Caro caught him
    called: list[int] = field(default_factory=list)  # seats that said UNO with a play


def catch_now(game: Game, moments: Moments) -> bool:
    """Caro catches Beto now (once, right after his quiet play)."""
    return moments.quiet and not moments.caught and Catch(BETO) in game.legal_actions(CARO)


def choose(game: Game, seat: int, moments: Moments) -> Action:
    """`seat`'s turn action."""
    legal = game.legal_actions(seat)
    for only in (KEEP, ACCEPT):
        if only in legal:
            return only
    plays = [a for a in legal if isinstance(a, Play) and not a.jump and (a.colour is None or str(a.colour) == "blue")]
    plays.sort(key=lambda a: a.card.colour is None)  # a coloured card before a wild
    if not plays:
        return DRAW if DRAW in legal else next(a for a in legal if not is_reaction(a))
    if len(game.hands[seat]) == 2:
        if seat == BETO and not moments.quiet:
            quiet = [a for a in plays if not a.uno]
            if quiet:
                moments.quiet = True
                return quiet[0]
        loud = [a for a in plays if a.uno]
        if loud:
            moments.called.append(seat)
            return loud[0]
    return plays[0]


def twin(seed: int, limit: int = 400) -> tuple[Moments, int]:
    """The round on CPython with the same seed and choices: its moments and its length in actions."""
    sys.path[:0] = [str(ROOT), str(ROOT / "web" / "engine"), str(ROOT / "web")]
    from app.play.config import PlayConfig
    from app.play.session import Session

    session = Session.new(PlayConfig.from_dict(config()), seed)
    moments = Moments()
    for _ in range(limit):
        game = session.game
        if session.pending_round is not None or game.is_over:
            return moments, len(game.log)
        if catch_now(game, moments):
            session.apply(Catch(BETO), CARO)
            moments.caught = True
            continue
        step = session.next_step()
        if step.kind == "window":
            session.window_over()
        elif step.kind == "bot":
            session.bot_step()
        else:
            seat = game.current
            session.apply(choose(game, seat, moments), None if seat == 0 else seat)
    return moments, -1


if __name__ == "__main__":
    for seed in range(1, 60):
        found, length = twin(seed)
        if found.caught and found.called and 0 < length < 80:
            print(seed, length, found)
