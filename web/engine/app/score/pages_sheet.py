"""`#/score/<id>`: who deals now, the standings (leader marked, distance to the target), the
table of rounds with running totals, a chart, the match end with "play again", and the
sheet's actions (undo, share, export, players and options, delete)."""

from __future__ import annotations

from app.tree import El, el, sends
from scorekeeper import SavedSheet, Sheet, Tally
from uno_core.rules import Scoring

from . import ids
from .card import when_played
from .chart import chart, swatch_class
from .common import ask_then_confirm, dealer_badge, field_error, flash, head, sr
from .page_state import Screen
from .pages_keepsafe import copy_offer
from .pages_people import join_card
from .pages_story import story_card
from .where import sheet_hash


def standings(sheet: Sheet, view: Tally, final: bool) -> El:
    items = []
    for standing in view.standings:
        badges: list[El | None] = []
        if standing.winner:
            badges.append(el("span", key="score.badge_winner", cls="sk-badge sk-win"))
        elif standing.leader and not final:
            badges.append(el("span", key="score.leader", cls="sk-badge"))
        if view.finished or sheet.options.scoring is Scoring.SINGLE_ROUND:
            togo = None
        elif standing.to_target:
            togo = el("span", key="score.to_go", args={"points": standing.to_target}, cls="sk-to-go")
        else:
            togo = el("span", key="score.reached", cls="sk-to-go")
        items.append(
            el(
                "li",
                el("span", f"{standing.rank}.", cls="sk-rank"),
                el(
                    "span",
                    el("span", cls=swatch_class(standing.side), aria_hidden="true"),
                    el("span", standing.label, cls="sk-who-name"),
                    *badges,
                    cls="sk-who",
                ),
                el("span", el("strong", str(standing.total), cls="sk-total"), togo, cls="sk-score-num"),
                cls="sk-standing" + (" sk-is-leader" if standing.leader or standing.winner else ""),
            )
        )
    return el("ol", *items, cls="sk-standings")


def rounds_table(screen: Screen, sheet: Sheet, view: Tally) -> El:
    penalty = sheet.options.scoring is Scoring.PENALTY
    head_row = el(
        "tr",
        el("th", el("span", "#", aria_hidden="true"), sr("score.col_round"), scope="col"),
        *(el("th", name, scope="col") for name in sheet.players),
    )
    body = []
    for row in view.rows:
        cells = []
        for seat in range(len(sheet.players)):
            side = view.sides[seat]
            parts: list[El | None] = []
            if seat == row.winner:
                gain = row.gained[side]
                parts.append(el("span", sr("score.cell.out"), f"+{gain}" if gain or not penalty else "✓", cls="sk-out"))
            elif row.entered[seat] is None:
                parts.append(el("span", "–", cls="sk-hand-pts"))
            else:
                points = row.points[seat]
                parts.append(el("span", f"+{points}" if penalty else str(points), cls="sk-hand-pts"))
            if seat == row.dealer:
                parts.append(
                    el(
                        "span",
                        el("span", key="score.cell.dealt_mark", aria_hidden="true"),
                        sr("score.cell.dealt"),
                        cls="sk-dealt",
                    )
                )
            parts.append(el("span", str(row.totals[side]), cls="sk-run"))
            cells.append(el("td", *parts, cls="sk-is-winner" if seat == row.winner else None))
        edit = el(
            "a",
            el("span", str(row.number)),
            el("span", "✎", aria_hidden="true"),
            cls="sk-edit-round",
            href=sheet_hash(screen.where.sheet_id, "round", row.number),
            t_attrs={"aria-label": ("score.edit_round", {"n": row.number})},
        )
        body.append(el("tr", el("th", edit, scope="row"), *cells))
    foot = el(
        "tr",
        el("th", key="score.totals", scope="row"),
        *(
            el(
                "td",
                el("strong", str(view.totals[view.sides[seat]])),
                cls="sk-is-leader" if view.sides[seat] in view.leaders else None,
            )
            for seat in range(len(sheet.players))
        ),
    )
    return el(
        "div",
        el("table", el("thead", head_row), el("tbody", *body), el("tfoot", foot), cls="sk-rounds"),
        cls="sk-table-wrap",
        role="region",
        tabindex="0",
        aria_labelledby=ids.ROUNDS_TITLE,
    )


def table_legend(sheet: Sheet) -> El:
    """What the marks of the rounds table mean, for everyone (cells carry the same for screen readers)."""
    penalty = sheet.options.scoring is Scoring.PENALTY
    items = (
        (
            el("span", "✓" if penalty else "+99", cls="sk-out"),
            "score.legend.out_penalty" if penalty else "score.legend.out",
        ),
        (
            el("span", "+12" if penalty else "12", cls="sk-hand-pts"),
            "score.legend.hand_penalty" if penalty else "score.legend.hand",
        ),
        (el("span", "214", cls="sk-run"), "score.legend.total"),
        (el("span", el("span", key="score.cell.dealt_mark"), cls="sk-dealt"), "score.legend.dealt"),
    )
    return el(
        "div",
        el("h3", key="score.legend.title", id=ids.LEGEND_TITLE),
        el(
            "ul",
            *(
                el("li", el("span", sample, cls="sk-sample", aria_hidden="true"), el("span", key=key))
                for sample, key in items
            ),
            cls="sk-table-legend",
            aria_labelledby=ids.LEGEND_TITLE,
        ),
    )


def summary_card(screen: Screen) -> El | None:
    """The round just saved, line by line, with a button that shares it as text."""
    if not screen.summary:
        return None
    return el(
        "section",
        el("h2", key="score.summary.title", id=ids.SUMMARY_TITLE),
        el("ul", *(el("li", key=line) for line in screen.summary), cls="sk-summary"),
        el(
            "button",
            key="score.summary.share",
            type="button",
            cls="button",
            does=sends("score.summary"),
            id=ids.SUMMARY_SHARE,
        ),
        cls="sk-score-card",
        aria_labelledby=ids.SUMMARY_TITLE,
    )


def trophy() -> El:
    """A gold star (drawn: emoji fonts are not everywhere)."""
    star = "32,4 40,23 60,24 44,37 50,57 32,46 14,57 20,37 4,24 24,23"
    return el(
        "svg",
        el("polygon", points=star, fill="#f59e0b", stroke="#92400e", stroke_width="2", stroke_linejoin="round"),
        viewBox="0 0 64 64",
        width="56",
        height="56",
        cls="sk-trophy",
        aria_hidden="true",
        focusable="false",
    )


def winner_panel(screen: Screen, saved: SavedSheet, view: Tally) -> El:
    sheet = saved.sheet
    assert view.winner_side is not None
    label = view.side_labels[view.winner_side]
    return el(
        "section",
        trophy(),
        el("h2", key="score.winner", args={"name": label}, id=ids.WINNER_TITLE),
        el("p", key=when_played(saved), cls="sk-hint"),
        el("h3", key="score.final"),
        standings(sheet, view, final=True),
        el(
            "div",
            el(
                "button",
                key="score.again",
                type="button",
                cls="button primary sk-big",
                does=sends("score.again"),
                id=ids.AGAIN,
            ),
            el("button", key="score.share", type="button", cls="button", does=sends("score.share")),
            el("button", key="score.card.share", type="button", cls="button", does=sends("score.picture"), id=ids.CARD),
            cls="sk-actions",
        ),
        cls="sk-score-card sk-winner-panel",
        aria_labelledby=ids.WINNER_TITLE,
    )


def sheet_page(screen: Screen) -> El:
    saved = screen.saved
    if saved is None:
        return el(
            "div",
            head("#/score", "score.back_list"),
            el("h1", key="score.title"),
            el("p", key="score.not_found", cls="sk-notice"),
            cls="sk-score",
        )
    sheet, view = saved.sheet, saved.sheet.tally()
    sheet_id = screen.where.sheet_id
    problems = sheet.setup_problems()
    top: list[El | None] = []
    if problems:
        top.append(el("p", key="score.needs_setup", cls="sk-notice"))
        top.append(el("a", key="score.edit_setup", cls="button primary sk-big", href=sheet_hash(sheet_id, "setup")))
    elif view.finished:
        top.append(winner_panel(screen, saved, view))
    else:
        if view.dealer is not None:
            top.append(dealer_badge(sheet.players[view.dealer]))
        top.append(
            el(
                "a",
                key="score.enter_round",
                args={"n": len(sheet.rounds) + 1},
                cls="button primary sk-big",
                href=sheet_hash(sheet_id, "round"),
                id=ids.ENTER,
            )
        )
    meta_key = f"score.meta.{sheet.options.scoring.value}"
    parts: list[El | None] = [
        head("#/score", "score.back_list"),
        el("h1", saved.title, id=ids.TITLE),
        el("p", key=meta_key, args={"target": sheet.options.target}, cls="sk-meta"),
        flash(screen),
        *top,
        summary_card(screen),
        copy_offer(screen),
    ]
    if not view.finished and view.rows:
        parts.append(
            el("section", el("h2", key="score.standings"), standings(sheet, view, final=False), cls="sk-score-card")
        )
    if view.rows:
        parts.append(
            el(
                "section",
                el("h2", key="score.rounds", id=ids.ROUNDS_TITLE),
                rounds_table(screen, sheet, view),
                table_legend(sheet),
                cls="sk-score-card",
            )
        )
        if sheet.options.scoring is not Scoring.SINGLE_ROUND:
            legend = el(
                "ul",
                *(
                    el("li", el("span", cls=swatch_class(side), aria_hidden="true"), label)
                    for side, label in enumerate(view.side_labels)
                ),
                cls="sk-legend",
            )
            parts.append(
                el(
                    "section",
                    el("h2", key="score.chart", id=ids.CHART_TITLE),
                    chart(view.running, view.target, ids.CHART_TITLE),
                    legend,
                    cls="sk-score-card",
                )
            )
    parts.append(join_card(screen))
    if not problems:
        parts.append(story_card(screen, saved))
    parts.append(actions(screen, sheet, view))
    return el("div", *parts, cls="sk-score sk-score-sheet")


def actions(screen: Screen, sheet: Sheet, view: Tally) -> El:
    sheet_id = screen.where.sheet_id
    buttons: list[El | None] = [
        el("button", key="score.undo", type="button", cls="button", does=sends("score.undo"), id=ids.UNDO)
        if sheet.rounds
        else None,
        el("button", key="score.share", type="button", cls="button", does=sends("score.share"), id=ids.SHARE)
        if sheet.rounds
        else None,
        el("a", key="score.link.open", cls="button", href=sheet_hash(sheet_id, "link"), id=ids.LINK),
        el(
            "a",
            key="table.shared" if screen.phones else "table.invite",
            args={"n": screen.phones} if screen.phones else None,
            cls="button",
            href=f"#/table/host/{sheet_id}",
            id=ids.INVITE,
        ),
        el("button", key="score.export", type="button", cls="button", does=sends("score.export"), id=ids.EXPORT),
        el("a", key="score.edit_setup", cls="button", href=sheet_hash(sheet_id, "setup"), id=ids.SETUP),
    ]
    buttons.append(
        ask_then_confirm(screen, "delete-game", "score.delete_game", "score.delete_confirm", "score.delete_yes")
    )
    return el(
        "section",
        el("h2", key="score.actions", cls="sk-sr-only"),
        el("div", *buttons, cls="sk-actions"),
        field_error(screen, ids.PAGE, alert=True),
        cls="sk-sheet-actions",
    )
