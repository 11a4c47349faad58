"""Browser glue shared by the screens: `build` puts an `app.tree` page in the DOM, `h` makes single
elements, `Listeners` keeps delegated listeners. Strings always become text nodes, never HTML."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, when
from pyscript.ffi import create_proxy

from app import i18n
from app.tree import El

_create_element = document.createElement  # looked up once: screens create hundreds of elements
_create_text = document.createTextNode
SVG_NS = "http://www.w3.org/2000/svg"


def build(node: El | str, svg: bool = False) -> Any:
    """A DOM node for a tree (`app.tree`): strings are text nodes, never HTML; `key` texts are bound
    (`i18n.bind`), `t_attrs` translated once."""
    if isinstance(node, str):
        return _create_text(node)
    in_svg = svg or node.tag == "svg"
    element = document.createElementNS(SVG_NS, node.tag) if in_svg else _create_element(node.tag)
    for name, value in node.attrs:
        element.setAttribute(name, value)
    for name, key, args in node.t_attrs:
        element.setAttribute(name, i18n.t(key, **dict(args)))
    if node.key:
        i18n.bind(element, node.key, **dict(node.args))
    if node.children:  # one call into the page for all of them
        element.append(*(build(child, in_svg) for child in node.children))
    return element


def h(
    tag: str,
    *children: Any,
    cls: str = "",
    key: str = "",
    args: dict[str, object] | None = None,
    attrs: dict[str, str] | None = None,
) -> Any:
    """Create `<tag>` with classes, attributes, a catalogue `key` for its text, and children.

    Children may be elements or plain strings (inserted as text: a player's name like
    `<img onerror=...>` shows literally).
    """
    element = _create_element(tag)
    if cls:
        element.className = cls
    for name, value in (attrs or {}).items():
        element.setAttribute(name, value)
    if key:
        i18n.bind(element, key, **(args or {}))
    if children:  # one call into the page for all of them
        element.append(*(str(c) if isinstance(c, (int, float)) else c for c in children))
    return element


def on(element: Any, event: str, handler: Callable[..., Any]) -> Any:
    """Run `handler` (with or without the event) on `event` at `element`; return the element."""
    when(event, element)(handler)
    return element


def clear(element: Any) -> None:
    """Remove every child of `element`."""
    element.replaceChildren()


class Listeners:
    """The event listeners a screen adds while it is mounted; `clear()` removes them all and frees
    their proxies (screens delegate: one listener per event on their root, not one per button)."""

    def __init__(self) -> None:
        self._added: list[tuple[Any, str, Any]] = []

    def add(self, target: Any, event: str, handler: Callable[..., Any]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self._added.append((target, event, proxy))

    def clear(self) -> None:
        for target, event, proxy in self._added:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self._added.clear()


def intent_of(event: Any, root: Any) -> tuple[Any, str, str, str, bool] | None:
    """The intent a delegated `event` carries: (element, data-act, data-arg, value, checked), or None.

    The element is the closest `[data-act]` inside `root`; it sends on its `data-on` event
    (click when absent). `value` is a field's value, `checked` a box's.
    """
    target = event.target.closest("[data-act]") if hasattr(event.target, "closest") else None
    if not target or not root.contains(target) or event.type != (target.getAttribute("data-on") or "click"):
        return None
    tag = str(target.tagName)
    value = str(target.value) if tag in ("INPUT", "TEXTAREA", "SELECT") else ""
    checked = bool(target.checked) if tag == "INPUT" else False
    return target, str(target.getAttribute("data-act")), str(target.getAttribute("data-arg") or ""), value, checked
