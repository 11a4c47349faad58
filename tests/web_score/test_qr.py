"""A sheet link's QR code (app.score.qr): the SVG path drawn from segno's modules decodes, with a
real decoder (zxing-cpp, tests only), to exactly the link; a link past one code draws none."""

from __future__ import annotations

import re

import numpy as np
import zxingcpp

from app.score.qr import QUIET, make, qr_svg
from app.tree import El
from scorekeeper.link import QR_MAX_BYTES, sheet_link
from tests.scorekeeper.keeper_helpers import BASE, evening

SCALE = 4  # pixels per module, as a screenshot of the page would give at least


def raster(svg: El) -> np.ndarray:
    """The SVG's picture: its path's rectangles ("M x y h w v1 h-w z") painted black on white."""
    size = int(svg.attr("viewBox").split()[2])  # type: ignore[union-attr]
    (path,) = [node for node in svg.walk() if node.tag == "path"]
    image = np.full((size * SCALE, size * SCALE), 255, dtype=np.uint8)
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path.attr("d") or ""):
        x0, y0 = int(x) * SCALE, int(y) * SCALE
        image[y0 : y0 + SCALE, x0 : x0 + int(width) * SCALE] = 0
    return image


def decoded(svg: El) -> str:
    (result,) = zxingcpp.read_barcodes(raster(svg), formats=zxingcpp.BarcodeFormat.QRCode)
    return result.text


def test_an_evenings_link_decodes_from_the_drawn_code() -> None:
    link = sheet_link(BASE, evening(4, 9, 12))
    svg = qr_svg(link, "qr-label")
    assert svg is not None
    assert svg.attr("aria-labelledby") == "qr-label"
    assert decoded(svg) == link
    code = make(link)
    assert code is not None and int(svg.attr("data-version") or 0) == code.version <= 20


def test_the_largest_sheet_that_fits_decodes_from_a_version_40_code_or_less() -> None:
    link = sheet_link(BASE, evening(10, 40, 7))
    svg = qr_svg(link, "qr-label")
    assert svg is not None
    assert decoded(svg) == link
    assert int(svg.attr("data-version") or 0) <= 40
    assert int((svg.attr("viewBox") or "").split()[2]) == 17 + 4 * int(svg.attr("data-version") or 0) + 2 * QUIET


def test_a_link_too_long_for_one_code_draws_none() -> None:
    link = sheet_link(BASE, evening(10, 40, 14))
    assert len(link.encode()) > QR_MAX_BYTES
    assert qr_svg(link, "qr-label") is None and make(link) is None
    assert qr_svg("https://a.io/#" + "x" * (QR_MAX_BYTES - 14), "l") is not None  # exactly the limit fits
