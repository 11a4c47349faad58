"""UNO on several phones (issue 50's figures).

    .venv/bin/python -m bench.play_phones [--seed 3] [--cpu 4]

Runs Chromium inside a network namespace of its own (no way out; needs root). The host phone holds a game of four
guest phones and two expert bots (single round, "fast" pace); each guest joins by the host's invitation link (the
bench pastes its answer where a camera would scan it) and plays by taps on its own page. The round is played three
times, the guests' sends delayed by D = 0, 50 and 150 ms (this kernel has no netem: the page's data channel's
`send` is delayed in the bench's pages); a guest at two cards plays without UNO and taps "UNO!" as soon as its
screen shows the card gone (a late call, taken only while its window is open, R-UNO-2). Prints:
- a guest's tap to its own screen showing the move (the host checked it and drew the guest's page), p95;
- the same tap to every other phone showing it, p95;
- the host's longest main-thread task while the round is played;
- the host's engine per move from a phone: taking it, then drawing the 4 guests' pages and its own;
- the late UNO calls refused for each delay.
With `--cpu N` every phone's page (the host's and the guests') runs with its CPU slowed N times (CDP
`Emulation.setCPUThrottlingRate`), as on phones slower than this machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from tools import netns

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "site"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=1, help="slow every phone's CPU this many times (CDP)")
    args = parser.parse_args()
    why = netns.why_not()
    if why:
        raise SystemExit(f"bench.play_phones: {why}")
    run = netns.run(
        [sys.executable, str(ROOT / "bench" / "play_phones_run.py"), str(SITE), str(args.seed), str(args.cpu)],
        timeout=2400,
    )
    if run.returncode != 0:
        raise SystemExit(f"bench.play_phones failed:\n{run.stderr[-3000:]}")
    r = json.loads(run.stdout.strip().splitlines()[-1])
    draws = r["host_draws_ms"]
    if args.cpu != 1:
        print(f"every phone's CPU slowed {args.cpu:g}x")
    print(f"guest tap to own screen   p95 {r['own_p95_ms']:.0f} ms   bar: 150 ms ({len(r['own_ms'])} taps)")
    print(
        f"guest tap to every other phone   p95 {r['others_p95_ms']:.0f} ms   bar: 250 ms ({len(r['others_ms'])} paints)"
    )
    print(
        f"host longest main-thread task   {r['host_longest_task_ms']:.0f} ms "
        f"({r['seconds']:.0f} s, 4 guests, 2 experts)   bar: 50 ms"
    )
    if draws:
        p95 = statistics.quantiles(draws, n=20)[-1] if len(draws) >= 2 else draws[0]
        print(
            f"host worker per action   median {statistics.median(draws):.0f} ms, p95 {p95:.0f} ms "
            f"(5 pages drawn: the 4 guests' and the host's; {len(draws)} moves from phones)"
        )
    for delay, (refused, calls) in r["late"].items():
        print(f"late UNO calls refused   {refused} of {calls} (window {r['window_ms']} ms, delay {delay} ms)")


if __name__ == "__main__":
    main()
