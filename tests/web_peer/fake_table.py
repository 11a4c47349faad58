"""Phones wired together in memory, for CPython tests of the host's side of a table of phones.

The host phone is this phone's real `Hosting` (its relay's messages go to `Table`, which answers as the page and
WebRTC would). A guest phone is `GuestPhone`: what a guest's page does (web/page/guest.mjs and `ui.remote`): it
answers the host's code, says hello, sends its page's messages in envelopes and keeps the host's drawings, each
root as the page would hold it (the last whole drawing; the host's own `Link` tells what it holds).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from test_signal import CHROMIUM_OFFER

from app.peer import protocol, signal
from app.peer.relay import Relay


def sdp(kind: str, n: int) -> str:
    text = CHROMIUM_OFFER.replace("s5DG", f"u{n:03d}")
    return text.replace("a=setup:actpass", "a=setup:active") if kind == "answer" else text


@dataclass
class GuestPhone:
    """A guest's page across the table: numbers what it sends, checks what it gets (`ui.remote`'s work)."""

    name: str
    lang: str = "en"
    token: str | None = None
    link: int = 0  # its end of the link now (0: none)
    out: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    last: int = 0
    parts: dict[int, list[str | None]] = field(default_factory=dict)
    got: list[dict[str, Any]] = field(default_factory=list)  # the host's page messages, in order
    kinds: list[str] = field(default_factory=list)  # every kind taken
    ended: bool = False
    table: Table | None = None
    seen: int = 0  # the number of its last intent

    def answer(self, code: str) -> str:
        """The host's code scanned: this phone's answer code."""
        assert self.table is not None
        offer = signal.decode(code)
        assert offer.kind == "offer"
        self.out, self.last, self.parts = itertools.count(1), 0, {}
        self.link = self.table.answer(self, offer.ufrag)
        return signal.encode(signal.from_sdp("answer", sdp("answer", 0)))

    def opened(self) -> None:
        self.send("hello", token=self.token)
        self.send("page", message={"op": "start", "hash": "#/table/join/X", "lang": self.lang})

    def send(self, kind: str, **body: Any) -> None:
        assert self.table is not None
        for text in protocol.write(kind, lambda: next(self.out), **body):
            self.table.from_guest(self, text)

    def forge(self, kind: str, **body: Any) -> None:
        """A message its page would never send, in a well-made envelope."""
        self.send_text(json.dumps({"v": protocol.VERSION, "seq": next(self.out), "kind": kind, **body}))

    def send_text(self, text: str) -> None:
        """A text as it is (a forged or broken message)."""
        assert self.table is not None
        self.table.from_guest(self, text)

    def tap(self, act: str, **fields: Any) -> None:
        """An intent of its page, as `ui.host` sends it."""
        self.seen += 1
        self.send("page", message={"op": "intent", "act": act, "seq": self.seen, **fields})

    def receive(self, text: str) -> None:
        message = protocol.read(text, "host")
        assert message.seq > self.last, "the host's count goes up"
        self.last = message.seq
        self._take(message)

    def _take(self, message: protocol.Message) -> None:
        self.kinds.append(message.kind)
        if message.kind == "part":
            whole = protocol.joined(self.parts, message, "host")
            if whole is not None:
                self._take(whole)
        elif message.kind == "welcome":
            self.token = message.body["token"]
        elif message.kind == "engine":
            page = message.body["message"]
            self.got.extend(page["messages"] if page["op"] == "batch" else [page])
        elif message.kind == "ended":
            self.ended = True

    def drawn(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["op"] == "draw"]


class Table:
    """The pages and WebRTC between the host phone's relay and its guest phones."""

    def __init__(self) -> None:
        self.count = 0
        self.host: Relay | None = None
        self.offers: dict[str, int] = {}  # an offer's ufrag -> the host's link
        self.links: dict[int, GuestPhone] = {}  # the host's link -> its guest
        self.up: dict[int, bool] = {}  # a link whose packets pass
        self.sent: list[dict[str, Any]] = []
        self.waiting: list[dict[str, Any]] = []  # asked before the relay was known (a host that invites at once)

    def attach(self, relay: Relay) -> None:
        self.host = relay
        for message in self.waiting:
            self.page(message)
        self.waiting.clear()

    def page(self, message: dict[str, Any]) -> None:
        """The host's engine to its page (the relay's `peer` messages; the rest is the host's own drawings)."""
        if message["op"] == "peer" and self.host is None:
            self.waiting.append(message)
            return
        self.sent.append(message)
        if message["op"] != "peer":
            return
        assert self.host is not None
        action, link = message["do"], message.get("link")
        if action == "offer":
            self.count += 1
            self.offers[f"u{self.count:03d}"] = link
            self.host.receive({"op": "peer-sdp", "link": link, "kind": "offer", "sdp": sdp("offer", self.count)})
        elif action == "accept":
            guest = self.links[link]
            self.up[link] = True
            self.host.receive({"op": "peer-state", "link": link, "state": "open"})
            guest.opened()
        elif action == "send":
            guest = self.links.get(link)
            if guest is not None and self.up.get(link) and guest.link:
                guest.receive(message["text"])
        elif action == "close":
            guest = self.links.pop(link, None)
            if guest is not None:
                guest.link = 0

    def answer(self, guest: GuestPhone, ufrag: str) -> int:
        link = self.offers.pop(ufrag)
        self.links[link] = guest
        guest.table = self
        return link

    def from_guest(self, guest: GuestPhone, text: str) -> None:
        link = next(link for link, other in self.links.items() if other is guest)
        if self.up.get(link):
            assert self.host is not None
            self.host.receive({"op": "peer-in", "link": link, "text": text})

    def cut(self, guest: GuestPhone, up: bool = False) -> None:
        """Its packets stop (a locked phone, out of the Wi-Fi) or pass again; the link stays open."""
        for link, other in self.links.items():
            if other is guest:
                self.up[link] = up

    def close(self, guest: GuestPhone) -> None:
        """Its link is gone (a tab closed, a connection failed)."""
        assert self.host is not None
        for link, other in list(self.links.items()):
            if other is guest:
                del self.links[link]
                guest.link = 0
                self.host.receive({"op": "peer-state", "link": link, "state": "closed"})

    def messages(self, guest: GuestPhone) -> list[str]:
        return [json.dumps(m) for m in guest.got]
