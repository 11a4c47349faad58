"""Bot strength and speed: printed figures, not timed tests.

    python -m bench.bots [--quick] [--games N] [--expert-games M] [--iterations I] [--workers W] [--pyodide]
                         [--strength-only] [--only LEVEL:OTHER:SEATS ...] [--matches] [--weights JSON]

Strength: every level against every lower level, heads-up (2 seats) and at a 4-seat table
(the level at one seat, the lower level at the other three). A "game" here is always one
ROUND of the official rules (``Rules(scoring=SINGLE_ROUND)``, as RLCard counts games): the
first player out wins it. Game ``i`` uses seed ``i`` (the same deals for every matchup) and
puts the tested level at seat ``i mod players``, so every seat is played equally. Printed:
win rate with a 95% Wilson interval, the fair share (1/players), and the average points won
per round by the tested seat and by each other seat (R-SCORE-3: the winner scores the others'
hands). The strength bars (``BARS``) are checked at the end (and that ``easy`` loses to ``basic``).
``--only omniscient:strategic:4``: an anchor, not a level: the expert searching the true deal (the real hands;
``OmniscientExpert``), what any reading of the hidden cards could at best give the search. ``colours:...``:
the expert that knows how many cards of each colour every opponent holds, not which (``ColoursExpert``).
``--inference N``: how well the expert's worlds predict which colours an opponent holds, over N rounds of
four strategic players and N heads-up: the Brier score of "holds at least one card of this colour (or a wild
card)" for the worlds ``determinize.sample_hidden`` deals from what the seat knows, against worlds dealt
knowing only the hand sizes, and for ``Knowledge.colour_odds`` (0 would be a perfect reading; the worlds'
scores have their own sampling noise taken out, ``brier``).
``--matches``: a game is a whole match to 500 points (official rules; the match win rate, and the
final totals in the points columns), as people play at home.
``--weights '{"points": 2}'``: each matchup again, on the same deals, with some of the tested bot's
``StrategicBot.WEIGHTS`` changed (that bot's alone), and the difference from the landed weights with its paired
standard error: the way the strategic level's terms are tuned (a match's deal diverges after its first round, so
matches pair less well than rounds).

The ``expert`` plays with a fixed number of playouts per decision (``--iterations``,
default ``BROWSER_ITERATIONS``: what its default 0.3 s time budget buys in Pyodide, measured
with ``--pyodide``), so the strength figures are reproducible and stand for the browser.

Speed: ``expert`` decisions on positions from strategic games (2 and 4 seats): decision time
(median, 95th percentile) with the default time budget and with the fixed budget, playouts
per decision and playouts per second. ``--pyodide`` runs the speed part again inside Pyodide
under Node (``tools/pyodide_run.mjs``), the interpreter the browser runs.

``--quick``: a smoke run (a few games per matchup, a few positions) for the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from uno_core import Card, Colour, Game, Rules, Scoring, SeatView, view
from uno_core.bots import LEVELS, Bot, BotOptions, Table, make_bot
from uno_core.bots.base import turn_actions
from uno_core.bots.determinize import sample_hidden
from uno_core.bots.expert import ExpertBot
from uno_core.bots.knowledge import Ban, Knowledge
from uno_core.bots.strategic import StrategicBot
from uno_core.events import Event
from uno_core.phase import Phase

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

ROUND = Rules(scoring=Scoring.SINGLE_ROUND)
MATCH = Rules()  # official: rounds until a side reaches 500 points (R-SCORE-3/4)
BROWSER_ITERATIONS = 900
"""About what the expert's default 0.3 s buys per decision in Pyodide under Node
(medians of 926 to 1,198 measured with ``--pyodide`` on these shared 2-core machines)."""
BARS = (
    # (level, other, seats, bar); the strategic rows also want all of the 95% CI above the fair share
    ("strategic", "basic", 2, 0.57),
    ("strategic", "basic", 4, 0.29),
    ("expert", "strategic", 2, 0.66),
    ("expert", "strategic", 4, 0.38),
)
Weights = tuple[tuple[str, float], ...]
"""``--weights``: (name, value) pairs that replace some of the tested bot's ``StrategicBot.WEIGHTS``."""
BELOW = (("easy", "basic", 2), ("easy", "basic", 4))
"""Matchups the tested level must lose (the easy level loses to basic)."""


@dataclass(frozen=True)
class Result:
    level: str
    other: str
    players: int
    games: int
    wins: int
    points: float  # average points won per round by the tested seat
    other_points: float  # ... by each other seat
    seconds: float
    outcomes: tuple[bool, ...] = ()  # game i's result (the same deal for every matchup and --weights variant)

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate."""
        n, p, z = self.games, self.rate, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half


OMNISCIENT = "omniscient"
COLOURS_KNOWN = "colours"


class OmniscientExpert(ExpertBot):
    """Not a level, an anchor (``--only omniscient:strategic:4``): the expert whose every world is the true deal
    (each hand as it is, the draw pile's cards in a random order). What any reading of the hidden cards could
    at best give the search; it plays only in this bench, under the name ``OMNISCIENT``."""

    def __init__(self, game: Game, seed: int = 0, options: BotOptions | None = None) -> None:
        super().__init__(seed, options)
        self.game = game

    def sample_world(
        self,
        view: SeatView,
        know: Knowledge,
        rng: random.Random,
        extra: dict[int, Ban] | None,
        force: tuple[int, Colour] | None,
        hints: Sequence[tuple[int, Colour]],
    ) -> tuple[list[list[Card]], list[Card]]:
        return self.deal(view.seat, rng)

    def deal(self, me: int | None, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """The world the anchor searches, seen from seat ``me``: every hand (``me``'s too) and the draw pile."""
        pile = list(self.game.draw_pile)
        rng.shuffle(pile)
        return [list(hand) for hand in self.game.hands], pile


class ColoursExpert(OmniscientExpert):
    """Not a level, an anchor (``--only colours:strategic:2``): the expert that knows how many cards of each
    colour (and how many wild cards) every opponent holds, but not which: each world deals every opponent, for
    each of its cards, a random unseen card of that card's colour. What a perfect reading of colours alone
    would give the search."""

    def deal(self, me: int | None, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        true = self.game.hands
        pool = list(self.game.draw_pile)
        for seat, hand in enumerate(true):
            if seat != me:
                pool.extend(hand)
        rng.shuffle(pool)
        hands: list[list[Card]] = [list(hand) if seat == me else [] for seat, hand in enumerate(true)]
        for seat, hand in enumerate(true):
            if seat == me:
                continue
            for card in hand:
                same = next(i for i, other in enumerate(pool) if other.colour is card.colour)
                hands[seat].append(pool.pop(same))
        return hands, pool


ANCHORS: dict[str, type[OmniscientExpert]] = {OMNISCIENT: OmniscientExpert, COLOURS_KNOWN: ColoursExpert}


def tested_bot(level: str, seed: int, iterations: int, game: Game, weights: Weights = ()) -> Bot:
    """The tested seat's bot: a level, or an anchor (which reads ``game``); ``weights`` replace some of a
    ``strategic``-based bot's ``WEIGHTS`` for that bot alone (``--weights``)."""
    anchor = ANCHORS.get(level)
    bot = (
        make_bot(level, seed, iterations=iterations)
        if anchor is None
        else anchor(game, seed, BotOptions(iterations=iterations))
    )
    if weights:
        if not isinstance(bot, StrategicBot):
            raise ValueError(f"--weights: {level} has no weights (only strategic and expert do)")
        unknown = sorted(name for name, _ in weights if name not in bot.WEIGHTS)
        if unknown:
            raise ValueError(f"--weights: no weight named {', '.join(unknown)} (known: {', '.join(bot.WEIGHTS)})")
        # this bot's own table (an instance attribute over the class's): the class keeps the landed one
        bot.WEIGHTS = {**bot.WEIGHTS, **dict(weights)}  # type: ignore[misc]
    return bot


def play_game(job: tuple[str, str, int, int, int, bool, Weights]) -> tuple[bool, int, int]:
    """One round, or one match to 500 points when ``match``: (tested seat won, its points, points of the other
    seats together; in a match, the final totals)."""
    level, other, players, index, iterations, match, weights = job
    seat = index % players
    bots = [make_bot(other, index * 16 + s, iterations=iterations) for s in range(players)]
    game = Game(players, MATCH if match else ROUND, seed=index)
    bots[seat] = tested_bot(level, index * 16 + seat, iterations, game, weights)
    Table(game, bots).run()
    gained = list(game.totals) if match else game.round_results[-1].gained
    mine = gained[game.sides[seat]]
    return seat in game.winners, mine, sum(gained) - mine


def run_matchup(
    level: str,
    other: str,
    players: int,
    games: int,
    iterations: int,
    pool: Pool | None,
    match: bool = False,
    weights: Weights = (),
) -> Result:
    jobs = [(level, other, players, index, iterations, match, weights) for index in range(games)]
    start = time.perf_counter()
    outcomes = [play_game(job) for job in jobs] if pool is None else list(pool.imap(play_game, jobs, chunksize=2))
    seconds = time.perf_counter() - start
    wins = sum(1 for won, _, _ in outcomes if won)
    points = sum(p for _, p, _ in outcomes) / games
    others = sum(q for _, _, q in outcomes) / games / (players - 1)
    return Result(level, other, players, games, wins, points, others, seconds, tuple(won for won, _, _ in outcomes))


def paired(landed: Result, variant: Result) -> tuple[float, float]:
    """The variant's win rate minus the landed one's over the same deals, and that difference's standard error
    (from the per-deal differences: the shared deals' luck cancels out)."""
    diffs = [int(b) - int(a) for a, b in zip(landed.outcomes, variant.outcomes, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return mean, spread / math.sqrt(n)


def matchups(only: Sequence[str]) -> list[tuple[str, str, int]]:
    """(level, other, seats): every level against every lower level at 2 and 4 seats, or the ``--only`` ones."""
    if only:
        found = []
        for text in only:
            level, other, seats = text.split(":")
            found.append((level, other, int(seats)))
        return found
    return [(level, other, players) for players in (2, 4) for i, level in enumerate(LEVELS) for other in LEVELS[:i]]


def strength(
    games: int,
    expert_games: int,
    iterations: int,
    workers: int,
    quick: bool,
    only: Sequence[str] = (),
    match: bool = False,
    weights: Weights = (),
) -> list[Result]:
    """Every matchup's row (the landed bots'); with ``weights``, each matchup again with the tested bot's weights
    changed, on the same deals, and the paired difference."""
    pool: Pool | None = None
    if workers > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(workers)
    results: list[Result] = []
    game = "one match to 500 points (official rules)" if match else "one round (official rules, scoring=single_round)"
    print(f"\nStrength: one game = {game}; expert at {iterations} playouts/move")
    if weights:
        print(f"each matchup twice on the same deals: as landed, then with {dict(weights)} (the 'variant' rows)")
    print(
        f"{'level':<10} {'vs':<10} {'seats':>5} {'games':>6} {'win rate':>9} {'95% CI':>15} {'fair':>5}"
        f" {'points' if match else 'pts/round':>9} {'others':>7} {'time':>7}"
    )
    try:
        for level, other, players in matchups(only):
            n = expert_games if level in ("expert", *ANCHORS) else games
            if level == "expert" and other in ("random", "easy", "basic") and not quick and not only:
                n = max(16, n // 8)  # far from any bar: fewer games
            result = run_matchup(level, other, players, n, iterations, pool, match)
            results.append(result)
            print_row(level, result)
            if weights:
                variant = run_matchup(level, other, players, n, iterations, pool, match, weights)
                print_row("variant", variant)
                diff, error = paired(result, variant)
                z = diff / error if error else 0.0
                print(f"{'':<10} variant - landed, same deals: {diff:+.2%} (paired s.e. {error:.2%}, z {z:+.1f})")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return results


def print_row(label: str, result: Result) -> None:
    """One matchup's line of the strength table, under ``label`` (the level, or "variant")."""
    low, high = result.interval()
    print(
        f"{label:<10} {result.other:<10} {result.players:>5} {result.games:>6} {result.rate:>9.1%} "
        f"{f'[{low:.1%}, {high:.1%}]':>15} {1 / result.players:>5.0%} {result.points:>9.1f}"
        f" {result.other_points:>7.1f} {result.seconds:>6.0f}s",
        flush=True,
    )


def check_bars(results: Sequence[Result]) -> None:
    print("\nBars:")  # the output tests/bots/test_bench.py reads
    for level, other, players, bar in BARS:
        found = [r for r in results if (r.level, r.other, r.players) == (level, other, players)]
        if not found:
            continue
        r = found[0]
        low, high = r.interval()
        verdict = "met" if r.rate >= bar else "MISSED"
        if low >= bar:
            sure = " (all of the 95% CI is above the bar)"
        elif high >= bar:
            sure = " (the bar is inside the 95% CI)"
        else:
            sure = " (all of the 95% CI is below the bar)"
        fair = " (all of it above the fair share)" if low > 1 / players else " (NOT all of it above the fair share)"
        print(f"  {level} vs {other}, {players} seats: {r.rate:.1%} [{low:.1%}, {high:.1%}]", end=" ")
        print(f"against {bar:.0%}: {verdict}{sure}{fair if level == 'strategic' else ''}")
    for level, other, players in BELOW:
        found = [r for r in results if (r.level, r.other, r.players) == (level, other, players)]
        if found:
            r = found[0]
            low, high = r.interval()
            verdict = "loses, as it should" if high < 1 / players else "does NOT surely lose"
            print(f"  {level} vs {other}, {players} seats: {r.rate:.1%} [{low:.1%}, {high:.1%}]: {verdict}")


# ----- inference ------------------------------------------------------------------------------

COLOUR_CLASSES: tuple[Colour | None, ...] = (*Colour, None)  # None: the wild cards


def holds(hand: Sequence[Card]) -> list[bool]:
    """For each of ``COLOUR_CLASSES``, whether ``hand`` has a card of it."""
    return [any(card.colour is colour for card in hand) for colour in COLOUR_CLASSES]


def brier(share: float, worlds: int, truth: bool) -> float:
    """The squared error of the probability behind ``share`` (the fraction of ``worlds`` sampled worlds in which
    it held), estimated without the sampling's own noise: ``(share - truth)**2`` minus the unbiased estimate of
    that noise, ``share * (1 - share) / (worlds - 1)``."""
    return (share - truth) ** 2 - share * (1 - share) / (worlds - 1)


def inference(rounds: int, worlds: int = 20) -> None:
    """Brier scores of the expert's worlds on which colours each opponent holds (see the module docstring)."""
    print(f"\nInference: the expert's worlds ({worlds} per decision) on which colours each opponent holds;")
    print("Brier score of 'holds one or more' per colour and wild cards (0: a perfect reading), for the worlds dealt")
    print("from the reading, from hand sizes only, and for the reading's own per-card estimate (Knowledge.colour_odds)")
    expert = ExpertBot(0)
    for players in (2, 4):
        sums = {"reading": 0.0, "sizes only": 0.0, "colour_odds": 0.0}
        count = 0
        for index in range(rounds):
            game = Game(players, ROUND, seed=index)
            table = Table(game, [make_bot("strategic", index * 16 + s) for s in range(players)])
            rng = random.Random(index)
            while not game.is_over:
                seat = game.current
                if game.phase is Phase.TURN:
                    seen = view(game, seat)
                    history = table.history(seat)
                    know = Knowledge(seen, history, {})
                    blank = Knowledge(seen, history, {})
                    for slots in blank.slots:
                        for slot in slots:
                            slot.bans = ()
                    others = [other for other in range(players) if other != seat]
                    truths = {other: holds(game.hands[other]) for other in others}
                    for name, knowledge, hints in (
                        ("reading", know, expert.hints(seen, know)),
                        ("sizes only", blank, []),
                    ):
                        held = {other: [0] * len(COLOUR_CLASSES) for other in others}
                        for _ in range(worlds):
                            hands, _ = sample_hidden(seen, knowledge, rng, None, None, hints)
                            for other in others:
                                for k, has in enumerate(holds(hands[other])):
                                    held[other][k] += has
                        for other in others:
                            pairs = zip(held[other], truths[other], strict=True)
                            sums[name] += sum(brier(times / worlds, worlds, t) for times, t in pairs)
                    for other in others:
                        odds = know.colour_odds(other)
                        by_colour = zip(COLOUR_CLASSES, truths[other], strict=True)
                        sums["colour_odds"] += sum((odds[colour] - t) ** 2 for colour, t in by_colour)
                    count += len(others) * len(COLOUR_CLASSES)
                if table.step() is None:
                    break
        figures = ", ".join(f"{name} {total / max(1, count):.4f}" for name, total in sums.items())
        print(f"  {players} seats, {rounds} rounds of strategic players: {figures}", flush=True)


# ----- speed ---------------------------------------------------------------------------------


def positions(count: int) -> list[tuple[SeatView, list[Event]]]:
    """Positions where a seat must choose among several moves, from strategic games (2 and 4 seats)."""
    found: list[tuple[SeatView, list[Event]]] = []
    index = 0
    while len(found) < count:
        players = 2 if index % 2 == 0 else 4
        game = Game(players, ROUND, seed=10_000 + index)
        table = Table(game, [make_bot("strategic", index * 8 + s) for s in range(players)])
        while not game.is_over and len(found) < count:
            seat = game.current
            seat_view = view(game, seat)
            moves = {str(a).removesuffix(" uno") for a in turn_actions(seat_view)}
            if len(moves) >= 3 and game.round_no == 1 and len(game.log) % 3 == 0:
                found.append((seat_view, list(table.history(seat))))
            if table.step() is None:
                break
        index += 1
    return found


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def speed(count: int, iterations: int, budget: float) -> None:
    where = f"Python {sys.version.split()[0]} on {sys.platform}"
    print(f"\nSpeed of the expert ({where}), {count} positions from strategic games (2 and 4 seats):")
    samples = positions(count)
    for label, options in (
        (f"time budget {budget:.2f} s (default)", {"time_budget": budget}),
        (f"fixed {iterations} playouts", {"iterations": iterations}),
    ):
        times: list[float] = []
        playouts: list[int] = []
        for k, (seat_view, history) in enumerate(samples):
            bot = make_bot("expert", k, **options)
            assert isinstance(bot, ExpertBot)
            start = time.perf_counter()
            bot.act(seat_view, history)
            times.append(time.perf_counter() - start)
            playouts.append(bot.last.playouts)
        rate = sum(playouts) / sum(times)
        print(
            f"  {label:<28} decision time median {statistics.median(times) * 1000:6.0f} ms,"
            f" p95 {percentile(times, 0.95) * 1000:6.0f} ms; playouts/decision median"
            f" {statistics.median(playouts):6.0f}; {rate:6.0f} playouts/s",
            flush=True,
        )


def parse_weights(text: str) -> Weights:
    """``--weights``' JSON object of weight names and numbers, as ``Weights``."""
    try:
        found = json.loads(text)
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"not JSON: {error}") from None
    if not isinstance(found, dict) or not all(
        isinstance(value, int | float) and not isinstance(value, bool) for value in found.values()
    ):
        raise argparse.ArgumentTypeError('a JSON object of weight names and numbers, e.g. {"points": 2}')
    return tuple(sorted((str(name), float(value)) for name, value in found.items()))


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke run: a few games and positions")
    parser.add_argument("--games", type=int, default=1000, help="games per matchup without the expert")
    parser.add_argument("--expert-games", type=int, default=120, help="games per expert matchup at the bars")
    parser.add_argument("--iterations", type=int, default=BROWSER_ITERATIONS, help="expert playouts per decision")
    parser.add_argument("--workers", type=int, default=2, help="processes for the strength games (CPython)")
    parser.add_argument("--positions", type=int, default=40, help="positions for the speed figures")
    parser.add_argument("--budget", type=float, default=0.3, help="the expert's time budget for the speed figures")
    parser.add_argument("--speed-only", action="store_true", help="only the speed figures")
    parser.add_argument("--strength-only", action="store_true", help="only the strength figures")
    parser.add_argument(
        "--only", action="append", default=[], metavar="LEVEL:OTHER:SEATS", help="only these matchups (repeatable)"
    )
    parser.add_argument("--pyodide", action="store_true", help="also the speed figures inside Pyodide (Node)")
    parser.add_argument(
        "--inference", type=int, default=0, metavar="N", help="only the inference figures, over N rounds per table size"
    )
    parser.add_argument(
        "--matches", action="store_true", help="a game is a match to 500 points (match win rate); no bars checked"
    )
    parser.add_argument(
        "--weights",
        type=parse_weights,
        default=(),
        metavar="JSON",
        help="each matchup again with some of the tested bot's weights changed, e.g. '{\"points\": 2}'",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.quick:
        args.games, args.expert_games, args.positions, args.iterations = 12, 4, 3, 12
        args.workers, args.budget = 1, 0.05
    if sys.platform == "emscripten":
        args.workers = 1
    start = time.perf_counter()
    if args.inference:
        inference(args.inference)
        print(f"\nbench.bots done in {time.perf_counter() - start:.0f} s")
        return
    if not args.strength_only:
        speed(args.positions, args.iterations, args.budget)
    if args.pyodide:
        sys.stdout.flush()
        runner = Path(__file__).resolve().parents[1] / "tools" / "pyodide_run.mjs"
        cmd = [
            "node",
            str(runner),
            "bench.bots",
            "--speed-only",
            "--positions",
            str(args.positions),
            "--iterations",
            str(args.iterations),
            "--budget",
            str(args.budget),
        ]
        subprocess.run(cmd, check=True)
    if not args.speed_only:
        results = strength(
            args.games,
            args.expert_games,
            args.iterations,
            args.workers,
            args.quick,
            args.only,
            args.matches,
            args.weights,
        )
        if not args.matches:  # the bars are on rounds
            check_bars(results)
    print(f"\nbench.bots done in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
