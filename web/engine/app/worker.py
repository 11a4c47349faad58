"""The engine worker's side of the boundary: `app.link`'s ends become the worker's `postMessage`.

web/app-worker.mjs starts Pyodide in a module worker, then calls `attach(post, load_path)` (post: send one
JSON text to the page; load_path: how our packages got here, "snapshot" or "uno-app"), `on_ready(callback)`,
and hands every message from the page to `receive(text)`. The page's first message for Python is
``{"op": "start", ...}`` (`app.start.start`'s hello); the worker answers ``{"op": "ready", "engineVersion",
"loadPath"}`` once the first screen is drawn, then calls the callback (the snapshot's work waits for it).
Before it, web/app-worker.mjs itself takes ``{"op": "boot", "hint"}`` and sends the loading shell's messages.
The test hook `window.unoPlay` (`app.play.hook`) asks with ``{"op": "hook", "id", "name", "arg"}`` and is
answered ``{"op": "hook-answer", "id", "result"}``; the table pushes ``{"op": "play-state", "state", "seen"}``
after each drawing (seen: the last intent it holds), so the page's `unoPlay.state()` answers at once (busy
while a later intent is on its way). Everything else is `app.link`'s (`ui.host` documents those messages).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import uno_core
from app import link
from app.browser import spawn
from app.play.brain_client import brain
from app.play.hook import HOOKS
from app.start import start

Post = Callable[[str], None]


class WorkerPage:
    """The page as the controllers see it from the worker: each message goes out as one JSON text."""

    def __init__(self, post: Post) -> None:
        self.post = post

    def receive(self, message: dict[str, Any]) -> None:
        # Characters as UTF-8, not \u escapes: MicroPython's json reads an escaped surrogate pair (an emoji in a
        # name) as two broken characters, which the page showed as six U+FFFD
        self.post(json.dumps(message, ensure_ascii=False))
        if message.get("op") == "draw" and message.get("root") == "play":  # the hook's state follows the table
            self.post(json.dumps({"op": "play-state", "state": HOOKS["state"](""), "seen": link.seen()}))


_state: dict[str, Any] = {"started": False, "load_path": "uno-app", "on_ready": None}


def attach(post: Post, load_path: str = "uno-app") -> None:
    _state["load_path"] = load_path
    link.attach(WorkerPage(post))


def on_ready(callback: Callable[[], object]) -> None:
    """Call `callback` once the first screen is drawn (the start-up snapshot's work waits for it)."""
    _state["on_ready"] = callback


def receive(text: str) -> None:
    """One message from the page (a JSON text); a malformed one is dropped with a warning."""
    try:
        data = json.loads(text)
    except ValueError:
        print(f"uno worker: not JSON: {text[:80]!r}", file=sys.stderr)
        return
    if not isinstance(data, dict):
        print(f"uno worker: not a message: {text[:80]!r}", file=sys.stderr)
        return
    op = data.get("op")
    if op == "start" and not _state["started"]:
        _state["started"] = True
        spawn(_start(data))
    elif op == "hook":
        hook = HOOKS.get(str(data.get("name")))
        result = hook(str(data.get("arg", ""))) if hook is not None else f"error: no hook {data.get('name')!r}"
        link.to_page({"op": "hook-answer", "id": data.get("id"), "result": result})
    else:
        link.from_page(data)


async def _start(hello: dict[str, Any]) -> None:
    _state["router"] = await start(hello)
    link.to_page({"op": "ready", "engineVersion": uno_core.__version__, "loadPath": _state["load_path"]})
    if _state["on_ready"] is not None:
        _state["on_ready"]()
    import js  # the worker's global scope: the bots' worker sits next to this one

    brain().allow(str(js.location.href).replace("uno-app.mjs", "uno-brain.mjs"))
