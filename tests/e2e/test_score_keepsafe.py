"""No sheet lost to storage rules, in Chromium: with an iPhone's user agent and `navigator.standalone`
false, the list says Safari may delete the sheets and, once a sheet has a round, shows how to add the app to the
Home Screen (dismissable, never in the way); as the Home Screen app it does not."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import Browser, expect
from score_helpers import PHONE, shot
from test_score_link_e2e import make_sheet, play_round

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.5 Mobile/15E148 Safari/604.1"
)


@pytest.mark.parametrize("standalone", [False, True])
def test_an_iphone_in_safari_is_told_how_not_to_lose_its_sheets(
    browser: Browser, server: SiteServer, standalone: bool
) -> None:
    context = browser.new_context(viewport=PHONE, user_agent=IPHONE)
    context.add_init_script(
        f"Object.defineProperty(navigator, 'standalone', {{ get: () => {str(standalone).lower()} }})"
    )
    page = context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    storage = page.locator("#score-storage")
    expect(storage).to_have_attribute("data-status", "kept" if standalone else "ios_tab")
    expect(page.locator("#score-ios-card")).to_have_count(0)  # no sheet with a round yet
    make_sheet(page, ["Ana", "Ben"])
    play_round(page, 0, {1: 12}, {})
    expect(page.locator("#score-copy-offer")).to_be_visible()  # in the page, after the round
    page.evaluate("location.hash = '#/score'")
    expect(page.locator(".sk-only-here")).to_have_count(1)
    card = page.locator("#score-ios-card")
    if standalone:
        expect(card).to_have_count(0)
    else:
        expect(card).to_contain_text("Add to Home Screen")
        shot(page, "keepsafe-ios-en")
        page.locator("[data-lang='es']").click()
        expect(card).to_contain_text("Añadir a pantalla de inicio")
        shot(page, "keepsafe-ios-es")
        page.locator("#score-ios-done").click()
        expect(card).to_have_count(0)
        page.reload()
        wait_ready(page)
        expect(page.locator("#score-storage")).to_be_visible()
        expect(page.locator("#score-ios-card")).to_have_count(0)  # dismissed for good
    context.close()


MAC_SAFARI = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15"
)


@pytest.mark.parametrize(("touch_points", "status"), [(5, "^ios_tab$"), (0, "^(kept|may_delete)$")])
def test_an_ipad_in_desktop_mode_is_told_apart_from_a_mac(
    browser: Browser, server: SiteServer, touch_points: int, status: str
) -> None:
    """iPadOS Safari says "Macintosh" by default; its touch points tell it apart (no Mac has a touch screen)."""
    context = browser.new_context(viewport=PHONE, user_agent=MAC_SAFARI)
    context.add_init_script(f"Object.defineProperty(navigator, 'maxTouchPoints', {{ get: () => {touch_points} }})")
    page = context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    expect(page.locator("#score-storage")).to_have_attribute("data-status", re.compile(status))
    context.close()
