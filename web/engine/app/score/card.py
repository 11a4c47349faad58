"""A finished sheet's share card: the final standings with the date, as an SVG picture (a pure function of the saved
sheet). `KeeperDesk.perform` turns it into text in the page's language; the page draws it into a PNG and offers it to
the share sheet, else downloads it (web/page/picture.mjs)."""

from __future__ import annotations

from datetime import datetime

from app.tree import El, Phrase, el, phrase
from scorekeeper import SavedSheet

from .chart import colour

WIDTH = 1080
TOP = 330  # the heading, the date and the winner's line
ROW = 96
FOOT = 110
NAME_SHOWN = 24  # characters of a name or a team's names (the card has no room for more)
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


def long_date(ms: int) -> Phrase:
    """A saved time as a date in words, in the page's language: 7 December 2026, 7 de diciembre de 2026."""
    day = datetime.fromtimestamp(ms / 1000)
    return phrase("date.long", day=day.day, month=phrase(f"date.month.{day.month}"), year=day.year)


def when_played(saved: SavedSheet) -> Phrase:
    """The evening in a line: its date, its place if it has one, and the rounds played."""
    place, rounds = saved.sheet.story.place, len(saved.sheet.rounds)
    if place:
        return phrase("score.card.when_at", date=long_date(saved.date), place=place, rounds=rounds)
    return phrase("score.card.when", date=long_date(saved.date), rounds=rounds)


def card_name(saved: SavedSheet) -> str:
    """The picture's file name: uno-<date>-<winner>.png."""
    day = datetime.fromtimestamp(saved.date / 1000).strftime("%Y-%m-%d")
    view = saved.sheet.tally()
    winner = view.side_labels[view.winner_side] if view.winner_side is not None else ""
    return f"uno-{day}-{slug(winner)[:40] or 'sheet'}.png"


def slug(name: str) -> str:
    """A name as a file name's part: its letters and digits, lower case, runs of anything else as one "-"."""
    text = "".join(char if char.isalnum() else "-" for char in name.casefold())
    return "-".join(part for part in text.split("-") if part)


def _shown(name: str) -> str:
    return name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"


def _text(x: int, y: int, content: str | None = None, *, size: int, weight: int = 400, fill: str = "#1c1917",
          anchor: str = "start", key: str | Phrase = "", args: dict[str, object] | None = None) -> El:  # fmt: skip
    return el(
        "text",
        content,
        key=key,
        args=args,
        x=str(x),
        y=str(y),
        font_size=str(size),
        font_weight=str(weight),
        fill=fill,
        text_anchor=anchor,
        font_family=FONT,
    )


def card(saved: SavedSheet) -> El:
    """The card of a finished sheet: its title, date, the winner's line, each side's rank, name and total."""
    sheet = saved.sheet
    view = sheet.tally()
    height = TOP + ROW * len(view.standings) + FOOT
    rows: list[El] = []
    for index, standing in enumerate(view.standings):
        y = TOP + ROW * index
        rows.append(
            el(
                "g",
                el(
                    "rect",
                    x="60",
                    y=str(y),
                    width=str(WIDTH - 120),
                    height=str(ROW - 14),
                    rx="18",
                    fill="#fef3c7" if standing.winner else "#ffffff",
                    stroke="#d97706" if standing.winner else "#e7e5e4",
                    stroke_width="3",
                ),
                _text(100, y + 56, f"{standing.rank}.", size=36, weight=800, fill="#78716c"),
                el("circle", cx="185", cy=str(y + 42), r="14", fill=colour(standing.side)),
                _text(220, y + 56, _shown(standing.label), size=40, weight=700),
                _text(WIDTH - 100, y + 57, str(standing.total), size=44, weight=800, anchor="end"),
            )
        )
    winner = view.side_labels[view.winner_side] if view.winner_side is not None else ""
    total = view.totals[view.winner_side] if view.winner_side is not None else 0
    return el(
        "svg",
        el("rect", width=str(WIDTH), height=str(height), fill="#fff8ef"),
        el("rect", width=str(WIDTH), height="150", fill="#b91c1c"),
        _text(60, 95, "UNO", size=64, weight=900, fill="#ffffff"),
        _text(WIDTH - 60, 95, _shown(saved.title), size=36, weight=600, fill="#ffffff", anchor="end"),
        _text(60, 215, key="score.card.winner", args={"name": _shown(winner), "total": total}, size=52, weight=800),
        _text(60, 275, key=when_played(saved), size=32, fill="#57534e"),
        *rows,
        _text(WIDTH // 2, height - 45, key="score.card.footer", size=28, fill="#78716c", anchor="middle"),
        xmlns="http://www.w3.org/2000/svg",
        width=str(WIDTH),
        height=str(height),
        viewBox=f"0 0 {WIDTH} {height}",
    )
