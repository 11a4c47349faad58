"""The "How to play" screen (`#/howto`, `#/howto/<id>`): draws `app.howto_page.render()` through the page's
side (`app.link`, `ui.host`) and, when the route names a section, scrolls to it and focuses its heading.
Every text is a bound catalogue key, so a language switch relabels the whole page."""

from __future__ import annotations

from app.howto_page import dom_id, render
from app.link import Link
from app.tree import El, el, to_data

ROOT_ID = "howto-root"


class HowTo:
    """The rules page; `params` may name the section to open (`#/howto/stacking`)."""

    static_id: str | None = None

    def __init__(self, link: Link, params: tuple[str, ...] = ()) -> None:
        self.link = link
        self.target = params[0] if params else ""

    def frame(self) -> El | None:
        return el("div", el("div", id=ROOT_ID))

    def mount(self) -> None:
        self.link.to_page({"op": "draw", "root": ROOT_ID, "tree": to_data(render())})
        if self.target:  # after the router has focused <main> (the page takes messages in order)
            self.link.to_page({"op": "effect", "jump": dom_id(self.target)})
        else:
            self.link.to_page({"op": "effect", "top": True})

    def unmount(self) -> None:
        pass

    def relabel(self) -> None:
        pass  # every text is a bound catalogue key: the shell relabels them all
