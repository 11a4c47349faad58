"""Scanning a connection code inside the app (web/page/scan.mjs) with Chromium's fake camera showing its QR code."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType, Page
from qr_video import write_y4m

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

CODE = (  # a host's offer with one candidate, as app.peer.signal writes it
    "CAATAE4IARZTKRCHDBIVMRKQLF2FU52UKF2EOYTONBSGS5LPPBDHU33KABAQTKWCQ2RWDDW2F7X43IW7AQAEDO7ERPM2C3IAKS4Y4BWGQOPS"
    "CAQAPYAB57YKJUAADOPRAJ7AAHX7H5NBWLA"
)

SCAN = """async () => {
  const {scan, supported} = await import("/web/scan.mjs");
  if (!supported()) return {error: "no camera API"};
  const video = document.createElement("video");
  document.body.append(video);
  const started = performance.now();
  return await new Promise((resolve) => {
    const done = (text) => { resolve({text, ms: performance.now() - started}); return true; };
    scan(video, done)
      .catch((err) => resolve({error: String(err)}));
    setTimeout(() => resolve({error: "no code read in 20 s"}), 20000);
  });
}"""


@pytest.fixture
def camera_page(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], server: SiteServer, tmp_path: Path
) -> Iterator[Page]:
    video = write_y4m(CODE, tmp_path / "qr.y4m")
    args = [
        *browser_type_launch_args["args"],
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",  # the camera permission is granted, as a person taps "Allow"
        f"--use-file-for-fake-video-capture={video}",
    ]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server.url + "build.json")  # a document of our origin (a secure context on 127.0.0.1)
    yield page
    browser.close()


def test_the_camera_reads_a_connection_code(camera_page: Page) -> None:
    result = camera_page.evaluate(SCAN)
    assert result.get("text") == CODE, result
    # the camera is off once the code is read
    assert camera_page.evaluate("document.querySelector('video').srcObject") is None
