"""The page's connection codec (web/page/signal.mjs) under Node, for the tests that call it from Python."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from js_signal import JsSignal


@pytest.fixture(scope="session")
def js_signal() -> Iterator[JsSignal]:
    """One Node process for the session; skipped only where there is no node."""
    if shutil.which("node") is None:
        pytest.skip("needs node")
    codec = JsSignal()
    yield codec
    codec.close()
