"""Engine speed: random legal play, official rules, 2 and 4 players; side by side with RLCard.

    python -m bench.engine [--seconds S] [--slices N] [--no-rlcard] [--pyodide] [--old-kernel REV]

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
time and is caught (two cards), so its rounds are about a quarter longer (75 decisions a round at 4 players,
61 for "Game.apply", 49 for RLCard). "playout" deals with ``Game`` and plays the round in the
engine's playout mode (``uno_core.playout``: the same transitions, no events, no log) that the
bots' playouts use. ``--old-kernel REV`` adds a row for the int-coded kernel ``uno_core/fast.py``
as it was at git revision REV (the second copy of the rules that the playout mode replaced,
e.g. ``72598da``), measured in the same run as a baseline, and a "vs old kernel" column (games/s: the old
kernel counted a drawn card's play as part of the draw's decision).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from uno_core import ACCEPT, CHALLENGE, DRAW, KEEP, ChooseColour, Game, Play, Rules, Scoring
from uno_core.playout import Playout

SINGLE = Rules(scoring=Scoring.SINGLE_ROUND)


def uno_core_round(seed: int, players: int, careless: bool = False) -> int:
    """Play one random round with RLCard's policy (UNO always said); return the number of decisions made.

    ``careless``: choose uniformly among every legal action but drawing and keeping (forgets UNO half the
    time, catches whoever forgot it).
    """
    rng = random.Random(seed)
    game = Game(players, SINGLE, seed, first_dealer=0)
    decisions = 0
    while not game.is_over:
        seat = game.current
        actions = game.legal_actions(seat)
        if careless:
            plays = [a for a in actions if a is not DRAW and a is not KEEP]
        else:
            # a card play (with UNO when it leaves one card), an answer to a Wild Draw Four or the first card's
            # colour; never a catch (nobody forgets UNO), UNO said alone, a draw or a kept card
            uno = len(game.hands[seat]) == 2
            plays = [
                a
                for a in actions
                if (a.uno is uno if type(a) is Play else a is ACCEPT or a is CHALLENGE or type(a) is ChooseColour)
            ]
        game.apply(seat, rng.choice(plays) if plays else DRAW)
        decisions += 1
    return decisions


def careless_round(seed: int, players: int) -> int:
    """``uno_core_round`` with careless players (the "careless" row)."""
    return uno_core_round(seed, players, careless=True)


def playout_round(seed: int, players: int) -> int:
    """Deal with ``Game``, then play the round out in playout mode (uniformly random cards)."""
    game = Game(players, SINGLE, seed, first_dealer=0)
    playout = Playout(game, random.Random(seed), keep_rate=0.0)
    playout.run()
    return playout.turns


def old_kernel_factory(source: str) -> Callable[[int, int], int]:
    """The round loop of the removed int-coded kernel (``uno_core/fast.py`` source), for a baseline."""
    spec = importlib.util.spec_from_loader("uno_core._old_fast", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "uno_core"
    exec(compile(source, "uno_core/fast.py (old)", "exec"), module.__dict__)
    old_playout = module.Playout

    def old_kernel_round(seed: int, players: int) -> int:
        game = Game(players, SINGLE, seed, first_dealer=0)
        playout = old_playout(game, random.Random(seed), keep_rate=0.0)
        playout.run()
        turns: int = playout.turns
        return turns

    return old_kernel_round


def rlcard_round_factory() -> Callable[[int, int], int] | None:
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


def rounds_in(play: Callable[[int, int], int], players: int, seconds: float) -> int:
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


def play_block(play: Callable[[int, int], int], players: int, first: int, count: int) -> tuple[float, float]:
    """(rounds per second, decisions per second) of ``play`` over the rounds of seeds ``first`` to
    ``first + count - 1``, in CPU time (as ``rounds_in``)."""
    decisions = 0
    start = time.process_time()
    for seed in range(first, first + count):
        decisions += play(seed, players)
    elapsed = time.process_time() - start
    return count / elapsed, decisions / elapsed


def measure_side_by_side(
    loops: list[tuple[str, Callable[[int, int], int]]], players: int, seconds: float, slices: int
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
    parser.add_argument("--old-kernel", metavar="REV", help="also time uno_core/fast.py as it was at git revision REV")
    parser.add_argument("--old-kernel-file", metavar="PATH", help=argparse.SUPPRESS)  # its source (Pyodide: no git)
    args = parser.parse_args(argv)
    rlcard = None if args.no_rlcard else rlcard_round_factory()
    root = Path(__file__).resolve().parents[1]
    old_source = None
    if args.old_kernel:
        cmd = ["git", "-C", str(root), "show", f"{args.old_kernel}:uno_core/fast.py"]
        old_source = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    elif args.old_kernel_file:
        old_source = Path(args.old_kernel_file).read_text(encoding="utf-8")
    loops: list[tuple[str, Callable[[int, int], int]]] = [
        ("Game.apply", uno_core_round),
        ("careless", careless_round),
        ("playout", playout_round),
    ]
    if old_source is not None:
        loops.append(("old kernel", old_kernel_factory(old_source)))
    turn = args.seconds / args.slices
    python = f"Python {sys.version.split()[0]} on {sys.platform}"
    print(f"{python}; {args.slices} turns of up to {turn:.2f} s per loop, the same deals in each turn")
    print("ratios: the median over the turns of the two loops' rates in the same turn")
    header = f"{'loop':<10} {'players':>7} {'games/s':>10} {'decisions/s':>12} {'vs RLCard':>10} {'per decision':>13}"
    print(header + (f" {'vs old kernel':>14}" if old_source is not None else ""))
    if rlcard is not None:
        loops.insert(0, ("rlcard", rlcard))
    for players in (2, 4):
        rates = measure_side_by_side(loops, players, args.seconds, args.slices)
        theirs = rates.get("rlcard")
        old = rates.get("old kernel")
        for name, ours in rates.items():
            games, decisions = median([r[0] for r in ours]), median([r[1] for r in ours])
            ratio = f"{paired_ratio(ours, theirs, 0):.2f}x" if theirs else "-"
            each = f"{paired_ratio(ours, theirs, 1):.2f}x" if theirs else "-"
            line = f"{name:<10} {players:>7} {games:>10.0f} {decisions:>12.0f} {ratio:>10} {each:>13}"
            if old is not None:  # games/s only: the old kernel counted a draw and its play as one decision
                line += f" {paired_ratio(ours, old, 0):>13.3f}x"
            print(line)
    if rlcard is None and not args.no_rlcard:
        print("(rlcard not installed: pip install -e '.[bench]' for the comparison)")
    if args.pyodide:
        sys.stdout.flush()
        runner = root / "tools" / "pyodide_run.mjs"
        cmd = ["node", str(runner), "bench.engine", "--no-rlcard", "--seconds", str(args.seconds)]
        cmd += ["--slices", str(args.slices)]
        if old_source is not None:
            kept = root / ".cache" / "bench_old_fast.py"
            kept.parent.mkdir(exist_ok=True)
            kept.write_text(old_source, encoding="utf-8")
            cmd += ["--old-kernel-file", kept.relative_to(root).as_posix()]
        subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
