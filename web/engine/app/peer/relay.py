"""The worker's end of the links between phones: the page holds the connections (web/page/peer-relay.mjs), the
worker decides. Messages to the page are ``{"op": "peer", "do": ...}``; the page answers with peer-sdp,
peer-in, peer-state, peer-scanned, peer-support and peer-failed (documented in web/page/peer-relay.mjs).

Session descriptions never reach the people: the page's descriptions become codes here (`signal`), and
the codes people carry between phones become descriptions here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from app.peer import signal
from shared.messages import FromPage, ToPage

Send = Callable[[ToPage], None]


@dataclass
class Events:
    """What the relay's owner (a shared sheet's host or guest) hears; every callback is optional."""

    code: Callable[[int, str], None] = lambda link, code: None  # this phone's code for `link`, to show
    message: Callable[[int, str], None] = lambda link, text: None
    state: Callable[[int, str], None] = lambda link, state: None  # "open" | "closed"
    scanned: Callable[[str | None, str | None], None] = lambda text, error: None
    support: Callable[[bool, bool], None] = lambda webrtc, camera: None
    failed: Callable[[int | None, str], None] = lambda link, error: None


@dataclass
class Relay:
    send_page: Send
    events: Events = field(default_factory=Events)
    next_link: int = 1
    kinds: dict[int, signal.Kind] = field(default_factory=dict)  # each open link's own side

    def _do(self, action: str, **fields: Any) -> None:
        self.send_page(cast(ToPage, {"op": "peer", "do": action, **fields}))  # checked by `Link.to_page`

    def new_link(self) -> int:
        """A number for a link to come (its owner files it before the page can answer about it)."""
        link = self.next_link
        self.next_link += 1
        return link

    def probe(self) -> None:
        self._do("probe")

    def offer(self, link: int) -> None:
        """`link` (from `new_link`) as host; its code arrives through `events.code`."""
        self.kinds[link] = "offer"
        self._do("offer", link=link)

    def answer(self, link: int, offer_code: str) -> None:
        """`link` as guest to a host's code (`signal.SignalError` if the code is not a host's)."""
        description = signal.decode(offer_code)
        if description.kind != "offer":
            raise signal.SignalError("not_ours", "an answer where an offer was expected")
        self.kinds[link] = "answer"
        self._do("answer", link=link, sdp=signal.to_sdp(description))

    def accept(self, link: int, answer_code: str) -> None:
        """A guest's answer to the host's `link` (`signal.SignalError` if the code is not an answer)."""
        description = signal.decode(answer_code)
        if description.kind != "answer" or self.kinds.get(link) != "offer":
            raise signal.SignalError("not_ours", "an offer where an answer was expected")
        self._do("accept", link=link, sdp=signal.to_sdp(description))

    def send(self, link: int, text: str) -> None:
        self._do("send", link=link, text=text)

    def close(self, link: int) -> None:
        self.kinds.pop(link, None)
        self._do("close", link=link)

    def scan(self, video_id: str) -> None:
        self._do("scan", video=video_id)

    def stop_scan(self) -> None:
        self._do("stop-scan")

    def receive(self, message: FromPage) -> None:
        """A peer-* message from the page (checked by `app.link`); one about a link that closed meanwhile is
        dropped."""
        link = message.get("link")
        known = isinstance(link, int) and link in self.kinds
        if message["op"] == "peer-sdp" and known and message["kind"] == self.kinds[message["link"]]:
            try:
                code = signal.encode(signal.from_sdp(message["kind"], message["sdp"]))
            except signal.SignalError as refused:
                self.events.failed(message["link"], refused.code)
                return
            self.events.code(message["link"], code)
        elif message["op"] == "peer-in" and known:
            self.events.message(message["link"], message["text"])
        elif message["op"] == "peer-state" and known and message["state"] in ("open", "closed"):
            self.events.state(message["link"], message["state"])
        elif message["op"] == "peer-scanned":
            self.events.scanned(message.get("text"), message.get("error"))
        elif message["op"] == "peer-support":
            self.events.support(message["webrtc"], message["camera"])
        elif message["op"] == "peer-failed":
            failed = message.get("link")
            self.events.failed(failed if known else None, message["error"])

    OPS = ("peer-sdp", "peer-in", "peer-state", "peer-scanned", "peer-support", "peer-failed")
