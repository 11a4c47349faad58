"""A tiny element tree: pages of both modes are built as values here; `to_data` sends them to the page's side
(`app.link`), where `ui.dom.build` puts them in the DOM.

Text children are always text (the view uses text nodes; `to_html` escapes), so a player
named `<img src=x onerror=alert(1)>` shows literally. `key` names a catalogue text for the
element (bound by the view so a language switch relabels it); `t_attrs` are attributes
whose value is a catalogue text.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Union

Args = tuple[tuple[str, str], ...]
Child = Union["El", str]
Translate = Callable[[str, Mapping[str, str]], str]
VOID = {"input", "br", "img", "meta", "link", "hr", "col"}


@dataclass(frozen=True, slots=True)
class El:
    tag: str
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[Child, ...] = ()
    key: str = ""
    args: Args = ()
    t_attrs: tuple[tuple[str, str, Args], ...] = ()

    def attr(self, name: str) -> str | None:
        return dict(self.attrs).get(name)

    def walk(self) -> Iterator[El]:
        """This element and every element under it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, El):
                yield from child.walk()


def _args(args: Mapping[str, object] | None) -> Args:
    return tuple((name, str(value)) for name, value in (args or {}).items())


def el(
    tag: str,
    *children: Child | None,
    key: str = "",
    args: Mapping[str, object] | None = None,
    t_attrs: Mapping[str, str | tuple[str, Mapping[str, object]]] | None = None,
    **attrs: str | int | bool | None,
) -> El:
    """`el("button", "7", cls="sk-face", data_act="card", disabled=False)`.

    Attribute names: `cls` is `class`, `for_` is `for`, underscores become hyphens; `True`
    gives an empty attribute, `False`/`None` leaves it out. `None` children are skipped.
    """
    pairs: list[tuple[str, str]] = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        real = "class" if name == "cls" else name.rstrip("_").replace("_", "-")
        pairs.append((real, "" if value is True else str(value)))
    translated = []
    for name, spec in (t_attrs or {}).items():
        text_key, text_args = (spec, None) if isinstance(spec, str) else spec
        translated.append((name, text_key, _args(text_args)))
    kids = tuple(child if isinstance(child, El) else str(child) for child in children if child is not None)
    return El(tag, tuple(pairs), kids, key, _args(args), tuple(translated))


def to_html(node: Child, tr: Translate) -> str:
    """The tree as HTML text, every text and attribute escaped: what `ui.dom.build` makes of it (a whole
    drawing crosses to the page this way, `app.link`; tests and snapshots read it too)."""
    if isinstance(node, str):
        return html.escape(node, quote=False)
    parts = [f"<{node.tag}"]
    attrs = list(node.attrs) + [(name, tr(key, dict(args))) for name, key, args in node.t_attrs]
    if node.key:
        attrs.append(("data-i18n", node.key))
        if node.args:  # as `ui.dom.bind` sets them: the shell relabels with them after a language switch
            attrs.append(("data-i18n-args", json.dumps(dict(node.args))))
    parts += [f' {name}="{html.escape(value, quote=True)}"' for name, value in attrs]
    parts.append(">")
    if node.tag in VOID:
        return "".join(parts)
    if node.key:
        parts.append(html.escape(tr(node.key, dict(node.args)), quote=False))
    parts += [to_html(child, tr) for child in node.children]
    parts.append(f"</{node.tag}>")
    return "".join(parts)


def text_of(node: Child, tr: Translate) -> str:
    """All the text a node shows, joined by spaces (for tests)."""
    if isinstance(node, str):
        return node
    own = [tr(node.key, dict(node.args))] if node.key else []
    return " ".join(part for part in own + [text_of(child, tr) for child in node.children] if part)


def keys_of(node: El) -> set[str]:
    """Every catalogue key a tree uses (texts and attributes)."""
    found: set[str] = set()
    for item in node.walk():
        if item.key:
            found.add(item.key)
        found.update(key for _, key, _ in item.t_attrs)
    return found


def find(node: El, **attrs: str) -> list[El]:
    """Elements whose attributes include all of `attrs` (names as in `el`: data_act...)."""
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    return [item for item in node.walk() if all(item.attr(name) == value for name, value in wanted.items())]


# ----- across the boundary: a tree as plain JSON data (the page's side builds it: web/ui/dom.py) -----------


def to_data(node: Child) -> object:
    """The tree as JSON-ready data: a text stays a string; an element is a dict with `t` (tag) and, when
    not empty, `a` (attributes, [name, value] pairs in order), `c` (children), `k` (catalogue key),
    `g` (its arguments, pairs) and `x` (translated attributes, [name, key, pairs])."""
    if isinstance(node, str):
        return node
    data: dict[str, object] = {"t": node.tag}
    if node.attrs:
        data["a"] = [list(pair) for pair in node.attrs]
    if node.children:
        data["c"] = [to_data(child) for child in node.children]
    if node.key:
        data["k"] = node.key
    if node.args:
        data["g"] = [list(pair) for pair in node.args]
    if node.t_attrs:
        data["x"] = [[name, key, [list(pair) for pair in args]] for name, key, args in node.t_attrs]
    return data


def _pairs(value: object, what: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair) for pair in value
    ):
        raise ValueError(f"{what}: expected [name, text] pairs")
    return tuple((pair[0], pair[1]) for pair in value)


def from_data(data: object) -> Child:
    """The tree `to_data` gave (ValueError for anything else: a malformed message changes nothing)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("t"), str) or not data["t"]:
        raise ValueError("an element needs a tag")
    if set(data) - {"t", "a", "c", "k", "g", "x"}:
        raise ValueError(f"unknown fields {sorted(set(data) - {'t', 'a', 'c', 'k', 'g', 'x'})}")
    children = data.get("c", [])
    key = data.get("k", "")
    translated = data.get("x", [])
    if not isinstance(children, list) or not isinstance(key, str) or not isinstance(translated, list):
        raise ValueError("children, key or translated attributes of the wrong type")
    t_attrs = []
    for item in translated:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], str)):
            raise ValueError("a translated attribute is [name, key, pairs]")
        t_attrs.append((item[0], item[1], _pairs(item[2], "translated attribute arguments")))
    return El(
        data["t"],
        _pairs(data.get("a", []), "attributes"),
        tuple(from_data(child) for child in children),
        key,
        _pairs(data.get("g", []), "arguments"),
        tuple(t_attrs),
    )
