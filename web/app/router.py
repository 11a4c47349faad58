"""Hash routes (`#/`, `#/play`, `#/score/...`) to screens. Pure Python: no `js` import here.

A screen is any object with `mount(root)`, `unmount()` and `relabel()`; `static_id`
names a section of index.html that the screen reuses (the landing page, drawn before
Python is ready) instead of drawing into the shared `#screen` element.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class Screen(Protocol):
    """What the router needs of a screen."""

    static_id: str | None

    def mount(self, root: Any) -> None: ...

    def unmount(self) -> None: ...

    def relabel(self) -> None: ...


ScreenFactory = Callable[[tuple[str, ...]], Screen]


@dataclass(frozen=True, slots=True)
class Route:
    """A parsed hash route: `#/score/abc` is Route("score", ("abc",)); `#/` is Route("", ())."""

    name: str
    params: tuple[str, ...] = ()

    @classmethod
    def parse(cls, hash_: str) -> Route:
        parts = [p for p in hash_.lstrip("#").split("/") if p]
        return cls(parts[0], tuple(parts[1:])) if parts else cls("")

    def to_hash(self) -> str:
        return "#/" + "/".join((self.name, *self.params)) if self.name else "#/"


class Router:
    """Shows the screen of the current route; unknown routes show the landing screen."""

    def __init__(self, routes: Mapping[str, ScreenFactory], document: Any) -> None:
        if "" not in routes:
            raise ValueError("routes need a landing screen under ''")
        self.routes = routes
        self.document = document
        self.route: Route | None = None
        self.screen: Screen | None = None

    def show(self, hash_: str, *, move_focus: bool = True) -> Route:
        """Unmount the current screen and mount the one for `hash_`; return the route shown."""
        route = Route.parse(hash_)
        if route.name not in self.routes:
            route = Route("")
        if self.screen is not None:
            self.screen.unmount()
        screen = self.routes[route.name](route.params)
        shared = self.document.getElementById("screen")
        for section in self.document.querySelectorAll("main > section.screen"):
            section.hidden = True
        if screen.static_id:
            root = self.document.getElementById(screen.static_id)
        else:
            root = shared
            root.replaceChildren()
        root.hidden = False
        self.route, self.screen = route, screen
        screen.mount(root)
        if move_focus:
            self.document.getElementById("main").focus()
        return route

    def relabel(self) -> None:
        """The language changed: let the current screen redraw what is not a bound label."""
        if self.screen is not None:
            self.screen.relabel()
