"""The table's full panels as `app.tree` elements: a drawn card that ended a turn, pass the device, end of
round, end of match (pure)."""

from __future__ import annotations

from collections.abc import Iterable

from app.tree import El, el, phrase, sends
from uno_core import Scoring, SeatView

from . import describe
from .parts import card_face, cards_row
from .table_state import TableScreen


def side_label(view: SeatView, side: int) -> str:
    return " & ".join(name for name, s in zip(view.names, view.sides, strict=True) if s == side)


def handoff_panel(screen: TableScreen) -> El:
    seat = screen.handoff
    assert seat is not None
    name = screen.names[seat]
    return el(
        "section",
        el("div", cls="handoff-icon", aria_hidden="true"),
        el("h2", key=phrase("play.handoff.title", name=name), id="handoff-title"),
        el("p", key=phrase("play.handoff.text", name=name)),
        el(
            "button",
            key=phrase("play.handoff.confirm", name=name),
            cls="button primary big",
            type="button",
            does=sends("play.handoff"),
        ),
        cls="panel handoff",
        aria_labelledby="handoff-title",
        data_panel="handoff",
    )


def reveal_panel(screen: TableScreen) -> El:
    """Pass-and-play: the card a person drew that ended their turn, seen before the device goes on."""
    reveal = screen.reveal
    assert reveal is not None
    seat, cards = reveal
    names = tuple(describe.card_phrase(card) for card in cards)
    return el(
        "section",
        el("h2", key=phrase("play.reveal.title", name=screen.names[seat], card=names), id="reveal-title"),
        el("div", *(card_face(card, "span", "reveal-card") for card in cards), cls="reveal-cards"),
        el("p", key="play.reveal.text"),
        el(
            "button",
            key="play.reveal.ok",
            cls="button primary big",
            type="button",
            does=sends("play.reveal"),
            data_focus="reveal",
        ),
        cls="panel reveal",
        aria_labelledby="reveal-title",
        data_panel="drawn",
    )


def _table(caption: str, columns: tuple[str, ...], rows: Iterable[tuple[str, El, El]], cls: str) -> El:
    """A captioned table: a head of catalogue keys, each row's first cell its heading."""
    return el(
        "table",
        el("caption", key=caption),
        el("thead", el("tr", *(el("th", key=key, scope="col") for key in columns))),
        el("tbody", *(el("tr", el("th", head, scope="row"), *cells) for head, *cells in rows)),
        cls=cls,
    )


def round_panel(screen: TableScreen) -> El:
    result, view = screen.round, screen.view
    assert result is not None and view is not None
    names, left = view.names, screen.round_hands
    hands = _table(
        "play.round.hands",
        ("play.round.player", "play.round.cards", "play.round.points_left"),
        (
            (
                names[seat] + (" ★" if seat == result.winner else ""),
                el(
                    "td",
                    cards_row(left[seat], "small-cards")
                    if seat < len(left) and left[seat]
                    else el("span", key="play.round.no_cards"),
                    cls="cards-left",
                ),
                el("td", str(result.hand_points[seat])),
            )
            for seat in range(len(names))
        ),
        "score-table hands-table",
    )
    totals = _table(
        "play.round.scores",
        ("play.round.side", "play.round.gained", "play.round.total"),
        (
            (side_label(view, side), el("td", f"+{result.gained[side]}"), el("td", str(total)))
            for side, total in enumerate(result.totals)
        ),
        "score-table",
    )
    over = screen.last_round
    rules = view.rules
    title = "play.round.title_you" if result.winner == view.seat else "play.round.title"
    note = None
    if rules.scoring is Scoring.PENALTY:
        note = el("p", key=phrase("play.round.penalty_note", target=rules.target))
    elif rules.scoring is Scoring.STANDARD:
        note = el("p", key=phrase("play.round.target_note", target=rules.target))
    return el(
        "section",
        el("h2", key=phrase(title, round=result.round_no, name=names[result.winner]), id="round-title"),
        hands,
        totals,
        note,
        None
        if over
        else el("p", key=phrase("play.round.next_dealer", name=names[screen.next_dealer]), cls="next-dealer"),
        el(
            "button",
            key=phrase("play.round.to_result") if over else phrase("play.round.next"),
            cls="button primary big",
            type="button",
            does=sends("play.next-round"),
        ),
        cls="panel round-end",
        aria_labelledby="round-title",
        data_panel="round-end",
    )


def match_panel(screen: TableScreen) -> El:
    view = screen.view
    assert view is not None
    winners = " & ".join(view.names[s] for s in screen.winners)
    title = "play.match.title_you" if tuple(screen.winners) == (view.seat,) else "play.match.title"
    low_wins = view.rules.scoring is Scoring.PENALTY
    order = sorted(range(len(view.totals)), key=lambda side: view.totals[side], reverse=not low_wins)
    standings = el(
        "ol",
        *(
            el(
                "li",
                el("span", side_label(view, side), cls="standing-name"),
                el("span", key=phrase("play.points", points=view.totals[side]), cls="standing-points"),
            )
            for side in order
        ),
        cls="standings",
    )
    return el(
        "section",
        el("div", "★", cls="trophy", aria_hidden="true"),
        el("h2", key=phrase(title, name=winners), id="match-title"),
        el("p", key=phrase("play.match.rounds", count=screen.rounds)),
        standings,
        None
        if screen.guest
        else el(
            "div",
            el("button", key="play.match.again", cls="button primary big", type="button", does=sends("play.new-match")),
            el("a", key="play.match.setup", cls="button", href="#/play"),
            cls="panel-actions",
        ),
        cls="panel match-end",
        aria_labelledby="match-title",
        data_panel="match-end",
    )
