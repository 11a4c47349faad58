"""`#/table/host/<sheet id>` (invite phones to a sheet) and `#/table/join` (follow a host's sheet): draws
`app.peer.pages` from this phone's sessions (`app.peer.sessions`) and takes the page's intents."""

from __future__ import annotations

from app.link import Link
from app.peer import pages
from app.peer.sessions import Sessions
from app.score.step import is_hand_intent
from app.screens.score import KeeperDesk
from app.tree import El, el, to_data
from shared.messages import FromPage, is_table_intent

ROOT_ID = "table-root"


class PhonesScreen:
    """The screens of the table of phones: `#/table/host/<sheet id>` and `#/table/join`."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...], link: Link, sessions: Sessions, desk: KeeperDesk) -> None:
        self.link, self.sessions, self.desk = link, sessions, desk
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

    def unmount(self) -> None:
        self.shown = False
        self.sessions.stop_scan()
        self.sessions.redraw = lambda: None
        self.link.listen(None)

    def relabel(self) -> None:
        self.render()

    def page(self) -> El:
        s = self.sessions
        webrtc, camera = s.support if s.support is not None else (None, False)
        if self.host_of and s.hosting is not None:
            host = s.hosting.host
            sheet = s.hosting.desk.store().shelf.saved(self.host_of)
            players = sheet.sheet.players if sheet is not None else ()
            waiting = [i for i in host.invites.values() if i.guest is None]
            guests = tuple(
                pages.GuestLine(players[g.seat] if g.seat is not None and g.seat < len(players) else "", g.connected)
                for g in host.seated()
            )
            return pages.host_page(
                pages.HostPage(
                    self.host_of,
                    sheet.title if sheet is not None else "",
                    webrtc,
                    camera,
                    guests,
                    waiting[-1].code if waiting else "",
                    bool(waiting),
                    s.error,
                    s.scanning,
                    s.typed,
                )
            )
        guest, following = s.guest, s.following
        step = "scan" if guest is None or guest.link is None else "answer" if guest.joining else "sheet"
        return pages.guest_page(
            pages.GuestPage(
                webrtc,
                camera,
                step,
                guest.code if guest else "",
                bool(guest and guest.open),
                bool(guest and guest.ended),
                s.error,
                s.scanning,
                s.typed,
                following.sheet if following else None,
                following.title if following else "",
                guest.seat if guest else None,
                bool(following and following.entry_open and guest and guest.seat is not None),
                following.round if following else 0,
                following.screen() if following and following.sheet is not None else None,
                following.token if following else "",
                bool(following and following.entry_open),
            )
        )

    def render(self) -> None:
        if not self.shown:
            return
        tree = el("div", self.page(), cls="score-root", id=ROOT_ID)
        self.link.to_page({"op": "draw", "root": ROOT_ID, "tree": to_data(tree)})

    def receive(self, message: FromPage) -> None:
        s = self.sessions
        if is_hand_intent(message):  # a guest's own hand, on the keeper's keypad
            s.guest_act(message)
            return
        if not is_table_intent(message):
            return
        if message["act"] == "table.invite" and s.hosting is not None:
            s.error = ""
            s.hosting.host.invite()
        elif message["act"] == "table.code":
            s.typed = message["value"]
            return
        elif message["act"] == "table.accept":
            s.accept(s.typed)
        elif message["act"] == "table.join":
            s.join(s.typed)
        elif message["act"] == "table.scan":
            s.error = ""
            s.scan(pages.VIDEO_ID)
        elif message["act"] == "table.unscan":
            s.stop_scan()
        elif message["act"] == "table.stop":
            s.stop()
        elif message["act"] == "table.claim" and s.guest is not None:
            s.guest.claim(message["seat"])
        self.render()
