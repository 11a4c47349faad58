"""A tiny element tree: pages of both modes are built as values here; `to_data` sends them to the page's side
(`app.link`), where `ui.dom.build` puts them in the DOM.

Text children are always text (the view uses text nodes; `to_html` escapes), so a player
named `<img src=x onerror=alert(1)>` shows literally. `key` names a catalogue text for the
element (bound by the view so a language switch relabels it); `t_attrs` are attributes
whose value is a catalogue text. An argument is a text, a `Phrase` (a catalogue text of its own: a card's
name in a log line) or a tuple of them (shown joined by ", "), so a composed text relabels whole.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Union

from shared.protocol import INTENTS
from shared.schema import Flag

Arg = Union[str, "Phrase", tuple["Arg", ...]]
Args = tuple[tuple[str, Arg], ...]
Child = Union["El", str]
Translate = Callable[[str, Mapping[str, str]], str]
VOID = {"input", "br", "img", "meta", "link", "hr", "col"}
LIST_JOIN = ", "  # between the items of a tuple argument (as the shell joins them, web/page/shell.js)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A catalogue text and its arguments, translated where it is shown (and again after a language switch)."""

    key: str
    args: Args = ()


def phrase(key: str, **args: object) -> Phrase:
    """`phrase("play.log.play", name="Ana", card=phrase("play.card.skip", colour=...))`: numbers become text."""
    return Phrase(key, _args(args))


def words(text: Phrase | str, tr: Translate) -> str:
    """The words of `text` in the language of `tr` (its phrase arguments translated first)."""
    if isinstance(text, str):
        return text
    return tr(text.key, resolved(text.args, tr))


def resolved(args: Args, tr: Translate) -> dict[str, str]:
    """`args` with every phrase among them in words."""
    return {name: _word(value, tr) for name, value in args}


def _word(value: Arg, tr: Translate) -> str:
    if isinstance(value, tuple):
        return LIST_JOIN.join(_word(item, tr) for item in value)
    return words(value, tr)


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


def _arg(value: object) -> Arg:
    if isinstance(value, (Phrase, str)):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(_arg(item) for item in value)
    return str(value)


def _args(args: Mapping[str, object] | None) -> Args:
    return tuple((name, _arg(value)) for name, value in (args or {}).items())


def el(
    tag: str,
    *children: Child | None,
    key: str | Phrase = "",
    args: Mapping[str, object] | None = None,
    t_attrs: Mapping[str, str | Phrase | tuple[str, Mapping[str, object]]] | None = None,
    does: Mapping[str, str] | None = None,
    **attrs: str | int | bool | None,
) -> El:
    """`el("button", "7", cls="sk-face", data_act="card", disabled=False)`.

    Attribute names: `cls` is `class`, `for_` is `for`, underscores become hyphens; `True`
    gives an empty attribute, `False`/`None` leaves it out. `None` and empty text children are skipped. `key` may be a
    `Phrase` (its key and arguments), as may a translated attribute. `does`: the intent a tap sends (`sends`).
    """
    pairs: list[tuple[str, str]] = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        real = "class" if name == "cls" else name.rstrip("_").replace("_", "-")
        pairs.append((real, "" if value is True else str(value)))
    pairs += (does or {}).items()
    translated = []
    for name, spec in (t_attrs or {}).items():
        if isinstance(spec, Phrase):
            translated.append((name, spec.key, spec.args))
            continue
        text_key, text_args = (spec, None) if isinstance(spec, str) else spec
        translated.append((name, text_key, _args(text_args)))
    # no empty text: the page's HTML has no node for it, and a later change could not find it (`ui.dom.node_at`)
    kids = tuple(
        child if isinstance(child, El) else str(child) for child in children if child is not None and child != ""
    )
    if isinstance(key, Phrase):
        return El(tag, tuple(pairs), kids, key.key, key.args + _args(args), tuple(translated))
    return El(tag, tuple(pairs), kids, key, _args(args), tuple(translated))


def sends(act: str, **fields: str | int | bool | None) -> dict[str, str]:
    """The attributes of a control whose tap sends intent `act` with `fields` (`shared.protocol.INTENTS`; the page
    reads each `data-<field>` by its declared type, `ui.host`): `el("button", ..., does=sends("play.card", card="R5"))`.
    An act or a field the vocabulary does not declare raises ValueError (a page test finds it)."""
    kind = INTENTS.kinds.get(act)
    if kind is None:
        raise ValueError(f"no intent {act!r} in shared.protocol.INTENTS")
    unknown = set(fields) - set(kind.required) - set(kind.optional)
    if unknown:
        raise ValueError(f"intent {act!r} takes no {sorted(unknown)}")
    attrs = {"data-act": act}
    for name, value in fields.items():
        attrs["data-" + name] = "" if value is None else Flag.write(value) if isinstance(value, bool) else str(value)
    return attrs


def to_html(node: Child, tr: Translate) -> str:
    """The tree as HTML text, every text and attribute escaped: what `ui.dom.build` makes of it (a whole
    drawing crosses to the page this way, `app.link`; tests and snapshots read it too)."""
    if isinstance(node, str):
        return html.escape(node, quote=False)
    parts = [f"<{node.tag}"]
    attrs = list(node.attrs) + [(name, tr(key, resolved(args, tr))) for name, key, args in node.t_attrs]
    if node.key:
        attrs.append(("data-i18n", node.key))
        if node.args:  # as `ui.dom.bind` sets them: the shell relabels with them after a language switch
            attrs.append(("data-i18n-args", json.dumps(_args_data(node.args))))
    parts += [f' {name}="{html.escape(value, quote=True)}"' for name, value in attrs]
    parts.append(">")
    if node.tag in VOID:
        return "".join(parts)
    if node.key:
        parts.append(html.escape(tr(node.key, resolved(node.args, tr)), quote=False))
    parts += [to_html(child, tr) for child in node.children]
    parts.append(f"</{node.tag}>")
    return "".join(parts)


def text_of(node: Child, tr: Translate) -> str:
    """All the text a node shows, joined by spaces (for tests)."""
    if isinstance(node, str):
        return node
    own = [tr(node.key, resolved(node.args, tr))] if node.key else []
    return " ".join(part for part in own + [text_of(child, tr) for child in node.children] if part)


def keys_of(node: El) -> set[str]:
    """Every catalogue key a tree uses (texts and attributes)."""
    found: set[str] = set()
    for item in node.walk():
        if item.key:
            found.add(item.key)
        found.update(key for _, key, _ in item.t_attrs)
        for args in (item.args, *(args for _, _, args in item.t_attrs)):
            found.update(_arg_keys(args))
    return found


def _arg_keys(args: Args) -> set[str]:
    """The catalogue keys of the phrases among `args`, at any depth."""
    found: set[str] = set()
    for _, value in args:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Phrase):
                found.add(item.key)
                found.update(_arg_keys(item.args))
            elif isinstance(item, tuple):
                found.update(_arg_keys((("", item),)))
    return found


def find(node: El, **attrs: str) -> list[El]:
    """Elements whose attributes include all of `attrs` (names as in `el`: data_act...)."""
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    return [item for item in node.walk() if all(item.attr(name) == value for name, value in wanted.items())]


# ----- across the boundary: a tree as plain JSON data (the page's side builds it: web/page/ui/dom.py) -----------


def _value_data(value: Arg) -> object:
    """An argument as data: a text stays a string, a phrase is ``{"k": key, "g": {name: value}}`` (the shell's
    `t()` translates it), a tuple a list."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return [_value_data(item) for item in value]
    return {"k": value.key, "g": _args_data(value.args)} if value.args else {"k": value.key}


def _args_data(args: Args) -> dict[str, object]:
    return {name: _value_data(value) for name, value in args}


def _value_of(data: object, what: str) -> Arg:
    """`_value_data`'s data back (ValueError for anything else)."""
    if isinstance(data, str):
        return data
    if isinstance(data, list):
        return tuple(_value_of(item, what) for item in data)
    if isinstance(data, dict) and isinstance(data.get("k"), str) and not set(data) - {"k", "g"}:
        given = data.get("g", {})
        if not isinstance(given, dict):
            raise ValueError(f"{what}: a phrase's arguments are an object")
        return Phrase(data["k"], tuple((str(name), _value_of(value, what)) for name, value in given.items()))
    raise ValueError(f"{what}: expected a text, a phrase or a list of them")


def to_data(node: Child) -> object:
    """The tree as JSON-ready data: a text stays a string; an element is a dict with `t` (tag) and, when
    not empty, `a` (attributes, [name, value] pairs in order), `c` (children), `k` (catalogue key),
    `g` (its arguments, [name, value] pairs: a value as `_value_data` gives it) and `x` (translated
    attributes, [name, key, pairs])."""
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
        data["g"] = [[name, _value_data(value)] for name, value in node.args]
    if node.t_attrs:
        data["x"] = [[name, key, [[n, _value_data(v)] for n, v in args]] for name, key, args in node.t_attrs]
    return data


def _pairs(value: object, what: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair) for pair in value
    ):
        raise ValueError(f"{what}: expected [name, text] pairs")
    return tuple((pair[0], pair[1]) for pair in value)


def args_of_data(value: object, what: str) -> Args:
    """Arguments as data, [name, value] pairs, back (ValueError for anything else)."""
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in value
    ):
        raise ValueError(f"{what}: expected [name, value] pairs")
    return tuple((pair[0], _value_of(pair[1], what)) for pair in value)


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
        t_attrs.append((item[0], item[1], args_of_data(item[2], "translated attribute arguments")))
    return El(
        data["t"],
        _pairs(data.get("a", []), "attributes"),
        tuple(from_data(child) for child in children),
        key,
        args_of_data(data.get("g", []), "arguments"),
        tuple(t_attrs),
    )
