"""Scoring and dealer rotation as pure functions (R-SCORE, R-SEAT-4, R-VAR-TEAM).

The engine and the score keeper both use these, so the rules of scoring live in one place.
Scores are kept per *side*: a seat without teams, a team of partners with ``teams``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RulesError
from .rules import DealerRotation, Scoring, teams_fit


def sides_of(players: int, teams: bool) -> tuple[int, ...]:
    """The side of each seat. With ``teams`` partners sit opposite: seat s and s + n/2 (R-VAR-TEAM)."""
    if teams and not teams_fit(players):
        raise RulesError(f"teams need an even number of players, at least 4, not {players}")
    if not teams:
        return tuple(range(players))
    half = players // 2
    return tuple(seat % half for seat in range(players))


def round_points(hand_points: Sequence[int], winner: int, scoring: Scoring, sides: Sequence[int]) -> list[int]:
    """Points each side adds to its total for a round that ``winner`` (a seat) went out of.

    ``hand_points`` holds each seat's remaining hand value (R-PTS). Standard and single-round:
    the winner's side scores the hands of every seat on other sides (R-SCORE-3, R-VAR-TEAM).
    Penalty: each side adds its own seats' hands (R-SCORE-6).
    """
    gained = [0] * (max(sides) + 1)
    win_side = sides[winner]
    for seat, points in enumerate(hand_points):
        if scoring is Scoring.PENALTY:
            gained[sides[seat]] += points
        elif sides[seat] != win_side:
            gained[win_side] += points
    return gained


def match_winner(totals: Sequence[int], target: int, scoring: Scoring, last_winner_side: int) -> int | None:
    """The side that has won the match after a round, or ``None`` if the match goes on.

    Standard: a side at or past the target wins; several: the higher total; equal: the side
    that won the last round (R-SCORE-4). Single round: the round's winner (R-SCORE-5).
    Penalty: once any side reaches the target the LOWEST total wins (R-SCORE-6); equal lowest
    totals go to the last round's winner if among them, else to the lowest side number
    (docs/RULES.md is silent there; a fixed, predictable choice).
    """
    if scoring is Scoring.SINGLE_ROUND:
        return last_winner_side
    if max(totals) < target:
        return None
    if scoring is Scoring.PENALTY:
        best = min(totals)
        candidates = [side for side, total in enumerate(totals) if total == best]
    else:
        reached = [side for side, total in enumerate(totals) if total >= target]
        best = max(totals[side] for side in reached)
        candidates = [side for side in reached if totals[side] == best]
    return last_winner_side if last_winner_side in candidates else candidates[0]


def next_dealer(dealer: int, winner: int, players: int, rotation: DealerRotation) -> int:
    """Dealer of the next round (R-SEAT-4): to the left, or the round's winner."""
    return winner if rotation is DealerRotation.WINNER else (dealer + 1) % players
