"""The engine worker's side of the bots' worker (the messages are in `app.play.brain`).

One bots' worker (`brain()`), started when a play screen opens, once the page is ready (or at once
if a bot must move before that): it boots its own Pyodide (web/bots/brain-worker.mjs, from the start-up
snapshot when one is stored) while the person sets up the table, so the bots' searches never hold up the
engine worker. `ask` sends one request and awaits its reply: a bot's move is one request and one answer (`asked`,
`answered` count them for the test hook). If the worker cannot start or answer, or is still
starting after `STARTING_GRACE_S` (a first visit's plain start takes seconds, more on a phone),
`BrainUnavailable` tells the caller to decide here instead, so a game never waits for it.

`<html data-brain="starting|ready|failed|page">` says where it is (`data-brain-ms`: its start-up time;
`data-brain-path`: `snapshot` when it restored the page's start-up snapshot, else `plain`).
`localStorage["uno.brain"] = "page"` keeps the bots' worker off (the bots decide in the engine worker):
bench/responsive.py's anchor, and a way out should a browser mishandle the worker.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, cast

from app.link import Link
from app.play.brain import BrainUnavailable
from app.storage.page_saves import PageStorage
from shared import bots
from shared.messages import FromBots, ToBots

__all__ = ["BrainClient", "BrainUnavailable"]

READY_TIMEOUT_S = 90.0  # a first visit on a slow phone boots the worker's Pyodide in tens of seconds
LOADED_TIMEOUT_S = 10.0  # its own modules (from the service worker's cache, or the network) arrive far sooner
STARTING_GRACE_S = 1.5  # how long a decision waits for a worker still starting (a snapshot start: 0.5-1 s)
ANSWER_TIMEOUT_S = 30.0  # a search takes at most about a second
PAGE_SWITCH = "uno.brain"


def _js() -> Any:
    """Pyodide's `js` module (the global scope), imported only when a worker is started: the rest of this
    module runs on CPython too."""
    import js

    return js


def _proxy(handler: Any) -> Any:
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    return create_proxy(handler)


class BrainClient:
    """The one client of the bots' worker (made by `app.application.App`); `link` is the page its marks go to,
    `storage` holds the switch that keeps the worker off."""

    def __init__(self, link: Link, storage: PageStorage) -> None:
        self.link, self.storage = link, storage
        self.worker: Any = None
        self.state = "off"
        self.failure = ""
        self.ready: asyncio.Future[bool] | None = None
        self.loaded = False  # its modules arrived (its first message)
        self.pending: dict[int, asyncio.Future[FromBots]] = {}
        self.last_id = 0
        self._proxies: list[Any] = []
        self.url = ""  # the worker's module (`allow`): uno-brain.mjs, next to Pyodide's loader
        self.allowed = False
        self.asked = 0  # requests sent to the bots' worker
        self.answered = 0  # their answers

    def allow(self, url: str) -> None:
        """The app is ready: the worker (module `url`) may boot now; one asked for meanwhile boots at once."""
        self.url, self.allowed = url, True
        if self.state == "waiting":
            self._start_now()

    def start(self) -> None:
        """Boot the worker (once; cheap to call again), once the app is ready: its boot then does not slow
        the page's own start."""
        if self.worker is not None or self.state in ("failed", "page", "waiting"):
            return
        if not self.allowed:
            self.state = "waiting"
            return
        self._start_now()

    def _start_now(self) -> None:
        if self.worker is not None or self.state in ("failed", "page"):
            return
        if self.storage.local.get(PAGE_SWITCH) == "page":
            self.failure = "kept off (uno.brain = page)"
            self._mark("page")
            return
        self.ready = asyncio.get_event_loop().create_future()
        try:
            js = _js()
            self.worker = js.Worker.new(self.url, js.JSON.parse('{"type": "module"}'))
        except Exception as error:  # no module workers, or a CSP that refuses them
            self._fail(f"cannot start: {error}")
            return
        self._proxies = [_proxy(self._on_message), _proxy(self._on_error)]
        self.worker.addEventListener("message", self._proxies[0])
        self.worker.addEventListener("error", self._proxies[1])
        self._mark("starting")
        asyncio.get_event_loop().call_later(LOADED_TIMEOUT_S, self._check_loaded)
        asyncio.get_event_loop().call_later(READY_TIMEOUT_S, self._check_started)

    def _check_loaded(self) -> None:
        if self.state == "starting" and not self.loaded:  # its script never came (no "error" for it)
            self._fail(f"its modules did not load in {LOADED_TIMEOUT_S:.0f} s")

    def _check_started(self) -> None:
        if self.state == "starting":
            self._fail(f"not ready after {READY_TIMEOUT_S:.0f} s")

    def _mark(self, state: str, ms: int | None = None, path: str | None = None) -> None:
        self.state = state
        marks = {"brain": state}
        if ms is not None:
            marks["brain-ms"] = str(ms)
        if path is not None:
            marks["brain-path"] = path
        self.link.to_page({"op": "set", "marks": marks})

    def _on_message(self, event: Any) -> None:
        try:
            data = json.loads(str(event.data))
        except ValueError:
            self._fail(f"unreadable message {str(event.data)[:80]!r}")
            return
        why = bots.check(data, bots.BOTS)
        if why:
            self._fail(f"a message that is not one ({why})")
            return
        message = cast(FromBots, data)
        if message["op"] == "loaded":
            self.loaded = True
        elif message["op"] == "ready":
            self._mark("ready", message["ms"], message["path"])
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(True)
        elif message["op"] == "fatal":
            self._fail(message["error"])
        else:
            future = self.pending.pop(message["id"] or 0, None)
            self.answered += 1
            if future is not None and not future.done():
                future.set_result(message)

    def _on_error(self, event: Any) -> None:
        event.preventDefault()
        self._fail(str(getattr(event, "message", "") or "the worker stopped"))

    def _fail(self, why: str) -> None:
        """The worker is gone for this page: every waiting request is answered here instead."""
        self.failure = why
        print(f"uno: the bots' worker failed, bots decide in the engine worker: {why}", file=sys.stderr)
        self._mark("failed")
        if self.worker is not None:
            self.worker.terminate()
        error = BrainUnavailable(why)
        if self.ready is not None and not self.ready.done():
            self.ready.set_exception(error)
        for future in self.pending.values():
            if not future.done():
                future.set_exception(error)
        self.pending.clear()

    async def ask(self, request: ToBots) -> Any:
        """Send `request` (a `Session.bot_request()` / `hint_request()`: its `id` is set here); return what the
        answer carries: a `chosen`'s move, a `hinted`'s action. BrainUnavailable if the worker cannot answer it."""
        self.start()
        if self.state == "waiting":  # asked before the app was ready: start now if it may
            if not self.allowed:
                raise BrainUnavailable("the app is still starting")
            self._start_now()
        if self.state in ("failed", "page") or self.ready is None:
            raise BrainUnavailable(self.failure)
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), STARTING_GRACE_S)
        except TimeoutError:  # still booting (a first visit): this decision is made on the page
            raise BrainUnavailable("still starting") from None
        self.last_id += 1
        ident = self.last_id
        future: asyncio.Future[FromBots] = asyncio.get_event_loop().create_future()
        self.pending[ident] = future
        request["id"] = ident
        self.worker.postMessage(json.dumps(request))
        self.asked += 1
        try:
            reply = await asyncio.wait_for(future, ANSWER_TIMEOUT_S)
        except TimeoutError:
            self.pending.pop(ident, None)
            raise BrainUnavailable(f"no answer after {ANSWER_TIMEOUT_S:.0f} s") from None
        if reply["op"] == "chosen":
            return reply["move"]
        if reply["op"] == "hinted":
            return reply["action"]
        why = f"{reply.get('error')}: {reply.get('detail')}"
        print(f"uno: the bots' worker refused a request: {why}", file=sys.stderr)
        raise BrainUnavailable(str(reply.get("error")))
