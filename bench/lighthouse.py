"""Lighthouse on the built site: mobile preset (a simulated slow phone), Debian's chromium, both modes.

    .venv/bin/python -m bench.lighthouse [--runs 3]      (./dev bench lighthouse installs it first)

Lighthouse is pinned in package.json's devDependencies (12.2.3: the last that runs on Node 20 and whose
lock `npm ci` accepts here). Each run is a first visit in a fresh profile, served by `tools.serve`
(precompressed copies, the CSP header). Printed, medians of the runs, next to the bars:
the category scores, Total Blocking Time, Cumulative Layout Shift, Time to Interactive and the
longest main-thread task Lighthouse saw. Lighthouse 12.2.3 fails a few trace audits with Chromium
156 (`frame_sequence`); they are listed, and the category scores still come out.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
ROUTES = ("#/play", "#/score")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
BARS = {
    "performance": ">= 0.90",
    "accessibility": "= 1.00",
    "best-practices": ">= 0.95",
    "seo": "= 1.00",
    "TBT ms": "<= 200",
    "CLS": "<= 0.05",
}


def run_lighthouse(url: str, tries: int = 2) -> dict[str, Any]:
    """One Lighthouse report of `url`. Lighthouse at times exits without one (once in 12 runs on 2026-12-05, saying
    nothing under --quiet): that run is made again, once, saying so."""
    if not CLI.exists():
        raise SystemExit("bench.lighthouse: node_modules/lighthouse missing; run `./dev bench lighthouse`")
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    for attempt in range(1, tries + 1):
        with tempfile.TemporaryDirectory(prefix="uno-lh-") as folder:
            report = Path(folder) / "report.json"
            command = [
                "node",
                str(CLI),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                f"--chrome-flags={flags}",
                f"--only-categories={','.join(CATEGORIES)}",
            ]
            done = subprocess.run(
                command,
                env={**os.environ, "CHROME_PATH": CHROMIUM},
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            if report.exists():
                return dict(json.loads(report.read_text()))
        why = f"exit code {done.returncode}: {(done.stderr or done.stdout)[-2000:]}"
        if attempt < tries:
            print(f"bench.lighthouse: no report for {url} ({why}); running it again", flush=True)
    raise SystemExit(f"bench.lighthouse: no report for {url} ({why})")


def figures(report: dict[str, Any]) -> dict[str, float]:
    audits = report["audits"]
    out = {name: float(report["categories"][name]["score"] or 0.0) for name in CATEGORIES}
    out["TBT ms"] = float(audits["total-blocking-time"].get("numericValue") or 0.0)
    out["CLS"] = float(audits["cumulative-layout-shift"].get("numericValue") or 0.0)
    out["TTI s"] = float(audits["interactive"].get("numericValue") or 0.0) / 1000
    items = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    out["long tasks"] = float(len(items))
    out["longest task ms"] = max((float(item.get("duration") or 0.0) for item in items), default=0.0)
    return out


def failed_audits(report: dict[str, Any]) -> list[str]:
    return sorted(name for name, audit in report["audits"].items() if audit.get("errorMessage"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server = SiteServer().start()
    results: dict[str, list[dict[str, float]]] = {route: [] for route in ROUTES}
    failures: set[str] = set()
    try:
        for run in range(args.runs):
            for route in ROUTES:
                report = run_lighthouse(server.url + route)
                results[route].append(figures(report))
                failures.update(failed_audits(report))
            print(f"run {run + 1}/{args.runs} done", flush=True)
    finally:
        server.stop()
    names = list(results[ROUTES[0]][0])
    agent = report["environment"]["hostUserAgent"]
    print(f"\nLighthouse {report['lighthouseVersion']}, mobile preset, {agent[:60]}...; medians of {args.runs} runs")
    print(f"{'':<18}" + "".join(f"{route:>12}" for route in ROUTES) + f"{'bar':>12}")
    for name in names:
        values = [statistics.median(r[name] for r in results[route]) for route in ROUTES]
        shown = "".join(f"{value:>12.2f}" if value < 10 else f"{value:>12.0f}" for value in values)
        print(f"{name:<18}{shown}{BARS.get(name, ''):>12}")
    if failures:
        print(f"audits that errored (not scored): {', '.join(failures)}")


if __name__ == "__main__":
    main()
