"""WebKit smoke test of a table of phones: "Join a table" opens the page as a guest phone's (no engine: the host's
draws it), which either offers a code field, where WebKitGTK has WebRTC, or says in a sentence that this browser
cannot link phones; the keeper still works either way after. No link is opened (peer traffic only runs inside the
Chromium tests' own network namespace)."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from webkit_helpers import go, texts, wait_element, wait_js, wait_ready

from tools.serve import SiteServer

pytestmark = pytest.mark.webkit


def test_join_a_table_works_or_says_it_cannot(
    driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]
) -> None:
    driver.get(webkit_server.url + "#/score")
    wait_ready(driver)
    go(driver, "#/table/join")
    answer = wait_js(
        driver,
        "const step = document.documentElement.dataset.guest;"
        "return step === 'code' && !document.querySelector('#guest-code').closest('[hidden]') ? 'field' "
        ": step === 'unsupported' ? 'unsupported' : null",
        "the join page (a code field, or why not)",
    )
    webrtc = driver.execute_script("return typeof RTCPeerConnection === 'function'")
    assert answer == ("field" if webrtc else "unsupported")
    if answer == "unsupported":
        sentence = texts(driver, "#guest-status")[0]
        assert sentence.endswith(".") and "table." not in sentence  # a sentence, not a catalogue key
    go(driver, "#/score")  # the whole app again (the page reloads out of the guest's)
    wait_element(driver, "#score-new")  # nothing else broke
    observed["table of phones"] = "WebRTC: join offers a code" if webrtc else "no WebRTC: says so"
