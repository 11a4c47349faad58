"""App icons drawn in pure Python and written as PNG files (no binaries in the repo).

The art: a tilted white card oval holding four dots in the card colours, on the theme red.
"any" icons have rounded corners; "maskable" ones are full-bleed with the art inside the
central safe zone (a circle of 80% of the size), as the manifest spec asks.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from functools import partial
from pathlib import Path

from tools.generated import write_generated

RGBA = tuple[int, int, int, int]
THEME = (185, 28, 28, 255)  # #b91c1c
WHITE = (255, 255, 255, 255)
DOTS = ((220, 38, 38, 255), (234, 179, 8, 255), (22, 163, 74, 255), (37, 99, 235, 255))


def png_bytes(width: int, height: int, pixel: Callable[[int, int], RGBA]) -> bytes:
    """Encode an RGBA image given by `pixel(x, y)` as a PNG file."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter type: none
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def _over(top: RGBA, bottom: RGBA, coverage: float) -> RGBA:
    """Blend `top` with `coverage` (0..1) over `bottom`."""
    a = top[3] / 255 * coverage
    out_a = a + bottom[3] / 255 * (1 - a)
    if out_a <= 0:
        return (0, 0, 0, 0)
    rgb = [round((t * a + b * bottom[3] / 255 * (1 - a)) / out_a) for t, b in zip(top[:3], bottom[:3], strict=True)]
    return (rgb[0], rgb[1], rgb[2], round(out_a * 255))


def _coverage(distance: float) -> float:
    """Anti-aliasing: signed distance in pixels (negative inside) to pixel coverage."""
    return min(1.0, max(0.0, 0.5 - distance))


def icon_pixel(size: int, maskable: bool) -> Callable[[int, int], RGBA]:
    """The pixel function of one icon of `size` pixels."""
    art = 0.8 if maskable else 1.0  # maskable art stays in the 80% safe zone
    half = size / 2
    radius = 0.0 if maskable else size * 0.22
    oval_a, oval_b = size * 0.40 * art, size * 0.25 * art
    tilt = math.radians(-30)
    cos_t, sin_t = math.cos(tilt), math.sin(tilt)
    dot_r = size * 0.075 * art
    dot_off = size * 0.095 * art
    dots = [(-dot_off, -dot_off), (dot_off, -dot_off), (-dot_off, dot_off), (dot_off, dot_off)]

    def pixel(x: int, y: int) -> RGBA:
        px, py = x + 0.5 - half, y + 0.5 - half
        # rounded-square background (signed distance to a rounded box)
        qx, qy = abs(px) - (half - radius), abs(py) - (half - radius)
        box = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius
        color: RGBA = THEME if box < -0.5 else _over(THEME, (0, 0, 0, 0), _coverage(box))
        # tilted oval
        ux, uy = px * cos_t + py * sin_t, -px * sin_t + py * cos_t
        oval = (math.hypot(ux / oval_a, uy / oval_b) - 1) * oval_b
        if oval >= 0.5:
            return color
        color = WHITE if oval < -0.5 else _over(WHITE, color, _coverage(oval))
        for (dx, dy), dot in zip(dots, DOTS, strict=True):
            edge = math.hypot(px - dx, py - dy) - dot_r
            if edge < 0.5:
                return dot if edge < -0.5 else _over(dot, color, _coverage(edge))
        return color

    return pixel


ICONS: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-192.png": (192, True),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def write_icons(folder: Path, cache: Path | None = None) -> list[Path]:
    """Write every icon of `ICONS` into `folder`; return the paths.

    Drawing takes a second or two, so with `cache` the PNGs are kept there, keyed by this file's hash.
    """
    makers = {name: partial(icon_png, size, maskable) for name, (size, maskable) in ICONS.items()}
    return write_generated(folder, makers, Path(__file__), cache)


def icon_png(size: int, maskable: bool) -> bytes:
    """One icon as a PNG file."""
    return png_bytes(size, size, icon_pixel(size, maskable))
