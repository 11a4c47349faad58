"""The engine worker's side of the boundary: `app.link`'s ends become the worker's `postMessage`.

web/engine/app-worker.mjs starts Pyodide in a module worker, then calls `attach(post, load_path)` (post: send one
JSON text to the page; load_path: how our packages got here, "snapshot" or "uno-app"), `on_ready(callback)`,
and hands every message from the page to `receive(text)`. The messages are `shared.protocol`'s: the page's
first for Python is ``start`` (`app.start.start`'s hello); the worker answers ``ready`` once the first screen
is drawn, then calls the callback (the snapshot's work waits for it). What the person did before that (`HELD`:
intents on the new game's set-up painted before Python, web/setup-prepaint.js; a route change, a language
switch) is held and applied, in order, as soon as the first screen is open: no screen could take it before.
The test hook `window.unoPlay` (`app.play.hook`) asks with ``hook`` and is answered ``hook-answer``; while a test
follows the table (hook "follow", on by default under automation: web/page/engine-start.js), a ``play-state``
follows each table drawing.
"""

from __future__ import annotations

import asyncio
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
from shared import protocol

Post = Callable[[str], None]
HELD = ("intent", "route", "lang")  # the page's messages that need the screens `start` opens


class WorkerPage:
    """The page as the controllers see it from the worker: each message (or batch) goes out as one JSON text."""

    def __init__(self, post: Post) -> None:
        self.post = post
        self.following = False  # a test reads the table's state after each drawing (`unoPlay.state()`)
        self.ready = False  # the saves are open: the table's state can be read

    def receive(self, message: dict[str, Any]) -> None:
        # Characters as UTF-8, not \u escapes: MicroPython's json reads an escaped surrogate pair (an emoji in a
        # name) as two broken characters, which the page showed as six U+FFFD
        self.post(json.dumps(message, ensure_ascii=False))
        if self.following and self.ready and _draws_table(message):
            self.push_state()

    def push_state(self) -> None:
        self.post(json.dumps({"op": "play-state", "state": HOOKS["state"](""), "seen": link.seen()}))

    def follow(self, arg: str) -> str:
        """The hook "follow": "on" pushes the table's state now and after each table drawing, "off" stops."""
        self.following = arg != "off"
        if self.following and self.ready:
            self.push_state()
        return "ok"


def _draws_table(message: dict[str, Any]) -> bool:
    each = message["messages"] if message["op"] == "batch" else [message]
    return any(one["op"] == "draw" and one["root"] == "play" for one in each)


class Worker:
    """This worker's start and its page: what `attach`, `on_ready` and `receive` act on."""

    def __init__(self) -> None:
        self.started = False
        self.load_path = "uno-app"
        self.on_ready: Callable[[], object] | None = None
        self.page = WorkerPage(lambda text: None)
        self.held: list[dict[str, Any]] = []  # the page's `HELD` messages from before the first screen

    def attach(self, post: Post, load_path: str = "uno-app") -> None:
        self.load_path = load_path
        self.page = WorkerPage(post)
        link.attach(self.page, _later)
        link.handle("hook", self.hook)

    def receive(self, text: str) -> None:
        """One message from the page (a JSON text); a malformed one is dropped with a warning."""
        try:
            data = json.loads(text)
        except ValueError:
            print(f"uno worker: not JSON: {text[:80]!r}", file=sys.stderr)
            return
        if isinstance(data, dict) and data.get("op") == "start":
            why = protocol.check(data, protocol.PAGE)
            if why:
                print(f"uno worker: start refused ({why})", file=sys.stderr)
            elif not self.started:
                self.started = True
                spawn(self._start(data))
            return
        if not self.page.ready and isinstance(data, dict) and data.get("op") in HELD:
            self.held.append(data)  # `start` applies it once its screen is open
            return
        link.from_page(data)

    def hook(self, message: dict[str, Any]) -> None:
        name, arg = message["name"], message.get("arg", "")
        found = HOOKS.get(name)
        if name == "follow":
            result = self.page.follow(arg)
        elif found is not None:
            result = found(arg)
        else:
            result = f"error: no hook {name!r}"
        link.to_page({"op": "hook-answer", "id": message["id"], "result": result})

    async def _start(self, hello: dict[str, Any]) -> None:
        await start(hello, self.held)  # read after the saves are open: what arrives meanwhile is applied too
        self.page.ready = True
        self.held = []
        link.to_page({"op": "ready", "engineVersion": uno_core.__version__, "loadPath": self.load_path})
        link.LINK.flush()  # the first screen and "ready" at once, before the snapshot's work
        if self.on_ready is not None:
            self.on_ready()
        import js  # the worker's global scope: the bots' worker sits next to this one

        brain().allow(str(js.location.href).replace("uno-app.mjs", "uno-brain.mjs"))


def _later(callback: Callable[[], None]) -> None:
    """Run `callback` after the tasks already scheduled (a save's write starts in one)."""
    asyncio.get_event_loop().call_soon(callback)


WORKER = Worker()


def attach(post: Post, load_path: str = "uno-app") -> None:
    WORKER.attach(post, load_path)


def on_ready(callback: Callable[[], object]) -> None:
    """Call `callback` once the first screen is drawn (the start-up snapshot's work waits for it)."""
    WORKER.on_ready = callback


def receive(text: str) -> None:
    WORKER.receive(text)
