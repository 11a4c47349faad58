"""`#/score/<id>/link`: the sheet's QR code, its link to copy and "Share"; `#/score/link/<token>`: the sheet a
link carries, read-only (standings, rounds, dealer), with "Keep it on this phone".

The read-only sheet is drawn from a `LinkView` (the tally's results); `web/page/link-prepaint.js` draws the same
markup from the link's own carried view before Python is ready.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.tree import El, Phrase, el, phrase, sends
from scorekeeper import Sheet
from scorekeeper.link import LinkView, view_of

from . import ids
from .common import flash, head
from .page_state import Screen
from .qr import qr_svg
from .sharing import LinkOpen
from .where import sheet_hash


@dataclass(frozen=True, slots=True)
class LinkWords:
    """The catalogue keys of a QR-link page: its title, what to do with the code, why there is none, the
    link's label."""

    title: str
    scan: str
    too_long: str
    label: str


SHEET_LINK = LinkWords("score.link.title", "score.link.scan", "score.link.too_long", "score.link.label")


def qr_link_page(screen: Screen, back: El, words: LinkWords, share_act: str, file_button: El) -> El:
    """A link's page: its QR code (or why there is none), the link to copy, Share (`share_act`) and a file."""
    code = qr_svg(screen.link, ids.QR_TITLE)
    picture = (
        el("figure", code, el("figcaption", key=words.scan, id=ids.QR_TITLE), cls="sk-qr-box")
        if code is not None
        else el("p", key=words.too_long, cls="sk-notice", id=ids.QR_TITLE)
    )
    return el(
        "section",
        back,
        el("h1", key=words.title, id=ids.TITLE, tabindex="-1"),
        flash(screen),
        picture,
        el("label", key=words.label, for_=ids.LINK_TEXT),
        el("input", id=ids.LINK_TEXT, cls="sk-link-text", value=screen.link, readonly=True, type="url"),
        el(
            "div",
            el("button", key="score.link.share", type="button", cls="button primary", does=sends(share_act)),
            file_button,
            cls="sk-actions",
        ),
        cls="score-page sk-link-page",
        aria_labelledby=ids.TITLE,
    )


def link_page(screen: Screen) -> El:
    """`#/score/<id>/link`: the sheet's QR code, its link, Share and Export."""
    saved = screen.saved
    assert saved is not None
    export = el("button", key="score.export", type="button", cls="button", does=sends("score.export"), id=ids.EXPORT)
    return qr_link_page(screen, head(sheet_hash(saved.id), "score.back_sheet"), SHEET_LINK, "score.share-link", export)


def readonly_sheet(sheet: Sheet, view: LinkView) -> El:
    """The sheet as a link shows it: who deals (or who won), the standings, each round."""
    names = sheet.players
    label = [" & ".join(names[seat] for seat in standing.seats) for standing in view.standings]
    winner = next((text for text, standing in zip(label, view.standings, strict=True) if standing.winner), None)
    if winner is not None:
        top = el("p", el("span", key="score.link.winner", args={"name": winner}), cls="sk-dealer-now")
    elif view.next_dealer is not None:
        top = el("p", el("span", key="score.deals_now", args={"name": names[view.next_dealer]}), cls="sk-dealer-now")
    else:
        top = None
    standings = el(
        "ol",
        *(
            el(
                "li",
                el("span", f"{standing.rank}.", cls="sk-rank"),
                el("span", el("span", text, cls="sk-who-name"), cls="sk-who"),
                el("span", el("strong", str(standing.total), cls="sk-total"), cls="sk-score-num"),
                cls="sk-standing" + (" sk-is-leader" if standing.leader or standing.winner else ""),
            )
            for text, standing in zip(label, view.standings, strict=True)
        ),
        cls="sk-standings",
        id=ids.LINK_STANDINGS,
    )
    rows = []
    for number, (round_, row) in enumerate(zip(sheet.rounds, view.rounds, strict=True), start=1):
        gains = ", ".join(f"{text} +{gain}" for text, gain in zip(label, row.gained, strict=True) if gain)
        rows.append(
            el(
                "tr",
                el("th", str(number), scope="row"),
                el("td", names[row.dealer]),
                el("td", names[round_.winner]),
                el("td", gains or "–"),
            )
        )
    table = el(
        "table",
        el(
            "thead",
            el(
                "tr",
                el("th", "#", scope="col"),
                el("th", key="score.link.col_dealer", scope="col"),
                el("th", key="score.link.col_out", scope="col"),
                el("th", key="score.link.col_gain", scope="col"),
            ),
        ),
        el("tbody", *rows),
        cls="sk-rounds sk-link-rounds",
    )
    return el(
        "div",
        top,
        el("h2", key="score.standings"),
        standings,
        el("h2", key="score.rounds") if rows else None,
        el("div", table, cls="sk-table-wrap") if rows else None,
        cls="sk-link-sheet",
    )


def bad_link_page(error: Phrase) -> El:
    """A link that cannot be opened (a sheet's or an "all" link): why, and that nothing changed."""
    return el(
        "section",
        head("#/score", "score.back_list"),
        el("h1", key="score.link.bad_title", id=ids.TITLE, tabindex="-1"),
        el("p", key=error, cls="sk-notice", role="alert", id=ids.LINK_ERROR),
        el("p", key="score.link.bad_nothing"),
        cls="score-page sk-open-page",
        aria_labelledby=ids.TITLE,
    )


def open_page(screen: Screen, found: LinkOpen) -> El:
    """The sheet of an opened link, read-only, and what keeping it would do here."""
    if found.opened is None:
        return bad_link_page(found.error or phrase("score.err.link_corrupt"))
    back = head("#/score", "score.back_list")
    sheet = found.opened.sheet
    differs = (
        None
        if found.opened.agrees
        else el("p", key="score.link.differs", cls="sk-notice", role="status", id=ids.LINK_DIFFERS)
    )
    if found.same is not None:
        actions: list[El | None] = [
            el("p", key="score.link.here", args={"title": found.same.title}),
            el("a", key="score.open_saved", cls="button primary", href=sheet_hash(found.same.id), id=ids.OPEN_SAVED),
        ]
    elif found.older is not None:
        actions = [
            el(
                "p",
                key="score.link.older_here",
                args={"here": len(found.older.sheet.rounds), "there": len(sheet.rounds)},
            ),
            el(
                "button",
                key="score.link.update",
                type="button",
                cls="button primary",
                does=sends("score.keep-update"),
            ),
            el("button", key="score.link.keep_new", type="button", cls="button", does=sends("score.keep")),
        ]
    else:
        newer = (
            el("p", key="score.link.newer_here", args={"here": len(found.newer.sheet.rounds)})
            if found.newer is not None
            else None
        )
        actions = [
            newer,
            el(
                "button",
                key="score.link.keep",
                type="button",
                cls="button primary",
                does=sends("score.keep"),
                id=ids.KEEP,
            ),
        ]
    return el(
        "section",
        back,
        el("h1", key="score.link.open_title", id=ids.TITLE, tabindex="-1"),
        el("p", ", ".join(sheet.players), cls="sk-link-players"),
        differs,
        readonly_sheet(sheet, view_of(sheet)),
        el("div", *actions, cls="sk-actions sk-link-keep"),
        cls="score-page sk-open-page",
        aria_labelledby=ids.TITLE,
    )
