"""The levels really differ: a short, seeded run of the bench's matchups (deterministic)."""

from __future__ import annotations

from bench.bots import play_game


def _rate(level: str, other: str, players: int, games: int) -> float:
    wins = sum(play_game((level, other, players, index, 10, False, ()))[0] for index in range(games))
    return wins / games


def test_easy_loses_to_basic_at_four_seats() -> None:
    assert _rate("easy", "basic", 4, 200) < 0.22


def test_easy_beats_random() -> None:
    assert _rate("easy", "random", 2, 60) > 0.8


def test_strategic_is_not_weaker_than_basic_heads_up() -> None:
    assert _rate("strategic", "basic", 2, 400) > 0.5
