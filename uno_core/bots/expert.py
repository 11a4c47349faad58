"""The ``expert`` level: determinized Monte Carlo search.

For each decision on its turn it repeats, until its budget is spent:

1. sample the hidden cards consistently with what it has seen (``determinize.sample_hidden``:
   hand sizes, cards known from challenges and 7-0 swaps, colours players showed they lacked,
   a card of the colour a player just named with a wild card (``NAMED_HOLDS``; it has not drawn
   since); when answering a Wild Draw Four, a bluff or a legal play in proportion to the bluff odds);
2. build that world as a ``Game`` (``determinize.with_hidden``);
3. for every candidate move, on a copy of that world (the same world and the same random
   numbers for every candidate), apply the move with the engine and play the round out with
   the engine's playout mode (``uno_core.playout.Playout``, greedy players), scoring the result for
   its side (round won; points, depending on the scoring rule).

It picks the move with the best average, but keeps to the ``strategic`` move unless the best
beats it by more than ``confidence(players)`` standard errors of their paired difference (search
noise would otherwise pick many a worse move). Candidates are the distinct moves (every colour for a
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
from ..cards import Card, Colour, hand_points
from ..game import Game
from ..phase import Phase
from ..playout import Playout
from ..rules import Scoring
from ..view import SeatView
from .base import BotOptions
from .common import DRAW_, KEEP_, distinct_moves, with_uno, without_uno
from .determinize import base_game, sample_hidden, scratch_copy, with_hidden
from .knowledge import Ban, Knowledge, lacked
from .rollout import PolicyPlayout
from .strategic import StrategicBot

MAX_CANDIDATES = 8
CONFIDENCE = 1.0  # heads-up: standard errors by which the search must beat the strategic move to overrule it
CONFIDENCE_AT_TABLE = 2.5
"""The same at 3 or more seats, where the search finds smaller differences in more noise (docs/decisions.md)."""


def confidence(players: int) -> float:
    """Standard errors by which the search must beat the strategic move to overrule it, at ``players`` seats."""
    return CONFIDENCE if players == 2 else CONFIDENCE_AT_TABLE


MAX_TURNS = 3000  # a playout still going after this many turns is scored by hand sizes


class SearchStats:
    """What the last search did (for benches and the UI's "thinking" display)."""

    __slots__ = ("candidates", "chosen", "favourite", "playouts", "samples", "seconds", "values", "worlds")

    def __init__(self) -> None:
        self.candidates: list[Action] = []
        self.samples: list[dict[int, float]] = []  # per candidate: world number -> playout value
        self.chosen = 0
        self.favourite = -1  # the strategic move's index among the candidates (-1: not one of them)
        self.values: list[float] = []
        self.playouts = 0
        self.worlds = 0
        self.seconds = 0.0


class ExpertBot(StrategicBot):
    """See the module docstring."""

    level = "expert"
    NAMED_HOLDS = True
    """Sample a card of the colour each opponent just named (within the noise, kept: docs/decisions.md)."""

    POLICY_PLAYOUTS = False
    """Playouts whose players play from their longest colour (``rollout.PolicyPlayout``) instead of uniformly
    among their coloured cards (``Playout``'s greedy players). Off: not better (docs/decisions.md)."""

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
        favourite = without_uno(StrategicBot._act(self, view, history, options, random.Random(self.seed)))
        fav = stats.favourite = candidates.index(favourite) if favourite in candidates else -1
        values = self.search(view, history, know, candidates, rng, stats, fav)
        best = max(range(len(candidates)), key=lambda i: (values[i], -i))
        # Keep to the strategic move unless the search shows, with common random numbers, a
        # better one by more than its noise (a paired difference over the same worlds).
        if fav >= 0 and fav != best and values[fav] > -1e9:
            worlds = [w for w in stats.samples[best] if w in stats.samples[fav]]
            diffs = [stats.samples[best][w] - stats.samples[fav][w] for w in worlds]
            if len(diffs) >= 2:
                mean = sum(diffs) / len(diffs)
                spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
                if mean <= confidence(len(view.hand_sizes)) * spread / len(diffs) ** 0.5:
                    best = fav
        stats.chosen = best
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
            if view.drawn is not None and view.drawn.colour is not None and chosen:
                return chosen[:1]  # a coloured card just drawn: play it
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
        keep: int = -1,
    ) -> list[float]:
        """Sequential halving: spread the budget over rounds, keeping the better half each round, and
        ``keep`` (the strategic move) to the end: dropped on early noise, it would let the search's pick
        through untested.

        Every round samples fresh worlds and plays each remaining candidate once per world
        (the same world and random numbers for each: common random numbers). A candidate's value
        is its mean over every playout it got.
        """
        me = view.seat
        assert me is not None
        start = time.perf_counter()
        base = base_game(view, history)
        k = len(candidates)
        sums = [0.0] * k
        counts = [0] * k
        samples: list[dict[int, float]] = [{} for _ in range(k)]
        stats.samples = samples
        challenge = view.phase is Phase.CHALLENGE and view.wd4_by is not None and view.wd4_colour is not None
        bluff_odds = know.bluff_odds() if challenge else 0.0
        worlds = playouts = 0
        hints = self.hints(view, know)

        def world_round(alive: list[int]) -> None:
            nonlocal worlds, playouts
            extra: dict[int, Ban] | None = None
            force = None
            if challenge and view.wd4_by is not None and view.wd4_colour is not None:
                if rng.random() < bluff_odds:
                    force = (view.wd4_by, view.wd4_colour)
                else:
                    extra = {view.wd4_by: lacked(view.wd4_colour)}
            hands, pile = self.sample_world(view, know, rng, extra, force, hints)
            world = with_hidden(base, hands, pile, rng.getrandbits(48))
            policy = random.Random(rng.getrandbits(48))
            state = policy.getstate()
            last = alive[-1]
            for index in alive:
                policy.setstate(state)  # the same random numbers for every candidate (choices and reshuffles)
                if index == last:
                    world.rng = policy
                    game = world
                else:
                    game = scratch_copy(world, policy)
                value = self._playout(game, me, candidates[index], policy)
                sums[index] += value
                counts[index] += 1
                samples[index][worlds] = value
            worlds += 1
            playouts += len(alive)

        alive = list(range(k))
        world_round(alive)  # also measures the speed when the budget is time
        if self.options.iterations is not None:
            budget = float(self.options.iterations)
        else:
            spent = time.perf_counter() - start
            budget = playouts * self.options.time_budget / max(spent, 1e-6)
        rounds = max(1, (k - 1).bit_length())
        for round_no in range(rounds):
            share = budget / rounds
            while True:
                if self.options.iterations is None and time.perf_counter() - start >= self.options.time_budget:
                    break
                if playouts >= share * (round_no + 1):
                    break
                world_round(alive)
            if len(alive) > 1 and round_no < rounds - 1:
                alive.sort(key=lambda i: (-sums[i] / counts[i], i))
                kept = alive[: max(2, (len(alive) + 1) // 2)]
                if 0 <= keep < k and keep not in kept:  # the strategic move stays to be compared at the end
                    kept.append(keep)
                alive = sorted(kept)
        stats.worlds = worlds
        stats.playouts = playouts
        stats.seconds = time.perf_counter() - start
        means = [sums[i] / counts[i] if counts[i] else -1e9 for i in range(k)]
        # only the candidates still in the race can win
        stats.values = [means[i] if i in alive else -1e9 for i in range(k)]
        return stats.values

    def hints(self, view: SeatView, know: Knowledge) -> list[tuple[int, Colour]]:
        """(seat, colour) guesses from the public history for ``sample_hidden``: a player who named a colour with a
        wild card (and has not drawn since) probably holds it (``NAMED_HOLDS``)."""
        if not self.NAMED_HOLDS:
            return []
        return [
            (seat, colour)
            for seat, colour in enumerate(know.fresh_named)
            if seat != view.seat and colour is not None and view.hand_sizes[seat] >= 2
        ]

    def sample_world(
        self,
        view: SeatView,
        know: Knowledge,
        rng: random.Random,
        extra: dict[int, Ban] | None,
        force: tuple[int, Colour] | None,
        hints: Sequence[tuple[int, Colour]],
    ) -> tuple[list[list[Card]], list[Card]]:
        """The hidden cards of one world: each seat's hand and the draw pile (``determinize.sample_hidden``).

        ``bench.bots``' omniscient anchor overrides it with the true hands, to measure what the search
        would reach if it knew them.
        """
        return sample_hidden(view, know, rng, extra, force, hints)

    def _playout(self, game: Game, me: int, move: Action, policy: random.Random) -> float:
        playout = (PolicyPlayout if self.POLICY_PLAYOUTS else Playout)(game, policy, greedy=True)
        playout.play(me, move)  # a legal action: the candidates come from the view's legal actions
        try:
            winner, points = playout.run(MAX_TURNS)
        except RuntimeError:  # a playout that goes round in circles (7-0 swaps, no cards left to draw)
            wild = game.rules.wild_points
            points = [hand_points(hand, wild) for hand in game.hands]
            winner = min(range(game.n), key=lambda seat: (len(game.hands[seat]), points[seat]))
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


__all__ = ["CONFIDENCE", "CONFIDENCE_AT_TABLE", "MAX_CANDIDATES", "ExpertBot", "SearchStats", "confidence"]
