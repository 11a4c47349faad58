"""The engine worker: bots decide off the page's thread; a person who acts while a bot thinks wins, the
bot's stale decision is dropped, and the game stays the engine's (its log replays to the same digest)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import wait_ready
from play_e2e import do, game_of, scenario, start, state, wait_idle, wait_log
from playwright.sync_api import BrowserContext, Page

from tools.serve import SiteServer
from uno_core import DRAW, KEEP, Catch

pytestmark = pytest.mark.e2e
ME = {"kind": "human", "name": "Me"}
# Nothing but Ben's reds ever matches a red 1-7 on top: Me holds Draw Twos, Cai and the draw pile 8s, 9s,
# Skips and Reverses of the other colours.
MINE = "G+2 Y+2 B+2 G+2 Y+2 B+2 GS"
BENS = "R1 R2 R3 R4 R5 R6 R7"
CAIS = "G8 Y8 B8 G9 Y9 B9 GV"
DRAWS = "G8 Y8 B8 G9 Y9 B9 GV YV BV GS YS BS YV BV"

# A quick person: taps "Catch Ben" the moment it shows while the table says a bot is thinking.
CATCH_WHILE_CAI_THINKS = """() => { window.__caught = new Promise((resolve) => {
    const look = () => {
        const button = document.querySelector('.reactions [data-move="catch 1"]');
        if (!button || !document.querySelector('#play[data-thinking="1"]')) return false;
        observer.disconnect();
        button.click();
        resolve(true);
        return true;
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, {subtree: true, childList: true, attributes: true});
    setTimeout(() => { observer.disconnect(); resolve(false); }, 20000);
}); }"""


def bots(data: dict[str, Any]) -> dict[str, Any]:
    return dict(data["bots"])


def worker_ready(page: Page) -> None:
    """Until the worker is up (a first visit's plain start takes seconds), the page decides for the bots."""
    page.wait_for_function("() => document.documentElement.dataset.brain === 'ready'", timeout=90_000)


def test_bots_decide_in_the_worker_and_the_game_is_the_engines(page: Page) -> None:
    ana, ben = {"kind": "bot", "name": "Ana", "level": "expert"}, {"kind": "bot", "name": "Ben", "level": "strategic"}
    seats = [ME, ana, ben]
    worker_ready(page)
    data = start(page, {"config": {"seats": seats, "speed": "instant", "reaction_ms": 0}, "seed": 7})
    for _ in range(4):  # Me draws (and keeps what it drew): the bots' turns come round again and again
        if data["screen"] != "table" or data["current"] != 0 or data["phase"] not in ("turn", "drawn"):
            break
        data = do(page, KEEP if data["phase"] == "drawn" else DRAW)
    assert page.evaluate("document.documentElement.dataset.brain") == "ready"
    assert bots(data) == {"worker": "ready", "decided_here": 0, "dropped": 0}
    assert sum(1 for line in data["log"] if not line.startswith("0 ")) >= 3  # the bots moved, all in the worker
    assert game_of(data).digest() == data["digest"]


def test_a_person_who_acts_while_a_bot_thinks_goes_first(page: Page) -> None:
    ben = {"kind": "bot", "name": "Ben", "level": "basic", "options": {"forget_uno": 1.0, "miss_catch": 1.0}}
    cai = {"kind": "bot", "name": "Cai", "level": "expert", "options": {"miss_catch": 1.0}}
    worker_ready(page)
    data = start(
        page,
        {
            "config": {"seats": [ME, ben, cai], "preset": "official", "speed": "fast", "reaction_ms": 0},
            "scenario": scenario([MINE, BENS, CAIS], "R9", DRAWS),
        },
    )
    while data["hand_sizes"][1] > 2:
        data = do(page, DRAW)
    assert data["hand_sizes"][1] == 2 and data["current"] == 0
    length = len(data["log"])
    page.evaluate(CATCH_WHILE_CAI_THINKS)
    page.locator('.actions [data-move="draw"]').click()
    # Ben plays his second-to-last red without saying UNO; Cai's turn: the worker searches, and at the
    # same time Me catches Ben
    assert page.evaluate("window.__caught") is True
    data = wait_log(page, length + 2)
    log = data["log"]
    assert "0 catch 1" in log, log
    caught_at = log.index("0 catch 1")
    assert log[caught_at - 1].startswith("1 play R"), log  # right after Ben's play: before Cai moved
    assert data["hand_sizes"][1] == 1 + 2
    assert bots(data)["dropped"] >= 1 and bots(data)["decided_here"] == 0
    data = wait_idle(page)
    assert game_of(data).digest() == data["digest"] == state(page)["digest"]
    assert Catch(1) not in game_of(data).legal_actions(0)


def test_without_the_worker_the_bots_decide_on_the_page(
    fresh_context: BrowserContext, site: Path, tmp_path: Path
) -> None:
    """The bots' worker's module never arrives (a site without it: a route would not see a worker's worker)."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    for module in copy.rglob("uno-brain.mjs*"):
        module.unlink()
    server = SiteServer(copy).start()
    page = fresh_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    seats = [ME, {"kind": "bot", "name": "Ana", "level": "basic"}, {"kind": "bot", "name": "Ben", "level": "basic"}]
    data = start(page, {"config": {"seats": seats, "speed": "instant", "reaction_ms": 0}, "seed": 7})
    # a worker started from the engine worker gets no "error" when its script fails: given up after 10 s
    page.wait_for_function("() => document.documentElement.dataset.brain === 'failed'", timeout=30_000)
    data = do(page, KEEP if data["phase"] == "drawn" else DRAW)
    assert bots(data)["worker"] == "failed" and bots(data)["decided_here"] >= 1
    assert 1 <= sum(1 for line in data["log"] if not line.startswith("0 ")) <= bots(data)["decided_here"]
    assert game_of(data).digest() == data["digest"]
    server.stop()
