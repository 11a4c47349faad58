"""Phones at one table: web/page/peer.mjs's data channels through the real WebRTC stack, set up by the codes
of app.peer.signal, in a network namespace the test makes (no peer traffic leaves the machine)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tools import netns

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.e2e


def test_a_host_and_three_guests_connect_by_codes_and_talk(site: Path) -> None:
    why = netns.why_not()
    if why:
        pytest.fail(f"cannot test WebRTC here: {why}")
    run = netns.run([sys.executable, str(HERE / "channel_run.py"), str(site), "3"], timeout=180)
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert all(seconds is not None for seconds in result["open_s"]), result  # every channel opened
    # each code fits a QR code of version 5 at level M (154 alphanumerics)
    assert max(result["offer_chars"] + result["answer_chars"]) <= 154, result
    assert result["got_host"] == [[0, "from guest 0"], [1, "from guest 1"], [2, "from guest 2"]]
    assert result["got_guest"] == [["to guest 0"], ["to guest 1"], ["to guest 2"]]  # each only its own
