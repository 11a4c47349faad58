"""This phone's part in a table of phones: at most one sheet hosted, or one host followed.

The sessions outlive the `#/table` screen: the host goes back to its sheet to enter rounds while its
guests stay connected, and the keeper's screen tells `Sessions.keeper_drew` after each drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.link import Link
from app.peer import signal
from app.peer.following import Following
from app.peer.hosting import Hosting
from app.peer.relay import Relay
from app.peer.share import SheetGuest
from app.score.step import HandIntent
from shared.messages import FromPage

if TYPE_CHECKING:
    from app.screens.score import KeeperDesk

PEER_OPS = Relay.OPS


class Sessions:
    """This phone's part in a table of phones (made once by `app.application.App`): `link` is this phone's page,
    `desk` its score keeper (whose sheets it shares)."""

    def __init__(self, link: Link, desk: KeeperDesk) -> None:
        self.link, self.desk = link, desk
        self.hosting: Hosting | None = None
        self.guest: SheetGuest | None = None
        self.following: Following | None = None
        self.support: tuple[bool, bool] | None = None  # (WebRTC, camera), once the page said
        self.redraw: Callable[[], None] = lambda: None  # the #/table screen while it is shown
        self.error = ""  # the last code refused (a catalogue key's tail), shown once
        self.scanning = False
        self.typed = ""  # the code typed or pasted on the #/table screen
        self._probe = Relay(link.to_page)
        self._probe.events.support = self._supported
        self._wired = False

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
        elif self.guest is not None:
            self.guest.relay.receive(message)

    # ----- host ---------------------------------------------------------------------------------

    def host(self, sheet_id: str) -> Hosting:
        """Share `sheet_id` of this phone's keeper (a sheet shared before is stopped; a followed host is left); the
        keeper's screen is drawn again when a guest's hand arrives."""
        if self.hosting is not None and self.hosting.sheet_id == sheet_id and not self.hosting.host.ended:
            return self.hosting
        self.stop()

        def redraw() -> None:
            self.desk.redraw()
            self.redraw()

        self.hosting = Hosting(self.desk, sheet_id, self.link.to_page, redraw)
        return self.hosting

    def phones(self, sheet_id: str) -> int:
        """How many guest phones follow `sheet_id` from this phone now."""
        hosting = self.hosting
        if hosting is None or hosting.sheet_id != sheet_id or hosting.host.ended:
            return 0
        return sum(1 for guest in hosting.host.seated() if guest.connected)

    def keeper_drew(self) -> None:
        if self.hosting is not None:
            self.hosting.changed()

    def accept(self, code: str) -> None:
        hosting = self.hosting
        waiting = [i for i in hosting.host.invites.values() if i.guest is None] if hosting else []
        if hosting is None or not waiting:
            return
        try:
            hosting.accept_code(waiting[-1].link, code)
            self.error, self.typed = "", ""
        except signal.SignalError as error:
            self.error = error.code

    # ----- guest --------------------------------------------------------------------------------

    def join(self, code: str) -> None:
        if self.guest is None:
            self.stop()
            self.following = Following()
            self.guest = SheetGuest(self.link.to_page, "", self._followed)
        try:
            self.guest.join(code)
            self.error, self.typed = "", ""
        except signal.SignalError as error:
            self.error = error.code
        self.redraw()

    def _followed(self) -> None:
        guest, following = self.guest, self.following
        if guest is not None and following is not None and guest.view is not None:
            following.take(guest.view, guest.settled, guest.seat)
        self.redraw()

    def guest_act(self, intent: HandIntent) -> None:
        guest, following = self.guest, self.following
        if guest is None or following is None or guest.seat is None:
            return
        if following.act(intent, guest.seat):
            guest.send_hand(following.round, following.hand(guest.seat))
            self.redraw()

    # ----- both ---------------------------------------------------------------------------------

    def scan(self, video_id: str) -> None:
        self.scanning = True
        self._probe.scan(video_id)

    def stop_scan(self) -> None:
        if self.scanning:
            self.scanning = False
            self._probe.stop_scan()

    def _scanned(self, text: str | None, error: str | None) -> None:
        if text is not None:
            if self.hosting is not None:
                self.accept(text)
            else:
                self.join(text)
        elif error:
            self.error = "camera"
        self.redraw()

    def stop(self) -> None:
        """End whatever this phone is part of (a host tells its guests; a guest says goodbye)."""
        if self.hosting is not None:
            self.hosting.host.end()
            self.hosting = None
        if self.guest is not None:
            self.guest.leave()
            self.guest, self.following = None, None
