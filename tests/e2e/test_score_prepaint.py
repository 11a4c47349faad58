"""The score keeper before Python is ready: the last saved sheet is painted from storage,
inert, then replaced by the live screen; the screen wake lock follows open sheets."""

from __future__ import annotations

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import BrowserContext, Route, expect
from score_helpers import EVIL, fill_round, new_game, open_score, save_round

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e


def test_saved_sheet_shows_before_python_then_comes_alive(app_context: BrowserContext, server: SiteServer) -> None:
    dialogs: list[str] = []
    app_context.on("page", lambda page: page.on("dialog", lambda dialog: (dialogs.append(dialog.message),
                                                                           dialog.dismiss())))
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
    page.close()

    def hold(route: Route) -> None:
        pass  # never answered: PyScript (so Python) does not start on this page

    early = app_context.new_page()
    early.route("**/runtime/pyscript/core.js", hold)
    early.goto(server.url + f"#/score/{sheet}")
    painted = early.locator("#screen > .score-prepaint")
    expect(painted).to_be_visible()
    expect(painted.locator("h1")).to_have_text(f"Uma, {EVIL}")
    expect(painted.locator(".sk-rounds tfoot td")).to_have_text(["0", "42"])
    expect(painted.locator("button").first).to_be_disabled()
    assert painted.evaluate("box => box.inert") is True
    assert early.evaluate("document.documentElement.dataset.pyReady") is None
    assert early.locator("#screen img").count() == 0
    early.close()

    page = app_context.new_page()
    page.goto(server.url + f"#/score/{sheet}")
    wait_ready(page)
    expect(page.locator("#screen > .score-prepaint")).to_have_count(0)
    expect(page.locator("#score-enter")).to_be_enabled()
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "42"])
    page.close()
    assert dialogs == []
