"""Background tasks in the page's event loop (glue), for the controllers that wait (bots, saves)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine
from typing import Any

_tasks: set[Any] = set()


def spawn(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine in the page's event loop, keeping a reference until it is done; return its task."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task


def after(seconds: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
    """Call `callback` in `seconds` (its handle cancels it); at once, returning None, where no event loop runs
    (CPython tests without one)."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        loop = None
    if loop is None or (sys.platform != "emscripten" and not loop.is_running()):
        callback()
        return None
    return loop.call_later(seconds, callback)
