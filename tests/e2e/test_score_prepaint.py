"""The score keeper before Python is ready: the last saved sheet is painted from storage,
inert, then replaced by the live screen; the screen wake lock follows open sheets."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import wait_ready, wait_saved
from playwright.sync_api import Browser, BrowserContext, Route, expect
from score_helpers import EVIL, PHONE, fill_round, new_game, open_score, save_round

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e


def test_saved_sheet_shows_before_python_then_comes_alive(
    app_context: BrowserContext, browser: Browser, server: SiteServer
) -> None:
    dialogs: list[str] = []
    app_context.on(
        "page", lambda page: page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    )
    page = app_context.new_page()
    open_score(page, server.url)
    sheet = new_game(page, ["Uma", EVIL], dealer=0)
    fill_round(page, 1, {0: 42})
    save_round(page)
    expect(page.locator("#score-enter")).to_be_visible()
    # the wake lock is asked for while a sheet is open (headless Chromium may refuse: quiet fallback)
    page.wait_for_function("() => ['on', 'refused', 'unsupported'].includes(document.documentElement.dataset.wakeLock)")
    page.evaluate("location.hash = '#/score'")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")

    def hold(route: Route) -> None:
        pass  # never answered: PyScript (so Python) does not start on this page

    # a context with the same saved storage and no service worker (page.route would not see
    # what a service worker answers)
    wait_saved(page)  # the picture is mirrored to localStorage once its save has completed
    stored = dict(page.evaluate("() => Object.fromEntries(Object.entries(localStorage))"))
    blocked = browser.new_context(viewport=PHONE, service_workers="block")
    blocked.add_init_script(f"for (const [k, v] of Object.entries({json.dumps(stored)})) localStorage.setItem(k, v);")
    blocked.on(
        "page", lambda page: page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    )
    early = blocked.new_page()
    early.route("**/web/ui-start.mjs", hold)
    early.goto(server.url + f"#/score/{sheet}", wait_until="commit")  # "load" never comes: the page's side is held
    painted = early.locator("#screen > .score-prepaint")
    expect(painted).to_be_visible()
    expect(painted.locator("h1")).to_have_text(f"Uma, {EVIL}")
    expect(painted.locator(".sk-rounds tfoot td")).to_have_text(["0", "42"])
    expect(painted.locator("button").first).to_be_disabled()
    assert painted.evaluate("box => box.inert") is True
    assert early.evaluate("document.documentElement.dataset.pyReady") is None
    assert early.evaluate("performance.getEntriesByName('score-prepaint').length") == 1
    assert early.locator("#screen img").count() == 0
    blocked.close()

    page.goto(server.url + f"#/score/{sheet}")  # a new navigation of the first page: the live screen replaces it
    wait_ready(page)
    expect(page.locator("#screen > .score-prepaint")).to_have_count(0)
    expect(page.locator("#score-enter")).to_be_enabled()
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "42"])
    page.close()
    assert dialogs == []
