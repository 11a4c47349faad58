"""Sanity checks that run in both interpreters; the platform check only inside Pyodide.

``tools/pyodide_tests.mjs`` sets ``UNO_PYODIDE=1``; under plain CPython the platform test skips.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_core.cards import full_deck

IN_PYODIDE = os.environ.get("UNO_PYODIDE") == "1"


@pytest.mark.skipif(not IN_PYODIDE, reason="only meaningful inside Pyodide (UNO_PYODIDE=1)")
def test_runs_in_pyodide_on_python_314() -> None:
    assert sys.platform == "emscripten"
    assert sys.version_info[:2] == (3, 14)
    import pyodide  # noqa: F401  (only importable inside Pyodide)


def test_uno_core_imports_from_the_repo() -> None:
    import uno_core

    if IN_PYODIDE:
        assert uno_core.__file__.startswith("/repo/"), uno_core.__file__


def test_full_deck_has_108_cards() -> None:
    assert len(full_deck()) == 108


@pytest.mark.skipif(not IN_PYODIDE, reason="only meaningful inside Pyodide (UNO_PYODIDE=1)")
def test_pyodide_hypothesis_profile_is_active() -> None:
    assert settings.default.max_examples == 25
    assert settings.default.database is None


@given(st.lists(st.integers(min_value=0, max_value=107), unique=True))
def test_hypothesis_runs_here(indexes: list[int]) -> None:
    deck = full_deck()
    picked = [deck[i] for i in indexes]
    assert len(picked) == len(indexes) <= len(deck)
