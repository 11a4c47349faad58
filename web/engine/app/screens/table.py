"""`#/table/host/<sheet id>`: invite phones to a sheet and see who is there (`app.peer.pages.host_page`, drawn from
this phone's session, `app.peer.sessions`). A phone that joins a table (`#/table/join...`) is a screen of the host's
engine and runs none: web/page/engine-start.js opens that route in guest mode, which this screen never shows."""

from __future__ import annotations

from app.link import Link
from app.peer import pages
from app.peer.sessions import Sessions
from app.screens.score import site_base
from app.tree import El, el, to_data
from shared.messages import FromPage, is_table_intent

ROOT_ID = "table-root"


class PhonesScreen:
    """The host's page of a table of phones."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...], link: Link, sessions: Sessions) -> None:
        self.link, self.sessions = link, sessions
        self.host_of = params[1] if len(params) == 2 and params[0] == "host" else ""
        self.shown = False

    def frame(self) -> El | None:
        return el("div", el("div", id=ROOT_ID, cls="score-root"))

    def mount(self) -> None:
        self.shown = True
        self.sessions.wire()
        self.sessions.redraw = self.render
        if self.host_of:
            self.sessions.host(self.host_of)
        self.link.listen(self.receive)
        self.render()
        self.link.to_page({"op": "effect", "wake": bool(self.host_of)})  # a table is live: the screen stays awake

    def unmount(self) -> None:
        self.shown = False
        self.sessions.stop_scan()
        self.sessions.redraw = lambda: None
        self.link.listen(None)

    def relabel(self) -> None:
        self.render()

    def page(self) -> El:
        view = self.sessions.view(site_base()) if self.host_of else None
        return pages.host_page(view) if view is not None else el("p", key="table.opening", role="status")

    def render(self) -> None:
        if not self.shown:
            return
        tree = el("div", self.page(), cls="score-root", id=ROOT_ID)
        self.link.to_page({"op": "draw", "root": ROOT_ID, "tree": to_data(tree)})

    def receive(self, message: FromPage) -> None:
        if not is_table_intent(message):
            return
        self.sessions.take(message)
        if message["act"] != "table.code":  # a key typed: nothing to draw
            self.render()
