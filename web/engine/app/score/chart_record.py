"""The record page's pictures, as inline SVG (the numbers are in its tables too): a player's final total over the
evenings (a line, `chart`'s scale and colours), and the group's win share (a bar a person)."""

from __future__ import annotations

from collections.abc import Sequence

from app.tree import El, el

from .chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, colour, points, scale

BAR_HEIGHT, BAR_GAP, NAME_WIDTH = 22, 8, 96
NAME_CHARS = 12  # a longer name is cut in the picture (the table beside it has it whole)


def evenings_chart(totals: Sequence[int], title_id: str, side: int = 0) -> El:
    """One player's final total of each evening, in order; a dot on each evening."""
    top, step = scale(max([1, *totals]))
    span_y = HEIGHT - TOP - BOTTOM
    grid: list[El] = []
    for value in range(0, top + 1, step):
        y = TOP + span_y * (1 - value / top)
        grid.append(el("line", x1=LEFT, x2=WIDTH - RIGHT, y1=f"{y:.1f}", y2=f"{y:.1f}", cls="sk-grid"))
        grid.append(el("text", str(value), x=LEFT - 4, y=f"{y + 4:.1f}", cls="sk-axis", text_anchor="end"))
    series = list(totals) if len(totals) > 1 else [*totals, *totals]  # one evening: a flat line across
    drawn = points(series, top)
    dots = [
        el("circle", cx=x, cy=y, r="4", fill=colour(side))
        for x, y in (pair.split(",") for pair in points(list(totals), top).split(" ") if totals)
    ]
    return el(
        "svg",
        *grid,
        el("polyline", points=drawn, fill="none", stroke=colour(side), stroke_width="3", stroke_linejoin="round")
        if totals
        else None,
        *dots,
        el("text", "1", x=LEFT, y=HEIGHT - 6, cls="sk-axis", text_anchor="middle") if totals else None,
        el("text", str(len(totals)), x=WIDTH - RIGHT, y=HEIGHT - 6, cls="sk-axis", text_anchor="end")
        if len(totals) > 1
        else None,
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        cls="sk-chart",
        role="img",
        aria_labelledby=title_id,
        focusable="false",
    )


def share_chart(shares: Sequence[tuple[str, float]], title_id: str) -> El:
    """A bar a person: their part of the evenings won (0 to 1), with its percentage."""
    height = max(1, len(shares)) * (BAR_HEIGHT + BAR_GAP) + BAR_GAP
    span = WIDTH - NAME_WIDTH - 44
    parts: list[El] = []
    for index, (name, share) in enumerate(shares):
        y = BAR_GAP + index * (BAR_HEIGHT + BAR_GAP)
        label = name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
        width = max(1.0, span * share) if share else 0.0
        parts.append(el("text", label, x=NAME_WIDTH - 6, y=y + 16, cls="sk-axis sk-bar-name", text_anchor="end"))
        if width:
            parts.append(el("rect", x=NAME_WIDTH, y=y, width=f"{width:.1f}", height=BAR_HEIGHT, fill=colour(index)))
        parts.append(el("text", f"{round(share * 100)}%", x=f"{NAME_WIDTH + width + 4:.1f}", y=y + 16, cls="sk-axis"))
    return el(
        "svg",
        *parts,
        viewBox=f"0 0 {WIDTH} {height}",
        cls="sk-chart",
        role="img",
        aria_labelledby=title_id,
        focusable="false",
    )
