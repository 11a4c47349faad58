"""A move in play mode survives a browser killed half a second later (issue 19)."""

from __future__ import annotations

import time

import pytest
from e2e_helpers import KillableProfile
from play_e2e import do, start, state
from playwright.sync_api import expect

from tools.serve import SiteServer
from uno_core import DRAW

pytestmark = pytest.mark.e2e

PLAYERS = [{"kind": "human", "name": "Me"}, {"kind": "bot", "name": "Ana", "level": "basic"},
           {"kind": "bot", "name": "Ben", "level": "random"}]


def test_a_play_move_survives_a_kill(killable_profile: KillableProfile, server: SiteServer) -> None:
    page = killable_profile.page(server.url + "#/play")
    start(page, {"config": {"seats": PLAYERS, "preset": "official", "speed": "instant", "reaction_ms": 0},
                 "seed": 11})
    before = do(page, DRAW) if page.locator('.actions [data-arg="keep"]').count() == 0 else state(page)
    assert before["log"]
    time.sleep(0.5)
    killable_profile.kill()

    page = killable_profile.page(server.url + "#/")
    expect(page.locator("#resume-link")).to_be_visible()
    page.locator("#resume-link").click()
    page.wait_for_selector("#play .hand")
    after = state(page)
    assert after["log"] == before["log"] and after["digest"] == before["digest"]
