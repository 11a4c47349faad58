"""A guest phone whose link opens before its page's Python is ready (a slow phone): the host's first drawing is painted
by JS at once, MicroPython takes the painted page over without drawing it again, and a tap made on it before
MicroPython was there arrives (web/page/guest-prepaint.mjs, `ui.host.Host.adopt`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tools import netns

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.e2e


def test_the_first_drawing_is_painted_once_before_python_and_an_early_tap_arrives(site: Path) -> None:
    why = netns.why_not()
    if why:
        pytest.fail(f"cannot test WebRTC here: {why}")
    run = netns.run([sys.executable, str(HERE / "first_paint_run.py"), str(site)], timeout=300)
    assert run.returncode == 0, run.stderr[-4000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["held"] == 1 and result["python_then"] == ""  # painted while MicroPython had not arrived
    assert result["painted"] != ""  # by web/page/guest-prepaint.mjs
    assert result["you_before"] == 0  # the tap waited for the page's Python
    assert result["you"] == "You are Caro."  # and arrived: the host gave this phone Caro
    assert result["host_guests"] == ["Caro\nconnected"]
    assert result["kept"] is True and result["roots"] == 1  # the painted nodes kept: painted once
    assert result["link"] == "live"
    assert result["said"] == []  # no drawing refused or drawn again
