"""How many messages cross between the page and the engine worker for one act, counted where they cross: every
`postMessage` to the engine worker and every message event from it (an init script wraps the page's `Worker`).

A person's card: one intent in, one batch out (drawing, cues, the save's write), the save's completion in. A
keeper's round saved: 3 (the new route is shown by the worker and not reported back; the sheet's
picture is made in the worker, not sent back by the page). A keystroke in a typed total: 2 (the draft is
written once the typing pauses: one write and its answer for the keys before the pause; meanwhile each drawing
comes with the draft for the page to hold, `saves-hold`). A bot's
move: one request to the bots' worker and one answer. The test hook's state crosses only while a test follows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import wait_ready, wait_saved
from playwright.sync_api import BrowserContext, Page, expect
from score_helpers import fill_round, new_game, open_score

from app.screens.score import TYPING_PAUSE_S
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

COUNT = """(() => {
  const log = [];
  window.__crossings = log;
  const Real = window.Worker;
  const post = Real.prototype.postMessage;
  Real.prototype.postMessage = function (data, ...rest) {
    if (this.__engine) log.push(["in", String(data), performance.now()]);
    return post.call(this, data, ...rest);
  };
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("uno-app")) return;
      this.__engine = true;
      this.addEventListener("message", (event) => log.push(["out", String(event.data), performance.now()]));
    }
  };
})();"""

ME = {"kind": "human", "name": "Me"}
BOT = {"kind": "bot", "name": "Ben", "level": "basic"}


@pytest.fixture
def page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    page = app_context.new_page()
    page.add_init_script(COUNT)
    yield page
    page.close()


STARTED = """() => { const d = document.documentElement.dataset;
  return ["stored", "failed"].includes(d.snapshot) || (d.snapshot === "used" && d.snapshotSources === "written"); }"""


def started(page: Page) -> None:
    """Wait until the worker's start-up work is over (the snapshot stored, or its sources written back)."""
    page.wait_for_function(STARTED, timeout=60_000)


QUIET_MS = TYPING_PAUSE_S * 1000 + 200  # longer than the typing pause: a typed total's held draft is written then


def settle(page: Page) -> None:
    """Wait until the saves are on disk and nothing crossed for a while."""
    wait_saved(page)
    last = -1
    while (now := int(page.evaluate("window.__crossings.length"))) != last:
        last = now
        page.wait_for_timeout(QUIET_MS)


def counted(page: Page) -> list[tuple[str, dict[str, Any]]]:
    """The messages since the last call: (direction, message); the log starts afresh."""
    log = page.evaluate("window.__crossings.splice(0)")
    return [(way, json.loads(text)) for way, text, _ in log]


def ops(messages: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Each crossing's op; a batch as batch[its ops]."""
    return [
        f"{way} batch[{','.join(one['op'] for one in message['messages'])}]"
        if message["op"] == "batch"
        else f"{way} {message['op']}"
        for way, message in messages
    ]


def start_table(page: Page, server: SiteServer, hands: list[str], first: str) -> None:
    """A two-seat game, the person first, the bots' worker ready; the log of crossings starts empty."""
    page.goto(server.url + "#/play/table")
    wait_ready(page)
    page.wait_for_selector("#play")
    spec = {
        "config": {"seats": [ME, BOT], "preset": "official", "speed": "instant", "reaction_ms": 0},
        "scenario": {"hands": hands, "first": first, "draws": "G8 Y8 B8 G9 Y9 B9 GV YV BV GS YS BS", "dealer": 1},
    }
    assert page.evaluate("spec => window.unoPlay.start(spec)", json.dumps(spec)) == "ok"
    page.wait_for_selector(f'#play .hand [data-card="{hands[0].split()[0]}"]')
    assert page.evaluate("window.unoPlay.follow(false)") == "ok"  # from here on, no test hook's state
    page.wait_for_function("() => document.documentElement.dataset.brain === 'ready'", timeout=60_000)
    started(page)
    settle(page)
    counted(page)


def test_a_persons_card_is_one_intent_one_drawing_and_the_saves_answer(page: Page, server: SiteServer) -> None:
    """A Skip in a two-seat game: the person plays again, so no bot moves in between."""
    start_table(page, server, ["RS R1 G1 G2 G3 G4 G6", "G8 G9 Y8 Y9 B8 B9 GS"], "R9")
    page.locator('#play .hand [data-card="RS"]').click()
    settle(page)
    found = ops(counted(page))
    print("a person's card:", found)
    assert len(found) <= 3, found
    assert found[0] == "in intent" and found[-1] == "in saves-written", found
    drawing = found[1]
    assert drawing.startswith("out batch[") and "draw" in drawing and "saves-write" in drawing, found
    assert "play-state" not in " ".join(found)


def test_a_bots_move_is_one_request_and_one_answer(page: Page, server: SiteServer) -> None:
    start_table(page, server, ["R1 R2 G1 G2 G3 G4 G6", "G8 G9 Y8 Y9 B8 B9 GS"], "R9")
    before = json.loads(page.evaluate("window.unoPlay.follow(true).then(() => window.unoPlay.state())"))
    page.locator('#play .hand [data-card="R1"]').click()
    page.wait_for_function(
        "n => { const s = JSON.parse(window.unoPlay.state()); return s.log.length > n + 1 && !s.busy; }",
        arg=len(before["log"]),
    )
    after = json.loads(page.evaluate("window.unoPlay.state()"))
    moves = [line for line in after["log"][len(before["log"]) :] if line.startswith("1 ")]
    asked = after["bots_worker_messages"]["requests"] - before["bots_worker_messages"]["requests"]
    answered = after["bots_worker_messages"]["answers"] - before["bots_worker_messages"]["answers"]
    assert moves and after["bots"]["decided_here"] == before["bots"]["decided_here"], after["bots"]
    print(f"the bot's moves {moves}: {asked} requests, {answered} answers")
    assert asked == answered == len(moves), (moves, after, before)


def keeper_round(page: Page, server: SiteServer) -> None:
    """A new two-player sheet with its first round filled in and not saved; the log of crossings starts empty."""
    open_score(page, server.url)
    new_game(page, ["Ana", "Ben"], 0)
    fill_round(page, 0, {1: 2})
    started(page)
    settle(page)
    counted(page)


def test_a_keeper_round_saved_crosses_three_times(page: Page, server: SiteServer) -> None:
    keeper_round(page, server)
    page.locator("#score-save").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()
    settle(page)
    messages = counted(page)
    found = ops(messages)
    print("a keeper's round saved:", found)
    assert len(found) <= 3, found  # the bar is 4; the sheet's picture is mirrored by the page alone
    sent = [message["op"] for way, message in messages if way == "in"]
    assert "route" not in sent and "prepainted" not in sent, found  # no echo of the route or the drawing
    picture = page.evaluate("localStorage.getItem('uno.score.prepaint')")  # made in the worker, mirrored
    assert picture and json.loads(picture)["id"] in page.evaluate("location.hash")


def test_keystrokes_in_a_typed_total_cross_twice_each_and_are_written_once_paused(
    page: Page, server: SiteServer
) -> None:
    """Three keys in a row: each is one intent in and one drawing out; the draft is written once, after the
    typing pauses (the page's journal keeps the keys meanwhile, and lets go of them once written)."""
    keeper_round(page, server)
    field = page.locator("#score-hand-1")
    field.click()
    page.keyboard.press("End")
    page.keyboard.type("345", delay=50)
    expect(field).to_have_value("2345")
    page.wait_for_function("() => window.__crossings.some(([way, text]) => text.includes('saves-written'))")
    settle(page)
    found = ops(counted(page))
    print("three keystrokes:", found)
    assert found[:6] == ["in intent", "out batch[saves-hold,draw]"] * 3, found  # the page holds the draft meanwhile
    assert found[6:] == ["out saves-write", "in saves-written"], found
    assert page.evaluate("JSON.parse(sessionStorage.getItem('uno.typing') || '[]')") == []  # the journal let go


HIDE = """() => { Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
  document.dispatchEvent(new Event("visibilitychange")); }"""


def test_a_hidden_page_writes_the_typed_total_at_once(page: Page, server: SiteServer) -> None:
    """A phone switching to another app (or a tab closing) hides the page: what waits is written then."""
    keeper_round(page, server)
    field = page.locator("#score-hand-1")
    field.click()
    page.keyboard.press("End")
    page.keyboard.type("7")
    expect(field).to_have_value("27")
    copied = page.evaluate(f"() => {{ ({HIDE})(); return localStorage.getItem('uno.score.drafts'); }}")
    assert '"27"' in copied  # at once, in case the page is going: where the next start looks (web/page/saves.js)
    page.wait_for_function("() => window.__crossings.some(([way, text]) => text.includes('saves-written'))")
    settle(page)
    assert page.evaluate("localStorage.getItem('uno.saves.fallback')") is None  # on disk: the copy taken back
    times = {json.loads(text)["op"]: at for way, text, at in page.evaluate("window.__crossings")}
    found = ops(counted(page))
    print("a key, then hidden:", found, f"written {times['saves-write'] - times['hidden']:.0f} ms after hidden")
    assert times["saves-write"] - times["hidden"] < 400  # at once, not after the typing pause (500 ms)
    assert sorted(found[:3]) == ["in hidden", "in intent", "out batch[saves-hold,draw]"], found  # in either order
    assert found[3:] == ["out saves-write", "in saves-written"], found  # not waiting for the pause
