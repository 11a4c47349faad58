"""The link between the controllers and the page's side of the boundary (`ui.host`).

Every message crosses as JSON text, both ways, so nothing but plain data passes: the two ends are the
engine worker's `postMessage` and the page's (`app.worker`). `to_page(message)` draws (`ui.host` documents
the messages; a root drawn again goes as its changes, `app.diff`). The page's messages go by their `op`: to
the handler the app registered for it (`handle`: a route change, a language switch), else to the receiver
the open screen registered (`listen`: intents, shared, prepainted).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from app import diff, i18n
from app.tree import from_data, to_html

Receiver = Callable[[dict[str, Any]], None]

_host: list[Any] = []
_receiver: list[Receiver] = []
_handlers: dict[str, Receiver] = {}
_drawn: dict[str, Any] = {}  # root id -> the tree last drawn there
_drawn_in: dict[str, str] = {}  # root id -> the language it was last drawn in
_seen = [0]  # the number of the last intent from the page (`ui.journal`)


def attach(host: Any) -> None:
    """The page's side: an object with `receive(message)`."""
    _host[:] = [host]
    _drawn.clear()  # a new page has nothing drawn yet
    _seen[0] = 0


def to_page(message: dict[str, Any]) -> None:
    """Send `message` to the page. A drawing of a root drawn before goes as its changes (`app.diff`): the page
    keeps its elements, and a field someone is typing in is not replaced under their fingers."""
    message = json.loads(json.dumps(message))
    op = message.get("op")
    if op == "draw":
        root, tree = message["root"], message.pop("tree")
        found = diff.changes(_drawn[root], tree) if root in _drawn else None
        if found is not None:
            if _drawn_in.get(root) != i18n.lang():  # translated attributes are set once: set them again
                found += diff.retranslated(tree, _translate)
            message["changes"] = found
            message["fields"] = diff.fields(tree)  # what each field holds: set where it holds another (ui.dom.sync)
            if diff.as_html(tree, found, _html):  # elements as HTML text: one call each on the page
                message["lang"] = i18n.lang()
        else:  # whole: as HTML text, which the page sets in one call (not node by node through MicroPython)
            message["attrs"] = [pair for pair in tree.get("a", ()) if pair[0] != "id"]
            message["html"] = "".join(_html(child) for child in tree.get("c", ()))
            message["lang"] = i18n.lang()
        _drawn[root] = tree
        _drawn_in[root] = i18n.lang()
    elif op == "open":  # a section's content is replaced: whatever was drawn in it is gone
        _drawn.clear()
    elif op == "saves-write":  # it holds what every intent so far changed: the page's journal may drop them
        message["upto"] = _seen[0]
    if op == "draw" or (op == "effect" and message.get("focus")):  # what the page did since, it keeps
        # (ui.host), and it knows which of its intents are answered
        message["seen"] = _seen[0]
    if _host:
        _host[0].receive(message)


def _translate(key: str, args: Any) -> str:
    return i18n.texts()(key, **args)


def _html(data: Any) -> str:
    """Tree data as escaped HTML text in the current language (a whole drawing's children, changes' elements)."""
    return to_html(from_data(data), _translate)


def _redraw(message: dict[str, Any]) -> None:
    """The page could not apply a drawing's changes: send that root whole."""
    tree = _drawn.pop(str(message.get("root")), None)
    if tree is not None:  # forgotten first: it goes whole
        to_page({"op": "draw", "root": message["root"], "tree": tree})


def seen() -> int:
    """The number of the last intent from the page (`ui.journal`)."""
    return _seen[0]


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
    if data["op"] == "intent" and isinstance(data.get("seq"), int):
        _seen[0] = max(_seen[0], data["seq"])
    if data["op"] == "redraw":
        _redraw(data)
        return
    handler = _handlers.get(data["op"])
    if handler is not None:
        handler(data)
    elif _receiver:
        _receiver[0](data)
