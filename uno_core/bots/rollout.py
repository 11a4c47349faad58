"""Playouts whose players follow the ``basic`` level's habit: a coloured card from their longest colour.

The engine's playout mode (``uno_core.playout.Playout``, greedy players) picks uniformly among
the coloured cards that play. ``PolicyPlayout`` changes only that choice: the card comes from
the colour the player holds most (ties at random), as ``basic`` and most people play, so the
search's opponents and its own later moves look more like real play. Every other choice (wild
cards, colours named, challenges, stacks, 7 swaps) and every transition is ``Playout``'s, i.e.
the engine's.
"""

from __future__ import annotations

from ..actions import DRAW, ChooseColour
from ..cards import ALL_CARDS, COLOURS, Card
from ..game import Phase, playable_cards
from ..playout import Playout

_TURN, _DRAWN, _STACK, _CHALLENGE, _MATCH_OVER = (
    Phase.TURN,
    Phase.DRAWN,
    Phase.STACK,
    Phase.CHALLENGE,
    Phase.MATCH_OVER,
)
_SLOT = {card: 4 if card.colour is None else COLOURS.index(card.colour) for card in ALL_CARDS}


def longest_colour_card(hand: list[Card], playable: list[Card], pick: float) -> Card:
    """Among ``playable`` coloured cards, one of the colour ``hand`` holds most; ``pick`` in [0, 1) breaks ties."""
    counts = [0, 0, 0, 0, 0]
    slot = _SLOT
    for card in hand:
        counts[slot[card]] += 1
    best = max(counts[slot[card]] for card in playable)
    top = [card for card in playable if counts[slot[card]] == best]
    return top[int(pick * len(top))]


class PolicyPlayout(Playout):
    """``Playout`` with greedy players who play from their longest colour (see the module docstring)."""

    __slots__ = ()

    def run(self, max_turns: int = 100_000) -> tuple[int, list[int]]:
        """Play to the end of the round; return (winner seat, each seat's hand points), as ``Playout.run``."""
        game = self.game
        rules = game.rules
        random_ = self.pick.random
        turns = 0
        try:
            while True:
                phase = game.phase
                seat = game.current
                if phase is _TURN:
                    hand = game.hands[seat]
                    playable = playable_cards(hand, game.active, game.discard[-1], rules)
                    if not playable:
                        if self.record:
                            self.log.append((seat, DRAW))
                        game._draw_or_take(seat, None)
                    else:
                        coloured = [card for card in playable if card.colour is not None]
                        if coloured:
                            card = coloured[0] if len(coloured) == 1 else longest_colour_card(hand, coloured, random_())
                        else:
                            card = playable[int(random_() * len(playable))]
                        self._play(game, seat, card)
                elif phase is _MATCH_OVER:
                    break
                elif phase is _DRAWN:
                    drawn = game.drawn
                    assert drawn is not None
                    self._play(game, seat, drawn)
                elif phase is _CHALLENGE:
                    self._answer_wd4(game, seat)
                elif phase is _STACK:
                    self._answer_stack(game, seat)
                else:  # FIRST_COLOUR
                    colour = self._choose_colour(game.hands[seat])
                    if self.record:
                        self.log.append((seat, ChooseColour(colour)))
                    game._choose_colour(seat, colour, None)
                turns += 1
                if turns > max_turns:
                    raise RuntimeError("playout did not finish")
        finally:
            self.turns += turns
        result = game.playout_result
        assert result is not None
        return result[0], list(result[1])
