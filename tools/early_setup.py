"""The new game's set-up as Python first draws it (`#/score/new` with nothing saved), for the page to paint before
Python is ready (issue 48): the build writes it into web/page/setup-prepaint.template.js as web/setup-prepaint.js.

What it holds: the set-up page's HTML in each language, drawn by the keeper's own page function (`app.score.pages`)
with the texts bound by catalogue key like every drawing (a language switch relabels them), its start button off
and "Preparing the game…" beside it until Python takes over; the set-up's save while it is that blank one (the
page paints the picture only then: a set-up saved with names or other options is Python's to draw); and the fields
of each intent the picture's controls send (`shared.protocol.INTENTS`), with how the page reads each from its
control's `data-<field>` (as `ui.host` does), so the script sends the same typed intents.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LANGS = ("en", "es")
PLACEHOLDER = "__EARLY_SETUP__"
WAITING_KEY = "load.start"  # "Preparing the game…", beside the start button until Python is ready


def _app_importable() -> None:
    """`app` and `shared` importable as the engine worker imports them (the build runs from the repository)."""
    for folder in (WEB / "engine", WEB):
        if str(folder) not in sys.path:
            sys.path.append(str(folder))


def _translator(lang: str) -> Any:
    """The shell's `t()` on one catalogue: `{name}` placeholders filled."""
    table = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))

    def tr(key: str, args: Mapping[str, str]) -> str:
        text = str(table[key])
        for name, value in args.items():
            text = text.replace("{" + name + "}", value)
        return text

    return tr


def _read_as(kind: Any) -> str:
    """How the page reads a field of this type (`shared.schema.Type.parse`) from an attribute's text: "number",
    "flag" or "text", after "?" when "" means null (`Maybe`)."""
    from shared import schema

    if isinstance(kind, schema.Maybe):
        return "?" + _read_as(kind.inner)
    if isinstance(kind, schema.Number):
        return "number"
    if isinstance(kind, schema.Flag):
        return "flag"
    return "text"


def _acts(node: Any) -> dict[str, dict[str, str]]:
    """Each intent a control of `node` sends: its fields, each with how the page reads it (`_read_as`)."""
    from app.tree import El
    from shared.protocol import INTENTS

    found: dict[str, dict[str, str]] = {}

    def walk(child: Any) -> None:
        if not isinstance(child, El):
            return
        act = child.attr("data-act")
        if act is not None:
            kind = INTENTS.kinds[act]
            found[act] = {name: _read_as(type_) for name, type_ in {**kind.required, **kind.optional}.items()}
        for inner in child.children:
            walk(inner)

    walk(node)
    return found


def early_setup() -> dict[str, Any]:
    """``{"pages": {lang: HTML of the set-up page}, "blank": the set-up's save while nothing is set up, "acts": {act:
    {field: how the page reads it}}}``."""
    _app_importable()
    from app.score import ids
    from app.score.keepsafe import Facts
    from app.score.pages import render
    from app.score.showing import screen_of
    from app.score.step import State
    from app.score.store import SETUP_KEY, MemoryStorage, Store
    from app.score.visit import Visit
    from app.score.where import Where
    from app.tree import Child, El, el, to_html

    start_id = ids.field(ids.START)

    def waiting(node: Child) -> Child:
        """The page as drawn, but its start button off, with "Preparing the game…" before it."""
        if not isinstance(node, El):
            return node
        if node.attr("id") == start_id:
            return dataclasses.replace(node, attrs=(*node.attrs, ("disabled", "")))
        children = tuple(waiting(child) for child in node.children)
        if "sk-sticky-actions" in (node.attr("class") or "").split():
            note = el("p", key=WAITING_KEY, cls="sk-hint sk-early-waiting", role="status")
            children = (note, *children)
        return dataclasses.replace(node, children=children)

    shelf = Store.open(MemoryStorage()).shelf  # nothing saved yet
    screen = screen_of(State(shelf, Visit(Where.parse(("new",)))), Facts(), lambda: "https://uno.invalid/")
    page = waiting(render(screen))
    return {
        "pages": {lang: to_html(page, _translator(lang)) for lang in LANGS},
        "blank": shelf.text(SETUP_KEY),
        "acts": _acts(page),
    }


def write_script(template: Path, target: Path) -> None:
    """`target`: the script of `template` with the set-up's picture written in, as the text of a JSON string."""
    text = template.read_text()
    if PLACEHOLDER not in text:
        raise SystemExit(f"build: {template} no longer names {PLACEHOLDER}")
    as_json = json.dumps(early_setup(), ensure_ascii=False, separators=(",", ":"))
    target.write_text(text.replace(PLACEHOLDER, json.dumps(as_json, ensure_ascii=False)))  # a JS string of it
