"""Shared test set-up: hypothesis profiles only (keep this file tiny; fixtures go in sub-folders).

Profiles: "default" (local CPython), "ci" (env CI set), "pyodide" (inside Pyodide: the runner
tools/pyodide_tests.mjs sets UNO_PYODIDE=1; Python there is about 0.5x as fast and the repo is
a mounted folder, so fewer examples and no example database). HYPOTHESIS_PROFILE overrides.
Tests should not pass ``max_examples`` themselves unless they are marked ``slow``.
"""

from __future__ import annotations

import os

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
