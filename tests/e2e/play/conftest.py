"""Play mode's browser tests: each test module shares one page on Play (the app's warm context)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from tools.serve import SiteServer


@pytest.fixture(scope="module")
def page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    """The module's page on Play's set-up, with the official rules chosen: the warm context remembers the last
    set-up, and `window.unoPlay.start` plays with its rules unless given others, so a module must not inherit
    another's variants (the teams of test_play_variants made a 3-seat start fail, whatever ran in between)."""
    page = app_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    page.wait_for_selector("#play-setup")
    page.select_option("#f-preset", "official")
    expect(page.locator("#f-preset")).to_have_value("official")
    expect(page.locator("#play-setup input[data-act='setup.rule']:checked")).to_have_count(0)
    page.select_option("#f-turn-timer", "0")  # nor another's turn timer: not a step of the test (no typing)
    expect(page.locator("#f-turn-timer")).to_have_value("0")
    yield page
    page.close()
