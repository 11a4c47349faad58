"""The regulars' record (issue 51): 10 regulars over 200 finished sheets of 10 rounds, bar 50 ms.

    python -m bench.record [--runs 15] [--pyodide]

Prints the median and the slowest of `--runs` computations of `scorekeeper.record.record` (every figure of every
regular, the teams and the win shares) and of `head_to_head` for one pair, over a library of 200 seeded sheets:
4 to 6 of the 10 regulars each, a fifth of them in teams, 10 rounds of typed totals, each sheet finished by its
10th round. `--pyodide` runs the same inside Pyodide under Node (`tools/pyodide_run.mjs`), the interpreter of the
app's engine worker.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper import Library, Options, RoundDraft, Sheet
from scorekeeper.record import head_to_head, record

NAMES = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fer", "Gus", "Hal", "Ivy", "Jo")
BAR_MS = 50.0


def evening(rng: random.Random) -> Sheet:
    """10 rounds; the 10th goes to the side ahead, and the target is its final total: finished by round 10."""
    count = rng.choice((4, 5, 6))
    seats = rng.sample(range(len(NAMES)), count)
    teams = count != 5 and rng.random() < 0.2
    sheet = Sheet(options=Options(target=100_000, teams=teams))
    for seat in seats:
        sheet = sheet.add_player(NAMES[seat], f"p{seat}")
    sheet = sheet.choose_dealer(0)
    for number in range(10):
        view = sheet.tally()
        last = number == 9 and view.leaders
        winner = view.side_seats[view.leaders[0]][0] if last else rng.randrange(count)
        draft = RoundDraft.blank(count).with_winner(winner)
        for seat in range(count):
            if view.sides[seat] != view.sides[winner]:
                draft = draft.with_text(seat, str(rng.randint(1, 60)))
        sheet = sheet.add_round(draft)
    return sheet.set_options(target=sheet.tally().totals[sheet.tally().rows[-1].winner_side])


def library(sheets: int = 200, seed: int = 51) -> Library:
    rng = random.Random(seed)
    found = Library()
    for number in range(sheets):
        found = found.put(f"s{number}", evening(rng), number)
    return found


def timed(runs: int, work: object) -> list[float]:
    assert callable(work)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--pyodide", action="store_true", help="then run it inside Pyodide (Node)")
    args = parser.parse_args()
    books = library()
    found = record(books)
    assert len(found.evenings) == 200 and len(found.people) == 10, "every sheet finished, every regular counted"
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"{where} {platform.python_version()}: the record of 10 regulars over 200 sheets of 10 rounds")
    for label, work in (
        ("record", lambda: record(books)),
        ("head to head", lambda: head_to_head(record(books).evenings, "p0", "p1")),
    ):
        times = timed(args.runs, work)
        median = statistics.median(times)
        verdict = "under" if median < BAR_MS else "OVER"
        slowest = max(times)
        print(f"  {label:<13} median {median:6.1f} ms, slowest {slowest:6.1f} ms ({verdict} the {BAR_MS:.0f} ms bar)")
    if args.pyodide:
        sys.stdout.flush()
        root = Path(__file__).resolve().parents[1]
        subprocess.run(["node", str(root / "tools" / "pyodide_run.mjs"), "bench.record", "--runs", str(args.runs)])


if __name__ == "__main__":
    main()
