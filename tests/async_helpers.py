"""Running a coroutine from a test: on a loop of its own, in a thread (Playwright's sync API keeps a loop
running in the test process's main thread once a browser test has run, so `asyncio.run` fails there)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
