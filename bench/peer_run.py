"""The measuring part of bench.peer, run inside the network namespace bench.peer makes (no peer traffic
leaves the machine). Prints one JSON line. Not meant to be run by hand: `python -m bench.peer`."""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "engine")]

import segno  # noqa: E402
from playwright.sync_api import CDPSession, Page, ViewportSize, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fer")

# Each guest notes when its standings last changed, in ms since the epoch (one clock for every context).
WATCH = """() => {
  window.paints = []; window.longest = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries())
    window.longest = Math.max(window.longest, e.duration); }).observe({type: 'longtask'});
  new MutationObserver(() => {
    const top = document.querySelector('#score-link-standings li');
    if (top) window.paints.push([performance.timeOrigin + performance.now(), top.textContent]);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


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


STEPS: dict[str, list[float]] = {"offer shown": [], "answer shown": [], "live": []}


def connect(host: Page, guest: Page) -> tuple[float, str, str]:
    """From the host's "Invite a phone" to the guest live, the codes pasted across; (seconds, offer, answer)."""
    guest.evaluate("location.hash = '#/table/join'")
    expect(guest.locator("#table-code")).to_be_visible()
    start = time.perf_counter()
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    offer_code = offer.inner_text()
    step = time.perf_counter()
    STEPS["offer shown"].append(step - start)
    guest.locator("#table-code").fill(offer_code)  # pasted
    guest.locator("#table-connect").click()
    answer = guest.locator("#table-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    answer_code = answer.inner_text()
    STEPS["answer shown"].append(time.perf_counter() - step)
    step = time.perf_counter()
    host.locator("#table-code").fill(answer_code)
    host.locator("#table-connect").click()
    expect(guest.locator("#table-status")).to_have_attribute("data-state", "live", timeout=15_000)
    STEPS["live"].append(time.perf_counter() - step)
    return time.perf_counter() - start, offer_code.replace(" ", ""), answer_code.replace(" ", "")


def metrics(session: CDPSession) -> dict[str, float]:
    return {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}


def main(site: Path, guests: int, rounds: int) -> dict[str, Any]:
    server = SiteServer(site).start()
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport=PHONE).new_page()
            phones = [browser.new_context(viewport=PHONE).new_page() for _ in range(guests)]
            for page in (host, *phones):  # one after another, as phones arrive at a table
                page.goto(server.url + "#/score")
                ready(page)
            sheet = new_sheet(host)
            host.evaluate(f"location.hash = '#/table/host/{sheet}'")
            opened, offers, answers = [], [], []
            for guest in phones:
                seconds, offer, answer = connect(host, guest)
                opened.append(seconds)
                offers.append(offer)
                answers.append(answer)
            for seat, guest in enumerate(phones, start=1):
                guest.locator(f"#table-claim-{seat}").click()
                guest.evaluate(WATCH)
            out["open_s"] = opened
            out["steps_s"] = {name: statistics.median(values) for name, values in STEPS.items()}
            out["offer_chars"], out["answer_chars"] = [len(c) for c in offers], [len(c) for c in answers]
            out["qr_versions_m"] = sorted(
                {segno.make_qr(c, error="m", boost_error=False).version for c in offers + answers}
            )
            latencies = []
            totals = [0] * len(NAMES)
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            for number in range(1, rounds + 1):
                winner = number % len(NAMES)
                host.locator(f"#score-winner-{winner}").check()
                expect(host.locator(f"#score-hand-{winner}")).to_have_count(0)
                for seat in range(len(NAMES)):
                    if seat != winner:
                        try:
                            host.locator(f"#score-hand-{seat}").fill(str(number), timeout=10_000)
                        except Exception:
                            host.screenshot(path="/tmp/bench-peer-fail.png", full_page=True)
                            raise
                saved_at = host.evaluate("() => performance.timeOrigin + performance.now()")
                host.locator("#score-save").click()
                expect(host.locator("#score-save")).to_be_hidden()
                deadline = time.monotonic() + 5
                totals[winner] += number * (len(NAMES) - 1)
                leader = str(max(totals))  # the top line of the standings shows it
                while time.monotonic() < deadline:
                    paints = [g.evaluate("(t0) => window.paints.filter(([t]) => t > t0)", saved_at) for g in phones]
                    done = [p for p in paints if any(leader in text for _, text in p)]
                    if len(done) == len(phones):
                        break
                    time.sleep(0.02)
                for paint in paints:
                    first = next((t for t, text in paint if leader in text), None)
                    latencies.append(None if first is None else first - saved_at)
                host.evaluate(f"location.hash = '#/score/{sheet}/round'")
                expect(host.locator("#score-save")).to_be_visible()
            out["update_ms"] = latencies
            out["guest_longest_task_ms"] = max(g.evaluate("window.longest") for g in phones)
            # a guest that only follows: its page's CPU and heap over 10 s, and whether any bots started
            session = phones[0].context.new_cdp_session(phones[0])
            session.send("Performance.enable")
            before = metrics(session)
            time.sleep(10)
            after = metrics(session)
            out["follower_cpu_ms_per_s"] = (after["TaskDuration"] - before["TaskDuration"]) * 1000 / 10
            out["follower_heap_mb"] = after["JSHeapUsedSize"] / 1e6
            out["follower_workers"] = [w.url.rsplit("/", 1)[-1] for w in phones[0].workers]
            browser.close()
    finally:
        server.stop()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))))
