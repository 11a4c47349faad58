"""The table's full panels: pass the device, end of round, end of match (browser glue)."""

from __future__ import annotations

from typing import Any

from app.dom import h
from app.play.session import Session
from app.play.view import t
from uno_core import Scoring


def side_label(session: Session, side: int) -> str:
    game = session.game
    return " & ".join(game.names[s] for s in range(game.n) if game.sides[s] == side)


def handoff_panel(session: Session) -> Any:
    seat = session.handoff
    assert seat is not None
    name = session.names[seat]
    button = h("button", t("play.handoff.confirm", name=name), cls="button primary big",
               attrs={"type": "button", "data-act": "handoff"})
    return h(
        "section",
        h("div", cls="handoff-icon", attrs={"aria-hidden": "true"}),
        h("h2", t("play.handoff.title", name=name), attrs={"id": "handoff-title"}),
        h("p", t("play.handoff.text", name=name)),
        button,
        cls="panel handoff",
        attrs={"aria-labelledby": "handoff-title", "data-panel": "handoff"},
    )


def round_panel(session: Session) -> Any:
    result = session.pending_round
    assert result is not None
    game = session.game
    names = game.names
    over = game.is_over and session.ack_round + 1 == len(game.round_results)
    hands = h("table", cls="score-table")
    hands.append(h("caption", t("play.round.hands")))
    hands.append(h("thead", h("tr", h("th", t("play.round.player"), attrs={"scope": "col"}),
                              h("th", t("play.round.points_left"), attrs={"scope": "col"}))))
    body = h("tbody")
    for seat in range(game.n):
        mark = " ★" if seat == result.winner else ""
        body.append(h("tr", h("th", names[seat] + mark, attrs={"scope": "row"}),
                      h("td", str(result.hand_points[seat]))))
    hands.append(body)
    totals = h("table", cls="score-table")
    totals.append(h("caption", t("play.round.scores")))
    totals.append(h("thead", h("tr", h("th", t("play.round.side"), attrs={"scope": "col"}),
                               h("th", t("play.round.gained"), attrs={"scope": "col"}),
                               h("th", t("play.round.total"), attrs={"scope": "col"}))))
    body = h("tbody")
    for side, total in enumerate(result.totals):
        body.append(h("tr", h("th", side_label(session, side), attrs={"scope": "row"}),
                      h("td", f"+{result.gained[side]}"), h("td", str(total))))
    totals.append(body)
    parts = [
        h("h2", t("play.round.title", round=result.round_no, name=names[result.winner]), attrs={"id": "round-title"}),
        hands,
        totals,
    ]
    rules = game.rules
    if rules.scoring is Scoring.PENALTY:
        parts.append(h("p", t("play.round.penalty_note", target=rules.target)))
    elif rules.scoring is Scoring.STANDARD:
        parts.append(h("p", t("play.round.target_note", target=rules.target)))
    if not over:
        parts.append(h("p", t("play.round.next_dealer", name=names[game.dealer]), cls="next-dealer"))
    label = t("play.round.to_result") if over else t("play.round.next")
    button = h("button", label, cls="button primary big", attrs={"type": "button", "data-act": "next-round"})
    parts.append(button)
    return h("section", *parts, cls="panel round-end",
             attrs={"aria-labelledby": "round-title", "data-panel": "round-end"})


def match_panel(session: Session) -> Any:
    game = session.game
    winners = " & ".join(game.names[s] for s in game.winners)
    low_wins = game.rules.scoring is Scoring.PENALTY
    order = sorted(range(len(game.totals)), key=lambda side: game.totals[side], reverse=not low_wins)
    standings = h("ol", cls="standings")
    for side in order:
        standings.append(h("li", h("span", side_label(session, side), cls="standing-name"),
                           h("span", t("play.points", points=game.totals[side]), cls="standing-points")))
    again = h("button", t("play.match.again"), cls="button primary big",
              attrs={"type": "button", "data-act": "new-match"})
    return h(
        "section",
        h("div", "★", cls="trophy", attrs={"aria-hidden": "true"}),
        h("h2", t("play.match.title", name=winners), attrs={"id": "match-title"}),
        h("p", t("play.match.rounds", count=len(game.round_results))),
        standings,
        h("div", again,
          h("a", t("play.match.setup"), cls="button", attrs={"href": "#/play"}), cls="panel-actions"),
        cls="panel match-end",
        attrs={"aria-labelledby": "match-title", "data-panel": "match-end"},
    )
