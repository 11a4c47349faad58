"""Shared test set-up: hypothesis profiles and the browser tests' xdist group (keep this file tiny;
fixtures go in sub-folders).

Profiles: "default" (local CPython), "ci" (env CI set), "pyodide" (inside Pyodide: the runner
tools/pyodide_tests.mjs sets UNO_PYODIDE=1; Python there is about 0.5x as fast and the repo is
a mounted folder, so fewer examples and no example database). HYPOTHESIS_PROFILE overrides.
Tests should not pass ``max_examples`` themselves unless they are marked ``slow``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

IN_PYODIDE = os.environ.get("UNO_PYODIDE") == "1"

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True, print_blob=True)
settings.register_profile(
    "pyodide",
    max_examples=25,
    deadline=None,
    database=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
_auto = "pyodide" if IN_PYODIDE else "ci" if os.environ.get("CI") else "default"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or _auto)

# `./dev test` runs two pytest-xdist workers (`-n 2 --dist loadgroup`). The browser tests form two groups, each run
# one test after another on one worker (one browser at a time per worker, one warm profile each): play mode's and the
# start-up snapshot's, which time nothing against a bar, go to the worker that first takes the CPU-bound tests
# (property runs, Pyodide under Node, the bots), so the whole run stays under 15 minutes on two cores.
HERE = Path(__file__).parent
BROWSER_DIRS = tuple(HERE / name for name in ("e2e", "webkit"))
SECOND_GROUP = (HERE / "e2e" / "play", HERE / "e2e" / "test_snapshot.py")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the group into the node id (not trylast there)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(place == item.path or place in item.path.parents for place in SECOND_GROUP):
            item.add_marker(pytest.mark.xdist_group("browser-2"))
        elif any(folder in item.path.parents for folder in BROWSER_DIRS):
            item.add_marker(pytest.mark.xdist_group("browser"))
