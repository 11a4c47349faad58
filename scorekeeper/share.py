"""Standings to share, and what a screen reader announces after a saved round, as structured data.

The sentences are the app's (`web/engine/app/score/texts.py` with the catalogues `web/i18n/*.json`).
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
    """The announcement for round ``number`` (1-based; default the last round).

    ``SheetError`` ``no_rounds`` / ``no_such_round`` for a round the sheet does not have."""
    view = sheet.tally()
    row = view.rows[sheet.round_index(len(view.rows) if number is None else number)]
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


@dataclass(frozen=True, slots=True)
class HandLine:
    """One seat in a round summary: its points, and its cards when entered card by card."""

    name: str
    points: int
    cards: tuple[str, ...] | None  # R-NOTE codes; None for a typed total
    went_out: bool
    counted: bool  # False for a winner's partner left blank (R-VAR-TEAM)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """What happened in one round, to show and share: who dealt and went out, each hand, who deals next."""

    round: int  # 1-based
    dealer: str
    winner: str
    next_dealer: str | None  # None once the match is over
    hands: tuple[HandLine, ...]  # in seat order
    gains: tuple[Gain, ...]  # as in the announcement


def round_summary(sheet: Sheet, number: int | None = None) -> RoundSummary:
    """The summary of round ``number`` (1-based; default the last round).

    ``SheetError`` ``no_rounds`` / ``no_such_round`` for a round the sheet does not have."""
    view = sheet.tally()
    row = view.rows[sheet.round_index(len(view.rows) if number is None else number)]
    round_ = sheet.rounds[row.number - 1]
    hands = tuple(
        HandLine(
            name,
            row.points[seat],
            None if hand is None or hand.cards is None else tuple(map(str, hand.cards)),
            seat == row.winner,
            hand is not None or seat == row.winner,
        )
        for seat, (name, hand) in enumerate(zip(sheet.players, round_.hands, strict=True))
    )
    if row.number < len(view.rows):
        following: int | None = view.rows[row.number].dealer
    else:
        following = None if view.finished else view.dealer
    return RoundSummary(
        row.number, sheet.players[row.dealer], sheet.players[row.winner],
        None if following is None else sheet.players[following], hands, announcement(sheet, row.number).gains,
    )  # fmt: skip
