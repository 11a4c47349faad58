"""A game in progress survives a reload (and shows "Resume" on the landing page); offline it still plays."""

from __future__ import annotations

import pytest
from e2e_helpers import wait_ready
from play_e2e import do, start, state, wait_stored
from playwright.sync_api import BrowserContext, expect

from tools.serve import SiteServer
from uno_core import DRAW, KEEP

pytestmark = pytest.mark.e2e


def test_reload_resumes_the_same_position_and_offline_it_plays(app_context: BrowserContext, server: SiteServer) -> None:
    page = app_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    start(
        page,
        {
            "config": {
                "seats": [
                    {"kind": "human", "name": "Me"},
                    {"kind": "bot", "name": "Ana", "level": "basic"},
                    {"kind": "bot", "name": "Ben", "level": "random"},
                ],
                "preset": "official",
                "speed": "instant",
                "reaction_ms": 0,
            },
            "seed": 5,
        },
    )
    before = do(page, DRAW) if page.locator('.actions [data-move="keep"]').count() == 0 else state(page)
    wait_stored(page, before)  # a reload in the moment before the last move's save completes resumes before it
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#play .hand")
    after = state(page)
    assert after["digest"] == before["digest"] and after["log"] == before["log"]
    page.evaluate("location.hash = '#/'")
    resume = page.locator("#resume-link")
    expect(resume).to_be_visible()
    resume.click()
    page.wait_for_selector("#play .hand")
    assert state(page)["digest"] == before["digest"]
    # offline: the service worker serves everything, the game goes on
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    app_context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        page.wait_for_selector("#play .hand")
        assert state(page)["digest"] == before["digest"]
        data = state(page)
        keep = page.locator('.actions [data-move="keep"]')
        data = do(page, DRAW) if keep.count() == 0 else do(page, KEEP)
        assert len(data["log"]) > len(before["log"])
    finally:
        app_context.set_offline(False)
        page.close()
