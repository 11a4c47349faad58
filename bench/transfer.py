"""First-visit weight: the bytes a new visitor downloads, with and without the build's precompressed copies.

    .venv/bin/python -m bench.transfer [--runs 1]

Each visit: Chromium on a new, empty persistent profile (a disk HTTP cache, as a person's browser has: an
in-memory context's cache does not keep the 9.6 MB .wasm, which then downloads again) opens the app, waits
until Python is ready and the service worker has precached the build (`data-offline-ready`), which is all a first
visit downloads. Bytes = response bodies the local server sent (every request, the service worker's
too), and the page's own responses as Chromium counted them (encoded body sizes); plus the .wasm alone.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserType, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"
READY = "() => document.documentElement.dataset.pyReady && document.documentElement.dataset.offlineReady === '1'"


def visit(chromium: BrowserType, site: Path, precompressed: bool) -> dict[str, int]:
    server = SiteServer(site, precompressed=precompressed).start()
    profile = tempfile.TemporaryDirectory(prefix="uno-transfer-")
    context = chromium.launch_persistent_context(profile.name, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page_bytes = 0
    try:
        page = context.new_page()
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(server.url)
        page.wait_for_function(READY, timeout=180_000)
        if page.evaluate("document.documentElement.dataset.pyReady") != "1":
            raise SystemExit("transfer: the app showed its error screen")
        for response in responses:
            page_bytes += response.request.sizes()["responseBodySize"]
        wasm = sum(size for path, _, size in server.traffic.requests if path.endswith(".wasm"))
        return {"server": server.traffic.total_bytes(), "page": page_bytes, "wasm": wasm}
    finally:
        context.close()
        server.stop()
        profile.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    runtime = json.loads((args.site / "build.json").read_text())["runtime"]
    raw = (args.site / runtime / "pyodide.asm.wasm").stat().st_size
    print(f"site {args.site}, .wasm {raw / 1e6:.2f} MB on disk")
    with sync_playwright() as pw:
        for run in range(args.runs):
            for precompressed in (False, True):
                got = visit(pw.chromium, args.site, precompressed)
                label = "precompressed" if precompressed else "identity     "
                print(
                    f"run {run + 1} {label}: server sent {got['server'] / 1e6:.2f} MB, "
                    f"page's responses {got['page'] / 1e6:.2f} MB, .wasm {got['wasm'] / 1e6:.2f} MB",
                    flush=True,
                )


if __name__ == "__main__":
    main()
