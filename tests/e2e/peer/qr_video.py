"""A camera's view of a QR code for Chromium's fake camera (`--use-file-for-fake-video-capture`): one
grey-scale Y4M frame with the code in the middle, as a phone held across a table would see it."""

from __future__ import annotations

import io
from pathlib import Path

import segno
from PIL import Image

WIDTH, HEIGHT = 640, 480


def write_y4m(text: str, path: Path, *, module_px: int = 6) -> Path:
    qr = segno.make(text, error="m")
    rows = [list(row) for row in qr.matrix_iter(scale=module_px, border=4)]
    luma = bytearray([200] * (WIDTH * HEIGHT))  # a light grey table
    top, left = (HEIGHT - len(rows)) // 2, (WIDTH - len(rows[0])) // 2
    if top < 0 or left < 0:
        raise ValueError(f"a version {qr.version} code at {module_px} px a module does not fit the frame")
    for y, row in enumerate(rows):
        at = (top + y) * WIDTH + left
        luma[at : at + len(row)] = bytes(30 if dark else 235 for dark in row)
    chroma = bytes([128]) * (WIDTH * HEIGHT // 4)
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"FRAME\n" + bytes(luma) + chroma + chroma)
    return path


def write_y4m_picture(png: bytes, path: Path) -> Path:
    """A screenshot of a QR code as the camera sees it: grey, scaled to fit, in the middle of the frame."""
    picture = Image.open(io.BytesIO(png)).convert("L")
    picture.thumbnail((HEIGHT - 40, HEIGHT - 40))
    frame = Image.new("L", (WIDTH, HEIGHT), 200)
    frame.paste(picture, ((WIDTH - picture.width) // 2, (HEIGHT - picture.height) // 2))
    chroma = bytes([128]) * (WIDTH * HEIGHT // 4)
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"FRAME\n" + frame.tobytes() + chroma + chroma)
    return path
