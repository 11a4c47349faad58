"""The ``expert`` level: determinized Monte Carlo search.

For each decision on its turn it repeats, until its budget is spent:

1. sample the hidden cards consistently with what it has seen (``determinize.sample_hidden``:
   hand sizes, cards known from challenges and 7-0 swaps, colours players showed they lacked;
   when answering a Wild Draw Four, a bluff or a legal play in proportion to the bluff odds);
2. build that world as a ``Game`` (``determinize.with_hidden``);
3. for every candidate move, on a copy of that world (the same world and the same random
   numbers for every candidate), apply the move with the engine and play the round out with
   the fast playout kernel (``uno_core.fast.Playout``, greedy players), scoring the result for
   its side (round won; points, depending on the scoring rule).

It picks the move with the best average. Candidates are the distinct moves (every colour for a
wild, every seat for a 7 swap), at most ``MAX_CANDIDATES`` of the best by the ``strategic``
score plus drawing. Out-of-turn choices (UNO, catches, jump-ins) are the ``strategic`` ones,
without misses. The budget is ``options.iterations`` playouts (reproducible) or else
``options.time_budget`` seconds of wall-clock time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .. import events as ev
from ..actions import Action, ChooseColour, Play
from ..fast import Playout
from ..game import Game, Phase
from ..rules import Scoring
from ..view import SeatView
from .base import BotOptions
from .common import DRAW_, KEEP_, distinct_moves, with_uno
from .determinize import base_game, sample_hidden, with_hidden
from .knowledge import Ban, Knowledge
from .strategic import StrategicBot

MAX_CANDIDATES = 8


class SearchStats:
    """What the last search did (for benches and the UI's "thinking" display)."""

    __slots__ = ("candidates", "playouts", "seconds", "values", "worlds")

    def __init__(self) -> None:
        self.candidates: list[Action] = []
        self.values: list[float] = []
        self.playouts = 0
        self.worlds = 0
        self.seconds = 0.0


class ExpertBot(StrategicBot):
    """See the module docstring."""

    level = "expert"

    def __init__(self, seed: int = 0, options: BotOptions | None = None) -> None:
        super().__init__(seed, options)
        self.last = SearchStats()

    def _act(self, view: SeatView, history: Sequence[ev.Event], options: list[Action], rng: random.Random) -> Action:
        know = self.knowledge(view, history)
        candidates = self.candidates(view, know, options)
        say = rng.random() >= self.forget_uno
        stats = self.last = SearchStats()
        stats.candidates = candidates
        if len(candidates) == 1:
            return with_uno(candidates[0], options, say)
        values = self.search(view, history, know, candidates, rng, stats)
        best = max(range(len(candidates)), key=lambda i: (values[i], -i))
        return with_uno(candidates[best], options, say)

    # ----- candidates --------------------------------------------------------------------

    def candidates(self, view: SeatView, know: Knowledge, options: Sequence[Action]) -> list[Action]:
        """The moves worth searching, the strategic favourite first."""
        moves = distinct_moves(options)
        plays = [move for move in moves if isinstance(move, Play)]
        others = [move for move in moves if not isinstance(move, Play)]
        if view.phase is Phase.FIRST_COLOUR:
            return [ChooseColour(self.pick_colour(view, know, list(view.hand))), *others]
        scored = sorted(
            ((self.score_play(view, know, play), play) for play in plays),
            key=lambda item: (-item[0], item[1].card.index, str(item[1])),
        )
        chosen: list[Action] = [play for _, play in scored[:MAX_CANDIDATES]]
        if view.phase is Phase.TURN and DRAW_ in others:
            return [*chosen, DRAW_]
        if view.phase is Phase.DRAWN and KEEP_ in others:
            return [*chosen, KEEP_]
        return chosen + [move for move in others if move not in chosen]

    # ----- search ------------------------------------------------------------------------

    def search(
        self,
        view: SeatView,
        history: Sequence[ev.Event],
        know: Knowledge,
        candidates: list[Action],
        rng: random.Random,
        stats: SearchStats,
    ) -> list[float]:
        me = view.seat
        assert me is not None
        start = time.perf_counter()
        budget = self.options.iterations
        deadline = start + self.options.time_budget
        base = base_game(view, history)
        values = [0.0] * len(candidates)
        bluff_odds = know.bluff_odds() if view.phase is Phase.CHALLENGE else 0.0
        worlds = playouts = 0
        while True:
            extra: dict[int, Ban] | None = None
            force = None
            if view.phase is Phase.CHALLENGE and view.wd4_by is not None and view.wd4_colour is not None:
                if rng.random() < bluff_odds:
                    force = (view.wd4_by, view.wd4_colour)
                else:
                    extra = {view.wd4_by: (view.wd4_colour, None, False)}
            hands, pile = sample_hidden(view, know, rng, extra, force)
            world_seed = rng.getrandbits(48)
            world = with_hidden(base, hands, pile, world_seed)
            for index, move in enumerate(candidates):
                game = world.copy()
                values[index] += self._playout(game, me, move, world_seed)
            worlds += 1
            playouts += len(candidates)
            if budget is not None:
                if playouts >= budget:
                    break
            elif time.perf_counter() >= deadline:
                break
        stats.worlds = worlds
        stats.playouts = playouts
        stats.seconds = time.perf_counter() - start
        stats.values = [value / worlds for value in values]
        return stats.values

    def _playout(self, game: Game, me: int, move: Action, seed: int) -> float:
        events = game.apply(me, move)
        for event in events:
            if isinstance(event, ev.RoundOver):
                return self.value(game, me, event.winner, list(event.hand_points))
        winner, points = Playout(game, random.Random(seed), greedy=True).run()
        return self.value(game, me, winner, points)

    @staticmethod
    def value(game: Game, me: int, winner: int, points: Sequence[int]) -> float:
        """How good a round's end is for ``me``'s side: 1 for a win, plus or minus points."""
        sides = game.sides
        mine = sides[me]
        won = sides[winner] == mine
        scoring = game.rules.scoring
        if scoring is Scoring.SINGLE_ROUND:
            return 1.0 if won else 0.0
        n_sides = max(sides) + 1
        if scoring is Scoring.PENALTY:
            per_side = [0] * n_sides
            for seat, value in enumerate(points):
                per_side[sides[seat]] += value
            others = (sum(per_side) - per_side[mine]) / max(1, n_sides - 1)
            return (others - per_side[mine]) / 100.0 + (0.3 if won else 0.0)
        gain = sum(value for seat, value in enumerate(points) if sides[seat] != sides[winner])
        return (1.0 + gain / 300.0) if won else -gain / 300.0 / max(1, n_sides - 1)


__all__ = ["MAX_CANDIDATES", "ExpertBot", "SearchStats"]
