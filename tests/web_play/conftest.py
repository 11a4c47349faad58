"""Play mode's pure modules (web/app/play/) on CPython: `web/` goes on sys.path so `app.play` imports."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
for folder in (WEB, Path(__file__).resolve().parent):  # app.play, and play_helpers
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
