"""A whole evening at one table through the app's pages and the real WebRTC stack (in a network namespace the test
makes): the host in Spanish, guests in English and Spanish, screens of the host's engine with no Pyodide of their
own (one on a first visit by the invitation link, one by its camera); four rounds, each guest entering its own hand
(typed, and tapped as cards), one as the big screen for a round; a guest's tab reloads mid-round and the host's tab
reloads between rounds: each phone comes back to its player by one code pair the host shows by itself. Screenshots
go to artifacts/peer/."""

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
    assert result["engines"] == result["engines_after"] == [[], []]  # no Pyodide on a guest phone
    assert result["guest_loads"] == ["guest", "guest"]
    assert result["wake"] == ["on", "on", "on"]  # the host's table page and each guest's screen stay awake
    assert result["host_guests"] == ["Beto\nconectado", "Caro\nconectado"]
    assert result["after_forged"] == ["", "30"]  # Dani's hand and Caro's own as they were: refused, nothing changed
    assert result["beto_round"] == ["Ana\nwent out, no cards left", "Caro\n55 pts", "Dani\n12 pts"]
    assert sorted(result["host_guests_after"]) == ["Beto\nconectado", "Caro\nconectado"]  # back in their seats
    assert result["caro_back"] == "Eres Caro."  # her player again after a reload, without saying so
    # round 1: Ana out, Beto 55 typed (52, corrected), Caro W + 5 tapped, Dani 12; round 2: Beto out, 30 + 8 + 3;
    # round 3: Caro out, 10 + 20 + 5; round 4: Dani out, 7 + 8 + 9
    expected = ["Ana 122", "Beto 41", "Caro 35", "Dani 24"]
    assert result["guests"] == [expected, expected]  # identical on every phone
    assert [totals(line) for line in result["host"]] == [("Ana", "122"), ("Beto", "41"), ("Caro", "35"), ("Dani", "24")]
    assert result["problems"] == []  # at 390x844 in both languages: fits, 44 px targets, no raw keys
    assert result["guest_you"] == ["You are Beto.", "Eres Caro."]
    # Caro's phone as the big screen during round 3: the whole screen, the standings as the host has them
    assert result["big"] == result["host_at_big"] == ["Ana 122", "Beto 41", "Caro 35", "Dani 0"]
    assert (result["big_fullscreen"], result["big_left"]) == (True, False)
    assert [totals(line) for line in result["kept"]] == [totals(line) for line in result["host"]]  # a kept copy
