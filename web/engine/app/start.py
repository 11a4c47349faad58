"""The controllers' start (the worker's side of the boundary): take what the page sent, open the saves,
route, follow route changes and language switches. No browser here: everything goes through `app.link`.

After the first screen and after each language switch's redrawing, `<html data-drawn-lang>` names the language
the controllers drew in (tests wait for it: until then, attributes drawn here keep the old language).

`hello`: ``{"hash": location hash, "lang": code, "catalogue": {key: text}, "saves": <ui.saves.hello()>,
"typing": [intents typed before a reload and not saved then, `ui.journal`]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import uno_core
from app import i18n, link
from app.router import Route, Router
from app.screens import ROUTES
from app.storage import page_saves


def use_language(message: Mapping[str, Any]) -> None:
    table = message.get("catalogue")
    i18n.use(str(message.get("lang", "")), table if isinstance(table, dict) else {})


def mark_language() -> None:
    """`<html data-drawn-lang>`: every drawing sent so far is in this language (the page draws in order)."""
    link.to_page({"op": "set", "marks": {"drawn-lang": i18n.lang()}})


async def start(hello: Mapping[str, Any]) -> Router:
    """Open the saves and show the route `hello` names; return the router."""
    use_language(hello)
    saves = hello.get("saves")
    await page_saves.start(saves if isinstance(saves, dict) else {})
    router = Router(ROUTES, link.to_page)
    router.show(str(hello.get("hash", "")), move_focus=False)
    typing = hello.get("typing")
    replayed = [
        one
        for one in (typing if isinstance(typing, list) else ())
        if isinstance(one, dict) and one.get("op") == "intent"
    ]
    for intent in replayed:  # values: the same applied twice
        link.from_page(intent)
    if replayed:  # a typed value redraws only its preview: draw the screen with them all
        router.relabel()

    def follow(message: dict[str, Any]) -> None:
        router.show(str(message.get("hash", "")))

    def go(hash_: str) -> None:  # an effect's `go`: the page sets its hash and does not report it back
        if Route.parse(hash_) != router.route:
            router.show(hash_)

    def relabel(message: dict[str, Any]) -> None:
        use_language(message)
        router.relabel()
        mark_language()

    mark_language()
    link.handle("route", follow)
    link.LINK.navigate = go
    link.handle("lang", relabel)
    version = uno_core.__version__  # the footer names the engine version that answered
    link.to_page(
        {"op": "set", "id": "engine-version", "label": ["footer.engine", [["version", version]]], "hidden": False}
    )
    return router
