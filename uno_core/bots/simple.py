"""The two simple levels: ``random`` (the baseline) and ``basic`` (simple and predictable)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import SAY_UNO, Action, Catch, ChooseColour, Play
from ..cards import Rank
from ..events import Event
from ..phase import Phase
from ..view import SeatView
from .base import Bot
from .common import ACCEPT_, DRAW_, KEEP_, best_colour, distinct_moves, simple_reaction, with_uno


class RandomBot(Bot):
    """Uniformly random among its turn moves; takes each out-of-turn opportunity by chance.

    The UNO call is a coin flip with chance ``forget_uno`` (default 0.5) of staying quiet, which
    makes the turn choice uniform over the legal actions. Out of turn it says UNO with chance
    ``1 - forget_uno``, catches with chance ``1 - miss_catch`` (partners too: it is random) and
    jumps in with chance ``react_rate``.
    """

    level = "random"

    def _react(
        self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random
    ) -> Action | None:
        for action in rng.sample(options, len(options)):
            if action is SAY_UNO:
                chance = 1.0 - self.forget_uno
            elif isinstance(action, Catch):
                chance = 1.0 - self.miss_catch
            else:
                chance = self.options.react_rate
            if rng.random() < chance:
                return action
        return None

    def _act(self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random) -> Action:
        move = rng.choice(distinct_moves(options))
        return with_uno(move, options, rng.random() >= self.forget_uno)


class BasicBot(Bot):
    """A simple, predictable player.

    It plays a matching coloured card (from its longest colour, highest points first, a pair
    when ``doubles`` allows), keeps wild cards for when nothing else matches (a Wild before a
    Wild Draw Four, which it plays only when legal: it never bluffs), names its longest colour,
    stacks whenever it can, never challenges, plays a card it has just drawn unless it is a
    wild, swaps hands (7-0) with the smallest opponent hand, always says UNO and catches
    others unless it misses (``miss_catch``, default 0.5). It jumps in whenever it can.
    """

    level = "basic"

    def _react(
        self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random
    ) -> Action | None:
        action = simple_reaction(view, options, rng, self.miss_catch)
        if action is not None:
            return action
        jumps = [a for a in options if isinstance(a, Play) and a.jump]
        if jumps:
            return self._finish(view, self._best_play(view, jumps), options, rng)
        return None

    def _act(self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random) -> Action:
        phase = view.phase
        hand = view.hand
        if phase is Phase.FIRST_COLOUR:
            return ChooseColour(best_colour(hand))
        plays = [a for a in options if isinstance(a, Play)]
        if phase is Phase.CHALLENGE:
            return self._finish(view, plays[0], options, rng) if plays else ACCEPT_
        if phase is Phase.STACK:
            return self._finish(view, self._best_play(view, plays), options, rng) if plays else DRAW_
        if phase is Phase.DRAWN:
            drawn = view.drawn
            if plays and drawn is not None and (drawn.colour is not None or len(hand) <= 2):
                return self._finish(view, plays[0], options, rng)
            return KEEP_
        if not plays:
            return DRAW_
        coloured = [a for a in plays if a.card.colour is not None]
        if coloured:
            return self._finish(view, self._best_play(view, coloured), options, rng)
        wilds = [a for a in plays if a.card.rank is Rank.WILD]
        if wilds:
            return self._finish(view, wilds[0], options, rng)
        if not any(card.colour is view.active_colour for card in hand):
            return self._finish(view, plays[0], options, rng)  # a legal Wild Draw Four
        return DRAW_

    def _best_play(self, view: SeatView, plays: list[Play]) -> Play:
        counts = {colour: 0 for colour in {card.colour for card in view.hand}}
        for card in view.hand:
            counts[card.colour] += 1

        def key(play: Play) -> tuple[int, int, int, int]:
            card = play.card
            return (len(play.cards), counts.get(card.colour, 0), card.points(), -card.index)

        return max(plays, key=key)

    def _finish(self, view: SeatView, play: Play, options: Sequence[Action], rng: random.Random) -> Action:
        """Name the colour / swap seat for ``play``, and say UNO unless it forgets."""
        rest = list(view.hand)
        for card in play.cards:
            rest.remove(card)
        colour = play.colour
        if play.card.colour is None:
            colour = best_colour(rest, view.active_colour)
        swap = play.swap
        if swap is not None:
            me = view.seat
            assert me is not None
            others = [s for s in range(len(view.hand_sizes)) if s != me and view.sides[s] != view.sides[me]]
            others = others or [s for s in range(len(view.hand_sizes)) if s != me]
            swap = min(others, key=lambda s: (view.hand_sizes[s], s))
        chosen = Play(play.cards, colour, swap, False, play.jump)
        return with_uno(chosen, options, rng.random() >= self.forget_uno)


class EasyBot(Bot):
    """A beginner: legal but naive moves, and it sometimes forgets UNO.

    It plays a random playable card (wild cards as readily as any other, a Wild Draw Four only
    when it is legal: it does not bluff), names the colour it holds most, plays a card it has
    just drawn whenever it can, stacks whenever it can, never challenges and never jumps in.
    It forgets to say UNO one time in four (``forget_uno``) and misses most chances to catch
    others (``miss_catch``, default 0.7). It loses to ``basic``.
    """

    level = "easy"

    def _react(
        self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random
    ) -> Action | None:
        if SAY_UNO in options:
            return SAY_UNO if rng.random() >= self.forget_uno else None
        catches = [a for a in options if isinstance(a, Catch)]
        if catches and rng.random() >= self.miss_catch:
            return catches[0]
        return None

    def _act(self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random) -> Action:
        phase = view.phase
        if phase is Phase.FIRST_COLOUR:
            return ChooseColour(best_colour(view.hand))
        plays = [a for a in distinct_moves(options) if isinstance(a, Play) and not a.jump]
        if phase is Phase.CHALLENGE:
            return self._finish(view, plays[0], options, rng) if plays else ACCEPT_
        if phase is Phase.STACK:
            return self._finish(view, rng.choice(plays), options, rng) if plays else DRAW_
        if phase is Phase.DRAWN:
            return self._finish(view, plays[0], options, rng) if plays else KEEP_
        honest = [a for a in plays if a.card.rank is not Rank.WILD_DRAW_FOUR or view.wd4_is_legal()]
        if not honest:
            return DRAW_
        cards = sorted({a.cards for a in honest}, key=lambda cards: [card.index for card in cards])
        chosen = rng.choice(cards)
        return self._finish(view, next(a for a in honest if a.cards == chosen), options, rng)

    def _finish(self, view: SeatView, play: Play, options: Sequence[Action], rng: random.Random) -> Action:
        """Name its most held colour for a wild, swap with the first other seat, say UNO unless it forgets."""
        rest = list(view.hand)
        for card in play.cards:
            rest.remove(card)
        colour = best_colour(rest) if play.card.colour is None else None
        swap = play.swap
        if swap is not None:
            swap = view.next_seat()
        return with_uno(Play(play.cards, colour, swap, False, play.jump), options, rng.random() >= self.forget_uno)
