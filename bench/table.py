"""A real table, not a lab: guest phones as screens of the host's engine (issue 48's figures).

    .venv/bin/python -m bench.table [--guests 5] [--rounds 8]

Runs Chromium inside a network namespace of its own (no way out; needs root). The host keeps a sheet of six; each
guest opens the host's invitation link on a first visit (an empty context, its own server to count its bytes), the
first one on a phone slowed 4x (CDP CPU throttling); the bench pastes each answer where a camera would scan it. Then
rounds are saved on the host while every guest follows, and one guest's link is cut for 10 s in a namespace of its
own (tests/e2e/peer/cut_run.py). Prints, each beside its anchor:
- a first-time guest's download and the time from the invitation link opened to the host's page on it;
- the time from the host's save to each guest's standings painted (p95, 5 guests);
- a following guest's page: its CPU, heap and workers (no Pyodide);
- the host's engine per save (the guests' pages drawn) and the host's longest main-thread task while they follow;
- a cut link: how soon each side shows "Reconnecting…", and how soon both are live again once it ends, no codes.
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
        raise SystemExit(f"bench.table: {why}")
    run = netns.run(
        [sys.executable, str(ROOT / "bench" / "table_run.py"), str(SITE), str(args.guests), str(args.rounds)],
        timeout=1200,
    )
    if run.returncode != 0:
        raise SystemExit(f"bench.table failed:\n{run.stderr[-3000:]}")
    r = json.loads(run.stdout.strip().splitlines()[-1])
    updates = [ms for ms in r["update_ms"] if ms is not None]
    draws = r["host_draws_ms"]
    cut = r["cut"]
    print(
        f"first-time guest   downloaded {r['first_guest_bytes'] / 1e6:.2f} MB, invitation link opened to the sheet "
        f"shown {r['first_guest_shown_s']:.2f} s (CPU 4x, empty cache)   bars: 1.0 MB and 1.5 s"
    )
    others = r["other_guests_shown_s"]
    print(f"  the other guests (CPU 1x)     {statistics.median(others):.2f} s median, {len(others)} guests")
    print(
        f"  the slowed guest's longest main-thread task {r['first_guest_longest_task_ms']:.0f} ms "
        f"(long tasks: {r['first_guest_long_tasks']})   bar: under 100 ms at 4x"
    )
    print(
        f"save to guest painted   p95 {r['update_p95_ms']:.0f} ms ({args.guests} guests; median "
        f"{statistics.median(updates):.0f} ms, {len(updates)} paints, {len(r['update_ms']) - len(updates)} missed)   "
        "bar: 150 ms"
    )
    print(
        f"a following guest's page   {r['follower_cpu_ms_per_s']:.1f} ms CPU a second, JS heap "
        f"{r['follower_heap_mb']:.1f} MB, workers {r['follower_workers']}   anchor: no Pyodide worker on a guest"
    )
    print(
        f"host worker per save   {statistics.median(draws):.0f} ms ({args.guests} guests rendered; max "
        f"{max(draws):.0f} ms, {len(draws)} saves)"
    )
    print(
        f"host longest main-thread task while {args.guests} guests follow   {r['host_longest_task_ms']:.0f} ms   "
        "bar: none over 50 ms"
    )
    print(
        f"link silent to Reconnecting shown   {max(cut['reconnecting_s'].values()):.1f} s "
        f"(guest {cut['reconnecting_s']['guest']:.1f}, host {cut['reconnecting_s']['host']:.1f})   bar: 6 s"
    )
    print(
        f"back to live after the cut ends   {max(cut['live_s'].values()):.1f} s "
        f"(guest {cut['live_s']['guest']:.1f}, host {cut['live_s']['host']:.1f}), no codes"
    )
    print(f"invitation link's QR code   version {r['qr_version_link']} at level L (segno, on the host)")


if __name__ == "__main__":
    main()
