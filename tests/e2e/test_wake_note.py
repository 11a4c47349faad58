"""The screen wake lock on a sheet being kept: held where the browser grants it; where it refuses it, a line says the
phone may lock its screen, and goes once the screen is left."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect
from score_helpers import new_game, open_score

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

REFUSE = """Object.defineProperty(navigator, "wakeLock", {
  value: { request: () => Promise.reject(new DOMException("battery saver", "NotAllowedError")) },
  configurable: true,
});"""


def test_a_refused_wake_lock_is_said_and_a_granted_one_is_not(
    fresh_context: BrowserContext, server: SiteServer
) -> None:
    page = fresh_context.new_page()
    open_score(page, server.url)
    new_game(page, ["Ana", "Ben"], 0)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")
    expect(page.locator("#wake-note")).to_be_hidden()
    refused = page
    refused.add_init_script(REFUSE)  # the same phone, its browser now refusing (a battery saver)
    refused.reload()
    expect(refused.locator("html")).to_have_attribute("data-wake-lock", "refused", timeout=60_000)
    expect(refused.locator("#wake-note")).to_be_visible()
    expect(refused.locator("#wake-note")).to_contain_text("lock its screen")
    refused.evaluate("location.hash = '#/score'")  # the list: no lock wanted, nothing to say
    expect(refused.locator("#wake-note")).to_be_hidden()
