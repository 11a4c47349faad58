"""The bot benchmark's smoke mode runs and prints its tables (issue 5)."""

from __future__ import annotations

import pytest

from bench import bots as bench_bots


def test_bench_quick_mode_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench_bots.main(["--quick"])
    out = capsys.readouterr().out
    assert "Speed of the expert" in out and "playouts/s" in out
    assert "expert     strategic" in out
    assert "Bars (issue 18)" in out


def test_wilson_interval() -> None:
    result = bench_bots.Result("strategic", "random", 2, 100, 60, 0.0, 0.0, 0.0)
    low, high = result.interval()
    assert 0.50 < low < 0.60 < high < 0.70
