"""Decisions of the ``strategic`` level that its bench-tuned terms promise (``StrategicBot.WEIGHTS``)."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from uno_core import Game
from uno_core.actions import Play
from uno_core.bots.strategic import StrategicBot
from uno_core.cards import DECK_COUNTS, Card
from uno_core.view import view


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def heads_up(mine: str, theirs: str, top: str) -> Game:
    """Seat 0 to play on ``top`` against one opponent; every other card in the draw pile."""
    hands = [cards(mine), cards(theirs)]
    discard = cards(top)
    rest = Counter(DECK_COUNTS)
    rest.subtract(card for hand in (*hands, discard) for card in hand)
    return Game.from_position(2, hands=hands, draw_pile=list(rest.elements()), discard=discard, current=0)


def choice(game: Game, bot: StrategicBot) -> Play:
    action = bot.act(view(game, 0), [])
    assert isinstance(action, Play)
    return action


def test_of_two_numbers_it_keeps_the_one_it_also_holds_in_another_colour() -> None:
    # R7 is worth more points, but B7 is its twin: playing R2 keeps a way back from red to blue by a 7.
    game = heads_up("R7 R2 B7 G9", "Y1 Y2 Y3 Y4 Y5", "R4")
    assert str(choice(game, StrategicBot(0)).card) == "R2"

    class NoTwins(StrategicBot):
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "bridge": 0.0}

    assert str(choice(game, NoTwins(0)).card) == "R7"  # the same position without the term
