"""The score sheet's side colours come from CSS classes (no `style` attribute: the page's CSP refuses them)."""

from __future__ import annotations

import re
from pathlib import Path

from app.score.chart import COLOURS, swatch_class

CSS = Path(__file__).resolve().parents[2] / "web" / "page" / "score.css"


def test_every_side_colour_has_its_swatch_class_in_score_css() -> None:
    rules = dict(re.findall(r"\.sk-c(\d+) \{ background: (#[0-9a-f]{6}); \}", CSS.read_text()))
    assert {int(n): colour for n, colour in rules.items()} == dict(enumerate(COLOURS))
    assert swatch_class(0) == "sk-swatch sk-c0"
    assert swatch_class(len(COLOURS) + 2) == "sk-swatch sk-c2"  # sides past the tenth reuse the colours
