"""WebKit smoke test of the new game's set-up before Python (issue 48): opened as a new page in WebKitGTK,
`#/score/new` is painted by web/setup-prepaint.js and takes names at once; once Python is ready they are the
players, each once. Runs after test_webkit_smoke.py (same window: the game it started leaves the blank set-up)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from webkit_helpers import READY_TIMEOUT, wait_element, wait_js, wait_ready

from tools.serve import SiteServer

pytestmark = pytest.mark.webkit
NAMES = ("Ana", "Zoë 🃏", "Cy")


def test_names_typed_on_the_set_up_before_python_are_the_players(
    driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]
) -> None:
    driver.get("about:blank")  # a new document: the set-up opened from a bookmark
    started = time.monotonic()
    driver.get(webkit_server.url + "#/score/new")
    painted = driver.execute_script("return performance.getEntriesByName('setup-prepaint')[0]?.startTime ?? null")
    assert painted is not None, "web/setup-prepaint.js did not paint the set-up"
    wait_element(driver, "#score-name-new").click()
    early = driver.execute_script("return !document.documentElement.dataset.pyReady")
    keys = ActionChains(driver)  # to the focused field: Python's page may take over meanwhile, the focus stays
    for name in NAMES:
        keys.send_keys(name + Keys.ENTER)
    keys.perform()
    wait_ready(driver, READY_TIMEOUT)
    wait_js(
        driver,
        "return document.querySelectorAll('#score-players input').length === arguments[0]",
        f"{len(NAMES)} players",
        30,
        len(NAMES),
    )
    players = driver.execute_script("return [...document.querySelectorAll('#score-players input')].map(f => f.value)")
    assert players == list(NAMES)
    observed["set-up before Python"] = (
        f"painted at {float(painted):.0f} ms, ready in {time.monotonic() - started:.1f} s, "
        f"typing began {'before' if early else 'after'} Python was ready"
    )
