"""The new game's set-up as Python first draws it (`#/score/new` with nothing saved), for the page to paint before
Python is ready (issue 48): the build writes it into web/page/setup-prepaint.template.js as web/setup-prepaint.js.

What it holds: the set-up page's HTML in each language, drawn by the keeper's own page function (`app.score.pages`)
with the texts bound by catalogue key like every drawing (a language switch relabels them), its start button off
and "Preparing the game…" beside it until Python takes over; and the set-up's save while it is that blank one (the
page paints the picture only then: a set-up saved with names or other options is Python's to draw).
"""

from __future__ import annotations

import dataclasses
import json
import random
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


def early_setup() -> dict[str, Any]:
    """``{"pages": {lang: HTML of the set-up page}, "blank": the set-up's save while nothing is set up}``."""
    _app_importable()
    from app.score import ids
    from app.score.keeper import Keeper
    from app.score.pages import render
    from app.score.store import SETUP_KEY, MemoryStorage
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

    def drawn(lang: str) -> tuple[str, str | None]:
        """The page in `lang`, and the set-up's save that draws it."""
        tr = _translator(lang)
        storage = MemoryStorage()
        keeper = Keeper(storage, clock=lambda: 0, new_id=str, rng=random.Random(0), lang=lambda: lang, tr=tr)
        keeper.enter(Where.parse(("new",)))
        html = to_html(waiting(render(keeper.screen())), tr)
        keeper.store.save_setup()
        return html, storage.get(SETUP_KEY)

    made = {lang: drawn(lang) for lang in LANGS}
    return {"pages": {lang: html for lang, (html, _) in made.items()}, "blank": made[LANGS[0]][1]}


def write_script(template: Path, target: Path) -> None:
    """`target`: the script of `template` with the set-up's picture written in, as the text of a JSON string."""
    text = template.read_text()
    if PLACEHOLDER not in text:
        raise SystemExit(f"build: {template} no longer names {PLACEHOLDER}")
    as_json = json.dumps(early_setup(), ensure_ascii=False, separators=(",", ":"))
    target.write_text(text.replace(PLACEHOLDER, json.dumps(as_json, ensure_ascii=False)))  # a JS string of it
