"""The expert's policy playouts (``uno_core.bots.rollout``): the choice they make. That they play legal games,
every action replayed through ``apply``, is checked with the playout mode's (tests/unit/test_playout.py)."""

from __future__ import annotations

from uno_core.bots.rollout import longest_colour_card
from uno_core.cards import Card


def test_longest_colour_card_plays_from_the_colour_held_most() -> None:
    hand = [Card.parse(code) for code in ("R1", "R2", "R3", "B4", "B5", "W")]
    playable = [Card.parse("B4"), Card.parse("R1")]
    assert longest_colour_card(hand, playable, 0.99) == Card.parse("R1")
