"""What keeps sheets from being lost: the list's storage line, the iOS Home Screen card, the "only on
this phone" mark, "Move all my sheets", the sheet's "Keep a copy" offer (never a dialog), and `#/score/all/...`."""

from __future__ import annotations

from app.tree import El, Phrase, el, sends

from . import ids
from .common import head
from .page_state import Screen
from .pages_link import LinkWords, bad_link_page, qr_link_page
from .where import Where, sheet_hash


def storage_line(screen: Screen) -> El:
    """Where the sheets are kept, honestly: kept, or what may delete them."""
    return el(
        "p",
        key=f"score.keep.status_{screen.storage}",
        id=ids.STORAGE,
        cls="sk-storage" + (" sk-notice" if screen.storage in ("ios_tab", "may_delete") else ""),
        tabindex="-1",
        data_status=screen.storage,
    )


def ios_card(screen: Screen) -> El | None:
    """How to add the app to the Home Screen, and that Safari's sheets do not move there by themselves."""
    if not screen.ios_card:
        return None
    return el(
        "section",
        el("h2", key="score.ios.title"),
        el("ol", el("li", key="score.ios.step_share"), el("li", key="score.ios.step_add")),
        el("p", key="score.ios.apart"),
        el("p", key="score.ios.move"),
        el("button", key="score.ios.done", type="button", cls="button", does=sends("score.ios-done"), id=ids.IOS_DONE),
        cls="sk-score-card sk-ios-card",
        id=ids.IOS_CARD,
        role="note",
    )


def only_here_mark(screen: Screen, sheet_id: str) -> El | None:
    """A sheet whose rounds are not kept anywhere else (no link shared, no file exported since)."""
    if sheet_id not in screen.only_here:
        return None
    return el("span", key="score.keep.only_here", cls="sk-badge sk-only-here")


def move_all(screen: Screen) -> El | None:
    """One link with every sheet (or the backup file), for the Home Screen app or another phone."""
    if not screen.listing:
        return None
    return el(
        "section",
        el("h2", key="score.move.title"),
        el("p", key="score.move.help"),
        el(
            "div",
            el("a", key="score.move.link", cls="button", href=Where("moveall").to_hash(), id=ids.MOVE_ALL),
            el(
                "button",
                key="score.move.file",
                type="button",
                cls="button",
                does=sends("score.move-file"),
                id=ids.MOVE_FILE,
            ),
            cls="sk-actions",
        ),
        cls="sk-score-card",
    )


def copy_offer(screen: Screen) -> El | None:
    """After a saved round, once an evening: "Keep a copy" (its link or a file), in the page, never a dialog."""
    if not screen.copy_offer or screen.saved is None:
        return None
    return el(
        "aside",
        el("p", key="score.keep.offer", id=ids.COPY_OFFER_TEXT),
        el(
            "div",
            el("a", key="score.keep.offer_link", cls="button primary", href=sheet_hash(screen.saved.id, "link")),
            el("button", key="score.keep.offer_later", type="button", cls="button", does=sends("score.no-copy")),
            cls="sk-actions",
        ),
        cls="sk-score-card sk-copy-offer",
        id=ids.COPY_OFFER,
        aria_labelledby=ids.COPY_OFFER_TEXT,
    )


ALL_LINK = LinkWords("score.move.title", "score.move.scan", "score.move.too_long", "score.move.label")


def moveall_page(screen: Screen) -> El:
    """`#/score/all`: every sheet here in one link, its QR code (when the sheets fit one), Share, and the file."""
    file = el(
        "button", key="score.move.file", type="button", cls="button", does=sends("score.move-file"), id=ids.MOVE_FILE
    )
    return qr_link_page(screen, head("#/score", "score.back_list"), ALL_LINK, "score.move-all", file)


def openall_page(screen: Screen) -> El:
    """The sheets an "all" link carries, and "Keep them all on this phone" (or why the link can't be opened)."""
    if isinstance(screen.moved, Phrase):
        return bad_link_page(screen.moved)
    items = [
        el(
            "li",
            el("span", title, cls="sk-game-title"),
            el("span", key="score.move.rounds", args={"n": len(sheet.rounds)}),
        )
        for title, sheet in screen.moved
    ]
    return el(
        "section",
        head("#/score", "score.back_list"),
        el("h1", key="score.move.open_title", args={"n": len(items)}, id=ids.TITLE, tabindex="-1"),
        el("ul", *items, cls="sk-game-list", id=ids.MOVED),
        el(
            "button",
            key="score.move.keep",
            type="button",
            cls="button primary",
            does=sends("score.keep-all"),
            id=ids.KEEP_ALL,
        ),
        cls="score-page sk-open-page",
        aria_labelledby=ids.TITLE,
    )
