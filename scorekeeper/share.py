"""Standings to share as text, and what a screen reader announces after a saved round.

Both come as structured data (for any language or layout) and as English or Spanish text.
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_core.rules import Scoring

from .sheet import Sheet


@dataclass(frozen=True, slots=True)
class ShareLine:
    rank: int
    label: str
    total: int
    winner: bool


@dataclass(frozen=True, slots=True)
class ShareData:
    rounds: int
    target: int
    scoring: Scoring
    finished: bool
    winner: str | None
    lines: tuple[ShareLine, ...]  # best first


def share_data(sheet: Sheet) -> ShareData:
    view = sheet.tally()
    winner = None if view.winner_side is None else view.side_labels[view.winner_side]
    lines = tuple(ShareLine(s.rank, s.label, s.total, s.winner) for s in view.standings)
    return ShareData(len(sheet.rounds), view.target, sheet.options.scoring, view.finished, winner, lines)


_SHARE = {
    "en": {
        "head": "UNO scores after {rounds} round(s), target {target}:",
        "head_single": "UNO, single round:",
        "lowest": "(lowest total wins)",
        "line": "{rank}. {label}: {total}",
        "wins": "{winner} wins!",
    },
    "es": {
        "head": "Puntos de UNO tras {rounds} ronda(s), objetivo {target}:",
        "head_single": "UNO, una sola ronda:",
        "lowest": "(gana el total más bajo)",
        "line": "{rank}. {label}: {total}",
        "wins": "¡Gana {winner}!",
    },
}


def share_text(sheet: Sheet, lang: str = "en") -> str:
    """Plain-text standings, one line per player or team (``lang``: ``"en"`` or ``"es"``)."""
    data = share_data(sheet)
    texts = _SHARE.get(lang, _SHARE["en"])
    head = texts["head_single"] if data.scoring is Scoring.SINGLE_ROUND else texts["head"]
    lines = [head.format(rounds=data.rounds, target=data.target)]
    if data.scoring is Scoring.PENALTY:
        lines.append(texts["lowest"])
    lines += [texts["line"].format(rank=line.rank, label=line.label, total=line.total) for line in data.lines]
    if data.winner is not None:
        lines.append(texts["wins"].format(winner=data.winner))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Gain:
    label: str
    gained: int
    total: int


@dataclass(frozen=True, slots=True)
class Announcement:
    """What happened in one saved round, for a live region ("Round 7: Ana +86, 412 of 500")."""

    round: int  # 1-based
    winner_seat: int
    winner_name: str
    scoring: Scoring
    target: int
    gains: tuple[Gain, ...]  # standard/single: the winner's side only; penalty: every side that gained
    finished: bool  # the match ended with this round
    match_winner: str | None


def announcement(sheet: Sheet, number: int | None = None) -> Announcement:
    """The announcement for round ``number`` (1-based; default the last round)."""
    view = sheet.tally()
    row = view.rows[(number or len(view.rows)) - 1]
    sides = range(len(view.totals))
    if sheet.options.scoring is Scoring.PENALTY:
        chosen = [side for side in sides if row.gained[side]]
    else:
        chosen = [row.winner_side]
    gains = tuple(Gain(view.side_labels[side], row.gained[side], row.totals[side]) for side in chosen)
    ended = view.ended_after == row.number
    winner = view.side_labels[view.winner_side] if ended and view.winner_side is not None else None
    return Announcement(
        row.number, row.winner, sheet.players[row.winner], sheet.options.scoring, view.target, gains, ended, winner
    )


_ANNOUNCE = {
    "en": {
        "gain": "{label} +{gained}, {total} of {target}",
        "single": "{label} +{gained}",
        "out": "{name} went out",
        "round": "Round {round}: ",
        "wins": " {winner} wins the match!",
    },
    "es": {
        "gain": "{label} +{gained}, {total} de {target}",
        "single": "{label} +{gained}",
        "out": "{name} se quedó sin cartas",
        "round": "Ronda {round}: ",
        "wins": " ¡{winner} gana la partida!",
    },
}


def announcement_text(item: Announcement, lang: str = "en") -> str:
    """The announcement as one sentence in ``lang`` (``"en"`` or ``"es"``)."""
    texts = _ANNOUNCE.get(lang, _ANNOUNCE["en"])
    key = "single" if item.scoring is Scoring.SINGLE_ROUND else "gain"
    parts = [texts[key].format(label=g.label, gained=g.gained, total=g.total, target=item.target) for g in item.gains]
    if item.scoring is Scoring.PENALTY:
        parts.insert(0, texts["out"].format(name=item.winner_name))
    text = texts["round"].format(round=item.round) + "; ".join(parts) + "."
    if item.match_winner is not None:
        text += texts["wins"].format(winner=item.match_winner)
    return text
