"""The phases of a turn: what the seat whose turn it is must do next."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """What the seat whose turn it is must do next."""

    FIRST_COLOUR = "first_colour"  # R-FIRST-2: choose the colour of a Wild turned first
    TURN = "turn"  # play or draw
    DRAWN = "drawn"  # R-TURN-4: play the card just drawn, or keep it
    STACK = "stack"  # R-VAR-STACK: stack on the penalty, or take it
    CHALLENGE = "challenge"  # R-CHAL: challenge or accept a Wild Draw Four
    MATCH_OVER = "match_over"

    over: bool  # whether this is MATCH_OVER (read by Game.is_over without a Python call)

    def __init__(self, value: str) -> None:
        self.over = value == "match_over"
