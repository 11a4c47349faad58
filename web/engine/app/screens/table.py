"""`#/table/host/<sheet id>`: invite phones to a sheet and see who is there (`app.peer.pages.host_page`, drawn from
this phone's session, `app.peer.sessions`). A phone that joins a table (`#/table/join...`) is a screen of the host's
engine and runs none: web/page/engine-start.js opens that route in guest mode, which this screen never shows."""

from __future__ import annotations

import dataclasses

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
        s, hosting = self.sessions, self.sessions.hosting
        if not self.host_of or hosting is None:
            return el("p", key="table.opening", role="status")
        webrtc, camera = s.support if s.support is not None else (None, False)
        view = dataclasses.replace(
            hosting.host_view(),
            webrtc=webrtc,
            camera=camera,
            error=s.error,
            scanning=s.scanning,
            typed=s.typed.get(None, ""),
            typed_for=dict(s.typed),
            base=site_base(),
        )
        return pages.host_page(view)

    def render(self) -> None:
        if not self.shown:
            return
        tree = el("div", self.page(), cls="score-root", id=ROOT_ID)
        self.link.to_page({"op": "draw", "root": ROOT_ID, "tree": to_data(tree)})

    def receive(self, message: FromPage) -> None:
        s = self.sessions
        if not is_table_intent(message):
            return
        if message["act"] == "table.invite" and s.hosting is not None:
            s.error = ""
            s.hosting.host.invite()
        elif message["act"] == "table.code":
            s.typed[message["link"]] = message["value"]
            return
        elif message["act"] == "table.accept":
            s.accept(s.typed.get(message["link"], ""), message["link"])
        elif message["act"] == "table.scan":
            s.error = ""
            s.scan(pages.VIDEO_ID, message["link"])
        elif message["act"] == "table.unscan":
            s.stop_scan()
        elif message["act"] == "table.stop":
            s.stop()
        self.render()
