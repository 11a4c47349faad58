"""The expert's search keeps its promise: it overrules the strategic move only by beating it over the same
worlds by more than ``confidence(players)`` standard errors, never because sequential halving dropped it on noise."""

from __future__ import annotations

from uno_core import Game, Rules
from uno_core.bots import make_bot
from uno_core.bots.driver import Table
from uno_core.bots.expert import ExpertBot, confidence
from uno_core.rules import Scoring
from uno_core.view import view


def paired_margin(bot: ExpertBot) -> float:
    """How many standard errors the chosen move beat the strategic one by, over the worlds both were played in."""
    stats = bot.last
    best, fav = stats.samples[stats.chosen], stats.samples[stats.favourite]
    diffs = [best[w] - fav[w] for w in best if w in fav]
    mean = sum(diffs) / len(diffs)
    spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
    return mean / (spread / len(diffs) ** 0.5) if spread else float("inf") if mean > 0 else 0.0


def test_the_strategic_move_is_searched_to_the_end_and_overruled_only_when_beaten() -> None:
    searched = overruled = 0
    for seed in range(6):
        game = Game(4, Rules(scoring=Scoring.SINGLE_ROUND), seed, first_dealer=0)
        table = Table(game, [make_bot("strategic", seed * 10 + seat) for seat in range(4)])
        expert = make_bot("expert", seed, iterations=120)
        assert isinstance(expert, ExpertBot)
        for _ in range(60):
            if game.is_over:
                break
            seat = game.current
            expert.act(view(game, seat), table.history(seat))
            stats = expert.last
            if len(stats.candidates) >= 3 and stats.favourite >= 0:
                searched += 1
                assert stats.values[stats.favourite] > -1e9, (seed, stats.candidates)
                if stats.chosen != stats.favourite:
                    overruled += 1
                    assert paired_margin(expert) > confidence(4), (seed, stats.candidates, stats.chosen)
            table.step()
    assert searched >= 20  # the test saw real searches (at least three moves to choose from)
    assert overruled >= 1  # and the search does overrule at times
