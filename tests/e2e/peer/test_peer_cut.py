"""A guest phone's link cut for 10 s (its packets dropped in a namespace of its own, as a locked screen or a phone out
of the Wi-Fi would): both sides say "Reconnecting…" within 6 s, the guest's last page stays (read-only), and once the
cut ends both are live again on the same link, the guest in its seat, with no new codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tools import netns

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[2] / "artifacts" / "peer"

pytestmark = pytest.mark.e2e


def test_a_cut_link_is_reconnecting_on_both_sides_and_comes_back_without_codes(site: Path) -> None:
    why = netns.why_not()
    if why:
        pytest.fail(f"cannot test WebRTC here: {why}")
    run = netns.run([sys.executable, str(HERE / "cut_run.py"), str(site), str(ARTIFACTS), "10"], timeout=300)
    assert run.returncode == 0, run.stderr[-4000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    print("a 10 s cut:", result["reconnecting_s"], result["live_s"])
    assert all(s is not None and s <= 6 for s in result["reconnecting_s"].values()), result
    assert result["guest_line"].startswith("Reconnecting") and result["host_line"].endswith("reconnecting…")
    assert all(s is not None and s <= 15 for s in result["live_s"].values()), result
    assert result["guests_after"] == ["Beto\nconnected"] and result["you_after"] == "You are Beto."
    assert result["guest_data"]["link"] == "live" and result["guest_data"]["guest"] == "live"  # no new codes
