"""The measuring part of bench.guest_start, run inside the network namespace it makes. Prints one JSON line. Not meant
to be run by hand: `python -m bench.guest_start`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import Page, ViewportSize, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fer")

# Each step's first moment (ms since navigation), the long tasks, and the frames that blocked (Long Animation Frames,
# with the scripts that ran in them).
WATCH = """
window.steps = {}; window.longTasks = []; window.frames = [];
const at = (name) => { if (!(name in window.steps)) window.steps[name] = Math.round(performance.now()); };
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); })
  .observe({type: 'longtask', buffered: true});
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.blockingDuration > 0) window.frames.push({
  start: Math.round(e.startTime), blocking: Math.round(e.blockingDuration), duration: Math.round(e.duration),
  scripts: e.scripts.map((s) => `${s.invoker} ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms`)}); })
  .observe({type: 'long-animation-frame', buffered: true});
let wrapped = false;
new MutationObserver(() => {
  const html = document.documentElement;
  if (html.dataset.guest) at('guest-' + html.dataset.guest);
  if (html.dataset.guestPainted) at('prepainted');
  if (html.dataset.pyReady) at('py-ready');
  if (document.querySelector('#table-who, #table-you')) at('sheet-shown');
  const engine = window.unoEngine;
  if (engine && engine.deliver && !wrapped) {
    wrapped = true;
    const deliver = engine.deliver;
    engine.deliver = (text) => { at('first-text'); return deliver(text); };
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def new_sheet(host: Page) -> str:
    host.evaluate("location.hash = '#/score/new'")
    box = host.locator("#score-name-new")
    for index, name in enumerate(NAMES):
        box.fill(name)  # not a typing test: the set-up is only the bench's starting point
        box.press("Enter")
        expect(host.locator("#score-players > li")).to_have_count(index + 1)
    host.locator("#score-dealer-0").check()
    host.locator("#score-start").click()
    expect(host.locator("#score-save")).to_be_visible()
    return str(host.evaluate("location.hash.split('/')[2]"))


def main(site: Path, guests: int) -> list[dict[str, Any]]:
    server = SiteServer(site).start()
    out: list[dict[str, Any]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport=PHONE).new_page()
            host.goto(server.url + "#/score")
            host.wait_for_function("() => document.documentElement.dataset.pyReady === '1'", timeout=180_000)
            host.evaluate(f"location.hash = '#/table/host/{new_sheet(host)}'")
            for index in range(guests):
                guest_server = SiteServer(site).start()  # its own, to count its bytes
                context = browser.new_context(viewport=PHONE)
                page = context.new_page()
                page.add_init_script(WATCH)
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
                host.locator("#table-invite").click()
                offer = host.locator("#table-offer-code")
                expect(offer).to_be_visible(timeout=15_000)
                page.goto(guest_server.url + "#/table/join/" + offer.inner_text().replace(" ", ""))
                answer = page.locator("#guest-answer-code")
                expect(answer).to_be_visible(timeout=30_000)
                host.locator("#table-code").fill(answer.inner_text())  # the bench's "scan"
                host.locator("#table-connect").click()
                page.wait_for_function("() => window.steps['sheet-shown'] && window.steps['py-ready']", timeout=30_000)
                page.locator(f"#table-claim-{index + 1}").click()  # its player, as bench.table does
                expect(page.locator("#table-you")).to_be_visible(timeout=10_000)
                page.wait_for_function("() => document.documentElement.dataset.offlineReady === '1'", timeout=60_000)
                found = page.evaluate("({steps: window.steps, long_tasks: window.longTasks, frames: window.frames})")
                out.append({**found, "bytes": guest_server.traffic.total_bytes()})
                context.close()
                guest_server.stop()
            browser.close()
    finally:
        server.stop()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]))))
