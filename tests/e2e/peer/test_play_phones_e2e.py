"""A round of UNO on four phones through the app's pages and the real WebRTC stack, in a network namespace the test
makes (issue 50): the host with a person and a bot, three guest phones in two languages; each sees only its own
hand; a catch across phones; a tampered guest page refused; a guest's link cut mid-round and back with no codes; a
guest's tab and then the host's reloaded mid-round, each phone back at its seat; no page scroll during a turn at
360x640 and 390x844. Screenshots go to artifacts/play-phones/."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tools import netns

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[2] / "artifacts" / "play-phones"

pytestmark = pytest.mark.e2e


def test_a_round_on_four_phones(site: Path) -> None:
    why = netns.why_not()
    if why:
        pytest.fail(f"cannot test WebRTC here: {why}")
    run = netns.run([sys.executable, str(HERE / "phones_round_run.py"), str(site), str(ARTIFACTS)], timeout=420)
    assert run.returncode == 0, run.stderr[-4000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    print("phases (s from the start):", result["timings"], "the cut:", result["cut"])
    assert len(result["host_guests"]) == 3
    assert result["own_hands"] == [True, True, True, True]  # each phone shows its own hand
    assert result["catch"][0] == "2 catch 1" and result["beto_after_catch"] == 3  # caught across phones: +2
    assert result["called"]  # a UNO call made with a second-to-last card
    tampered = result["tampered"]
    assert tampered["same"]  # nothing changed
    assert tampered["notices"][0] and tampered["shown"] == []  # another hand's card: refused, never shown to her
    assert "no se puede jugar ahora" in tampered["illegal"]  # her own card that cannot be played: explained
    cut = result["cut"]  # Eli's link cut while Beto and Caro played: "Reconnecting…" on both sides, then back
    assert cut["moves_meanwhile"] >= 1
    assert all(s is not None and s <= 8 for s in cut["reconnecting_s"].values()), cut
    assert cut["lines"][0].startswith("Reconnecting… This is the table") and cut["lines"][1] == "Eli\nreconnecting…", (
        cut
    )
    assert all(s is not None and s <= 20 for s in cut["live_s"].values()), cut
    assert cut["hand"] and cut["guest"] == "live"  # its seat and current hand, no code typed or scanned
    assert result["Beto_turn"] == 0 and result["Caro_turn"] == 0 and result["Eli_turn"] == 0  # no page scroll
    points = [re.findall(r"\t\+(\d+)\t", text) for text in result["screens"]]  # each seat's points this round
    assert len(points) == 4 and all(p == points[0] for p in points) and sum(map(int, points[0])) > 0, points
    reloads = result["reloads"]  # a guest's tab reloaded mid-round, then the host's: each phone back at its seat
    assert reloads == {"caro_hand": True, "same_game": True, "hands_back": [True, True, True]}
    assert result["problems"] == []
