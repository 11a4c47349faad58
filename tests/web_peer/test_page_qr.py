"""QR codes drawn on the page (web/page/qr.template.mjs, built as web/qr.mjs with npm lean-qr beside it): the SVG
it draws, painted as a screen would and read by a real decoder (zxing-cpp), gives back exactly the text; a
connection code takes the QR code's alphanumeric mode; SVG attributes only (no `style`: the CSP refuses it)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import zxingcpp
from js_signal import JsSignal
from PIL import Image, ImageDraw
from signal_cases import CHROMIUM_OFFER

from tools.build import LEAN_QR, NODE, copy_qr, npm_version

HARNESS = Path(__file__).with_name("qr_check.mjs")
SCALE = 4  # pixels per module, as a phone's screen gives at least
MARGIN = 20  # pixels of the page around the SVG
SVG = "{http://www.w3.org/2000/svg}"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (NODE / LEAN_QR).exists(), reason="needs node and npm ci"
)


@pytest.fixture(scope="module")
def qr_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """web/qr.mjs as the build writes it, with its copy of lean-qr."""
    site = tmp_path_factory.mktemp("site")
    copy_qr(site, npm_version(LEAN_QR))
    return site / "web" / "qr.mjs"


def draw(qr_module: Path, *cases: tuple[str, str]) -> list[dict[str, Any]]:
    run = subprocess.run(
        ["node", str(HARNESS), str(qr_module)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return list(json.loads(run.stdout))


def raster(markup: str) -> np.ndarray:
    """The SVG as a screen paints it (Pillow): on a grey page, the white square, then its path's rectangles
    ("M x y h w v1 h-w z") in black."""
    svg = ET.fromstring(markup)
    side = int(svg.attrib["viewBox"].split()[2])
    rect, path = svg.find(f"{SVG}rect"), svg.find(f"{SVG}path")
    assert rect is not None and path is not None
    assert (rect.attrib["width"], rect.attrib["fill"], path.attrib["fill"]) == (str(side), "#fff", "#000")
    image = Image.new("L", (side * SCALE + 2 * MARGIN, side * SCALE + 2 * MARGIN), 128)
    pen = ImageDraw.Draw(image)
    pen.rectangle((MARGIN, MARGIN, MARGIN + side * SCALE - 1, MARGIN + side * SCALE - 1), fill=255)
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path.attrib["d"]):
        x0, y0 = MARGIN + int(x) * SCALE, MARGIN + int(y) * SCALE
        pen.rectangle((x0, y0, x0 + int(width) * SCALE - 1, y0 + SCALE - 1), fill=0)
    return np.asarray(image)


def read(markup: str) -> zxingcpp.Result:
    (result,) = zxingcpp.read_barcodes(raster(markup), formats=zxingcpp.BarcodeFormat.QRCode)
    return result


@pytest.fixture(scope="module")
def connection_code(js_signal: JsSignal) -> str:
    """A real connection code: Chromium's offer with its one UDP candidate (132 characters)."""
    one_candidate = CHROMIUM_OFFER.replace("a=candidate:9 1 tcp", "a=candidate:9 2 tcp")
    return js_signal.encode(js_signal.from_sdp("offer", one_candidate))


def test_a_connection_code_reads_back_from_an_alphanumeric_code(qr_module: Path, connection_code: str) -> None:
    assert len(connection_code) == 132
    drawn = draw(qr_module, *[(connection_code, level) for level in "LMQH"])
    for level, answer in zip("LMQH", drawn, strict=True):
        result = read(answer["svg"])
        assert (result.text, result.ec_level) == (connection_code, level)
    # alphanumeric mode: in byte mode the same 132 letters need versions 6, 8, 10 and 11 (segno's figures)
    assert [answer["drawing"]["version"] for answer in drawn] == [5, 6, 8, 9]
    assert [answer["drawing"]["modules"] for answer in drawn] == [37, 41, 49, 53]


def test_a_join_link_reads_back_and_its_size_is_known(qr_module: Path, connection_code: str) -> None:
    """The link a phone's own camera app would open: bytes for the address, alphanumerics for the code (all in
    byte mode, as segno writes it, it needs versions 8 and 9)."""
    link = f"https://example.org/app/#/table/join/{connection_code}"
    low, medium = draw(qr_module, (link, "L"), (link, "M"))
    assert read(low["svg"]).text == link and read(medium["svg"]).text == link
    assert (low["drawing"]["version"], low["drawing"]["modules"]) == (6, 41)
    assert (medium["drawing"]["version"], medium["drawing"]["modules"]) == (8, 49)


def test_the_svg_has_attributes_only_a_quiet_zone_and_no_size(qr_module: Path) -> None:
    (answer,) = draw(qr_module, ("HELLO", "M"))
    svg = ET.fromstring(answer["svg"])
    modules = answer["drawing"]["modules"]
    assert svg.attrib == {
        "viewBox": f"0 0 {modules + 8} {modules + 8}",  # 4 modules of quiet zone each side; CSS gives the size
        "class": "sk-qr table-qr",
        "role": "img",
        "focusable": "false",
        "shape-rendering": "crispEdges",
        "data-version": "1",
        "aria-labelledby": "qr-title",
    }
    assert "style" not in answer["svg"]
    corners = re.findall(r"M(\d+) (\d+)h", answer["drawing"]["path"])
    assert min(int(x) for x, _ in corners) == 4 and min(int(y) for _, y in corners) == 4
    assert read(answer["svg"]).text == "HELLO"


def test_a_text_too_long_for_one_code_draws_nothing(qr_module: Path) -> None:
    fits, too_long = draw(qr_module, ("x" * 2953, "L"), ("x" * 2954, "L"))  # version 40-L holds 2953 bytes
    assert fits["drawing"]["version"] == 40 and read(fits["svg"]).text == "x" * 2953
    assert too_long == {"drawing": None, "svg": None}
