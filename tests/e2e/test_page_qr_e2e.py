"""A guest's connection code made and drawn by the page itself (web/signal.mjs, web/qr.mjs with npm lean-qr from
runtime/), no Pyodide involved: in Chromium, under the page's Content-Security-Policy, a screenshot of the QR
code at two sizes set by CSS reads back (zxing-cpp) as the code."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_peer"))
from signal_cases import CHROMIUM_OFFER

pytestmark = pytest.mark.e2e

WATCH_CSP = """window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.effectiveDirective + e.sample));"""

DRAW = """async ([sdp, width]) => {
    const { encode, fromSdp } = await import("./web/signal.mjs");
    const { qrSvg } = await import("./web/qr.mjs");
    const code = encode(fromSdp("answer", sdp));
    const svg = qrSvg(code, { level: "M", labelledBy: "qr-under-test-title", className: "qr-under-test" });
    // element.style from code: the policy allows it (a style attribute in markup it refuses)
    Object.assign(svg.style, { position: "fixed", left: "10px", top: "10px", width, zIndex: 99 });
    document.querySelector(".qr-under-test")?.remove();
    document.body.append(svg);
    return { code, version: svg.getAttribute("data-version") };
}"""


def screenshot_text(page: Page) -> str:
    png = page.locator("svg.qr-under-test").screenshot()
    (result,) = zxingcpp.read_barcodes(np.array(Image.open(io.BytesIO(png)).convert("L")))
    return str(result.text)


def test_the_page_draws_a_connection_code_a_camera_reads(app_page: Page) -> None:
    app_page.evaluate(WATCH_CSP)
    answer = CHROMIUM_OFFER.replace("a=candidate:9 1 tcp", "a=candidate:9 2 tcp").replace("actpass", "active")
    for width in ("300px", "min(40vw, 160px)"):
        drawn = app_page.evaluate(DRAW, [answer, width])
        assert len(drawn["code"]) == 132 and drawn["version"] == "6"  # alphanumeric mode, level M
        box = app_page.locator("svg.qr-under-test").bounding_box()
        assert box is not None and box["width"] == box["height"] == (300 if width == "300px" else 156)  # 40vw of 390
        assert screenshot_text(app_page) == drawn["code"]
    assert app_page.evaluate("window.__csp") == []
