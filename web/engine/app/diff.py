"""A drawing as the changes from the last one: the page keeps its elements (and what a person is typing into
them) and does the least work on its thread.

Trees are `app.tree.to_data`'s data. `changes(old, new)` lists what turns the drawn `old` root into `new`;
`ui.dom.morph` carries them out on the page, `apply` on data (the tests check one against the other). Each
change is a list; a path is the child indexes from the root element down:

- ``["a", path, [[name, value or None], ...]]``: set (or, with None, remove) attributes;
- ``["t", path, text]``: a text node's new text;
- ``["r", path, tree]``: replace the node with a new one built from `tree`;
- ``["+", path, [trees]]``: append children to the element;
- ``["<", path, [trees]]``: put children before the element's first (a log's new lines: its other lines then
  stay as they are, instead of each taking the text of the one before it);
- ``["-", path, count]``: remove the element's last `count` children.

On the way to the page (`as_html`), a replacing or appended element goes as HTML text instead, which the
page parses in one call rather than building node by node through MicroPython (a table's first drawing:
about 180 elements, 40-55 ms of the page's thread):

- ``["R", path, html]``: replace the node with the nodes of `html`;
- ``["H", path, html]``: append the nodes of `html` to the element;
- ``["P", path, html]``: put the nodes of `html` before the element's first child.

Only where the HTML parses back into as many nodes as the data has (no empty text, no two texts side by
side: a parser would drop or join them and the next drawing's paths would miss).

A field's value is not a change: what a field holds is the person's as much as the drawing's (a drawn value
equal to the last one drawn may still differ from what the field holds: typed, then reset by the model).
`fields(new)` lists what every field of a drawing holds, in document order; the page sets each field that
holds something else (`ui.dom.sync`), except where the person is ahead of the drawing.

Elements are matched by position: same tag, same `id`, and the same catalogue binding (`k`, `g`, `x`: an
element bound to a key is replaced whole) are kept and updated, anything else is replaced. The root's `id`
is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.tree import args_of_data, resolved

Path = list[int]
Change = list[Any]


def changes(old: Any, new: Any) -> list[Change] | None:
    """What turns the root element `old` into `new` (both element dicts), in the order to apply them; None
    when the root itself cannot stay (another tag or catalogue binding): then it is drawn whole."""
    if old["t"] != new["t"] or any(old.get(field) != new.get(field) for field in ("k", "g", "x")):
        return None
    found: list[Change] = []
    _element(old, new, [], found, root=True)
    return found


def _attrs(tree: dict[str, Any]) -> dict[str, str]:
    return {name: value for name, value in tree.get("a", ())}


def _keeps(old: Any, new: Any) -> bool:
    """Whether `old`'s node can become `new` in place."""
    if isinstance(old, str) or isinstance(new, str):
        return isinstance(old, str) and isinstance(new, str)
    return (
        old["t"] == new["t"]
        and _attrs(old).get("id") == _attrs(new).get("id")
        and not old.get("k")
        and not new.get("k")
        and old.get("x") == new.get("x")
    )


def _element(old: dict[str, Any], new: dict[str, Any], path: Path, found: list[Change], root: bool = False) -> None:
    before, after = _attrs(old), _attrs(new)
    if root:
        before.pop("id", None)
        after.pop("id", None)
    attrs: list[list[str | None]] = [[name, value] for name, value in after.items() if before.get(name) != value]
    attrs += [[name, None] for name in before if name not in after]
    if attrs:
        found.append(["a", path, attrs])
    _children(old.get("c", []), new.get("c", []), path, found)


def _prepended(old: list[Any], new: list[Any]) -> int:
    """How many children `new` put before `old`'s (whose first ones follow as they were: at least two, or
    all of them; the last ones may be gone); 0 if it is not that. Where repeated lines allow several counts,
    the first that appends nothing after the old lines (a log only drops its last ones)."""
    if not old or not new or old[0] == new[0]:
        return 0
    first = 0
    for count in range(1, min(len(new), 9)):  # up to 8 new lines at once; more is not a log's step
        follow = min(len(old), len(new) - count)
        if (follow >= 2 or follow == len(old)) and new[count] == old[0] and new[count : count + follow] == old[:follow]:
            if len(new) - count <= len(old):
                return count
            first = first or count
    return first


def _children(old: list[Any], new: list[Any], path: Path, found: list[Change]) -> None:
    ahead = _prepended(old, new)
    if ahead:
        found.append(["<", path, new[:ahead]])
        old = new[:ahead] + old  # then the usual: the rest lines up, and the last lines go
    common = min(len(old), len(new))
    for index in range(common):
        before, after = old[index], new[index]
        if before == after:
            continue
        where = [*path, index]
        if not _keeps(before, after):
            found.append(["r", where, after])
        elif isinstance(after, str):
            found.append(["t", where, after])
        else:
            _element(before, after, where, found)
    if len(new) > common:
        found.append(["+", path, new[common:]])
    elif len(old) > common:
        found.append(["-", path, len(old) - common])


def as_html(new: dict[str, Any], found: list[Change], html: Callable[[Any], str]) -> bool:
    """Turn `found`'s replaced and appended elements (the changes towards `new`) into HTML text made by
    `html(tree data)`, in place: "r" to "R", "+" to "H", "<" to "P". Not inside an ``<svg>`` (parsed apart from
    it, its elements would not be SVG ones), nor where the text would not parse back into as many nodes.
    Whether any change was turned (its texts are in `html`'s language)."""
    turned = False
    for change in found:
        kind, path = change[0], change[1]
        if kind == "r" and not isinstance(change[2], str) and not _in_svg(new, path[:-1]) and _parses_back([change[2]]):
            change[0], change[2] = "R", html(change[2])
        elif kind in ("+", "<") and not _in_svg(new, path) and _parses_back(change[2]):
            change[0], change[2] = "H" if kind == "+" else "P", "".join(html(child) for child in change[2])
        else:
            continue
        turned = True
    return turned


FIELD_TAGS = ("input", "textarea", "select")
UNSYNCED = ("file", "button", "submit", "reset", "image")  # inputs whose live value a drawing does not set
CHECKABLE = ("checkbox", "radio")


def fields(tree: Any) -> list[list[Any]]:
    """What each field of the drawn `tree` holds, in document order (the page's ``querySelectorAll`` of
    `ui.dom.FIELDS`): ``[tag, value, checked]``, value None for a checkbox or radio (its `checked` is what it
    holds). A select holds its last ``selected`` option's value (else its first's); a textarea, its text."""
    found: list[list[Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            return
        tag, attrs = node["t"], _attrs(node)
        if tag == "input" and attrs.get("type", "text").lower() not in UNSYNCED:
            if attrs.get("type", "").lower() in CHECKABLE:
                found.append([tag, None, "checked" in attrs])
            else:
                found.append([tag, attrs.get("value", ""), False])
        elif tag == "textarea":
            found.append([tag, "".join(child for child in node.get("c", ()) if isinstance(child, str)), False])
        elif tag == "select":
            found.append([tag, _selected(node), False])
        for child in node.get("c", ()):
            walk(child)

    walk(tree)
    return found


def _selected(select: dict[str, Any]) -> str:
    """A select's value as drawn: its last option marked ``selected``, else its first option ("" for none)."""
    options = [node for node in _all(select) if node["t"] == "option"]
    chosen = [option for option in options if "selected" in _attrs(option)]
    if not (chosen or options):
        return ""
    option = (chosen or options)[-1 if chosen else 0]
    value = _attrs(option).get("value")
    if value is not None:
        return value
    return " ".join("".join(child for child in option.get("c", ()) if isinstance(child, str)).split())


def _all(node: Any) -> list[dict[str, Any]]:
    """The elements under `node`, in document order."""
    found: list[dict[str, Any]] = []
    for child in node.get("c", ()):
        if not isinstance(child, str):
            found.append(child)
            found.extend(_all(child))
    return found


def retranslated(tree: dict[str, Any], translate: Callable[[str, Mapping[str, str]], str]) -> list[Change]:
    """Changes that set every translated attribute (`x`) of the drawn `tree` again, in the language of
    `translate(key, args)`: after a language switch (the shell relabels the bound texts, `k`, but an
    ``aria-label`` or a ``title`` was set once, in the language of its drawing)."""
    found: list[Change] = []

    def walk(node: Any, path: Path) -> None:
        if isinstance(node, str):
            return
        if node.get("x"):
            pairs = [
                [name, translate(key, resolved(args_of_data(args, name), translate))] for name, key, args in node["x"]
            ]
            found.append(["a", path, pairs])
        for index, child in enumerate(node.get("c", ())):
            walk(child, [*path, index])

    walk(tree, [])
    return found


def _parses_back(children: list[Any]) -> bool:
    """Whether these nodes, as HTML text, parse back into as many nodes, at every level."""
    was_text = False
    for child in children:
        if isinstance(child, str):
            if not child or was_text:
                return False
            was_text = True
        else:
            was_text = False
            if not _parses_back(child.get("c", [])):
                return False
    return True


def _in_svg(tree: dict[str, Any], path: Path) -> bool:
    """Whether the element at `path` (children go into it) is an ``<svg>`` or inside one."""
    node = tree
    for index in path:
        if node["t"] == "svg":
            return True
        node = node["c"][index]
    return bool(node["t"] == "svg")


def apply(tree: dict[str, Any], found: list[Change]) -> dict[str, Any]:
    """`tree` after `found` (on data: what `ui.dom.morph` does to the page)."""
    result: dict[str, Any] = _copy(tree)
    for change in found:
        kind, path = change[0], change[1]
        if kind in ("r", "t"):  # a node replaced, a text changed: both take the node's place
            _node(result, path[:-1])["c"][path[-1]] = _copy(change[2])
            continue
        node = _node(result, path)
        if kind == "a":
            attrs = _attrs(node)
            for name, value in change[2]:
                if value is None:
                    attrs.pop(name, None)
                else:
                    attrs[name] = value
            node["a"] = [[name, value] for name, value in attrs.items()]
        elif kind == "+":
            node.setdefault("c", []).extend(_copy(child) for child in change[2])
        elif kind == "<":
            node["c"] = [_copy(child) for child in change[2]] + node.get("c", [])
        elif kind == "-":
            del node["c"][len(node["c"]) - change[2] :]
        else:
            raise ValueError(f"unknown change {kind!r}")
    return result


def _node(tree: dict[str, Any], path: Path) -> dict[str, Any]:
    node = tree
    for index in path:
        node = node["c"][index]
    assert isinstance(node, dict)
    return node


def _copy(tree: Any) -> Any:
    if isinstance(tree, str):
        return tree
    copy = dict(tree)
    if "a" in copy:
        copy["a"] = [list(pair) for pair in copy["a"]]
    if "c" in copy:
        copy["c"] = [_copy(child) for child in copy["c"]]
    return copy
