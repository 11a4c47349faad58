"""Engine speed: random legal play, official rules, 2 and 4 players; side by side with RLCard.

    python -m bench.engine [--seconds S] [--slices N] [--no-rlcard] [--pyodide] [--baseline REV]

Prints rounds ("games") per second and decisions per second for ``uno_core`` and, when
``rlcard`` is installed (``pip install -e '.[bench]'``), for RLCard 1.2.0's raw
``UnoGame`` loop measured in the same run, with the ratio. A "game" is one round, as in
RLCard: ``Rules(scoring=SINGLE_ROUND)``. ``--pyodide`` also runs the same loops inside
Pyodide under Node (``tools/pyodide_run.mjs``), the interpreter users' browsers run.
The random policy is RLCard's: a uniformly random card play, drawing only with nothing to
play, and playing a drawn card when it can. RLCard's game has no UNO call, so these players always say
it (nobody is caught); a Wild Draw Four is challenged or accepted at random (official rules). Rows:
"Game.apply" drives the public API (legal-action lists, events, log); "careless" is the same loop with a
uniformly random choice among every legal action: a player going down to one card forgets UNO half the
time and is caught (two cards), so its rounds are about a quarter longer. "playout" deals with ``Game``
and plays the round in the engine's playout mode (``uno_core.playout``: the same transitions, no events,
no log) that the bots' playouts use. ``--baseline REV`` also times the three loops on ``uno_core`` as it
was at git revision REV (copied from git into ``.cache/`` as the package ``uno_core_base``), in the same
run and on the same deals, and adds a "vs REV" column: this code's rate over the baseline's, paired by turn.
"""

from __future__ import annotations

import argparse
import importlib
import random
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from types import ModuleType

import uno_core

Loop = Callable[[int, int], int]


def engine_loops(engine: ModuleType) -> list[tuple[str, Loop]]:
    """The "Game.apply", "careless" and "playout" loops on ``engine`` (``uno_core``, or a baseline copy of it)."""
    game_class, play_class, choose = engine.Game, engine.Play, engine.ChooseColour
    accept, challenge, draw, keep = engine.ACCEPT, engine.CHALLENGE, engine.DRAW, engine.KEEP
    single = engine.Rules(scoring=engine.Scoring.SINGLE_ROUND)
    playout_class = importlib.import_module(engine.__name__ + ".playout").Playout

    def apply_round(seed: int, players: int, careless: bool = False) -> int:
        """Play one random round with RLCard's policy (UNO always said); return the number of decisions made.

        ``careless``: choose uniformly among every legal action but drawing and keeping (forgets UNO half
        the time, catches whoever forgot it).
        """
        rng = random.Random(seed)
        game = game_class(players, single, seed, first_dealer=0)
        decisions = 0
        while not game.is_over:
            seat = game.current
            actions = game.legal_actions(seat)
            if careless:
                plays = [a for a in actions if a is not draw and a is not keep]
            else:
                # a card play (with UNO when it leaves one card), an answer to a Wild Draw Four or the first
                # card's colour; never a catch (nobody forgets UNO), UNO said alone, a draw or a kept card
                uno = len(game.hands[seat]) == 2
                plays = [
                    a
                    for a in actions
                    if (a.uno is uno if type(a) is play_class else a is accept or a is challenge or type(a) is choose)
                ]
            game.apply(seat, rng.choice(plays) if plays else draw)
            decisions += 1
        return decisions

    def careless_round(seed: int, players: int) -> int:
        return apply_round(seed, players, careless=True)

    def playout_round(seed: int, players: int) -> int:
        """Deal with ``Game``, then play the round out in playout mode (uniformly random cards)."""
        game = game_class(players, single, seed, first_dealer=0)
        playout = playout_class(game, random.Random(seed), keep_rate=0.0)
        playout.run()
        turns: int = playout.turns
        return turns

    return [("Game.apply", apply_round), ("careless", careless_round), ("playout", playout_round)]


def baseline_engine(root: Path, rev: str | None, folder: str | None) -> ModuleType:
    """``uno_core`` as it was at git revision ``rev`` (or as copied to ``folder`` before), imported as
    ``uno_core_base``: its modules import each other relatively, so the copy is a package of its own."""
    if folder is None:
        assert rev is not None
        base = root / ".cache" / "bench_baseline"
        shutil.rmtree(base, ignore_errors=True)
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", "--format=tar", rev, "uno_core"], check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(base, filter="data")
        (base / "uno_core").rename(base / "uno_core_base")
        folder = str(base)
    sys.path.insert(0, folder)
    return importlib.import_module("uno_core_base")


def rlcard_round_factory() -> Loop | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None

    def rlcard_round(seed: int, players: int) -> int:
        rng = random.Random(seed)
        game = UnoGame(num_players=players)
        game.np_random.seed(seed)
        game.init_game()
        decisions = 0
        while not game.round.is_over:
            game.step(rng.choice(game.get_legal_actions()))
            decisions += 1
        return decisions

    return rlcard_round


def rounds_in(play: Loop, players: int, seconds: float) -> int:
    """How many rounds (seeds 0, 1, 2...) ``play`` plays in about ``seconds`` of this process's CPU time.

    CPU time, not wall-clock time: on a shared machine other processes would otherwise slow
    whichever loop happens to run while they do (the loops are single-threaded, so on an idle
    machine both clocks agree).
    """
    rounds = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play(rounds, players)
        rounds += 1
    return rounds


def play_block(play: Loop, players: int, first: int, count: int) -> tuple[float, float]:
    """(rounds per second, decisions per second) of ``play`` over the rounds of seeds ``first`` to
    ``first + count - 1``, in CPU time (as ``rounds_in``)."""
    decisions = 0
    start = time.process_time()
    for seed in range(first, first + count):
        decisions += play(seed, players)
    elapsed = time.process_time() - start
    return count / elapsed, decisions / elapsed


def measure_side_by_side(
    loops: list[tuple[str, Loop]], players: int, seconds: float, slices: int
) -> dict[str, list[tuple[float, float]]]:
    """Each loop's (rounds per second, decisions per second) in each of ``slices`` short turns.

    This machine's speed drifts over seconds (a shared virtual machine: the same loop measured twice a
    minute apart differs by up to 1.5x). Turns of a fraction of a second give every loop the same share
    of slow and fast moments; ``median`` and ``paired_ratio`` ignore the turns a neighbour disturbed. In each turn every
    loop plays the same block of seeds (the same deals: rounds differ in length, so loops that played
    different seeds would be compared on different work), and the loops take their turns in rotation
    (none always runs first, or right after the same neighbour). The block is what the slowest loop
    plays in one turn's time, measured in a first warm-up turn.
    """
    turn = seconds / slices
    block = min(rounds_in(play, players, turn) for _, play in loops)
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in loops}
    for index in range(slices):
        shift = index % len(loops)
        for name, play in loops[shift:] + loops[:shift]:
            rates[name].append(play_block(play, players, index * block, block))
    return rates


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def paired_ratio(ours: list[tuple[float, float]], theirs: list[tuple[float, float]], field: int) -> float:
    """The median over the turns of ours / theirs in the same turn (``field`` 0: games/s, 1: decisions/s).

    Two loops timed in the same turn saw the same moment of the machine, so their ratio drifts less
    than the ratio of two medians taken apart.
    """
    return median([mine[field] / other[field] for mine, other in zip(ours, theirs, strict=True)])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--slices", type=int, default=10, help="turns each loop's time is cut into")
    parser.add_argument("--no-rlcard", action="store_true", help="skip the RLCard comparison")
    parser.add_argument("--pyodide", action="store_true", help="then run the same loops inside Pyodide (Node)")
    parser.add_argument("--baseline", metavar="REV", help="also time uno_core as it was at git revision REV")
    parser.add_argument("--baseline-dir", metavar="PATH", help=argparse.SUPPRESS)  # its copy (Pyodide: no git)
    args = parser.parse_args(argv)
    rlcard = None if args.no_rlcard else rlcard_round_factory()
    root = Path(__file__).resolve().parents[1]
    loops = engine_loops(uno_core)
    label = args.baseline or "baseline"
    if args.baseline or args.baseline_dir:
        base = baseline_engine(root, args.baseline, args.baseline_dir)
        loops += [(f"{name}@base", play) for name, play in engine_loops(base)]
    compared = len(loops) > 3
    turn = args.seconds / args.slices
    python = f"Python {sys.version.split()[0]} on {sys.platform}"
    print(f"{python}; {args.slices} turns of up to {turn:.2f} s per loop, the same deals in each turn")
    print("ratios: the median over the turns of the two loops' rates in the same turn")
    header = f"{'loop':<16} {'players':>7} {'games/s':>10} {'decisions/s':>12} {'vs RLCard':>10} {'per decision':>13}"
    print(header + (f" {'vs ' + label:>14}" if compared else ""))
    if rlcard is not None:
        loops.insert(0, ("rlcard", rlcard))
    for players in (2, 4):
        rates = measure_side_by_side(loops, players, args.seconds, args.slices)
        theirs = rates.get("rlcard")
        for name, ours in rates.items():
            games, decisions = median([r[0] for r in ours]), median([r[1] for r in ours])
            ratio = f"{paired_ratio(ours, theirs, 0):.2f}x" if theirs else "-"
            each = f"{paired_ratio(ours, theirs, 1):.2f}x" if theirs else "-"
            line = f"{name:<16} {players:>7} {games:>10.0f} {decisions:>12.0f} {ratio:>10} {each:>13}"
            old = rates.get(f"{name}@base")
            if old is not None:  # games/s on the same deals (decisions agree unless the rules changed)
                line += f" {paired_ratio(ours, old, 0):>13.3f}x"
            print(line)
    if rlcard is None and not args.no_rlcard:
        print("(rlcard not installed: pip install -e '.[bench]' for the comparison)")
    if args.pyodide:
        sys.stdout.flush()
        runner = root / "tools" / "pyodide_run.mjs"
        cmd = ["node", str(runner), "bench.engine", "--no-rlcard", "--seconds", str(args.seconds)]
        cmd += ["--slices", str(args.slices)]
        if compared:
            cmd += ["--baseline-dir", (root / ".cache" / "bench_baseline").relative_to(root).as_posix()]
        subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
