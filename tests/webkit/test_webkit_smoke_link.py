"""WebKit smoke test of sheet links: a link opened as a new page in WebKitGTK is painted by
web/page/link-prepaint.js (DecompressionStream 'deflate-raw' in Safari's engine), then Python's page shows the same
standings, names as typed. Runs after test_webkit_smoke.py (same window), which reports the first visit."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from webkit_helpers import texts, visit, wait_element

from scorekeeper import new_sheet
from scorekeeper.link import encode
from tools.serve import SiteServer

pytestmark = pytest.mark.webkit


def test_a_sheet_link_opens_with_its_standings(
    driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]
) -> None:
    sheet = new_sheet(["Ana", "Zoë 🃏", "<b>Cy</b>"]).choose_dealer(2)
    sheet = sheet.add_round(sheet.blank_draft().with_winner(1).with_text(0, "12").with_text(2, "30"))
    driver.get("about:blank")  # a new document: the link opened from a message or the camera
    seconds = visit(driver, webkit_server.url + "#/score/link/" + encode(sheet))
    wait_element(driver, "#score-keep")
    painted = driver.execute_script("return performance.getEntriesByName('link-prepaint')[0]?.startTime ?? null")
    assert painted is not None, "web/page/link-prepaint.js did not paint the link"
    assert texts(driver, "#score-link-standings > li") == ["1.Zoë 🃏42", "2.Ana0", "2.<b>Cy</b>0"]  # rank, name, total
    observed["sheet link"] = f"ready in {seconds:.1f} s, standings painted at {float(painted):.0f} ms"
