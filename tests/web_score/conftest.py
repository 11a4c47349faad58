"""CPython tests of the score keeper's screen logic (web/engine/app/score/: no browser, no pyscript)."""

from __future__ import annotations

import pytest
from score_ui_helpers import Keeper, MemoryStorage, Translator, make_keeper


@pytest.fixture
def tr() -> Translator:
    return Translator()


@pytest.fixture
def storage() -> MemoryStorage:
    return MemoryStorage()


@pytest.fixture
def keeper(storage: MemoryStorage, tr: Translator) -> Keeper:
    return make_keeper(storage, tr)
