"""Play mode's browser tests: each test module shares one page on Play (the app's warm context)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import BrowserContext, Page

from tools.serve import SiteServer


@pytest.fixture(scope="module")
def page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    page = app_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    yield page
    page.close()
