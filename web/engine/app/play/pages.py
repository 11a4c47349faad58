"""The table's pages: `render(screen)` is the element tree of `#play` for a `TableScreen` (pure: no DOM,
no session, no controller; tested on CPython in tests/web_play/test_pages.py).

The root's `data-*` attributes (screen, phase, position, busy, thinking) go on the mounted `#play`;
its children replace that element's. Every choice offered is one of `screen.legal`.
"""

from __future__ import annotations

from app.tree import El, Phrase, el, phrase, sends
from uno_core import CHALLENGE, DRAW, KEEP, SAY_UNO, Catch, ChooseColour, Colour, Phase, Play, SeatView

from . import describe
from .panels import handoff_panel, match_panel, reveal_panel, round_panel
from .parts import Words, button, card_back, card_face, cards_row, colour_badge, colour_button, says
from .picker import COLOUR, COUNT, can_say_uno_with_play, playable_cards
from .table_state import TableScreen


def render(screen: TableScreen) -> El:
    """`<div id="play">` with the page for `screen.page`."""
    if screen.page == "none" or screen.view is None:
        return el(
            "div",
            el("h1", key="play.table.title"),
            el("p", key="play.table.no_game"),
            el("a", key="play.table.to_setup", cls="button primary", href="#/play"),
            cls="play",
            id="play",
        )
    panels = {"match-end": match_panel, "round-end": round_panel, "drawn": reveal_panel, "handoff": handoff_panel}
    part = panels.get(screen.page)
    parts = (top_bar(screen, False), part(screen)) if part is not None else table(screen, screen.view)
    return el(
        "div",
        *parts,
        log_section(screen),
        cls="play",
        id="play",
        data_phase=screen.phase,
        data_position=str(screen.position),
        data_screen=screen.page,
        data_busy="1" if screen.busy else "0",
        data_thinking="1" if screen.thinking else "0",
        data_motion="1" if screen.motion else "0",
    )


def top_bar(screen: TableScreen, playing: bool = True) -> El:
    """One compact row: the round (while it is played), the sound switch and the menu (how to play, set-up, the
    game's file)."""
    me = screen.view
    file_input = el(
        "input",
        type="file",
        accept="application/json,.json",
        id="play-import",
        cls="file-input",
        data_on="change",
        does=sends("play.import"),
    )
    if screen.guest:  # a guest phone: the game, its file and its set-up are the host's
        return el(
            "div",
            el("h1", key="play.table.title", cls="sr-only"),
            el("span", key=phrase("play.table.round", round=me.round_no) if playing and me else "", cls="round-label"),
            cls="table-bar",
        )
    menu = el(
        "details",
        el("summary", key="play.menu.title", data_focus="menu"),
        el(
            "div",
            el("a", key="play.howto", cls="button", href="#/howto"),
            el("a", key="play.menu.setup", cls="button", href="#/play"),
            el("a", key="play.phones.invite", cls="button", href="#/table/host/play", id="play-invite-phones")
            if screen.phones
            else None,
            button(phrase("play.menu.export"), sends("play.export")),
            el("label", el("span", key="play.menu.import"), file_input, cls="button file-label"),
            cls="menu-items",
        ),
        cls="table-menu",
    )
    return el(
        "div",
        el("h1", key="play.table.title", cls="sr-only"),
        # no empty text node: HTML drops it, and the next drawing's paths would miss (app.diff)
        el("span", key=phrase("play.table.round", round=me.round_no) if playing and me else "", cls="round-label"),
        sound_switch(screen),
        menu,
        cls="table-bar",
    )


def sound_switch(screen: TableScreen) -> El:
    """Sounds and vibration on or off (remembered), drawn as a switch; `fresh` until first touched on this
    device."""
    on = screen.sound
    return el(
        "button",
        el("span", "♪", cls="sound-icon", aria_hidden="true"),
        el("span", key="play.sound.label", cls="sound-label"),
        el("span", el("span", cls="switch-knob"), cls="switch-track", aria_hidden="true"),
        cls="sound-switch" + ("" if on else " off") + ("" if screen.sound_asked else " fresh"),
        type="button",
        data_focus="sound",
        does=sends("play.sound"),
        aria_pressed="true" if on else "false",
    )


def table(screen: TableScreen, me: SeatView) -> tuple[El | None, ...]:
    """The bar and the seats along the top, the piles in the middle, and the dock along the bottom: what to
    do now, its buttons and the hand (play.css lays them out on one screen)."""
    return (top_bar(screen), seats(screen, me), centre(screen, me), last_action(screen), dock(screen, me))


def dock(screen: TableScreen, me: SeatView) -> El:
    hint, revealed = screen.hint, screen.revealed
    return el(
        "div",
        el("p", key=status_text(screen, me), cls="status", id="play-status"),
        timed_out(screen, me),
        el("p", key=screen.notice, cls="notice", role="alert") if screen.notice else None,
        None
        if hint is None
        else el(
            "p",
            key=phrase("play.hint.text", action=describe.phrase_of(describe.action_line(hint, me.names), screen.has)),
            cls="hint-line",
            data_hint=str(hint),
        ),
        None
        if revealed is None
        else el(
            "section",
            el("h2", key=phrase("play.revealed.title", name=revealed[0])),
            cards_row(revealed[1]),
            cls="revealed",
            data_panel="revealed",
        ),
        reactions(screen),
        chooser(screen, me),
        actions(screen, me),
        hand(screen, me) if me.seat is not None else None,
        cls="dock",
    )


def timed_out(screen: TableScreen, me: SeatView) -> El | None:
    """Whose time ran out last (the turn timer: a bot made that move), on every table until a person moves."""
    seat = screen.timed_out
    if seat is None:
        return None
    you = seat == me.seat and screen.has("play.timer.out.you")
    words = phrase("play.timer.out.you") if you else phrase("play.timer.out", name=me.names[seat])
    return el("p", key=words, cls="notice timed-out", role="status", data_seat=str(seat))


def turn_timer(screen: TableScreen, seat: int) -> El | None:
    """The time left of the turn being timed, on its seat: the page counts it down (play.css), from the whole
    seconds left when drawn (a drawing in the same second leaves it running, `app.diff`)."""
    turn = screen.turn
    if turn is None or turn.seat != seat:
        return None
    return el(
        "span",
        key=phrase("play.seconds", seconds=turn.left_s),
        cls="seat-timer",
        data_delay_ms=str(turn.delay_ms),
        data_left=str(turn.left_s),
    )


LONG_NAME, LONGER_NAME = 8, 11  # characters from which a seat's name is drawn smaller, to fit its chip whole


def name_class(name: str) -> str:
    """A seat's name's classes: smaller when long, so "Benedetta" fits a phone's chip without breaking."""
    if len(name) >= LONGER_NAME:
        return "seat-name longer"
    return "seat-name long" if len(name) >= LONG_NAME else "seat-name"


def seats(screen: TableScreen, me: SeatView) -> El:
    skipped = skipped_seat(screen)
    items = []
    for seat, name in enumerate(me.names):
        size = me.hand_sizes[seat]
        level = screen.levels[seat]
        tags = [phrase(f"play.level.{level}") if level is not None else phrase("play.seat.human")]
        short = [phrase(f"play.level_short.{level}") if level is not None else phrase("play.seat.human")]
        if me.rules.teams:
            tags.append(phrase("play.seat.team", team=chr(ord("A") + me.sides[seat])))
            short.append(tags[-1])
        if seat == me.dealer:
            tags.append(phrase("play.seat.dealer"))
        points = me.totals[me.sides[seat]]
        label: list[Words] = [phrase("play.seat.label", name=name, kind=tuple(tags), count=size, points=points)]
        if seat == me.current:
            label += [". ", phrase("play.seat.their_turn")]
        if seat == skipped:
            label += [". ", phrase("play.seat.skipped")]
        timer = turn_timer(screen, seat)
        if timer is not None and screen.turn is not None:
            label += [". ", phrase("play.timer.left", seconds=screen.turn.left_s)]
        inner = el(
            "span",
            el("span", name, cls=name_class(name)),
            el(
                "span",
                *(el("span", key=tag) for tag in short),
                el("span", key="play.seat.dealer_short", cls="dealer-chip") if seat == me.dealer else None,
                cls="seat-tags",
            ),
            el(
                "span",
                el("span", card_back("mini"), el("span", str(size)), cls="seat-count"),
                el("span", key=phrase("play.points", points=points), cls="seat-score"),
                cls="seat-line",
            ),
            el("span", "UNO!", cls="seat-uno") if me.said_uno[seat] and size == 1 else None,
            el("span", "⊘", cls="seat-skip") if seat == skipped else None,
            timer,
            cls="seat-inner",
            aria_hidden="true",
        )
        cls = "seat" + (" current" if seat == me.current else "") + (" me" if seat == me.seat else "")
        cls += " skipped" if seat == skipped else ""
        items.append(el("li", inner, says("span", *label, cls="sr-only"), cls=cls, data_seat=str(seat)))
    return el("ol", *items, cls="seats", t_attrs={"aria-label": phrase("play.table.players")})


def skipped_seat(screen: TableScreen) -> int | None:
    """The seat that just lost its turn: the log's newest line says so."""
    newest = screen.log[0] if screen.log else None
    return newest.seat if newest is not None and newest.key == "play.log.skipped" else None


def last_action(screen: TableScreen) -> El:
    """The last thing that happened and what it caused (or the one before it), in words, on the table itself
    (screen readers hear them from the live region as they happen)."""
    you = screen.view.seat if screen.view is not None else None
    parts = [
        el(
            "span",
            key=describe.phrase_of(item, screen.has, you, short=True),
            cls="newest" if last else "older",
            data_key=item.key,
        )
        for item, last in screen.recent
    ]
    return el("p", *parts, cls="last-action", id="last-action")


def draw_label(me: SeatView) -> Phrase:
    return phrase("play.action.take", count=me.pending_draw) if me.phase is Phase.STACK else phrase("play.action.draw")


def centre(screen: TableScreen, me: SeatView) -> El:
    pile = el(
        "button",
        says("span", draw_label(me), ": ", cls="sr-only"),
        card_back("pile-card"),
        el("span", key=phrase("play.table.pile", count=me.draw_pile_size), cls="pile-count"),
        cls="pile",
        type="button",
        data_focus="pile",
        does=sends("play.move", move="draw"),
        disabled=DRAW not in screen.legal,
    )
    top = card_face(me.top, "div", "top-card", label=(phrase("play.table.top", card=describe.card_phrase(me.top)),))
    ring = me.active_colour if me.top.colour is None else None  # a wild: its chosen colour rings the pile
    badge = None
    if me.pending_draw:
        badge = el(
            "span",
            el("span", f"+{me.pending_draw}", aria_hidden="true"),
            el("span", key=phrase("play.table.pending", count=me.pending_draw), cls="sr-only"),
            cls="pending-badge",
        )
    discard = el("div", top, badge, cls="discard" + (f" ring ring-{ring.value}" if ring is not None else ""))
    arrow = "↻" if me.direction > 0 else "↺"
    direction = phrase("play.table.clockwise") if me.direction > 0 else phrase("play.table.counter")
    info = el(
        "div",
        colour_badge(me.active_colour),
        el("span", el("span", arrow, cls="dir-arrow", aria_hidden="true"), el("span", key=direction), cls="direction"),
        cls="table-info",
    )
    return el("div", pile, discard, info, cls="centre")


def status_text(screen: TableScreen, me: SeatView) -> Phrase:
    names = me.names
    if me.seat is None or me.seat != me.current:
        key = "play.status.other"
        if screen.levels[me.current] is not None:
            key = "play.status.thinking" if screen.thinking else "play.status.bot"
        return phrase(key, name=names[me.current])
    phase = me.phase
    if phase is Phase.FIRST_COLOUR:
        return phrase("play.status.first_colour")
    if phase is Phase.DRAWN and me.drawn is not None:
        return phrase("play.status.drawn", card=describe.card_phrase(me.drawn))
    if phase is Phase.STACK:
        return phrase("play.status.stack", count=me.pending_draw)
    if phase is Phase.CHALLENGE:
        by = names[me.wd4_by] if me.wd4_by is not None else ""
        return phrase("play.status.challenge", name=by, count=me.pending_draw)
    return phrase("play.status.turn")


def reactions(screen: TableScreen) -> El | None:
    """Catches and jump-ins; while a reaction window is open, its bar (the glue sets its duration:
    the page's policy refuses `style` attributes)."""
    legal, names = screen.legal, screen.names
    buttons = [
        button(phrase("play.action.catch", name=names[a.seat]), sends("play.move", move=str(a)), "catch")
        for a in legal
        if isinstance(a, Catch)
    ]
    jumps = [a for a in legal if isinstance(a, Play) and a.jump and not a.uno]
    if jumps:
        card = jumps[0].card
        buttons.append(
            button(
                phrase("play.action.jump", card=describe.card_phrase(card)), sends("play.card", card=card.code), "jump"
            )
        )
    if not buttons:
        return None
    bar = (
        el("span", cls="window-bar", aria_hidden="true", data_duration_ms=str(screen.window_ms))
        if screen.window_ms
        else None
    )
    return el("div", *buttons, bar, cls="reactions", role="group", t_attrs={"aria-label": phrase("play.table.quick")})


def chooser(screen: TableScreen, me: SeatView) -> El | None:
    """Questions of the picker (count, colour, swap target); the first card's colour (R-FIRST-2)."""
    if me.phase is Phase.FIRST_COLOUR and me.seat == me.current:
        colours = [a.colour for a in screen.legal if isinstance(a, ChooseColour)]
        return el(
            "div",
            el("p", key="play.choose.first_colour", cls="chooser-title", id="chooser-title"),
            el("div", *[colour_button(c, first=True) for c in colours], cls="chooser-options"),
            cls="chooser",
            data_chooser="first",
            role="group",
            aria_labelledby="chooser-title",
        )
    question = screen.question
    if question is None:
        return None
    kind, options, card = question.kind, question.options, question.card
    name = describe.card_phrase(card)
    if kind == COLOUR:
        title = phrase("play.choose.colour", card=name)
        buttons = [colour_button(c) for c in options if isinstance(c, Colour)]
    elif kind == COUNT:
        title = phrase("play.choose.count", card=name)
        buttons = [
            button(phrase("play.choose.one") if n == 1 else phrase("play.choose.two"), sends("play.count", count=n))
            for n in options
            if isinstance(n, int)
        ]
    else:
        title = phrase("play.choose.swap", card=name)
        buttons = [
            button(
                phrase("play.choose.swap_with", name=me.names[s], count=me.hand_sizes[s]), sends("play.swap", seat=s)
            )
            for s in options
            if isinstance(s, int)
        ]
    buttons.append(button(phrase("play.choose.cancel"), sends("play.cancel"), "subtle"))
    return el(
        "div",
        el("p", key=title, cls="chooser-title", id="chooser-title"),
        el("div", *buttons, cls="chooser-options"),
        cls="chooser",
        data_chooser=kind,
        role="group",
        aria_labelledby="chooser-title",
    )


def actions(screen: TableScreen, me: SeatView) -> El:
    legal = screen.legal
    parts: list[El] = []
    if me.phase is Phase.CHALLENGE and CHALLENGE in legal:
        parts.append(button(phrase("play.action.challenge"), sends("play.move", move="challenge"), "primary"))
        parts.append(button(phrase("play.action.accept", count=me.pending_draw), sends("play.move", move="accept")))
    elif me.phase is Phase.DRAWN and KEEP in legal:
        parts.append(button(phrase("play.action.keep"), sends("play.move", move="keep"), "primary", key="keep"))
    else:
        parts.append(button(draw_label(me), sends("play.move", move="draw"), enabled=DRAW in legal, key="draw"))
    say = SAY_UNO in legal
    cls = "uno" + (" armed" if screen.uno_armed else "") + (" urgent" if say else "")
    uno = button(
        "UNO!",
        sends("play.uno"),
        cls,
        enabled=say or can_say_uno_with_play(legal),
        key="uno",
        attrs={"aria-pressed": "true" if screen.uno_armed else "false"},
        title=phrase("play.action.uno_label"),
    )
    parts.append(uno)
    parts.append(button(phrase("play.action.hint"), sends("play.hint"), "subtle", enabled=bool(legal), key="hint"))
    if screen.undo_allowed:
        parts.append(button(phrase("play.action.undo"), sends("play.undo"), "subtle", enabled=screen.can_undo))
    return el("div", *parts, cls="actions", role="group", t_attrs={"aria-label": phrase("play.table.actions")})


def hand(screen: TableScreen, me: SeatView) -> El:
    playable = playable_cards(screen.legal)
    hinted = screen.hint.card if isinstance(screen.hint, Play) else None
    first = next((i for i, c in enumerate(me.hand) if c in playable), 0)
    cards = []
    for index, card in enumerate(me.hand):
        ok = card in playable
        classes = ("playable" if ok else "dimmed") + (" drawn" if me.drawn is card else "")
        classes += " hinted" if hinted is card else ""
        name = describe.card_phrase(card)
        label = (name,) if ok else (name, ". ", phrase("play.table.cannot_play"))
        attrs = {
            "type": "button",
            "data-focus": f"card:{index}",
            "data-act": "play.card",
            "data-card": card.code,
            "tabindex": "0" if index == first else "-1",
        }
        if not ok:
            attrs["aria-disabled"] = "true"
        cards.append(card_face(card, "button", classes, label, attrs))
    count = len(me.hand)
    return el(
        "div",
        *cards,
        cls="hand",
        role="group",
        t_attrs={"aria-label": phrase("play.table.hand", count=count)},
        data_count=str(count),
        data_roving=".card",
    )


def log_section(screen: TableScreen) -> El:
    you = screen.view.seat if screen.view is not None else None
    items = [el("li", key=describe.phrase_of(item, screen.has, you), data_key=item.key) for item in screen.log]
    return el(
        "details",
        el("summary", key="play.log.title"),
        el("ol", *items, cls="log-lines", tabindex="0", t_attrs={"aria-label": phrase("play.log.title")}),
        cls="log",
    )
