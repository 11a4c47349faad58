"""What both modes need of the browser besides drawing (glue): background tasks, file downloads and
the screen wake lock. One module, so that the score keeper and the table do these the same way."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

_tasks: set[Any] = set()


def spawn(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine in the page's event loop, keeping a reference until it is done; return its task."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task


def download(name: str, text: str, kind: str = "application/json") -> None:
    """Save `text` as a file called `name` (exports, backups)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": kind}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)


class WakeLock:
    """Keeps the screen on while a sheet is open; asks again when the page is visible again."""

    def __init__(self) -> None:
        self.sentinel: Any = None
        self.active = False
        self.proxy = create_proxy(lambda event: self.request())

    def start(self) -> None:
        if not self.active:
            self.active = True
            document.addEventListener("visibilitychange", self.proxy)
        self.request()

    def stop(self) -> None:
        self.active = False
        document.removeEventListener("visibilitychange", self.proxy)
        sentinel, self.sentinel = self.sentinel, None
        if sentinel:
            with contextlib.suppress(Exception):  # already released by the browser
                sentinel.release()
        document.documentElement.dataset.wakeLock = "off"

    def request(self) -> None:
        if self.active and str(document.visibilityState) == "visible":
            spawn(self._request())

    async def _request(self) -> None:
        root = document.documentElement
        if not hasattr(window.navigator, "wakeLock"):
            root.dataset.wakeLock = "unsupported"  # quiet fallback: nothing else to do
            return
        try:
            sentinel = await window.navigator.wakeLock.request("screen")
        except Exception:  # refused (battery saver, not visible...): stay quiet
            root.dataset.wakeLock = "refused"
            return
        if not self.active:
            sentinel.release()
            return
        self.sentinel = sentinel
        root.dataset.wakeLock = "on"


