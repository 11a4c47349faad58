"""The engine from outside, in the R-NOTE text notation only.

    python -m uno_core demo [--players N] [--seed S] [--preset NAME]   # a seeded match, as text
    python -m uno_core script < scenario.txt                          # drive a game line by line

Script lines (``#`` starts a comment):
    new PLAYERS SEED [DEALER] [preset NAME] [deck CARD*108]  start a game
    legal SEAT          the seat's legal actions, one per line, then "."
    do SEAT ACTION      apply an action; prints "ok" or "refused: <why>"
    hand SEAT           the seat's hand
    state               top card, colour, turn, phase, hand sizes, totals
An engine written from docs/RULES.md alone can answer the same script with the same lines; the
tests check this one that way.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Iterator

from .errors import UnoError
from .game import Game
from .rules import PRESETS, preset


def run_script(lines: Iterable[str]) -> Iterator[str]:
    """Answer a script (see the module docstring), one output line at a time."""
    game: Game | None = None
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        try:
            if word == "new":
                game = _new_game(rest.split())
                yield "ok"
                continue
            if game is None:
                yield f"error: line {number}: start a game with 'new' first"
                continue
            if word == "legal":
                yield from game.legal_texts(_seat(rest))
                yield "."
            elif word == "do":
                seat_text, _, action = rest.partition(" ")
                game.apply(_seat(seat_text), action)
                yield "ok"
            elif word == "hand":
                yield " ".join(str(card) for card in sorted(game.hands[_seat(rest)]))
            elif word == "state":
                yield (
                    f"top {game.top} colour {game.active.value if game.active else '-'} turn {game.current} "
                    f"phase {game.phase.value} sizes {' '.join(str(len(h)) for h in game.hands)} "
                    f"totals {' '.join(map(str, game.totals))} round {game.round_no}"
                )
            else:
                yield f"error: line {number}: unknown command {word!r}"
        except UnoError as error:
            yield f"refused: {error}"
        except (ValueError, IndexError) as error:
            yield f"error: line {number}: {error}"


def _seat(text: str) -> int:
    return int(text.strip())


def _new_game(words: list[str]) -> Game:
    players, seed = int(words[0]), int(words[1])
    rest = words[2:]
    dealer: int | str = "cut"
    if rest and rest[0].isdigit():
        dealer = int(rest.pop(0))
    rules = PRESETS["official"]
    deck = None
    while rest:
        key = rest.pop(0)
        if key == "preset":
            rules = preset(rest.pop(0))
        elif key == "deck":
            deck, rest = " ".join(rest), []
        else:
            raise ValueError(f"unknown option {key!r}")
    return Game(players, rules, seed, dealer, deck)


def demo(players: int, seed: int, preset_name: str) -> None:
    """Print a seeded match played by random players, in the notation."""
    game = Game(players, preset(preset_name), seed)
    rng = random.Random(seed)
    print(f"# {players} players, seed {seed}, rules {preset_name}; dealer {game.dealer}")
    round_no = 0
    while not game.is_over:
        if game.round_no != round_no:
            round_no = game.round_no
            print(f"# round {round_no}: first card {game.top}, dealer {game.dealer}")
        seat = game.current
        actions = game.legal_actions(seat)
        plays = [a for a in actions if str(a) not in ("draw", "keep")]
        action = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(actions)
        game.apply(seat, action)
        print(f"{seat} {action}")
        if game.round_results and game.round_results[-1].round_no == round_no:
            result = game.round_results[-1]
            gained = max(result.gained)
            print(f"# round {round_no} won by seat {result.winner}: +{gained}; totals {list(result.totals)}")
    print(f"# match won by seat(s) {list(game.winners)} with {list(game.totals)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_core", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    demo_parser = sub.add_parser("demo", help="print a seeded match played by random players")
    demo_parser.add_argument("--players", type=int, default=4)
    demo_parser.add_argument("--seed", type=int, default=7)
    demo_parser.add_argument("--preset", default="official", choices=sorted(PRESETS))
    sub.add_parser("script", help="read a script on standard input (see the module docstring)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        demo(args.players, args.seed, args.preset)
    else:
        for out in run_script(sys.stdin):
            print(out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
