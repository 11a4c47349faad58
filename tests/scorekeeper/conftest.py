"""Make ``import scorekeeper`` find the package, not this test folder of the same name.

pytest puts ``tests/`` on ``sys.path`` (for ``tests/conftest.py``), where ``scorekeeper/`` is
this folder: without a regular package earlier on the path, Python would import it as a
namespace package. A regular package wins over namespace folders wherever it sits on the
path, so adding the repository root is enough (and harmless when it is already there).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)
_cached = sys.modules.get("scorekeeper")
if _cached is not None and getattr(_cached, "__file__", None) is None:
    del sys.modules["scorekeeper"]
