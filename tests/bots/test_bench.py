"""The bot benchmark's smoke mode runs and prints its tables."""

from __future__ import annotations

import pytest

from bench import bots as bench_bots


def test_bench_quick_mode_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench_bots.main(["--quick"])
    out = capsys.readouterr().out
    assert "Speed of the expert" in out and "playouts/s" in out
    assert "expert     strategic" in out
    assert "\nBars:" in out


def test_wilson_interval() -> None:
    result = bench_bots.Result("strategic", "random", 2, 100, 60, 0.0, 0.0, 0.0)
    low, high = result.interval()
    assert 0.50 < low < 0.60 < high < 0.70


def test_bench_plays_whole_matches_to_500(capsys: pytest.CaptureFixture[str]) -> None:
    bench_bots.main(["--quick", "--strength-only", "--matches", "--only", "basic:random:2"])
    out = capsys.readouterr().out
    assert "one match to 500 points" in out and "basic      random" in out
    assert "\nBars:" not in out  # the bars are on rounds
    won, mine, others = bench_bots.play_game(("basic", "random", 2, 3, 10, True, ()))
    assert max(mine, others) >= 500 and (mine >= 500) is won  # the final totals: the winner reached the target


def test_weights_variant_replays_the_same_deals_with_its_own_weights(capsys: pytest.CaptureFixture[str]) -> None:
    """``--weights`` plays each matchup again on the same deals with the tested bot's weights changed (that bot
    alone: the class keeps the landed table) and prints the paired difference."""
    from uno_core import Game
    from uno_core.bots.strategic import StrategicBot

    landed = dict(StrategicBot.WEIGHTS)
    game = Game(2, bench_bots.ROUND, seed=1)
    bot = bench_bots.tested_bot("strategic", 1, 12, game, (("points", 9.0),))
    assert isinstance(bot, StrategicBot)
    own, of_class, of_another = bot.WEIGHTS, StrategicBot.WEIGHTS, StrategicBot(1).WEIGHTS
    assert own == {**landed, "points": 9.0}
    assert of_class == landed and of_another == landed
    with pytest.raises(ValueError, match="no weight named pionts"):
        bench_bots.tested_bot("strategic", 1, 12, game, (("pionts", 1.0),))
    with pytest.raises(ValueError, match="basic has no weights"):
        bench_bots.tested_bot("basic", 1, 12, game, (("points", 1.0),))

    # a variant that never saves a wild card plays other moves on some of the same deals
    args = ["--quick", "--strength-only", "--only", "strategic:basic:2"]  # 12 games
    bench_bots.main([*args, "--weights", '{"wild": 0, "wild4": 0, "save_wild_at": 99}'])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith(("strategic ", "variant "))]
    assert [row[0] for row in rows] == ["strategic", "variant"] and all(row[3] == "12" for row in rows)
    assert "variant - landed, same deals:" in out

    outcomes = bench_bots.run_matchup("strategic", "basic", 2, 40, 12, None).outcomes
    changed = bench_bots.run_matchup(
        "strategic", "basic", 2, 40, 12, None, weights=(("wild", 0.0), ("wild4", 0.0))
    ).outcomes
    assert len(outcomes) == len(changed) == 40 and outcomes != changed
    diff, error = bench_bots.paired(
        bench_bots.Result("a", "b", 2, 4, 2, 0, 0, 0, (True, False, True, False)),
        bench_bots.Result("a", "b", 2, 4, 3, 0, 0, 0, (True, True, True, False)),
    )
    assert diff == 0.25 and error == pytest.approx(0.25)  # differences 0, 1, 0, 0: s.d. 0.5 over 2

    with pytest.raises(SystemExit):
        bench_bots.main([*args, "--weights", "[1, 2]"])
    assert "a JSON object of weight names and numbers" in capsys.readouterr().err


def test_omniscient_anchor_searches_the_true_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """The anchor's worlds are the real hands and the real pile's cards (so it can bound what reading helps)."""
    import random

    from uno_core import Game, view
    from uno_core.bots.knowledge import Knowledge

    game = Game(4, bench_bots.ROUND, seed=5)
    bot = bench_bots.tested_bot("omniscient", 1, 12, game)
    assert isinstance(bot, bench_bots.OmniscientExpert)
    seat = game.current
    seen = view(game, seat)
    hands, pile = bot.sample_world(seen, Knowledge(seen, [], {}), random.Random(0), None, None, [])
    assert hands == [list(hand) for hand in game.hands]
    assert sorted(pile) == sorted(game.draw_pile)
    bench_bots.main(["--quick", "--strength-only", "--only", "omniscient:strategic:4"])
    assert "omniscient strategic      4" in capsys.readouterr().out


def test_colours_anchor_knows_each_opponents_colours_not_its_cards() -> None:
    """The colour anchor's worlds keep every opponent's count of each colour (and of wild cards) and deal the
    rest of the unseen cards to the pile; over a few worlds the cards themselves change."""
    import random
    from collections import Counter

    from uno_core import Game, view
    from uno_core.bots.knowledge import Knowledge

    game = Game(4, bench_bots.ROUND, seed=5)
    bot = bench_bots.tested_bot("colours", 1, 12, game)
    assert isinstance(bot, bench_bots.ColoursExpert)
    seat = game.current
    seen = view(game, seat)
    rng = random.Random(0)
    dealt = set()
    for _ in range(5):
        hands, pile = bot.sample_world(seen, Knowledge(seen, [], {}), rng, None, None, [])
        assert hands[seat] == list(game.hands[seat])
        for other, hand in enumerate(hands):
            assert Counter(card.colour for card in hand) == Counter(card.colour for card in game.hands[other])
        unseen = [card for other, hand in enumerate(game.hands) if other != seat for card in hand]
        assert sorted(pile + [c for o, h in enumerate(hands) if o != seat for c in h]) == sorted(
            unseen + list(game.draw_pile)
        )
        dealt.add(tuple(tuple(hand) for hand in hands))
    assert len(dealt) > 1


def test_inference_figures_print_a_reading_better_than_hand_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    bench_bots.main(["--inference", "6"])
    out = capsys.readouterr().out
    for players in (2, 4):
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{players} seats"))
        reading = float(line.split("reading ")[1].split(",")[0])
        sizes = float(line.split("sizes only ")[1].split(",")[0])
        odds = float(line.split("colour_odds ")[1])
        assert 0 < reading < sizes < 0.5 and 0 < odds < sizes


def test_brier_takes_the_sampling_noise_out() -> None:
    """Over many sampled worlds of a fixed chance, the corrected score averages that chance's own squared error."""
    import random

    rng = random.Random(3)
    chance, worlds = 0.3, 10
    shares = [sum(rng.random() < chance for _ in range(worlds)) / worlds for _ in range(20000)]
    scores = [bench_bots.brier(share, worlds, True) for share in shares]
    assert abs(sum(scores) / len(scores) - (1 - chance) ** 2) < 0.01
