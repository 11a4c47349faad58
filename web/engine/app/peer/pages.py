"""The pages of a table of phones, pure functions of plain values: the host's `#/table/host/<sheet id>` and what a
guest phone shows, drawn by the host's engine (`app.screens.guest`).

The host's page lists its guests (live, reconnecting or away) and shows one invitation at a time: its QR code
is a link (the app's address, `#/table/join/<code>`), so a friend's own camera opens the app on the join page with
the code in; then a way to take the guest's answer (the camera or a pasted code). A guest whose link is gone gets a
rejoin code of its own, shown by itself. A guest's page (its join steps are the page's own, web/page/guest.mjs)
is the host's sheet, live: who it is, and while the host enters a round, its own hand and the other hands as they
arrive, with what the round adds so far.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import segno

from app.score.common import dealer_badge, head
from app.score.page_state import Screen
from app.score.pages_entry import hand_box, live_text, preview_el
from app.score.pages_link import readonly_sheet
from app.score.pages_sheet import standings
from app.score.qr import svg_of
from app.score.where import sheet_hash
from app.tree import El, el, phrase, sends
from scorekeeper import RoundDraft, Sheet
from scorekeeper.link import LinkView, view_of

if TYPE_CHECKING:
    from app.play.config import AwayChoice

VIDEO_ID = "table-video"
CODE_FIELD = "table-code"


@dataclass(frozen=True, slots=True)
class GuestLine:
    name: str  # the player it claimed, or "" (just watching)
    connected: bool  # its link is open and it was heard lately
    reconnecting: bool = False  # its link is open but silent


@dataclass(frozen=True, slots=True)
class Rejoin:
    """A rejoin code for a player whose phone lost its link (its code, once the page made it)."""

    name: str
    code: str
    link: int


@dataclass(frozen=True, slots=True)
class HostPage:
    sheet_id: str
    title: str
    webrtc: bool | None  # None: not known yet
    camera: bool
    guests: tuple[GuestLine, ...]
    code: str  # the invitation waiting for its guest ("" when none, or while the page makes it)
    inviting: bool  # an invitation is open (its code may still be coming)
    error: str  # a catalogue key's tail under table.err.
    scanning: bool
    typed: str  # what is typed in the code field
    rejoin: tuple[Rejoin, ...] = ()
    base: str = "https://uno.invalid/"  # the app's address: an invitation's QR code is a link to its join page
    typed_for: Mapping[int | None, str] = field(default_factory=dict)  # what is typed for each rejoin code
    back: tuple[str, str] = ("", "")  # the way back: (route, catalogue key); ("", ""): the sheet's
    away: AwayChoice | None = None  # a game: the host's choice for a phone away (None: a sheet)
    graces: tuple[int, ...] = ()  # the graces to choose from (a game's)


@dataclass(frozen=True, slots=True)
class GuestView:
    """What a guest phone shows, drawn by the host."""

    sheet: Sheet | None
    title: str
    seat: int | None
    entering: bool  # the host is entering a round and this phone has a hand in it
    round: int
    entry: Screen | None  # this guest's keeper's screen (its hand box)
    token: str = ""  # the sheet as its link's token (a copy to keep on this phone)
    round_open: bool = False  # the host is entering a round (whether or not this phone has a hand in it)
    taken: frozenset[int] = frozenset()  # players other phones hold
    error: str = ""  # a catalogue key's tail under table.err.
    ended: bool = False  # the host stopped sharing
    view: LinkView | None = None  # the sheet's standings and rounds (worked out once for every guest)
    big: bool = False  # the standings alone, in large type (a screen the table can see)


def invitation(base: str, code: str) -> str:
    """The link a guest's camera opens: the app's join page with the host's code in."""
    return f"{base}#/table/join/{code}"


@functools.lru_cache(maxsize=8)
def code_qr(text: str, label_id: str) -> El:
    """A QR code of an invitation link (level L: the shortest code, which a phone reads across a table); made once
    for each code shown (a page of the sheet is drawn again at every tap)."""
    return svg_of(segno.make_qr(text, error="l", boost_error=False), label_id, "sk-qr table-qr")


def _qr_figure(text: str, caption_key: str, ident: str = "table-qr-title") -> El:
    return el(
        "figure",
        code_qr(text, ident),
        el("figcaption", key=caption_key, id=ident),
        cls="sk-qr-box",
    )


def _grouped(code: str) -> str:
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))


def _unsupported(webrtc: bool | None) -> El | None:
    if webrtc is False:
        return el("p", key="table.no_webrtc", cls="sk-notice", id="table-unsupported", role="status")
    return None


def _error(error: str) -> El:
    return el(
        "p",
        *([] if not error else [el("span", key=f"table.err.{error}")]),
        cls="sk-field-error",
        id="table-error",
        role="alert" if error else None,
    )


def _camera(scanning: bool) -> El:
    """The camera's picture, shown while it scans for an answer (`table.scan`: `Sessions.scan` plays it here)."""
    return el("video", id=VIDEO_ID, cls="table-video", hidden=not scanning, muted=True, playsinline=True)


def _take_code(camera: bool, scanning: bool, typed: str, label: str, act: str) -> list[El | None]:
    """The camera (while it scans) and the field for a code typed or pasted by hand."""
    return [el("div", *_take_parts(camera, scanning, typed, label, act), cls="table-take")]


def _take_parts(camera: bool, scanning: bool, typed: str, label: str, act: str) -> list[El | None]:
    return [
        _camera(scanning),
        el(
            "button",
            key="table.scan_stop" if scanning else "table.scan",
            type="button",
            cls="button" + ("" if scanning else " primary"),
            does=sends("table.unscan") if scanning else sends("table.scan", link=None),
            id="table-scan",
        )
        if camera
        else None,
        el("label", key=label, for_=CODE_FIELD),
        el(
            "input",
            type="text",
            id=CODE_FIELD,
            cls="table-code-input",
            value=typed,
            autocomplete="off",
            autocapitalize="characters",
            spellcheck="false",
            enterkeyhint="go",
            data_on="input",
            does=sends("table.code", link=None),
        ),
        el("button", key="table.connect", type="button", cls="button", id="table-connect", does=sends(act, link=None)),
    ]


def _guest_state(guest: GuestLine) -> str:
    return "table.connected" if guest.connected else "table.reconnecting" if guest.reconnecting else "table.away"


def rejoin_codes(page: HostPage) -> list[El]:
    """A code for each player whose phone lost its link, shown by itself: that phone's camera opens for it."""
    out: list[El] = []
    for rejoin in page.rejoin:
        ident = f"table-rejoin-{rejoin.link}"
        out.append(
            el(
                "div",
                el("h2", key="table.rejoin_title", args={"name": rejoin.name}),
                _qr_figure(invitation(page.base, rejoin.code), "table.invite_scan", ident)
                if rejoin.code
                else el("p", key="table.making", role="status"),
                el("output", _grouped(rejoin.code), cls="table-code", id=f"table-rejoin-code-{rejoin.link}")
                if rejoin.code
                else None,
                el(
                    "button",
                    key="table.scan",
                    type="button",
                    cls="button primary",
                    id=f"table-rejoin-scan-{rejoin.link}",
                    does=sends("table.scan", link=rejoin.link),
                )
                if page.camera and rejoin.code
                else None,
                *(_typed_answer(rejoin.link, page.typed_for.get(rejoin.link, "")) if rejoin.code else ()),
                cls="table-rejoin",
            )
        )
    return out


def rejoin_panel(page: HostPage) -> El | None:
    """The keeper's pages of a shared sheet show, by themselves, each lost phone's rejoin code (None: no phone lost),
    with the camera while it scans for that phone's answer."""
    codes = rejoin_codes(page)
    if not codes:
        return None
    return el(
        "section",
        *codes,
        _camera(page.scanning),
        el(
            "button",
            key="table.scan_stop",
            type="button",
            cls="button",
            id="table-scan-stop",
            does=sends("table.unscan"),
        )
        if page.scanning
        else None,
        _error(page.error),
        cls="table-rejoins",
        id="table-rejoins",
    )


def _typed_answer(link: int, typed: str) -> tuple[El, ...]:
    """A field and a button for that rejoin code's answer typed by hand (an answer says not which code it answers)."""
    ident = f"table-rejoin-input-{link}"
    return (
        el("label", key="table.answer_label", for_=ident),
        el(
            "input",
            type="text",
            id=ident,
            cls="table-code-input",
            value=typed,
            autocomplete="off",
            autocapitalize="characters",
            spellcheck="false",
            data_on="input",
            does=sends("table.code", link=link),
        ),
        el(
            "button",
            key="table.connect",
            type="button",
            cls="button",
            id=f"table-rejoin-connect-{link}",
            does=sends("table.accept", link=link),
        ),
    )


def host_page(page: HostPage) -> El:
    guests = el(
        "ul",
        *(
            el(
                "li",
                el("span", guest.name, cls="table-guest-name") if guest.name else el("span", key="table.watching"),
                el("span", key=_guest_state(guest), cls="table-guest-state"),
                cls="table-guest"
                + ("" if guest.connected else " table-reconnecting" if guest.reconnecting else " table-away"),
            )
            for guest in page.guests
        ),
        cls="table-guests",
        id="table-guests",
    )
    invite: list[El | None]
    if page.code:
        invite = [
            el("h2", key="table.invite_title"),
            _qr_figure(invitation(page.base, page.code), "table.invite_scan"),
            el("p", key="table.or_type"),
            el("output", _grouped(page.code), cls="table-code", id="table-offer-code"),
        ]
    elif page.inviting:
        invite = [el("p", key="table.making", role="status")]
    else:
        invite = [
            el(
                "button",
                key="table.add",
                type="button",
                cls="button primary",
                id="table-invite",
                does=sends("table.invite"),
            )
            if page.webrtc
            else None
        ]
    if page.code or any(rejoin.code for rejoin in page.rejoin):  # a guest's answer to take: the camera or typed
        invite += [
            el("h2", key="table.answer_title"),
            *_take_code(page.camera, page.scanning, page.typed, "table.answer_label", "table.accept"),
            _error(page.error),
        ]
    return el(
        "section",
        head(page.back[0], page.back[1]) if page.back[0] else head(sheet_hash(page.sheet_id), "score.back_sheet"),
        el("h1", key="table.host_title", id="table-title", tabindex="-1"),
        el("p", page.title, cls="sk-link-players"),
        _unsupported(page.webrtc),
        el("p", key="table.host_lead" if page.away is None else "play.phones.host_lead") if page.webrtc else None,
        el("h2", key="table.guests") if page.guests else None,
        guests if page.guests else None,
        *rejoin_codes(page),
        *invite,
        _stand_ins(page),
        el("button", key="table.stop", type="button", cls="button", id="table-stop", does=sends("table.stop"))
        if page.guests
        else None,
        cls="score-page sk-score table-page",
        aria_labelledby="table-title",
    )


def _stand_ins(page: HostPage) -> El | None:
    """A game's choice: a bot plays for a phone away past the grace the host chooses, or the table waits for it."""
    away = page.away
    if away is None:
        return None
    box = el(
        "input",
        type="checkbox",
        id="table-stand-in",
        data_on="change",
        checked=away.bot,
        does=sends("table.stand-in"),
    )
    grace = el(
        "select",
        *(
            el(
                "option",
                key=phrase("play.seconds", seconds=seconds),
                value=str(seconds),
                selected=seconds == away.grace_s,
            )
            for seconds in page.graces
        ),
        id="table-grace",
        data_on="change",
        disabled=not away.bot,
        does=sends("table.grace"),
    )
    return el(
        "div",
        el("div", box, el("label", key="play.phones.stand_in", for_="table-stand-in"), cls="check"),
        el("div", el("label", key="play.phones.grace", for_="table-grace"), grace, cls="field"),
        cls="table-stand-in",
    )


def guest_page(page: GuestView) -> El:
    """A guest phone's page: the host's sheet, who this phone is, its hand while a round is entered."""
    if page.big and page.sheet is not None:
        return big_page(page, page.sheet)
    return el(
        "section",
        el("h1", key="table.join_title", id="table-title", tabindex="-1"),
        _status(page),
        _error(page.error),
        *_sheet(page),
        cls="score-page sk-score table-page",
        aria_labelledby="table-title",
    )


def big_page(page: GuestView, sheet: Sheet) -> El:
    """The standings alone in large type, live: a laptop or a phone on its stand that the whole table can read.
    Its button asks the page for the full screen too (`data-fullscreen`, `ui.host`)."""
    view = sheet.tally()
    if view.finished:
        key, args = "table.big_final", {"rounds": len(sheet.rounds)}
    elif page.round_open:
        key, args = "table.big_entering", {"round": page.round}
    else:
        key, args = "table.big_played", {"rounds": len(sheet.rounds)}
    state = el("p", key=key, args=args, role="status", cls="table-big-round")
    dealer = dealer_badge(sheet.players[view.dealer]) if view.dealer is not None and not view.finished else None
    return el(
        "section",
        el("h1", page.title, cls="table-big-title", id="table-title", tabindex="-1"),
        state,
        dealer,
        standings(sheet, view, final=view.finished),
        el(
            "p",
            el(
                "button",
                key="table.big_leave",
                type="button",
                cls="button",
                does=sends("table.big", checked=False),
                data_fullscreen="off",
                id="table-big-off",
            ),
            cls="sk-actions",
        ),
        cls="score-page sk-score table-page table-big",
        aria_labelledby="table-title",
    )


def _status(page: GuestView) -> El:
    state = "ended" if page.ended else "live"
    return el("p", key=f"table.{state}", cls="table-status", id="table-status", role="status", data_state=state)


def _sheet(page: GuestView) -> list[El | None]:
    sheet = page.sheet
    if sheet is None:
        return [el("p", key="table.waiting", role="status")]
    if page.seat is None and not page.ended:
        who: El | None = el(
            "div",
            el("h2", key="table.who"),
            *(
                el(
                    "button",
                    name,
                    type="button",
                    cls="button",
                    disabled=seat in page.taken,
                    does=sends("table.claim", seat=seat),
                    id=f"table-claim-{seat}",
                )
                for seat, name in enumerate(sheet.players)
            ),
            cls="table-who sk-actions",
            id="table-who",
        )
    else:
        who = (
            el("p", key="table.you_are", args={"name": sheet.players[page.seat]}, id="table-you")
            if page.seat is not None
            else None
        )
    hand: El | None = None
    if page.entering and page.seat is not None and page.entry is not None and page.entry.draft is not None:
        hand = el(
            "div",
            el("h2", key="table.your_hand", args={"round": page.round}),
            el("ul", hand_box(page.entry, sheet, page.entry.draft, page.seat), cls="sk-hands"),
            cls="table-hand",
            id="table-hand",
        )
    others = None
    if page.round_open and page.entry is not None and page.entry.draft is not None:
        others = _round_so_far(page.entry, sheet, page.entry.draft, page.seat, page.round)
    keep = (
        el("a", key="table.keep", cls="button", href=f"#/score/link/{page.token}", id="table-keep")
        if page.token
        else None
    )
    big = el(
        "button",
        key="table.big_show",
        type="button",
        cls="button",
        does=sends("table.big", checked=True),
        data_fullscreen="on",
        id="table-big-on",
    )
    return [
        el("p", page.title, cls="sk-link-players"),
        who,
        hand,
        others,
        readonly_sheet(sheet, page.view or view_of(sheet)),
        el("div", big, keep, cls="sk-actions"),
    ]


def _round_so_far(entry: Screen, sheet: Sheet, draft: RoundDraft, seat: int | None, round_no: int) -> El:
    """The round being entered as the host holds it: who went out, each other hand's points as it arrives, and
    what the round adds so far (the keeper's own preview)."""
    wild = sheet.options.wild_points
    rows: list[El] = []
    for other, name in enumerate(sheet.players):
        if other == seat:
            continue
        hand = draft.hands[other]
        if other == draft.winner:
            state = el("span", key="score.went_out", cls="sk-went-out")
        elif hand.is_blank:
            state = el("span", key="table.not_yet")
        else:
            state = live_text(hand.live_points(wild))
        rows.append(el("li", el("span", name, cls="sk-hand-name"), state, cls="table-guest"))
    key = "table.other_hands" if seat is not None else "table.all_hands"
    return el(
        "div",
        el("h2", key=key, args={"round": round_no}),
        el("ul", *rows, cls="table-guests"),
        preview_el(entry, sheet, draft),
        cls="table-round",
        id="table-round",
    )
