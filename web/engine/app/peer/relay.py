"""The worker's end of the links between phones: the page holds the connections (web/page/peer-relay.mjs), the
worker decides. Messages to the page are ``{"op": "peer", "do": ...}``; the page answers with peer-sdp,
peer-in, peer-state, peer-scanned, peer-support and peer-failed (documented in web/page/peer-relay.mjs).

Session descriptions never reach the people: the page's descriptions become codes here (`signal`), and
the codes people carry between phones become descriptions here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.peer import signal

Send = Callable[[dict[str, Any]], None]


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
        self.send_page({"op": "peer", "do": action, **fields})  # "op" first: the page's JS picks these out

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

    def receive(self, message: dict[str, Any]) -> None:
        """A peer-* message from the page; one that does not fit is dropped (the page is ours, but a
        link that closed meanwhile may still report)."""
        op, raw = message.get("op"), message.get("link")
        link = raw if isinstance(raw, int) and raw in self.kinds else -1
        known = link != -1
        if op == "peer-sdp" and known and message.get("kind") == self.kinds[link]:
            try:
                code = signal.encode(signal.from_sdp(self.kinds[link], str(message.get("sdp", ""))))
            except signal.SignalError as refused:
                self.events.failed(link, refused.code)
                return
            self.events.code(link, code)
        elif op == "peer-in" and known and isinstance(message.get("text"), str):
            self.events.message(link, message["text"])
        elif op == "peer-state" and known and message.get("state") in ("open", "closed"):
            self.events.state(link, message["state"])
        elif op == "peer-scanned":
            text, why = message.get("text"), message.get("error")
            self.events.scanned(text if isinstance(text, str) else None, str(why) if why else None)
        elif op == "peer-support":
            self.events.support(bool(message.get("webrtc")), bool(message.get("camera")))
        elif op == "peer-failed":
            self.events.failed(link if known else None, str(message.get("error", "")))

    OPS = ("peer-sdp", "peer-in", "peer-state", "peer-scanned", "peer-support", "peer-failed")
