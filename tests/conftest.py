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

# `./dev test` runs two pytest-xdist workers (`-n 2 --dist loadgroup`). The browser tests share one group,
# so they run one after another on one worker (one browser at a time, one warm profile) while the other
# worker takes the CPU-bound tests (property runs, Pyodide under Node, the bots).
BROWSER_DIRS = tuple(Path(__file__).parent / name for name in ("e2e", "webkit"))


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the group into the node id (not trylast there)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(folder in item.path.parents for folder in BROWSER_DIRS):
            item.add_marker(pytest.mark.xdist_group("browser"))
