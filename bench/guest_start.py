"""A first-time guest's start on a slow phone, step by step (issue 48: "invitation link opened to the sheet shown").

    .venv/bin/python -m bench.guest_start [--guests 4] [--site dist/site]

Runs Chromium inside a network namespace of its own (no way out; needs root), as bench.table does. A host keeps a
sheet of six; each guest, one after the other, opens the host's invitation link on a first visit (an empty context,
CPU slowed 4x) and the bench pastes its answer at once. Prints, for each guest, in ms since its navigation: the
answer code shown, the link open, the host's first text, the sheet painted (by web/page/guest-prepaint.mjs when
`prepainted` is there, else by the page's Python), the page's Python ready; its main-thread tasks over 50 ms (the
slowest with its Long Animation Frame attribution); its download. `--site` compares another build (another
branch's `dist/site`) in the same conditions: run them one after the other, more than once, and compare ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from tools import netns

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("guest-answer", "guest-live", "first-text", "prepainted", "sheet-shown", "py-ready")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guests", type=int, default=4)
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = parser.parse_args()
    why = netns.why_not()
    if why:
        raise SystemExit(f"bench.guest_start: {why}")
    runner = ROOT / "bench" / "guest_start_run.py"
    run = netns.run([sys.executable, str(runner), str(args.site.resolve()), str(args.guests)], timeout=900)
    if run.returncode != 0:
        raise SystemExit(f"bench.guest_start failed:\n{run.stderr[-3000:]}")
    guests = json.loads(run.stdout.strip().splitlines()[-1])
    for number, guest in enumerate(guests, 1):
        steps = guest["steps"]
        line = "  ".join(f"{name} {steps[name]}" for name in STEPS if name in steps)
        print(f"guest {number}   {line}   downloaded {guest['bytes'] / 1e6:.2f} MB")
        tasks = guest["long_tasks"]
        slowest = max(guest["frames"], key=lambda frame: frame["blocking"], default=None)
        print(f"  long tasks {tasks}   longest {max(tasks, default=0)} ms")
        if slowest:
            print(f"  the frame that blocked longest: {slowest}")
    shown = [guest["steps"]["sheet-shown"] for guest in guests[1:]]  # the first pays for the browser's own start
    tasks = [max(guest["long_tasks"], default=0) for guest in guests[1:]]
    if shown:
        print(
            f"sheet shown median {statistics.median(shown):.0f} ms, longest task median {statistics.median(tasks):.0f} "
            f"ms (guests 2-{len(guests)}, CPU 4x)   bars: 1,500 ms and 100 ms"
        )


if __name__ == "__main__":
    main()
