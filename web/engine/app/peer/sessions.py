"""This phone's part in a table of phones: at most one sheet, or its game in play, hosted. (A phone that joins a
host's table runs no engine: its page is a screen of the host's, web/page/guest.mjs.)

The session outlives the `#/table` screen: the host goes back to its sheet to enter rounds while its guests stay
connected; the keeper's screen tells `Sessions.keeper_drew` after each drawing, and the pulse (`PING_S`) runs while
a sheet is shared.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from app import browser
from app.link import Later, Link
from app.peer import pages, signal
from app.peer.guests import Catalogues, Load
from app.peer.host import PING_S, Invite
from app.peer.hosting import Hosting, Shared
from app.peer.relay import Relay
from app.peer.sheet_share import SheetShare
from app.tree import El
from shared.messages import FromPage, TableIntent

if TYPE_CHECKING:
    from app.play.phones import PlayShare
    from app.screens.score import KeeperDesk

PEER_OPS = Relay.OPS


async def site_file(path: str) -> str:
    """The text of one of the site's files (from the service worker's cache offline), read in the engine worker."""
    import js  # the worker's global scope

    base = str(js.location.href).split("runtime/", 1)[0]
    response = await js.fetch(base + path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return str(await response.text())


class Sessions:
    """This phone's part in a table of phones (made once by `app.application.App`): `link` is this phone's page,
    `desk` its score keeper (whose sheets it shares)."""

    def __init__(
        self,
        link: Link,
        desk: KeeperDesk,
        load: Load = site_file,
        later: Later | None = None,
        play: PlayShare | None = None,
    ) -> None:
        self.link, self.desk, self.later, self.play = link, desk, later, play
        self.catalogues = Catalogues(load)
        self.hosting: Hosting | None = None
        self.support: tuple[bool, bool] | None = None  # (WebRTC, camera), once the page said
        self.redraw: Callable[[], None] = lambda: None  # the screen showing the table (its page, or a rejoin code)
        self.error = ""  # the last code refused (a catalogue key's tail), shown once
        self.scanning = False
        self.scanning_for: int | None = None  # the invitation whose answer the camera looks for
        self.typed: dict[int | None, str] = {}  # the codes typed or pasted, by invitation (None: the newest)
        self._probe = Relay(link.to_page)
        self._probe.events.support = self._supported
        self._wired = False
        self._pulse: object = None

    def wire(self) -> None:
        """Take the page's peer messages (once): they go to whichever session owns the link."""
        if self._wired:
            return
        self._wired = True
        for op in PEER_OPS:
            self.link.handle(op, self._from_page)
        self._probe.probe()

    def _supported(self, webrtc: bool, camera: bool) -> None:
        self.support = (webrtc, camera)
        self.redraw()

    def _from_page(self, message: FromPage) -> None:
        if message["op"] == "peer-support":
            self._probe.receive(message)
        elif message["op"] == "peer-scanned":
            self.scanning = False
            self._scanned(message.get("text"), message.get("error"))
        elif self.hosting is not None:
            self.hosting.host.relay.receive(message)

    def host(self, key: str) -> Hosting:
        """Share `key`: a sheet of this phone's keeper, or "play" its game in play (what was shared before stops)."""
        if self.hosting is not None and self.hosting.key == key and not self.hosting.host.ended:
            return self.hosting
        self.stop()
        play = self.play
        shared: Shared = play if key == "play" and play is not None else SheetShare(self.desk, key)

        def redraw() -> None:
            if play is not None and shared is play:
                table = play.host_table()
                if table is not None:
                    table.render()
            else:
                self.desk.redraw()
            self.redraw()

        self.hosting = Hosting(shared, self.link, redraw, self.catalogues, self.later)
        if play is not None and shared is play:
            play.hosting = self.hosting
        self._beat()
        return self.hosting

    def _beat(self) -> None:
        """The table's pulse: every `PING_S` while a sheet is shared."""
        hosting = self.hosting
        if hosting is None or hosting.host.ended:
            return
        hosting.host.tick()
        hosting.shared.tick(hosting)
        self._pulse = browser.after(PING_S, self._beat) if self.later is not None else None

    def phones(self, sheet_id: str) -> int:
        """How many guest phones follow `sheet_id` from this phone now."""
        hosting = self.hosting
        if hosting is None or hosting.key != sheet_id or hosting.host.ended:
            return 0
        return sum(1 for guest in hosting.host.guests.seated() if guest.connected)

    def keeper_drew(self) -> None:
        if self.hosting is not None and self.hosting.key != "play":
            self.hosting.changed_elsewhere()

    def resume_play(self) -> None:
        """This phone's game had phones before its tab reloaded (its guests' book names this game): host it again at
        once, so that each phone's rejoin code is ready ("Invite phones" shows them)."""
        play = self.play
        if play is None or (self.hosting is not None and self.hosting.key == "play"):
            return
        try:
            book = json.loads(play.saves_get(play.book_key) or "null")
        except ValueError:
            return
        if isinstance(book, dict) and book.get("sheet") == play.book_id() and book.get("guests"):
            self.wire()
            self.host("play")

    def play_drew(self) -> None:
        """This phone's table drew: the phones of its game draw again."""
        if self.hosting is not None and self.hosting.key == "play":
            self.hosting.changed_elsewhere()

    def accept(self, code: str, link: int | None = None) -> None:
        """A guest's answer for invitation `link` (None: the newest one, a rejoin code's last)."""
        hosting = self.hosting
        waiting = hosting.host.waiting() if hosting else []
        chosen = [invite for invite in waiting if invite.link == link] or sorted(waiting, key=_fresh_first)
        if hosting is None or not chosen:
            return
        try:
            hosting.host.accept(chosen[-1].link, code)
            self.error = ""
            self.typed.pop(link, None)
        except signal.SignalError as error:
            self.error = error.code

    def scan(self, video_id: str, link: int | None = None) -> None:
        """The camera, for the answer to invitation `link` (None: the newest)."""
        self.scanning, self.scanning_for = True, link
        self._probe.scan(video_id)

    def stop_scan(self) -> None:
        if self.scanning:
            self.scanning = False
            self._probe.stop_scan()

    def _scanned(self, text: str | None, error: str | None) -> None:
        if text is not None:
            self.accept(text, self.scanning_for)
        elif error:
            self.error = "camera"
        self.redraw()

    def view(self, base: str) -> pages.HostPage | None:
        """The `#/table/host/...` page's values now (None: no sheet shared); `base`: the app's address."""
        return self._page_of(self.hosting.host_view(), base) if self.hosting is not None else None

    def _page_of(self, view: pages.HostPage, base: str) -> pages.HostPage:
        """`view` (the shared sheet's) with what this phone's page knows: its camera, the codes typed, the error."""
        webrtc, camera = self.support if self.support is not None else (None, False)
        return dataclasses.replace(
            view,
            webrtc=webrtc,
            camera=camera,
            error=self.error,
            scanning=self.scanning,
            typed=self.typed.get(None, ""),
            typed_for=dict(self.typed),
            base=base,
        )

    def rejoin_page(self, sheet_id: str, base: Callable[[], str]) -> El | None:
        """What the keeper's pages of `sheet_id` show of the table: each lost phone's rejoin code (None: nothing).
        `base()`: the app's address, asked only when there is a code to show."""
        hosting = self.hosting
        if hosting is None or hosting.key != sheet_id or hosting.host.ended:
            return None
        view = hosting.host_view()
        return pages.rejoin_panel(self._page_of(view, base())) if view.rejoin else None

    def take(self, message: TableIntent) -> None:
        """A `table.*` intent of the host's page (the table's screen, or a rejoin code on the keeper's)."""
        if message["act"] == "table.invite" and self.hosting is not None:
            self.error = ""
            self.hosting.host.invite()
        elif message["act"] == "table.code":
            self.typed[message["link"]] = message["value"]
        elif message["act"] == "table.accept":
            self.accept(self.typed.get(message["link"], ""), message["link"])
        elif message["act"] == "table.scan":
            self.error = ""
            self.scan(pages.VIDEO_ID, message["link"])
        elif message["act"] == "table.unscan":
            self.stop_scan()
        elif message["act"] == "table.stop":
            self.stop()
        elif message["act"] == "table.stand-in" and self.play is not None:
            self.play.choose_away(bot=message["checked"])
        elif message["act"] == "table.grace" and self.play is not None:
            self.play.choose_away(grace=message["value"])

    def stop(self) -> None:
        """Stop sharing (the guests are told)."""
        if self.hosting is not None:
            self.hosting.end()
            self.hosting = None
            if self.play is not None:
                self.play.hosting = None


def _fresh_first(invite: Invite) -> bool:
    """Sorts rejoin codes before new invitations: the last is the newest new one, else a rejoin code."""
    return invite.seat is None
