"""The measuring part of bench.play_phones, run inside the network namespace bench.play_phones makes (no peer
traffic leaves the machine). Prints one JSON line. Not meant to be run by hand: `python -m bench.play_phones`."""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "web" / "engine"),
    str(ROOT / "tests" / "e2e"),
    str(ROOT / "tests" / "e2e" / "peer"),
]

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from uno_core import ACCEPT, DRAW, KEEP, Action, Game, Play  # noqa: E402
from uno_core.legal import is_reaction  # noqa: E402

# the browser test's own steps (tests/e2e/peer/phones_round_run.py): invite, a tap by a move, the host's state
steps = importlib.import_module("phones_round_run")
caught_up, game, invite, state, tap = steps.caught_up, steps.game, steps.invite, steps.state, steps.tap

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONES = 4
WINDOW_MS = 1600  # the reaction window at the "fast" pace
NAMES = ("Ana", "Beto", "Caro", "Dani", "Eli", "Fer")

# Each phone: its taps (epoch ms) and every change of the table's position it showed (epoch ms, position); its long
# tasks. Its sends over the data channel are delayed by `window.delayMs` (the kernel has no netem: the bench's relay).
WATCH = """
window.taps = []; window.shown = []; window.longest = 0; window.delayMs = window.delayMs || 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
}).observe({type: 'longtask', buffered: true});
let last = null;
new MutationObserver(() => {
  const play = document.querySelector('#play[data-position]');
  const now = play && play.dataset.position;
  if (now === null || now === last) return;
  last = now;
  window.shown.push([performance.timeOrigin + performance.now(), +now]);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-position'], childList: true});
addEventListener("click", (e) => {
  if (!e.target.closest || !e.target.closest('[data-act^="play."]')) return;
  window.taps.push(performance.timeOrigin + e.timeStamp);
}, true);
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (!window.delayMs) return send.call(this, data);
  setTimeout(() => { try { send.call(this, data); } catch (error) {} }, window.delayMs);
};
"""


def config() -> dict[str, Any]:
    phones = [{"kind": "phone", "name": NAMES[i]} for i in range(PHONES)]
    bots = [{"kind": "bot", "name": NAMES[i], "level": "expert"} for i in range(PHONES, PHONES + 2)]
    return {
        "seats": phones + bots,
        "preset": "official",
        "rules": {"scoring": "single_round"},
        "speed": "fast",
        "reaction_ms": WINDOW_MS,
    }


def choose(now: Game, seat: int) -> Action:
    """A phone's turn action: a coloured card before a wild (blue), its second-to-last card without UNO (the UNO is
    tapped right after, a late call), else a draw, then keep."""
    legal = now.legal_actions(seat)
    for only in (KEEP, ACCEPT):
        if only in legal:
            return only
    plays = [a for a in legal if isinstance(a, Play) and not a.jump and not a.uno]
    plays = [a for a in plays if a.colour is None or str(a.colour) == "blue"]
    plays.sort(key=lambda a: a.card.colour is None)
    if plays:
        return plays[0]
    return DRAW if DRAW in legal else next(a for a in legal if not is_reaction(a))


def slow(page: Page, cpu: float) -> Page:
    if cpu != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return page


def join(browser: Browser, host: Page, url: str, seat: int, delay_ms: int, cpu: float) -> Page:
    page = slow(browser.new_context(viewport={"width": 390, "height": 844}).new_page(), cpu)
    page.add_init_script(f"window.delayMs = {delay_ms};" + WATCH)
    page.goto(url + "#/table/join/" + invite(host))
    answer = page.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=30_000)
    host.locator("#table-code").fill(answer.inner_text())  # the bench's "scan"
    host.locator("#table-connect").click()
    expect(page.locator("html")).to_have_attribute("data-link", "live", timeout=30_000)
    page.locator(f"#table-claim-{seat}").click()
    expect(page.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
    return page


def play_round(site: Path, seed: int, delay_ms: int, measure: bool, cpu: float) -> dict[str, Any]:
    server = SiteServer(site).start()
    out: dict[str, Any] = {"own_ms": [], "others_ms": [], "uno": [0, 0]}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = slow(browser.new_context(viewport={"width": 390, "height": 844}).new_page(), cpu)
            host.add_init_script(WATCH)
            host.goto(server.url + "#/play/table")
            host.wait_for_function("() => document.documentElement.dataset.pyReady", timeout=180_000)
            spec = json.dumps({"config": config(), "seed": seed})
            assert host.evaluate("spec => window.unoPlay.start(spec)", spec) == "ok"
            host.evaluate("location.hash = '#/table/host/play'")
            expect(host.locator("#table-invite")).to_be_visible(timeout=15_000)
            phones = {seat: join(browser, host, server.url, seat, delay_ms, cpu) for seat in range(PHONES)}
            host.evaluate("location.hash = '#/play/table'")
            expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
            host.evaluate("window.longest = 0")
            started = time.monotonic()
            for _ in range(400):
                host.wait_for_function("() => !JSON.parse(window.unoPlay.state()).busy", timeout=60_000)
                data = state(host)
                if data["pending_round"] or data["over"]:
                    break
                now = game(host)
                position, seat = len(now.log), now.current
                page = phones[seat]
                caught_up(page, position)
                action = choose(now, seat)
                quiet = isinstance(action, Play) and len(now.hands[seat]) == 2
                tap(page, action)
                move_taps = page.evaluate("window.taps.length")  # the move's own taps (the UNO's come after)
                if quiet:  # the UNO tapped as soon as the card left the hand: a person's fastest late call
                    caught_up(page, position + 1)
                    page.locator('[data-act="play.uno"]').dispatch_event("click")  # no wait for the hand to settle
                    out["uno"][1] += 1
                host.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length > n", arg=position)
                if quiet:
                    page.wait_for_timeout(WINDOW_MS + delay_ms + 300)
                    log = state(host)["log"]
                    if f"{seat} uno" not in log[position:]:
                        out["uno"][0] += 1
                if measure:
                    tapped = page.evaluate("(n) => window.taps[n - 1]", move_taps)
                    target = position + 1
                    for other_seat, other in phones.items():
                        other.wait_for_function("n => window.shown.some(([t, p]) => p >= n)", arg=target)
                        at = other.evaluate("(n) => (window.shown.find(([t, p]) => p >= n) || [null])[0]", target)
                        if at is not None:
                            (out["own_ms"] if other_seat == seat else out["others_ms"]).append(at - tapped)
            out["seconds"] = time.monotonic() - started
            out["host_longest_task_ms"] = host.evaluate("window.longest")
            figures = json.loads(host.evaluate("window.unoPlay.phones()"))
            out["host_draws_ms"] = [ms for pages, ms in figures["drawn_ms"] if pages == PHONES + 1]
            out["actions"] = len(state(host)["log"])
            browser.close()
    finally:
        server.stop()
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else float("nan")


def main(site: Path, seed: int, cpu: float) -> dict[str, Any]:
    result: dict[str, Any] = {"late": {}}
    for delay in (0, 50, 150):
        run = play_round(site, seed, delay, measure=delay == 0, cpu=cpu)
        result["late"][delay] = run["uno"]
        if delay == 0:
            result.update({k: v for k, v in run.items() if k != "uno"})
    result["own_p95_ms"] = p95(result["own_ms"])
    result["others_p95_ms"] = p95(result["others_ms"])
    result["window_ms"] = WINDOW_MS
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]) if len(sys.argv) > 3 else 1)))
