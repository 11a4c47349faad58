"""Background tasks in the page's event loop (glue), for the controllers that wait (bots, saves)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

_tasks: set[Any] = set()


def spawn(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine in the page's event loop, keeping a reference until it is done; return its task."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task
