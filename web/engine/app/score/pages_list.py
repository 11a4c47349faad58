"""`#/score`: the saved games (in progress first, then finished, month by month; each by last played), a new game,
and import. Each entry says its title (numbered when players repeat), where it was played, when it was started and
last played, the rounds, who leads with how many points or who won, and whether it is finished."""

from __future__ import annotations

from datetime import datetime

from app.tree import El, el, phrase, sends
from scorekeeper import SheetSummary

from . import ids
from .common import field_error, flash, head, one_field_form
from .page_state import Screen
from .pages_keepsafe import ios_card, move_all, only_here_mark, storage_line
from .where import sheet_hash


def when(ms: int) -> str:
    """A saved time as the device's local date and time, the same in every language: 2026-12-02 21:05."""
    return datetime.fromtimestamp(ms / 1000).strftime("%Y-%m-%d %H:%M")


def game_item(item: SheetSummary, mark: El | None = None) -> El:
    total = "" if item.leader_total is None else str(item.leader_total)
    if item.finished:
        meta = el(
            "span", key="score.list.won", args={"winner": item.winner or "", "rounds": item.rounds, "total": total}
        )
    elif item.rounds:
        leader = ", ".join(item.leaders)
        meta = el("span", key="score.list.playing_meta", args={"rounds": item.rounds, "leader": leader, "total": total})
    else:
        meta = el("span", key="score.list.not_started")
    dates = el(
        "span",
        key="score.list.dates",
        args={"created": when(item.created), "played": when(item.updated)},
        cls="sk-game-dates",
    )
    return el(
        "li",
        el(
            "a",
            el("span", item.title, cls="sk-game-title"),
            el("span", meta, cls="sk-game-meta"),
            el("span", key="score.list.place", args={"place": item.place}, cls="sk-game-place") if item.place else None,
            mark,
            dates,
            cls="sk-game-link" + (" sk-game-done" if item.finished else ""),
            href=sheet_hash(item.id),
        ),
    )


def link_opener(screen: Screen) -> El:
    """A sheet's link (or an "all" link) pasted and opened: how a link reaches an iOS Home Screen app."""
    return one_field_form(
        screen,
        ids.OPEN_LINK,
        ("score.import.link_label", "score.import.link_open"),
        ("score.link-text", "score.open-link"),
        screen.pending.get(ids.OPEN_LINK, ""),
        inputmode="url",  # a text field, not "url": a bare token is fine, and no browser bubble refuses it
        autocapitalize="off",
        spellcheck="false",
        enterkeyhint="go",
    )


def by_month(items: list[SheetSummary]) -> list[tuple[tuple[int, int], list[SheetSummary]]]:
    """The sheets grouped by the month of their evening (`SheetSummary.date`), the latest month first (each keeps its
    order)."""
    months: dict[tuple[int, int], list[SheetSummary]] = {}
    for item in items:
        day = datetime.fromtimestamp(item.date / 1000)
        months.setdefault((day.year, day.month), []).append(item)
    return sorted(months.items(), reverse=True)


def list_page(screen: Screen) -> El:
    listing = list(screen.listing)
    playing = [item for item in listing if not item.finished]
    done = [item for item in listing if item.finished]
    sections: list[El] = []
    if playing:
        sections.append(
            el(
                "section",
                el("h2", key="score.list.playing"),
                el("ul", *(game_item(item, only_here_mark(screen, item.id)) for item in playing), cls="sk-game-list"),
                cls="sk-score-card",
            )
        )
    if done:  # the evenings, month by month
        months: list[El] = []
        for (year, month), items in by_month(done):
            months.append(el("h3", key="date.month_year", args={"month": phrase(f"date.month.{month}"), "year": year}))
            months.append(
                el("ul", *(game_item(item, only_here_mark(screen, item.id)) for item in items), cls="sk-game-list")
            )
        sections.append(el("section", el("h2", key="score.list.finished"), *months, cls="sk-score-card sk-months"))
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
        storage_line(screen),
        ios_card(screen),
        el(
            "p",
            el("a", key="score.new", cls="button primary sk-big", href="#/score/new", id=ids.NEW),
            el("a", key="table.join", cls="button", href="#/table/join", id=ids.JOIN),
            cls="sk-actions",
        ),
        el(
            "p",
            el("a", key="score.record.title", cls="button", href="#/score/record", id=ids.RECORD_LINK),
            el("a", key="score.people.title", cls="button", href="#/score/people", id=ids.PEOPLE_LINK),
            cls="sk-actions",
        )
        if listing
        else None,
        *sections,
        el(
            "section",
            el("h2", key="score.import.title"),
            el("p", key="score.import.help"),
            el(
                "button",
                key="score.import.button",
                type="button",
                cls="button",
                id=ids.field(ids.IMPORT),
                does=sends("score.import"),
                aria_describedby=ids.error_line(ids.IMPORT),
            ),
            el(
                "input",
                type="file",
                accept=".json,application/json",
                hidden=True,
                id=ids.IMPORT_FILE,
                does=sends("score.file"),
                data_on="change",
                t_attrs={"aria-label": "score.import.button"},
            ),
            field_error(screen, ids.IMPORT, alert=True),
            link_opener(screen),
            cls="sk-score-card",
        ),
        move_all(screen),
        cls="sk-score sk-score-list",
    )
