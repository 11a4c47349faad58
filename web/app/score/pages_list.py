"""`#/score`: the saved games (in progress first, then finished), a new game, and import."""

from __future__ import annotations

from app.tree import El, el
from scorekeeper import SheetSummary

from .common import field_error, flash, head
from .screen import Screen
from .where import sheet_hash


def game_item(item: SheetSummary) -> El:
    if item.finished:
        meta = el("span", key="score.list.won", args={"winner": item.winner or "", "rounds": item.rounds})
    elif item.rounds:
        leader = ", ".join(item.leaders)
        meta = el("span", key="score.list.playing_meta", args={"rounds": item.rounds, "leader": leader})
    else:
        meta = el("span", key="score.list.not_started")
    return el(
        "li",
        el("a", el("span", item.title, cls="sk-game-title"), el("span", meta, cls="sk-game-meta"),
           cls="sk-game-link", href=sheet_hash(item.id)),
    )


def list_page(screen: Screen) -> El:
    listing = list(screen.listing)
    playing = [item for item in listing if not item.finished]
    done = [item for item in listing if item.finished]
    sections: list[El] = []
    for title, items in (("score.list.playing", playing), ("score.list.finished", done)):
        if items:
            sections.append(
                el("section", el("h2", key=title), el("ul", *(game_item(item) for item in items), cls="sk-game-list"),
                   cls="sk-score-card")
            )
    if not listing:
        sections.append(el("p", key="score.list.empty", cls="sk-empty"))
    damaged = el("p", key="score.list.damaged", cls="sk-notice") if screen.damaged else None
    return el(
        "div",
        head("#/", "screen.back"),
        el("h1", key="score.title"),
        el("p", key="score.list.lead", cls="lead"),
        flash(screen),
        damaged,
        el("p", el("a", key="score.new", cls="button primary sk-big", href="#/score/new", id="score-new")),
        *sections,
        el(
            "section",
            el("h2", key="score.import.title"),
            el("p", key="score.import.help"),
            el("button", key="score.import.button", type="button", cls="button", id="score-import",
               data_act="import", aria_describedby="score-import-error"),
            el("input", type="file", accept=".json,application/json", hidden=True, id="score-import-file",
               data_act="file", data_on="change", t_attrs={"aria-label": "score.import.button"}),
            field_error(screen, "import", alert=True),
            cls="sk-score-card",
        ),
        cls="sk-score sk-score-list",
    )
