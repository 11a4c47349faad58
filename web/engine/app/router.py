"""Hash routes (`#/`, `#/play`, `#/score/...`) to screens. Pure Python: no `js` import here.

A screen is any object with `frame()`, `mount()`, `unmount()` and `relabel()`; `static_id` names a
section of index.html that the screen reuses (the landing page, drawn before Python is ready) instead
of the shared `#screen` section, whose content is the screen's `frame()` (the containers it then draws
into through `app.link`). The page's side shows the section (`open`, see `ui.host`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

from app.tree import El, to_data
from shared.messages import ToPage

Page = Callable[[ToPage], None]


class Screen(Protocol):
    """What the router needs of a screen."""

    static_id: str | None

    def frame(self) -> El | None: ...

    def mount(self) -> None: ...

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

    def __init__(self, routes: Mapping[str, ScreenFactory], page: Page) -> None:
        if "" not in routes:
            raise ValueError("routes need a landing screen under ''")
        self.routes = routes
        self.page = page
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
        frame = screen.frame()
        self.route, self.screen = route, screen
        self.page(
            {
                "op": "open",
                "section": screen.static_id or "screen",
                "tree": cast(dict[str, Any], to_data(frame)) if frame is not None else None,
                "focus_main": move_focus,
            }
        )
        screen.mount()
        return route

    def relabel(self) -> None:
        """The language changed: let the current screen redraw what is not a bound label."""
        if self.screen is not None:
            self.screen.relabel()
