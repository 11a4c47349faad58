"""A sheet link's QR code as inline SVG, drawn with segno: one path of the dark modules.

Level L at least (segno raises it while the version stays the same), byte mode for the URL; a link past
one version 40 code gives ``None`` (the page then offers the link and the file instead).
"""

from __future__ import annotations

import segno
from segno import DataOverflowError

from app.tree import El, el
from scorekeeper.link import fits_qr

QUIET = 4  # modules of white border a scanner needs around the code


def make(link: str) -> segno.QRCode | None:
    """The QR code of ``link``, or ``None`` when it does not fit one code."""
    if not fits_qr(link):
        return None
    try:
        return segno.make_qr(link, error="l", boost_error=True)
    except DataOverflowError:
        return None


def path_of(code: segno.QRCode) -> str:
    """An SVG path of the dark modules: one rectangle per run of dark modules in a row, quiet zone included."""
    parts: list[str] = []
    for y, row in enumerate(code.matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def qr_svg(link: str, label_id: str) -> El | None:
    """The SVG of ``link``'s QR code (scales to its box; black on white), or ``None`` when too long."""
    code = make(link)
    return None if code is None else svg_of(code, label_id)


def svg_of(code: segno.QRCode, label_id: str, cls: str = "sk-qr") -> El:
    """A QR code as inline SVG, labelled by the element ``label_id``."""
    size = int(code.symbol_size(border=QUIET)[0])
    return el(
        "svg",
        el("rect", width=size, height=size, fill="#fff"),
        el("path", d=path_of(code), fill="#000"),
        viewBox=f"0 0 {size} {size}",
        cls=cls,
        role="img",
        aria_labelledby=label_id,
        focusable="false",
        shape_rendering="crispEdges",
        data_version=code.version,
    )
