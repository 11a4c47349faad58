"""A move in play mode survives a browser killed half a second later, and shows in another tab."""

from __future__ import annotations

import time

import pytest
from e2e_helpers import KillableProfile, wait_ready
from play_e2e import do, start, state
from playwright.sync_api import BrowserContext, expect

from tools.serve import SiteServer
from uno_core import DRAW, KEEP

pytestmark = pytest.mark.e2e

PLAYERS = [
    {"kind": "human", "name": "Me"},
    {"kind": "bot", "name": "Ana", "level": "basic"},
    {"kind": "bot", "name": "Ben", "level": "random"},
]


def test_a_play_move_survives_a_kill(killable_profile: KillableProfile, server: SiteServer) -> None:
    page = killable_profile.page(server.url + "#/play")
    start(page, {"config": {"seats": PLAYERS, "preset": "official", "speed": "instant", "reaction_ms": 0}, "seed": 11})
    before = do(page, DRAW) if page.locator('.actions [data-move="keep"]').count() == 0 else state(page)
    assert before["log"]
    time.sleep(0.5)
    killable_profile.kill()

    page = killable_profile.page(server.url + "#/")
    expect(page.locator("#resume-link")).to_be_visible()
    page.locator("#resume-link").click()
    page.wait_for_selector("#play .hand")
    after = state(page)
    assert after["log"] == before["log"] and after["digest"] == before["digest"]


def test_a_move_in_another_tab_shows_here(fresh_context: BrowserContext, server: SiteServer) -> None:
    here = fresh_context.new_page()
    here.goto(server.url + "#/play")
    wait_ready(here)
    start(here, {"config": {"seats": PLAYERS, "preset": "official", "speed": "instant", "reaction_ms": 0}, "seed": 12})
    there = fresh_context.new_page()
    there.goto(server.url + "#/play/table")
    wait_ready(there)
    there.wait_for_selector("#play .hand")
    before = state(there)
    after = do(there, DRAW) if there.locator('.actions [data-move="keep"]').count() == 0 else do(there, KEEP)
    assert len(after["log"]) > len(before["log"])
    here.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length === n", arg=len(after["log"]))
    assert state(here)["digest"] == after["digest"]
