"""The engine worker's application: everything it runs for this phone's page, made once and passed down.

`App(link)` makes the controllers that outlive a screen, each given what it uses (no module holds one): the saves
(`storage`), play mode's store (`play`), the bots' worker's client (`brain`), the score keeper's desk (`desk`), the
table of phones (`sessions`), the test hook (`hooks`) and the router with this page's screens. `await start(hello)`
takes the page's first message: its language, its saves, its route, what was typed before a reload.

After the first screen and after each language switch's redrawing, `<html data-drawn-lang>` names the language
the controllers drew in (tests wait for it: until then, attributes drawn here keep the old language).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.browser import spawn
from app.link import Later, Link
from app.peer.sessions import Sessions
from app.play.brain_client import BrainClient
from app.play.controller import PlayController
from app.play.hook import Hooks
from app.play.phones import PlayShare
from app.play.store import PlayStore
from app.router import Route, Router
from app.screens import routes
from app.screens.play_table import PlayTable
from app.screens.score import KeeperDesk
from app.storage.page_saves import PageStorage
from shared.messages import FromPage, StartMessage
from uno_core import __version__ as ENGINE_VERSION


class App:
    def __init__(self, link: Link, later: Later | None = None) -> None:
        self.link = link
        self.storage = PageStorage(link)
        self.play = PlayStore(self.storage)
        self.brain = BrainClient(link, self.storage)
        self.desk = KeeperDesk(link, self.storage)
        self.play_share = PlayShare(self.play, self.brain.ask, spawn)  # this phone's game, on guest phones too
        self.sessions = Sessions(link, self.desk, later=later, play=self.play_share)
        self.hooks = Hooks(link, self.play, self.brain, self.shown_table, self.table_figures)
        self.router = Router(routes(self), link.to_page)
        link.handle("storage", self.desk.storage_facts)
        link.handle("hidden", lambda message: self.desk.write_held())  # a phone leaving the page: typing is written

    def table_figures(self) -> object:
        hosting = self.sessions.hosting
        return {"drawn_ms": hosting.drawn_ms if hosting is not None else []}

    def shown_table(self) -> PlayController | None:
        """The game's controller on screen now, if the table is shown (the test hook reads it)."""
        screen = self.router.screen
        return screen.table if isinstance(screen, PlayTable) and screen.shown else None

    async def start(self, hello: StartMessage, held: Sequence[FromPage] = ()) -> None:
        """Open the saves and show the route `hello` names, follow route changes and language switches, then apply
        what the person did meanwhile (`replayed`; `held` is read once the saves are open)."""
        link = self.link
        link.use_language(hello["lang"], hello.get("catalogue", {}))
        saves = hello.get("saves")
        await self.storage.start(saves if isinstance(saves, dict) else {})
        router = self.router
        router.show(hello["hash"], move_focus=False)
        link.handle("route", self.follow)
        link.navigate = self.go
        link.handle("lang", self.relabel)
        replaying = replayed(hello.get("typing", []), held)
        link.replay(replaying)
        if any(one.get("op") == "intent" for one in replaying):  # a typed value redraws only its preview: all of it
            router.relabel()
        self.mark_language()
        link.to_page(
            {
                "op": "set",
                "id": "engine-version",  # the footer names the engine version that answered
                "label": {"key": "footer.engine", "args": {"version": ENGINE_VERSION}},
                "hidden": False,
            }
        )

    def mark_language(self) -> None:
        """`<html data-drawn-lang>`: every drawing sent so far is in this language (the page draws in order)."""
        self.link.to_page({"op": "set", "marks": {"drawn-lang": self.link.lang()}})

    def follow(self, message: FromPage) -> None:
        """The person changed the location (back button, a link)."""
        if message["op"] != "route":
            return
        if self.link.replaying and Route.parse(message["hash"]) == self.router.route:
            return  # the person went there before the hello, which named it already
        self.router.show(message["hash"])

    def go(self, hash_: str) -> None:
        """An effect's `go`: the page sets its hash and does not report it back."""
        if Route.parse(hash_) != self.router.route:
            self.router.show(hash_)

    def relabel(self, message: FromPage) -> None:
        if message["op"] == "lang":
            self.link.use_language(message["lang"], message.get("catalogue", {}))
            self.router.relabel()
            self.mark_language()


def replayed(typing: Sequence[object], held: Sequence[FromPage]) -> list[Any]:
    """What to apply once the first screen is open, in order: the journal's intents (`typing`: from before a reload,
    or typed before the page's side started) that did not also arrive on their own, then the messages held while
    starting (each intent has its number, ``seq``: a journal's intent the page sent too is applied once). Each is
    checked as the page's message when the link takes it."""
    arrived = {one.get("seq") for one in held if one["op"] == "intent"}
    older = [
        one for one in typing if isinstance(one, dict) and one.get("op") == "intent" and one.get("seq") not in arrived
    ]
    return [*older, *held]
