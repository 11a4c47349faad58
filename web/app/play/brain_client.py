"""The page's side of the engine worker boundary (browser glue; the messages are in `app.play.brain`).

One worker for the page (`brain()`), started when a play screen opens, once the page is ready (or at once
if a bot must move before that): it boots its own Pyodide (web/brain-worker.mjs, from the start-up
snapshot when one is stored) while the person sets up the table, so the bots' searches never run on the
page's thread. `ask` sends one request and awaits its reply. If the worker cannot start or answer, or is still
starting after `STARTING_GRACE_S` (a first visit's plain start takes seconds, more on a phone),
`BrainUnavailable` tells the caller to decide here instead, so a game never waits for it.

`<html data-brain="starting|ready|failed|page">` says where it is (`data-brain-ms`: its start-up time;
`data-brain-path`: `snapshot` when it restored the page's start-up snapshot, else `plain`).
`localStorage["uno.brain"] = "page"` keeps the worker off (the bots decide on the page, as before issue
14): bench/responsive.py's anchor, and a way out should a browser mishandle the worker.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app.storage.browser import LocalStorage

READY_TIMEOUT_S = 90.0  # a first visit on a slow phone boots the worker's Pyodide in tens of seconds
STARTING_GRACE_S = 1.5  # how long a decision waits for a worker still starting (a snapshot start: 0.5-1 s)
ANSWER_TIMEOUT_S = 30.0  # a search takes at most about a second
PAGE_SWITCH = "uno.brain"


class BrainUnavailable(Exception):
    """The worker cannot answer this request (not started, stopped, refused it, or too slow)."""


def worker_url() -> str:
    """The engine worker's module, served next to Pyodide's loader (tools/build.py RUNTIME_MODULES)."""
    script = document.querySelector('script[src*="uno-loader.mjs"]')
    if not script:
        raise BrainUnavailable("the page names no Pyodide loader")
    return str(script.src).replace("uno-loader.mjs", "uno-brain.mjs")


class BrainClient:
    def __init__(self) -> None:
        self.worker: Any = None
        self.state = "off"
        self.failure = ""
        self.ready: asyncio.Future[bool] | None = None
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.last_id = 0
        self._proxies: list[Any] = []

    def start(self) -> None:
        """Boot the worker (once; cheap to call again), once the page is ready: its boot then does not slow
        the page's own start (measured: +180 ms to a warm #/play when both start together)."""
        if self.worker is not None or self.state in ("failed", "page", "waiting"):
            return
        if document.documentElement.getAttribute("data-py-ready") != "1":
            self.state = "waiting"
            self._proxies = [create_proxy(lambda event: self._start_now())]
            once = to_js({"once": True}, dict_converter=window.Object.fromEntries)
            window.addEventListener("uno:ready", self._proxies[0], once)
            return
        self._start_now()

    def _start_now(self) -> None:
        if self.worker is not None or self.state in ("failed", "page"):
            return
        if LocalStorage().get(PAGE_SWITCH) == "page":
            self.failure = "kept off (uno.brain = page)"
            self._mark("page")
            return
        self.ready = asyncio.get_event_loop().create_future()
        try:
            options = to_js({"type": "module"}, dict_converter=window.Object.fromEntries)
            self.worker = window.Worker.new(worker_url(), options)
        except Exception as error:  # no module workers, or a CSP that refuses them
            self._fail(f"cannot start: {error}")
            return
        self._proxies = [create_proxy(self._on_message), create_proxy(self._on_error)]
        self.worker.addEventListener("message", self._proxies[0])
        self.worker.addEventListener("error", self._proxies[1])
        self._mark("starting")
        asyncio.get_event_loop().call_later(READY_TIMEOUT_S, self._check_started)

    def _check_started(self) -> None:
        if self.state == "starting":
            self._fail(f"not ready after {READY_TIMEOUT_S:.0f} s")

    def _mark(self, state: str, ms: int | None = None) -> None:
        self.state = state
        root = document.documentElement
        root.dataset.brain = state
        if ms is not None:
            root.dataset.brainMs = str(ms)

    def _on_message(self, event: Any) -> None:
        try:
            data = json.loads(str(event.data))
        except ValueError:
            self._fail(f"unreadable message {str(event.data)[:80]!r}")
            return
        if not isinstance(data, dict):
            self._fail("a message that is not an object")
        elif "ready" in data:
            document.documentElement.dataset.brainPath = str(data.get("path") or "")
            self._mark("ready", int(data.get("ms") or 0))
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(True)
        elif "fatal" in data:
            self._fail(str(data["fatal"]))
        else:
            future = self.pending.pop(data.get("id"), None)  # type: ignore[arg-type]
            if future is not None and not future.done():
                future.set_result(data)

    def _on_error(self, event: Any) -> None:
        event.preventDefault()
        self._fail(str(getattr(event, "message", "") or "the worker stopped"))

    def _fail(self, why: str) -> None:
        """The worker is gone for this page: every waiting request is answered here instead."""
        self.failure = why
        window.console.warn(f"uno: the engine worker failed, bots decide on the page: {why}")
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

    async def ask(self, request: dict[str, Any]) -> Any:
        """Send `request` (a `Session.bot_request()` / `hint_request()`); return the reply's result.
        BrainUnavailable if the worker cannot answer it."""
        self.start()
        if self.state == "waiting":  # asked before the page was ready: start now
            self._start_now()
        if self.state in ("failed", "page") or self.ready is None:
            raise BrainUnavailable(self.failure)
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), STARTING_GRACE_S)
        except TimeoutError:  # still booting (a first visit): this decision is made on the page
            raise BrainUnavailable("still starting") from None
        self.last_id += 1
        ident = self.last_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
        self.pending[ident] = future
        self.worker.postMessage(json.dumps({**request, "id": ident}))
        try:
            reply = await asyncio.wait_for(future, ANSWER_TIMEOUT_S)
        except TimeoutError:
            self.pending.pop(ident, None)
            raise BrainUnavailable(f"no answer after {ANSWER_TIMEOUT_S:.0f} s") from None
        if not reply.get("ok"):
            why = f"{reply.get('error')}: {reply.get('detail')}"
            window.console.warn(f"uno: the engine worker refused a request: {why}")
            raise BrainUnavailable(str(reply.get("error")))
        return reply.get("result")


_client: list[BrainClient] = []


def brain() -> BrainClient:
    """The page's one engine worker client."""
    if not _client:
        _client.append(BrainClient())
    return _client[0]
