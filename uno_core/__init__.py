"""uno_core: the UNO rules engine. Pure Python; runs on CPython 3.11+ and in Pyodide.

>>> from uno_core import Game, Rules
>>> game = Game(["Ana", "Ben", "Cai", "Dee"], Rules(), seed=7)
>>> seat = game.current
>>> events = game.apply(seat, game.legal_actions(seat)[0])
"""

from __future__ import annotations

from . import events
from .actions import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    KEEP,
    SAY_UNO,
    Accept,
    Action,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Keep,
    Play,
    SayUno,
    parse_action,
)
from .cards import ALL_CARDS, COLOURS, DECK_COUNTS, Card, Colour, Rank, full_deck, hand_points, parse_deck
from .errors import IllegalActionError, NotationError, PositionError, RulesError, SaveError, SeatError, UnoError
from .game import Game
from .phase import Phase
from .rules import OFFICIAL, PRESETS, DealerRotation, Rules, Scoring, WD4Rule, preset
from .save import dumps, loads
from .view import SeatView, view

__version__ = "0.1.0"

__all__ = [
    "ACCEPT",
    "ALL_CARDS",
    "CHALLENGE",
    "COLOURS",
    "DECK_COUNTS",
    "DRAW",
    "KEEP",
    "OFFICIAL",
    "PRESETS",
    "SAY_UNO",
    "Accept",
    "Action",
    "Card",
    "Catch",
    "Challenge",
    "ChooseColour",
    "Colour",
    "DealerRotation",
    "Draw",
    "Game",
    "IllegalActionError",
    "Keep",
    "NotationError",
    "Phase",
    "Play",
    "PositionError",
    "Rank",
    "Rules",
    "RulesError",
    "SaveError",
    "SayUno",
    "Scoring",
    "SeatError",
    "SeatView",
    "UnoError",
    "WD4Rule",
    "dumps",
    "events",
    "full_deck",
    "hand_points",
    "loads",
    "parse_action",
    "parse_deck",
    "preset",
    "view",
]
