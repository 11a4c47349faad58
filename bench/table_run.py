"""The measuring part of bench.table, run inside the network namespace bench.table makes (no peer traffic leaves the
machine). Prints one JSON line. Not meant to be run by hand: `python -m bench.table`."""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e" / "peer")]

import segno  # noqa: E402
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fer")

# When the host's page first shows this guest a page of its own (who are you?), in ms since its navigation; its
# standings' changes, in ms since the epoch (one clock for every context); its long tasks.
WATCH = """
window.paints = []; window.longest = 0; window.longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  window.longest = Math.max(window.longest, e.duration); window.longTasks.push(Math.round(e.duration)); } })
  .observe({type: 'longtask', buffered: true});
new MutationObserver(() => {
  if (!window.sheetShown && document.querySelector('#table-who, #table-you')) window.sheetShown = performance.now();
  const top = document.querySelector('#score-link-standings li');
  if (top) window.paints.push([performance.timeOrigin + performance.now(), top.textContent]);
}).observe(document, {subtree: true, childList: true, characterData: true});
// The host's tap on Save, as the page got it (not when the driver began to aim at the button).
addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest('#score-save')) window.savedAt = performance.timeOrigin + e.timeStamp;
}, true);
"""


def ready(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.pyReady", timeout=180_000)
    if page.evaluate("document.documentElement.dataset.pyReady") != "1":
        raise SystemExit(f"a phone showed the error screen: {page.locator('#error-details').text_content()}")


def new_sheet(page: Page) -> str:
    page.evaluate("location.hash = '#/score/new'")
    box = page.locator("#score-name-new")
    for index, name in enumerate(NAMES):
        box.fill(name)  # not a typing test: the set-up is only the bench's starting point
        box.press("Enter")
        expect(page.locator("#score-players > li")).to_have_count(index + 1)
    page.locator("#score-dealer-0").check()
    page.locator("#score-start").click()
    expect(page.locator("#score-save")).to_be_visible()
    return str(page.evaluate("location.hash.split('/')[2]"))


def join(browser: Browser, host: Page, site: Path, throttle: float) -> tuple[Page, SiteServer, float]:
    """A guest on a first visit (an empty context, its own server to count its bytes) opens the host's invitation
    link; the bench pastes its answer at once (a camera would scan it). Returns the page, its server and the seconds
    from the link opened to the host's page shown on it."""
    server = SiteServer(site).start()
    page = browser.new_context(viewport=PHONE).new_page()
    page.add_init_script(WATCH)
    if throttle > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    page.goto(server.url + "#/table/join/" + offer.inner_text().replace(" ", ""))
    answer = page.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=30_000)
    host.locator("#table-code").fill(answer.inner_text())  # the bench's "scan"
    host.locator("#table-connect").click()
    page.wait_for_function("() => window.sheetShown", timeout=30_000)
    return page, server, float(page.evaluate("window.sheetShown")) / 1000


def main(site: Path, guests: int, rounds: int) -> dict[str, Any]:
    server = SiteServer(site).start()
    out: dict[str, Any] = {}
    servers: list[SiteServer] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport=PHONE).new_page()
            host.add_init_script(WATCH)
            host.goto(server.url + "#/score")
            ready(host)
            sheet = new_sheet(host)
            host.evaluate(f"location.hash = '#/table/host/{sheet}'")
            phones, shown = [], []
            for index in range(guests):  # the first at CPU 4x (a slow phone), on a first visit like every guest
                page, guest_server, seconds = join(browser, host, site, 4.0 if index == 0 else 1.0)
                phones.append(page)
                servers.append(guest_server)
                shown.append(seconds)
                page.locator(f"#table-claim-{index + 1}").click()
                expect(page.locator("#table-you")).to_be_visible(timeout=10_000)
            first = phones[0]
            first.wait_for_function("() => document.documentElement.dataset.offlineReady === '1'", timeout=60_000)
            out["first_guest_bytes"] = servers[0].traffic.total_bytes()  # its page and what its service worker kept
            out["first_guest_shown_s"] = shown[0]
            out["other_guests_shown_s"] = shown[1:]
            out["first_guest_longest_task_ms"] = first.evaluate("window.longest")
            out["first_guest_long_tasks"] = first.evaluate("window.longTasks")
            out["qr_version_link"] = segno.make_qr(f"{server.url}#/table/join/{'A' * 132}", error="l").version
            host.evaluate("window.longest = 0; window.longTasks = []")
            latencies: list[float | None] = []
            totals = [0] * len(NAMES)
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            for number in range(1, rounds + 1):
                winner = number % len(NAMES)
                host.locator(f"#score-winner-{winner}").check()
                expect(host.locator(f"#score-hand-{winner}")).to_have_count(0)
                for seat in range(len(NAMES)):
                    if seat != winner:
                        host.locator(f"#score-hand-{seat}").fill(str(number), timeout=10_000)
                host.locator("#score-save").click()
                expect(host.locator("#score-save")).to_be_hidden()
                saved_at = host.evaluate("window.savedAt")
                totals[winner] += number * (len(NAMES) - 1)
                leader = str(max(totals))  # the top line of the standings shows it
                deadline = time.monotonic() + 5
                paints: list[list[Any]] = []
                while time.monotonic() < deadline:
                    paints = [g.evaluate("(t0) => window.paints.filter(([t]) => t > t0)", saved_at) for g in phones]
                    if all(any(leader in text for _, text in p) for p in paints):
                        break
                    time.sleep(0.02)
                for paint in paints:
                    first_paint = next((t for t, text in paint if leader in text), None)
                    latencies.append(None if first_paint is None else first_paint - saved_at)
                host.evaluate(f"location.hash = '#/score/{sheet}/round'")
                expect(host.locator("#score-save")).to_be_visible()
            out["update_ms"] = latencies
            out["host_longest_task_ms"] = host.evaluate("window.longest")
            figures = json.loads(host.evaluate("window.unoPlay.phones()"))
            out["host_draws_ms"] = [ms for pages, ms in figures["drawn_ms"] if pages == guests]
            session = phones[1].context.new_cdp_session(phones[1])
            session.send("Performance.enable")
            before = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
            time.sleep(10)
            after = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
            out["follower_cpu_ms_per_s"] = (after["TaskDuration"] - before["TaskDuration"]) * 1000 / 10
            out["follower_heap_mb"] = after["JSHeapUsedSize"] / 1e6
            out["follower_workers"] = [w.url.rsplit("/", 1)[-1] for w in phones[1].workers]
            browser.close()
    finally:
        server.stop()
        for guest_server in servers:
            guest_server.stop()
    cut = importlib.import_module("cut_run").main  # tests/e2e/peer/cut_run.py: the test's own cut, measured
    cut_result = cut(site, ROOT / "artifacts" / "bench-table", 10)
    out["cut"] = {"reconnecting_s": cut_result["reconnecting_s"], "live_s": cut_result["live_s"]}
    out["update_p95_ms"] = _p95([ms for ms in out["update_ms"] if ms is not None])
    return out


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else float("nan")


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))))
