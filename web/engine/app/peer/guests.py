"""A guest phone's page, drawn by this phone's engine: the guest phone is a screen of the host.

`GuestPage` gives a guest its own `Link` (what was drawn on its page, its language, its intents) whose page is
across the table: each turn's messages go to it as one ``engine`` message (`TablePage`), and its page's messages
come back through `take`. Its router shows one screen, `app.screens.guest.GuestScreen`, drawn from this phone's
keeper in the guest's language (the catalogue is read here: `Catalogues`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from app import browser
from app.link import Later, Link
from app.router import Router, ScreenFactory
from shared.messages import FromPage, StartMessage

Load = Callable[[str], Awaitable[str]]  # the text of a site file (`web/i18n/<lang>.json`)
Spawn = Callable[[Coroutine[Any, Any, Any]], object]  # runs a task (`app.browser.spawn`)
LANGS = ("en", "es")


class Catalogues:
    """Each language's catalogue, read once from the site (the service worker has it offline)."""

    def __init__(self, load: Load, known: dict[str, dict[str, str]] | None = None) -> None:
        self.load = load
        self.known = dict(known or {})

    async def get(self, lang: str) -> dict[str, str]:
        lang = lang if lang in LANGS else "en"
        if lang not in self.known:
            try:
                table = json.loads(await self.load(f"web/i18n/{lang}.json"))
            except Exception as error:  # offline without a cached copy: keys stay keys, the page still works
                print(f"uno table: no {lang} catalogue for a guest ({error})", file=sys.stderr)
                return {}
            self.known[lang] = {str(key): str(value) for key, value in table.items()}
        return self.known[lang]


class TablePage:
    """A guest's page as its `Link` sees it: each message (or batch) goes to the guest as an ``engine`` message."""

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        self.send = send

    def receive(self, message: dict[str, Any]) -> None:
        if message["op"] in ("saves-write", "local", "hook-answer", "play-state", "peer"):
            return  # the guest's storage and tools are its own: nothing of the host's reaches them
        self.send(message)


class GuestPage:
    """One guest phone's page: its link, its router (one screen, made by `screen`), started by its page's ``start``."""

    def __init__(
        self,
        send: Callable[[dict[str, Any]], None],
        screen: ScreenFactory,
        catalogues: Catalogues,
        later: Later | None,
        spawn: Spawn = browser.spawn,
    ) -> None:
        self.spawn = spawn
        self.link = Link()
        self.link.attach(TablePage(send), later)
        self.router = Router({"table": screen, "": screen}, self.link.to_page)
        self.catalogues = catalogues
        self.started = False
        self.link.handle("lang", self._relabel)
        self.link.handle("shown", self._shown)

    def take(self, message: FromPage) -> None:
        """A message of the guest's page (checked, and one a guest may send)."""
        if message["op"] == "start":
            self.spawn(self.start(message))
        elif self.started:
            self.link.from_page(message)
            self.link.flush()  # its answer leaves now, before what the tap makes the host draw elsewhere

    async def start(self, hello: StartMessage) -> None:
        """The guest's page is there (again): draw its screen whole, in its language."""
        self.link.use_language(hello["lang"], await self.catalogues.get(hello["lang"]))
        self.link.drawn.clear()  # a page that came again has nothing of the last drawings
        self.started = True
        self.router.show("#/table", move_focus=False)
        self.link.to_page({"op": "set", "marks": {"drawn-lang": self.link.lang()}})
        self.link.flush()

    def redraw(self) -> None:
        """This phone's sheet changed: the guest's screen draws again (only what changed crosses)."""
        if self.started:
            self.router.relabel()

    def _shown(self, message: FromPage) -> None:
        """The guest's page is shown again (its phone was locked, or in another app): its screen goes whole."""
        self.link.drawn.clear()
        self.redraw()

    def _relabel(self, message: FromPage) -> None:
        if message["op"] == "lang":
            self.spawn(self._switch(message["lang"]))

    async def _switch(self, lang: str) -> None:
        self.link.use_language(lang, await self.catalogues.get(lang))
        self.router.relabel()
        self.link.to_page({"op": "set", "marks": {"drawn-lang": self.link.lang()}})
