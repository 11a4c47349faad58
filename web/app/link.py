"""The link between the controllers and the page's side of the boundary (`ui.host`).

Every message crosses as JSON text, both ways, so nothing but plain data passes: today both sides run
in the page's interpreter; with the engine worker (issue 14) this module's two ends become the worker's
`postMessage` and the page's. `to_page(message)` draws (`ui.host` documents the messages). The page's
messages go by their `op`: to the handler the app registered for it (`handle`: a route change, a language
switch), else to the receiver the open screen registered (`listen`: intents, shared, prepainted).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Receiver = Callable[[dict[str, Any]], None]

_host: list[Any] = []
_receiver: list[Receiver] = []
_handlers: dict[str, Receiver] = {}


def attach(host: Any) -> None:
    """The page's side: an object with `receive(message)`."""
    _host[:] = [host]


def to_page(message: dict[str, Any]) -> None:
    if _host:
        _host[0].receive(json.loads(json.dumps(message)))


def handle(op: str, handler: Receiver) -> None:
    """Send the page's `op` messages to `handler` (whatever screen is open)."""
    _handlers[op] = handler


def listen(receiver: Receiver | None) -> None:
    """Send the page's messages to `receiver` (the open screen's controller), or nowhere."""
    _receiver[:] = [receiver] if receiver is not None else []


def from_page(message: Any) -> None:
    """A message from the page: a dict with an `op`; anything else is dropped with a warning."""
    data = json.loads(json.dumps(message))
    if not isinstance(data, dict) or not isinstance(data.get("op"), str):
        print(f"uno: a message from the page that is not one: {str(message)[:80]!r}", file=sys.stderr)
        return
    handler = _handlers.get(data["op"])
    if handler is not None:
        handler(data)
    elif _receiver:
        _receiver[0](data)
