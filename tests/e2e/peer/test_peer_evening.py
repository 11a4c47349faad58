"""A whole evening at one table through the app's pages and the real WebRTC stack (in a network namespace the
test makes): the host in Spanish, guests in English and Spanish; each guest enters its own hand (typed, and
tapped as cards); a guest's tab drops and comes back mid-round; the host's tab reloads and its guests rejoin.
Screenshots go to artifacts/peer/."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tools import netns

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[2] / "artifacts" / "peer"

pytestmark = pytest.mark.e2e


def totals(line: str) -> tuple[str, str]:
    """A standings line as (name, total), whatever else it says in whichever language."""
    words = line.split()
    return words[0], next(word for word in words if word.isdigit())


def test_an_evening_with_three_phones(site: Path) -> None:
    why = netns.why_not()
    if why:
        pytest.fail(f"cannot test WebRTC here: {why}")
    run = netns.run([sys.executable, str(HERE / "evening_run.py"), str(site), str(ARTIFACTS)], timeout=540)
    assert run.returncode == 0, run.stderr[-4000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["host_guests"] == ["Beto\nconectado", "Caro\nconectado"]
    assert result["beto_round"] == ["Ana\nwent out, no cards left", "Caro\n55 pts", "Dani\n12 pts"]
    assert result["host_guests_after"] == ["Beto\nconectado", "Caro\nconectado"]  # back in their seats
    # round 1: Ana out, Beto 55 typed (52, corrected), Caro W + 5 tapped, Dani 12; round 2: Beto out, 30 + 8 + 3
    expected = ["Ana 122", "Beto 41", "Caro 0", "Dani 0"]
    assert result["guests"] == [expected, expected]  # identical on every phone
    assert [totals(line) for line in result["host"]] == [("Ana", "122"), ("Beto", "41"), ("Caro", "0"), ("Dani", "0")]
    assert result["problems"] == []  # at 390x844 in both languages: fits, 44 px targets, no raw keys
    assert result["guest_you"] == ["You are Beto.", "Eres Caro."]
    assert [totals(line) for line in result["kept"]] == [totals(line) for line in result["host"]]  # a kept copy
