"""The engine worker's side of the boundary: `app.link`'s ends become the worker's `postMessage`.

web/engine/app-worker.mjs starts Pyodide in a module worker, then makes this worker's one `Worker` with
`start_worker(post, load_path, on_ready)` (post: send one JSON text to the page; load_path: how our packages got
here, "snapshot" or "uno-app"; on_ready: called once the first screen is drawn, the snapshot's work waits for it) and
hands every message from the page to its `receive(text)`. The messages are `shared.protocol`'s: the page's first for
Python is ``start`` (`app.application.App.start`); the worker answers ``ready`` once the first screen is drawn. What
the person did before that (`HELD`: intents on the new game's set-up painted before Python, web/setup-prepaint.js; a
route change, a language switch) is held and applied, in order, as soon as the first screen is open. The
test hook `window.unoPlay` (`app.play.hook`) asks with ``hook`` and is answered ``hook-answer``; while a test
follows the table (hook "follow", on by default under automation: web/page/engine-start.js), a ``play-state``
follows each table drawing.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from typing import Any, cast

import uno_core
from app.application import App
from app.browser import spawn
from app.link import Link
from shared import protocol
from shared.messages import FromPage, StartMessage

Post = Callable[[str], None]
HELD = ("intent", "route", "lang")  # the page's messages that need the screens `start` opens


class WorkerPage:
    """The page as the controllers see it from the worker: each message (or batch) goes out as one JSON text."""

    def __init__(self, post: Post, state: Callable[[], str], seen: Callable[[], int]) -> None:
        self.post, self.state, self.seen = post, state, seen
        self.following = False  # a test reads the table's state after each drawing (`unoPlay.state()`)
        self.ready = False  # the saves are open: the table's state can be read

    def receive(self, message: dict[str, Any]) -> None:
        # Characters as UTF-8, not \u escapes: MicroPython's json reads an escaped surrogate pair (an emoji in a
        # name) as two broken characters, which the page showed as six U+FFFD
        self.post(json.dumps(message, ensure_ascii=False))
        if self.following and self.ready and _draws_table(message):
            self.push_state()

    def push_state(self) -> None:
        self.post(json.dumps({"op": "play-state", "state": self.state(), "seen": self.seen()}))

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
    """This worker's page link and its application; `receive` takes the page's messages."""

    def __init__(self, post: Post, load_path: str = "uno-app", on_ready: Callable[[], object] | None = None) -> None:
        self.load_path, self.on_ready = load_path, on_ready
        self.started = False
        self.held: list[FromPage] = []  # the page's `HELD` messages from before the first screen
        self.link = Link()
        self.app = App(self.link, _later)
        self.page = WorkerPage(post, lambda: self.app.hooks.state(""), lambda: self.link.seen)
        self.link.attach(self.page, _later)
        self.link.handle("hook", self.hook)

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
                spawn(self._start(cast(StartMessage, data)))
            return
        if not self.page.ready and isinstance(data, dict) and data.get("op") in HELD:
            why = protocol.check(data, protocol.PAGE)
            if why:
                print(f"uno worker: a message from the page that is not one ({why})", file=sys.stderr)
            else:
                self.held.append(cast(FromPage, data))  # `start` applies it once its screen is open
            return
        self.link.from_page(data)

    def hook(self, message: FromPage) -> None:
        if message["op"] != "hook":
            return
        name, arg = message["name"], message.get("arg", "")
        result = self.page.follow(arg) if name == "follow" else self.app.hooks.call(name, arg)
        self.link.to_page({"op": "hook-answer", "id": message["id"], "result": result})

    async def _start(self, hello: StartMessage) -> None:
        await self.app.start(hello, self.held)  # read after the saves are open: what arrives meanwhile too
        self.page.ready = True
        self.held = []
        self.link.to_page({"op": "ready", "engineVersion": uno_core.__version__, "loadPath": self.load_path})
        self.link.flush()  # the first screen and "ready" at once, before the snapshot's work
        if self.on_ready is not None:
            self.on_ready()
        import js  # the worker's global scope: the bots' worker sits next to this one

        self.app.brain.allow(str(js.location.href).replace("uno-app.mjs", "uno-brain.mjs"))


def _later(callback: Callable[[], None]) -> None:
    """Run `callback` after the tasks already scheduled (a save's write starts in one)."""
    asyncio.get_event_loop().call_soon(callback)


def start_worker(post: Post, load_path: str = "uno-app", on_ready: Callable[[], object] | None = None) -> Worker:
    """This worker's one `Worker` (web/engine/app-worker.mjs keeps it)."""
    return Worker(post, load_path, on_ready)
