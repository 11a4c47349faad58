"""Load benchmark: the app vs a bare `loadPyodide()` page, cold and warm, in Chromium.

    .venv/bin/python -m bench.load [--runs 5]

Each run uses a new persistent Chromium profile: a cold visit (empty profile), then the
browser is closed and started again on the same profile for a warm visit (HTTP cache,
and for the app its service worker cache). Time = navigation start to "interactive"
(the `app-interactive` performance mark: set by the app when Python has started the UI,
and by bench/bare.html after loadPyodide() and one line of Python). Bytes = response
bodies sent by the local server during the visit. Prints medians and the app/bare ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PAGES = {"app": "index.html", "bare": "bench-bare.html"}


@dataclass
class Visit:
    page: str
    kind: str  # cold | warm
    ms: float
    bytes: int
    precache_bytes: int = 0


def visit(context: BrowserContext, server: SiteServer, page_name: str, kind: str, wait_sw: bool) -> Visit:
    """One navigation; the time to interactive as the page measured it, and the bytes served."""
    server.traffic.reset()
    page = context.new_page()
    page.goto(server.url + PAGES[page_name])
    page.wait_for_function("() => document.documentElement.dataset.pyReady", timeout=180_000)
    if page.evaluate("document.documentElement.dataset.pyReady") != "1":
        raise SystemExit(f"{page_name} failed to load: {page.locator('#error-details').text_content()}")
    ms = float(page.evaluate("performance.getEntriesByName('app-interactive')[0].startTime"))
    served = server.traffic.total_bytes()
    precache = 0
    if wait_sw:  # let the service worker finish precaching before the browser closes
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === '1'", timeout=180_000)
        time.sleep(0.5)
        precache = server.traffic.total_bytes() - served
    page.close()
    return Visit(page_name, kind, ms, served, precache)


def run_once(pw: Any, server: SiteServer, page_name: str) -> list[Visit]:
    """Cold visit on a new profile, then a warm visit after restarting the browser on it."""
    profile = tempfile.mkdtemp(prefix="uno-bench-")
    visits = []
    try:
        for kind in ("cold", "warm"):
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844}
            )
            visits.append(visit(context, server, page_name, kind, wait_sw=page_name == "app" and kind == "cold"))
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return visits


def median(visits: list[Visit], page_name: str, kind: str, attr: str = "ms") -> float:
    return statistics.median(getattr(v, attr) for v in visits if v.page == page_name and v.kind == kind)


def main() -> None:
    parser = argparse.ArgumentParser(description="App vs bare loadPyodide(): time to interactive, cold and warm.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    if not (args.site / "build.json").exists():
        raise SystemExit("bench: build the site first (./dev build)")
    with tempfile.TemporaryDirectory(prefix="uno-bench-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        runtime = json.loads((site / "build.json").read_text())["runtime"]
        bare = (ROOT / "bench" / "bare.html").read_text().replace("./runtime/pyodide/", f"./{runtime}/")
        (site / PAGES["bare"]).write_text(bare)
        server = SiteServer(site).start()
        visits: list[Visit] = []
        try:
            with sync_playwright() as pw:
                for i in range(args.runs):
                    for page_name in ("bare", "app") if i % 2 else ("app", "bare"):  # alternate the order
                        for v in run_once(pw, server, page_name):
                            visits.append(v)
                            mb = v.bytes / 1e6
                            print(f"run {i + 1} {v.page:4} {v.kind}: {v.ms:7.0f} ms  {mb:6.2f} MB", flush=True)
        finally:
            server.stop()
    print(f"\nmedians of {args.runs} runs (Chromium, persistent profile, {os.cpu_count()} cores)")
    print(f"{'':6}{'bare ms':>10}{'app ms':>10}{'app/bare':>10}{'bare MB':>10}{'app MB':>10}")
    for kind in ("cold", "warm"):
        bare, app = median(visits, "bare", kind), median(visits, "app", kind)
        bare_mb, app_mb = median(visits, "bare", kind, "bytes") / 1e6, median(visits, "app", kind, "bytes") / 1e6
        print(f"{kind:6}{bare:10.0f}{app:10.0f}{app / bare:10.2f}{bare_mb:10.2f}{app_mb:10.2f}")
    precache = median(visits, "app", "cold", "precache_bytes") / 1e6
    print(f"app cold visit: service worker precache afterwards {precache:.2f} MB")
    warm_ratio = median(visits, "app", "warm") / median(visits, "bare", "warm")
    print(f"bar: warm ratio <= 1.25: {'met' if warm_ratio <= 1.25 else 'NOT met'} ({warm_ratio:.2f})")


if __name__ == "__main__":
    main()
