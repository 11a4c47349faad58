"""Responsiveness benchmark: is the page free while bots think? Bots in the engine worker vs on the page.

    .venv/bin/python -m bench.responsive [--runs 5] [--seconds 20]

Each run, for each place the bots decide ("page": `localStorage["uno.brain"] = "page"`, the anchor, as
as the bots first ran; "worker": the engine worker), in Chromium at a phone's viewport: a table of four expert
bots plays at the "fast" pace for `--seconds` (a return visit, after the first one stored its start-up
snapshot), while a person taps the language switch every 300 ms
(trusted input through CDP, at the button's centre). Printed, medians over the runs:
- tap-to-paint: Event Timing's duration of each tap (input delay + handlers + the next paint), p50 and
  p95 (bar: p95 <= 100 ms);
- the longest main-thread task and the share of the time in long tasks (Long Tasks API; bar <= 50 ms);
- the bot moves made (both places must keep the game going);
- the memory of the page's renderer process (page + workers: Chromium runs a page's dedicated workers in
  its renderer), RSS from /proc, at the end of the run;
- how long the engine worker took to start (its `ready` message; `data-brain-ms`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

PHONE: ViewportSize = {"width": 390, "height": 844}
PLACES = ("page", "worker")
TAP_EVERY_S = 0.3
SPEC = {
    "config": {
        "seats": [{"kind": "bot", "name": f"Expert {n}", "level": "expert"} for n in range(1, 5)],
        "speed": "fast",
        "reaction_ms": 0,
        "rules": {"target": 2000},
    }
}
OBSERVE = """() => {
    window.__bench = {long: [], taps: []};
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__bench.long.push([e.startTime, e.duration]);
    }).observe({type: "longtask"});
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.interactionId) window.__bench.taps.push([e.interactionId, e.duration]);
    }).observe({type: "event", durationThreshold: 16});
    window.__bench.t0 = performance.now();
}"""
COLLECT = """() => ({...window.__bench, t1: performance.now(),
    moves: JSON.parse(window.unoPlay.state() || "null")?.log.length ?? 0})"""


def renderer_rss_mb() -> float:
    """The resident memory of Chromium's renderer processes (one page open: its renderer), in MB."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline or b"chromium" not in cmdline:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def one_run(page: Page, url: str, place: str, seconds: float) -> dict[str, float]:
    page.goto(url + "#/play/table")  # the first visit: wait until its start-up snapshot is stored
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=180_000)
    page.evaluate(
        "(v) => v ? localStorage.setItem('uno.brain', v) : localStorage.removeItem('uno.brain')",
        "page" if place == "page" else None,
    )
    page.reload()  # a return visit: the measured one
    page.wait_for_function("() => document.documentElement.dataset.pyReady === '1'", timeout=120_000)
    if place == "worker":
        page.wait_for_function("() => document.documentElement.dataset.brain === 'ready'", timeout=120_000)
    page.evaluate(OBSERVE)
    assert page.evaluate("(s) => window.unoPlay.start(s)", json.dumps(SPEC)) == "ok"
    buttons = [page.locator(f'.lang-button[data-lang="{lang}"]').bounding_box() for lang in ("es", "en")]
    end, taps = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        box = buttons[taps % 2]
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        taps += 1
        time.sleep(TAP_EVERY_S)
    data: dict[str, Any] = page.evaluate(COLLECT)
    brain_ms = float(page.evaluate("Number(document.documentElement.dataset.brainMs || 0)"))
    per_tap: dict[int, float] = {}
    for ident, duration in data["taps"]:
        per_tap[ident] = max(per_tap.get(ident, 0.0), duration)
    durations = list(per_tap.values()) + [0.0] * max(0, taps - len(per_tap))  # taps under 16 ms: not reported
    longs = [duration for _, duration in data["long"]]
    return {
        "tap p50": percentile(durations, 0.5),
        "tap p95": percentile(durations, 0.95),
        "longest task": max(longs, default=0.0),
        "blocked %": 100 * sum(longs) / max(1.0, data["t1"] - data["t0"]),
        "bot moves": float(data["moves"]),
        "renderer MB": renderer_rss_mb(),
        "worker start": brain_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    server = SiteServer().start()
    results: dict[str, list[dict[str, float]]] = {place: [] for place in PLACES}
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for place in PLACES:
                    with tempfile.TemporaryDirectory(prefix="uno-bench-") as profile:
                        context = playwright.chromium.launch_persistent_context(
                            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE, locale="en-US"
                        )
                        try:
                            page = context.pages[0] if context.pages else context.new_page()
                            results[place].append(one_run(page, server.url, place, args.seconds))
                        finally:
                            context.close()
                print(f"run {run + 1}/{args.runs} done", flush=True)
    finally:
        server.stop()
    metrics = list(results["page"][0])
    bars = {"tap p95": "<= 100", "longest task": "<= 50"}
    print(
        f"\nfour expert bots at the 'fast' pace for {args.seconds:.0f} s, a tap every {TAP_EVERY_S * 1000:.0f} ms; "
        f"medians of {args.runs} runs (ms unless named)"
    )
    print(f"{'':<16}{'bots on the page':>18}{'bots in the worker':>20}{'bar':>10}")
    for metric in metrics:
        page_value = statistics.median(r[metric] for r in results["page"])
        worker_value = statistics.median(r[metric] for r in results["worker"])
        print(f"{metric:<16}{page_value:>18.1f}{worker_value:>20.1f}{bars.get(metric, ''):>10}")


if __name__ == "__main__":
    main()
