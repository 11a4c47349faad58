"""Small DOM builders for screens. Strings always become text nodes, never HTML."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, when

from app import i18n


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
    element = document.createElement(tag)
    if cls:
        element.className = cls
    for name, value in (attrs or {}).items():
        element.setAttribute(name, value)
    if key:
        i18n.bind(element, key, **(args or {}))
    for child in children:
        element.append(child if not isinstance(child, (int, float)) else str(child))
    return element


def on(element: Any, event: str, handler: Callable[..., Any]) -> Any:
    """Run `handler` (with or without the event) on `event` at `element`; return the element."""
    when(event, element)(handler)
    return element


def clear(element: Any) -> None:
    """Remove every child of `element`."""
    element.replaceChildren()
