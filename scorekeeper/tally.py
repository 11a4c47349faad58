"""Everything derived from a sheet's rounds: totals, dealers, rows, running totals, standings, winner.

Nothing here is stored: ``tally(sheet)`` recomputes it all from the players, the options,
the first dealer and the rounds, with ``uno_core.scoring`` (R-SCORE, R-SEAT-4, R-VAR-TEAM).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uno_core.rules import Scoring, teams_fit
from uno_core.scoring import match_winner, next_dealer, round_points, sides_of

if TYPE_CHECKING:
    from .sheet import Sheet


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One row of the sheet's table of rounds."""

    number: int  # 1-based
    dealer: int  # seat that dealt this round
    winner: int  # seat that went out
    winner_side: int
    points: tuple[int, ...]  # each seat's hand points (0 for the winner and blank partners)
    entered: tuple[str | None, ...]  # per seat: "total", "cards", or None (no hand: winner, blank partner)
    gained: tuple[int, ...]  # points each side added this round
    totals: tuple[int, ...]  # each side's total after this round


@dataclass(frozen=True, slots=True)
class Standing:
    """One side (a player, or a team of partners) in the standings, best first."""

    rank: int  # 1 = best; equal totals share a rank (the match winner always ranks 1 alone)
    side: int
    seats: tuple[int, ...]
    label: str  # the name, or partners' names joined by " & "
    total: int
    to_target: int  # points still needed to reach the target (0 once reached)
    leader: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class Tally:
    """The derived state of a sheet."""

    sides: tuple[int, ...]  # side of each seat (sides_of)
    side_seats: tuple[tuple[int, ...], ...]
    side_labels: tuple[str, ...]
    rows: tuple[RoundRow, ...]
    totals: tuple[int, ...]  # per side
    running: tuple[tuple[int, ...], ...]  # per side totals before round 1, after round 1, ... (for a chart)
    dealer: int | None  # who deals the next round (None before a first dealer is chosen)
    finished: bool
    winner_side: int | None
    ended_after: int | None  # 1-based number of the round that ended the match (normally the last)
    leaders: tuple[int, ...]  # sides with the best total (highest; lowest in penalty); () before round 1
    standings: tuple[Standing, ...]
    target: int

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's total (partners share theirs)."""
        return tuple(self.totals[side] for side in self.sides)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of every field."""
        return dataclasses.asdict(self)


def side_label(names: tuple[str, ...], seats: tuple[int, ...]) -> str:
    return " & ".join(names[seat] for seat in seats)


def tally(sheet: Sheet) -> Tally:
    """Recompute everything from ``sheet`` (never cached in the sheet)."""
    options = sheet.options
    players = len(sheet.players)
    # teams of an odd or too small table (a set-up still being made: setup_problems says so, and no round
    # can be saved) count as everyone on their own side
    teams = options.teams and teams_fit(players)
    sides = sides_of(players, teams) if players else ()
    side_count = max(sides) + 1 if sides else 0
    side_seats = tuple(tuple(seat for seat in range(players) if sides[seat] == side) for side in range(side_count))
    labels = tuple(side_label(sheet.players, seats) for seats in side_seats)
    totals = [0] * side_count
    running = [tuple(totals)]
    rows: list[RoundRow] = []
    dealer = sheet.first_dealer
    winner_side: int | None = None
    ended_after: int | None = None
    for number, round_ in enumerate(sheet.rounds, start=1):
        assert dealer is not None
        points = round_.points(options.wild_points)
        gained = round_points(points, round_.winner, options.scoring, sides)
        totals = [total + gain for total, gain in zip(totals, gained, strict=True)]
        running.append(tuple(totals))
        entered = tuple(None if hand is None else ("cards" if hand.is_cards else "total") for hand in round_.hands)
        rows.append(
            RoundRow(number, dealer, round_.winner, sides[round_.winner], points, entered, tuple(gained), tuple(totals))
        )
        if ended_after is None:
            won = match_winner(totals, options.target, options.scoring, sides[round_.winner])
            if won is not None:
                winner_side, ended_after = won, number
        dealer = next_dealer(dealer, round_.winner, players, options.dealer_rotation)
    leaders: tuple[int, ...] = ()
    if rows:
        best = min(totals) if options.scoring is Scoring.PENALTY else max(totals)
        leaders = tuple(side for side in range(side_count) if totals[side] == best)
    standings = _standings(totals, side_seats, labels, leaders, winner_side, options.scoring, options.target)
    return Tally(
        sides=sides,
        side_seats=side_seats,
        side_labels=labels,
        rows=tuple(rows),
        totals=tuple(totals),
        running=tuple(running),
        dealer=dealer,
        finished=winner_side is not None,
        winner_side=winner_side,
        ended_after=ended_after,
        leaders=leaders,
        standings=standings,
        target=options.target,
    )


def _standings(
    totals: list[int],
    side_seats: tuple[tuple[int, ...], ...],
    labels: tuple[str, ...],
    leaders: tuple[int, ...],
    winner_side: int | None,
    scoring: Scoring,
    target: int,
) -> tuple[Standing, ...]:
    sign = 1 if scoring is Scoring.PENALTY else -1

    def key(side: int) -> tuple[bool, int]:
        return (side != winner_side, sign * totals[side])

    order = sorted(range(len(totals)), key=lambda side: (key(side), side))
    return tuple(
        Standing(
            rank=1 + sum(1 for other in order if key(other) < key(side)),
            side=side,
            seats=side_seats[side],
            label=labels[side],
            total=totals[side],
            to_target=max(0, target - totals[side]),
            leader=side in leaders,
            winner=side == winner_side,
        )
        for side in order
    )
