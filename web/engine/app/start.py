"""The controllers' start (the worker's side of the boundary): take what the page sent, open the saves,
route, follow route changes and language switches. No browser here: everything goes through `app.link`.

After the first screen and after each language switch's redrawing, `<html data-drawn-lang>` names the language
the controllers drew in (tests wait for it: until then, attributes drawn here keep the old language).

`hello`: ``{"hash": location hash, "lang": code, "catalogue": {key: text}, "saves": <ui.saves.hello()>,
"typing": [intents typed before a reload and not saved then, or before the page's side started, `ui.journal`]}``.
Once the first screen is open, `replay` applies those and the page's messages that arrived while starting
(`app.worker` holds them), each intent once, in the order the person made them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def replay(typing: object, held: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """What to apply once the first screen is open, in order: the journal's intents (`typing`: from before a reload,
    or typed before the page's side started) that did not also arrive on their own, then the messages held while
    starting (each intent has its number, ``seq``: a journal's intent the page sent too is applied once)."""
    arrived = {one.get("seq") for one in held if one.get("op") == "intent" and isinstance(one.get("seq"), int)}
    older = [
        one
        for one in (typing if isinstance(typing, list) else ())
        if isinstance(one, dict) and one.get("op") == "intent" and one.get("seq") not in arrived
    ]
    return [*older, *held]


async def start(hello: Mapping[str, Any], held: Sequence[Mapping[str, Any]] = ()) -> Router:
    """Open the saves and show the route `hello` names, then apply what the person did meanwhile (`replay`;
    `held` is read once the saves are open); return the router."""
    use_language(hello)
    saves = hello.get("saves")
    await page_saves.start(saves if isinstance(saves, dict) else {})
    router = Router(ROUTES, link.to_page)
    router.show(str(hello.get("hash", "")), move_focus=False)

    def follow(message: dict[str, Any]) -> None:
        hash_ = str(message.get("hash", ""))
        if link.replaying() and Route.parse(hash_) == router.route:
            return  # the person went there before the hello, which named it already
        router.show(hash_)

    def go(hash_: str) -> None:  # an effect's `go`: the page sets its hash and does not report it back
        if Route.parse(hash_) != router.route:
            router.show(hash_)

    def relabel(message: dict[str, Any]) -> None:
        use_language(message)
        router.relabel()
        mark_language()

    link.handle("route", follow)
    link.LINK.navigate = go
    link.handle("lang", relabel)
    replayed = replay(hello.get("typing"), held)
    link.replay(replayed)
    if any(one.get("op") == "intent" for one in replayed):  # a typed value redraws only its preview: draw it all
        router.relabel()
    mark_language()
    version = uno_core.__version__  # the footer names the engine version that answered
    link.to_page(
        {"op": "set", "id": "engine-version", "label": ["footer.engine", [["version", version]]], "hidden": False}
    )
    return router
