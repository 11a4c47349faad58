"""What a played card does to the order of play and to the hands, as pure functions (R-SEAT-2, R-ACT-1..4,
R-VAR-70).

The transitions (``uno_core.transitions``) play by these; views (``SeatView.victim``, ``sizes_after``) and
bots ask them what a card would do, so the rule is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .cards import Rank
from .rules import Rules

_T = TypeVar("_T")
_REVERSE, _SEVEN, _ZERO = Rank.REVERSE, Rank.SEVEN, Rank.ZERO


def next_seat(seat: int, direction: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places from ``seat`` in the direction of play (R-SEAT-2; -1 after a Reverse)."""
    return (seat + direction * steps) % players


_HITTING = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})  # R-ACT-1, R-ACT-3, R-ACT-4


def hit_by(rank: Rank, seat: int, direction: int, players: int) -> tuple[int, int, bool]:
    """What ``seat`` playing ``rank`` (not its last card) does to the order of play: the direction after it,
    the next seat in that direction, and whether that seat loses its turn (R-ACT-1..4; a Reverse turns the
    direction, and with two players skips the other: R-ACT-2). ``transitions.play_card`` plays by this."""
    if rank is _REVERSE:
        direction = -direction
        return direction, (seat + direction) % players, players == 2
    return direction, (seat + direction) % players, rank in _HITTING


# the ranks after which the turn just passes to the next seat, whatever the table (numbers, a Wild): hit_by's memo
PASSING = frozenset(rank for rank in Rank if all(hit_by(rank, 0, 1, n) == (1, 1 % n, False) for n in (2, 3)))


def skips_next(rank: Rank, players: int) -> bool:
    """Whether playing ``rank`` makes the next seat lose its turn (``hit_by``)."""
    return hit_by(rank, 0, 1, players)[2]


def rotate_hands(hands: Sequence[_T], direction: int) -> list[_T]:
    """R-VAR-70: after a 0, every hand passes to the next seat in the direction of play."""
    n = len(hands)
    return [hands[(seat - direction) % n] for seat in range(n)]


def swap_hands(hands: list[_T], seat: int, other: int) -> None:
    """R-VAR-70: a 7 swaps the hands of its player and the seat it names (in place)."""
    hands[seat], hands[other] = hands[other], hands[seat]


def hands_after(
    hands: list[_T], rank: Rank, seat: int, swap: int | None, direction: int, rules: Rules
) -> list[_T] | None:
    """R-VAR-70: the hands (by seat) after ``seat`` plays ``rank``, not its last card, naming ``swap``: a 7
    swaps two hands, a 0 passes them all on; None when no hand moves. ``transitions.play_card`` plays by this."""
    if not rules.seven_zero:
        return None
    if rank is _SEVEN and swap is not None:
        moved = list(hands)
        swap_hands(moved, seat, swap)
        return moved
    if rank is _ZERO:
        return rotate_hands(hands, direction)
    return None
