"""A line chart of each side's total over the rounds, as inline SVG (from `Tally.running`)."""

from __future__ import annotations

from collections.abc import Sequence

from app.tree import El, el

# 10 line colours with at least 3:1 contrast on white (WCAG 1.4.11), and a marker shape each
COLOURS = ("#b91c1c", "#1d4ed8", "#15803d", "#7e22ce", "#a16207", "#0e7490", "#be185d", "#4d7c0f", "#c2410c", "#334155")
WIDTH, HEIGHT = 340, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 24


def colour(side: int) -> str:
    return COLOURS[side % len(COLOURS)]


def swatch_class(side: int) -> str:
    """The classes of a side's colour swatch: web/page/score.css gives `.sk-c<N>` the colour COLOURS[N]
    (a class, not a `style` attribute, which the page's Content-Security-Policy refuses)."""
    return f"sk-swatch sk-c{side % len(COLOURS)}"


def scale(value: int) -> tuple[int, int]:
    """(top, step) of the vertical scale: at most 6 round steps up to `value` or just above."""
    step = next((step for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500) if value <= step * 6), 5000)
    return max(step, -(-value // step) * step), step


def points(series: Sequence[int], top: int) -> str:
    rounds = max(1, len(series) - 1)
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    return " ".join(
        f"{LEFT + span_x * index / rounds:.1f},{TOP + span_y * (1 - value / top):.1f}"
        for index, value in enumerate(series)
    )


def chart(running: Sequence[Sequence[int]], target: int, title_id: str) -> El:
    """`running[r][side]`: totals before round 1, after round 1, ... The target is a dashed line."""
    sides = len(running[0]) if running else 0
    top, step = scale(max([target, *(value for row in running for value in row)]))
    span_y = HEIGHT - TOP - BOTTOM
    grid: list[El] = []
    for value in range(0, top + 1, step):
        y = TOP + span_y * (1 - value / top)
        grid.append(el("line", x1=LEFT, x2=WIDTH - RIGHT, y1=f"{y:.1f}", y2=f"{y:.1f}", cls="sk-grid"))
        grid.append(el("text", str(value), x=LEFT - 4, y=f"{y + 4:.1f}", cls="sk-axis", text_anchor="end"))
    target_y = TOP + span_y * (1 - target / top)
    lines = []
    for side in range(sides):
        series = [row[side] for row in running]
        lines.append(
            el(
                "polyline",
                points=points(series, top),
                fill="none",
                stroke=colour(side),
                stroke_width="3",
                stroke_linejoin="round",
                stroke_dasharray=None if side < 5 else "8 4",
            )
        )
        if series:
            last = points(series, top).split(" ")[-1].split(",")
            lines.append(el("circle", cx=last[0], cy=last[1], r="4.5", fill=colour(side)))
    rounds = len(running) - 1
    return el(
        "svg",
        *grid,
        el("line", x1=LEFT, x2=WIDTH - RIGHT, y1=f"{target_y:.1f}", y2=f"{target_y:.1f}", cls="sk-target-line"),
        *lines,
        el("text", "0", x=LEFT, y=HEIGHT - 6, cls="sk-axis", text_anchor="middle"),
        el("text", str(rounds), x=WIDTH - RIGHT, y=HEIGHT - 6, cls="sk-axis", text_anchor="end") if rounds else None,
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        cls="sk-chart",
        role="img",
        aria_labelledby=title_id,
        focusable="false",
    )
