"""The "How to play" screen (`#/howto`, `#/howto/<id>`): mounts `app.howto_page.render()` and, when the
route names a section, scrolls to it and focuses its heading. Every text is a bound catalogue key, so a
language switch relabels the whole page."""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app.dom import build
from app.howto_page import dom_id, render


class HowTo:
    """The rules page; `params` may name the section to open (`#/howto/stacking`)."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...] = ()) -> None:
        self.target = params[0] if params else ""
        self._jump: Any = None

    def mount(self, root: Any) -> None:
        root.append(*(build(child) for child in render().children))
        if self.target:
            # After the router has focused <main>: move to the section asked for.
            self._jump = create_proxy(self._jump_to_target)
            window.setTimeout(self._jump, 0)
        else:
            window.scrollTo(0, 0)

    def unmount(self) -> None:
        self._jump = None

    def relabel(self) -> None:
        pass  # every text is a bound catalogue key: the shell relabels them all

    def _jump_to_target(self, *_: Any) -> None:
        target = document.getElementById(dom_id(self.target))
        if not target:
            return
        heading = target.querySelector("h2, h3")
        target.scrollIntoView(to_js({"block": "start"}))
        if heading:
            heading.focus(to_js({"preventScroll": True}))
