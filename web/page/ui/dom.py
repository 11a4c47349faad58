"""Build DOM nodes from a tree sent as data (`app.tree.to_data`): texts are always text nodes, never HTML;
an element's catalogue key is bound the way the shell relabels (`data-i18n`, `data-i18n-args`), so a
language switch relabels it; translated attributes are set once. Runs in MicroPython and Pyodide."""

import json

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:  # MicroPython: no typing, and annotations are not evaluated
    pass

SVG_NS = "http://www.w3.org/2000/svg"


def to_js(window: Any, value: Any) -> Any:
    """Plain Python data as a JS value (through JSON: the same in MicroPython and Pyodide)."""
    return window.JSON.parse(json.dumps(value))


def js_object(window: Any, **values: Any) -> Any:
    """A JS object of `values`: JS values stay as they are (nothing big crosses into MicroPython)."""
    made = window.Object.new()
    for name in values:
        setattr(made, name, values[name])
    return made


def to_py(window: Any, value: Any) -> Any:
    """A JS value as plain Python data (through JSON)."""
    return json.loads(str(window.JSON.stringify(value)))


def translate(window: Any, key: str, pairs: Any) -> str:
    """The shell's text for `key` in the current language, `{name}` placeholders filled from [name, value]
    pairs."""
    if pairs:
        return str(window.unoShell.t(key, to_js(window, {name: value for name, value in pairs})))
    return str(window.unoShell.t(key))


def bind(window: Any, element: Any, key: str, args: "dict[str, str]") -> None:
    """Give `element` the text of `key` (its placeholders filled from `args`) now and after every language switch
    (the shell relabels `[data-i18n]` with its `data-i18n-args`)."""
    element.setAttribute("data-i18n", key)
    if args:
        element.setAttribute("data-i18n-args", json.dumps(args))
    element.textContent = translate(window, key, [[name, args[name]] for name in args])


def build(window: Any, data: Any, svg: bool = False) -> Any:
    """The DOM node for `data` (a string or an element dict with t, a, c, k, g, x)."""
    document = window.document
    if isinstance(data, str):
        return document.createTextNode(data)
    tag = data["t"]
    in_svg = svg or tag == "svg"
    element = document.createElementNS(SVG_NS, tag) if in_svg else document.createElement(tag)
    for name, value in data.get("a", ()):
        element.setAttribute(name, value)
    for name, key, pairs in data.get("x", ()):
        element.setAttribute(name, translate(window, key, pairs))
    key = data.get("k")
    if key:
        bind(window, element, key, {name: value for name, value in data.get("g") or ()})
    children = data.get("c")
    if children:  # one call into the page for all of them
        element.append(*[build(window, child, in_svg) for child in children])
    return element


def parsed(window: Any, html: str) -> Any:
    """The nodes of `html` (escaped HTML text from the controllers), as a fragment to insert."""
    template = window.document.createElement("template")
    template.innerHTML = html
    return template.content


def node_at(root: Any, path: Any, found: Any) -> Any:
    """The node at `path` under `root`; `found` (path tuple -> node) keeps the nodes walked through, so the
    next change's walk starts from the deepest one it shares (each step is two calls into the page)."""
    key = tuple(path)
    depth = len(key)
    while depth and key[:depth] not in found:
        depth -= 1
    node = found[key[:depth]] if depth else root
    for at in range(depth, len(key)):
        node = node.childNodes[key[at]]
        if not node:
            raise ValueError("no node at " + str(path))
        found[key[: at + 1]] = node
    return node


def forget_under(found: Any, path: Any) -> None:
    """Drop the walked nodes at `path` and below it (that node was replaced, or children removed)."""
    key = tuple(path)
    for kept in [kept for kept in found if kept[: len(key)] == key]:
        del found[kept]


def morph(window: Any, root: Any, changes: Any) -> None:
    """Carry out `app.diff.changes` on the drawn `root` (a change that does not fit raises ValueError). What
    the fields hold is not changed here: `sync` does it, after."""
    found: Any = {}
    for change in changes:
        kind = change[0]
        node = node_at(root, change[1], found)
        if kind in ("r", "R", "-", "<", "P"):  # that node or some of its children leave, or the children move
            forget_under(found, change[1])
        if kind == "a":
            for name, value in change[2]:
                if value is None:
                    node.removeAttribute(name)
                else:
                    node.setAttribute(name, value)
        elif kind == "t":
            node.data = change[2]
        elif kind == "r":
            node.replaceWith(build(window, change[2], str(node.parentNode.namespaceURI) == SVG_NS))
        elif kind == "+":
            node.append(*[build(window, child, str(node.namespaceURI) == SVG_NS) for child in change[2]])
        elif kind == "<":
            node.prepend(*[build(window, child, str(node.namespaceURI) == SVG_NS) for child in change[2]])
        elif kind == "R":  # HTML text escaped by the controllers (`app.diff.as_html`): parsed in one call
            node.replaceWith(parsed(window, change[2]))
        elif kind == "H":
            node.insertAdjacentHTML("beforeend", change[2])
        elif kind == "P":
            node.insertAdjacentHTML("afterbegin", change[2])
        elif kind == "-":
            for _ in range(change[2]):
                node.lastChild.remove()
        else:
            raise ValueError("unknown change " + str(kind))


FIELDS = (  # the fields whose live value a drawing sets (`app.diff.fields`: the same, in the same order)
    "input:not([type=file]):not([type=button]):not([type=submit]):not([type=reset]):not([type=image]), textarea, select"
)
TYPED = ("INPUT", "TEXTAREA")  # fields a person types in (a select's choice is sent as it is made)


def sent(field: Any, value: Any, seq: int) -> None:
    """Note on `field` that intent number `seq` carried its value (`value`, "" for a checkbox): the
    controllers know it holds that from then on."""
    field.unoSent = seq
    field.unoKnown = value


def sent_number(field: Any) -> int:
    """The number of the last intent that carried `field`'s value (0: none)."""
    number = getattr(field, "unoSent", None)
    return number if isinstance(number, int) else 0


def known(field: Any) -> str:
    """What the controllers last knew `field` to hold: the value last sent from it or set in it, else the
    value it was built with."""
    value = getattr(field, "unoKnown", None)
    return str(value) if value is not None else str(field.defaultValue)


def sync(root: Any, fields: Any, seen: int, active: Any) -> bool:
    """After a drawing: each field under `root` holds what the drawing says (`app.diff.fields`, in document
    order), even where that is what the last drawing said (typed since, then reset by the controllers).
    Except where the person is ahead of the drawing: a field that sent a value after intent number `seen`
    (the last the drawing had), and the focused `active` field while it holds text typed and not sent yet
    (a field sent on "change"). False, with nothing set, when the page's fields are not the drawing's."""
    nodes = root.querySelectorAll(FIELDS)
    if int(nodes.length) != len(fields):
        return False
    for index in range(len(fields)):
        if str(nodes[index].tagName).lower() != fields[index][0]:
            return False
    for index in range(len(fields)):
        node, value, checked = nodes[index], fields[index][1], fields[index][2]
        if sent_number(node) > seen:  # the drawing did not know what it sent since
            continue
        if value is None:  # a checkbox or radio
            if bool(node.checked) != checked:
                node.checked = checked
            continue
        live = str(node.value)
        if live != value and node == active and str(node.tagName) in TYPED and live != known(node):
            continue  # typed and not sent yet: never changed under the person's fingers
        if live != value:
            node.value = value
        node.unoKnown = value
    return True
