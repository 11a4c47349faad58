"""Phones at one table (peer-to-peer): how soon a guest is connected, how soon a saved round reaches every guest,
how long the connection codes are, and what a phone that only follows costs.

    .venv/bin/python -m bench.peer [--guests 5] [--rounds 8]

Runs Chromium inside a network namespace of its own (a veth pair and a default route, no way out; needs root),
one phone-sized context per phone. Prints, each beside its anchor:
- the time from the host's "Invite a phone" to the guest live, codes pasted (no camera): median under 1 s;
- the time from the host's save to each guest's standings painted: p95 under 200 ms with 5 guests;
- the offer and answer codes' lengths and their QR versions at level M (version 10 or lower is the aim);
- a following guest's page: main-thread CPU, JS heap, and its workers (no bots' worker).
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
    parser.add_argument("--guests", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    why = netns.why_not()
    if why:
        raise SystemExit(f"bench.peer: {why}")
    run = netns.run(
        [sys.executable, str(ROOT / "bench" / "peer_run.py"), str(SITE), str(args.guests), str(args.rounds)],
        timeout=900,
    )
    if run.returncode != 0:
        raise SystemExit(f"bench.peer failed:\n{run.stderr[-3000:]}")
    r = json.loads(run.stdout.strip().splitlines()[-1])
    opened = r["open_s"]
    updates = [ms for ms in r["update_ms"] if ms is not None]
    missed = len(r["update_ms"]) - len(updates)
    p95 = statistics.quantiles(updates, n=20)[-1] if len(updates) >= 2 else float("nan")
    print(
        f"invite to live, codes pasted   median {statistics.median(opened):.2f} s  (max {max(opened):.2f}, "
        f"{len(opened)} guests)   anchor: median under 1 s"
    )
    steps = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in r["steps_s"].items())
    print(f"  its steps (medians)          {steps}")
    print(
        f"save to guest painted          p95 {p95:.0f} ms  (median {statistics.median(updates):.0f}, "
        f"{len(updates)} paints, {missed} missed, {args.guests} guests)   anchor: p95 under 200 ms with 5 guests"
    )
    print(
        f"guests' longest main-thread task while following {r['guest_longest_task_ms']:.0f} ms   "
        "anchor: none over 50 ms"
    )
    print(f"offer code                     {max(r['offer_chars'])} characters (base32)")
    print(f"answer code                    {max(r['answer_chars'])} characters (base32)")
    print(f"QR versions at level M         {r['qr_versions_m']}   anchor: version 10 or lower")
    print(
        f"a following guest's page       {r['follower_cpu_ms_per_s']:.1f} ms CPU a second, "
        f"JS heap {r['follower_heap_mb']:.1f} MB, workers {r['follower_workers']}"
    )


if __name__ == "__main__":
    main()
