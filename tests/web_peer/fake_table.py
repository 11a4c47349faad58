"""Phones wired together in memory: what web/page/peer-relay.mjs and WebRTC do, for CPython tests of the
worker's side. Each phone's relay messages go to `Table.page`, which answers as the page would."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from test_signal import CHROMIUM_OFFER

from app.peer.relay import Relay


def sdp(kind: str, n: int) -> str:
    text = CHROMIUM_OFFER.replace("s5DG", f"u{n:03d}")
    return text.replace("a=setup:actpass", "a=setup:active") if kind == "answer" else text


@dataclass
class Phone:
    name: str
    relay: Relay | None = None
    links: dict[int, tuple[Phone, int]] = field(default_factory=dict)  # my link -> the other end
    sent: list[dict[str, Any]] = field(default_factory=list)
    up: bool = True  # False: its messages are lost (a locked phone, out of the Wi-Fi)


class Table:
    def __init__(self) -> None:
        self.count = 0
        self.pending: dict[str, tuple[Phone, int]] = {}  # an offer's ufrag -> host phone, link

    def page(self, phone: Phone) -> Any:
        def send(message: dict[str, Any]) -> None:
            phone.sent.append(message)
            self._do(phone, message)

        return send

    def _reply(self, phone: Phone, message: dict[str, Any]) -> None:
        assert phone.relay is not None
        phone.relay.receive(message)

    def _do(self, phone: Phone, message: dict[str, Any]) -> None:
        action, link = message["do"], message.get("link")
        if action == "offer":
            self.count += 1
            self.pending[f"u{self.count:03d}"] = (phone, link)
            self._reply(phone, {"op": "peer-sdp", "link": link, "kind": "offer", "sdp": sdp("offer", self.count)})
        elif action == "answer":
            ufrag = message["sdp"].split("a=ice-ufrag:")[1].split("\r\n")[0]
            host, host_link = self.pending[ufrag]
            phone.links[link] = (host, host_link)
            host.links[host_link] = (phone, link)
            self._reply(phone, {"op": "peer-sdp", "link": link, "kind": "answer", "sdp": sdp("answer", 0)})
        elif action == "accept":
            guest, guest_link = phone.links[link]
            self._reply(phone, {"op": "peer-state", "link": link, "state": "open"})
            self._reply(guest, {"op": "peer-state", "link": guest_link, "state": "open"})
        elif action == "send":
            other, other_link = phone.links.get(link, (None, 0))
            if other is not None and phone.up and other.up:
                self._reply(other, {"op": "peer-in", "link": other_link, "text": message["text"]})
        elif action == "close":
            other, other_link = phone.links.pop(link, (None, 0))
            if other is not None and other.links.pop(other_link, None):
                self._reply(other, {"op": "peer-state", "link": other_link, "state": "closed"})

    def drop(self, phone: Phone) -> None:
        """The phone leaves the Wi-Fi: both ends of each of its links see them close."""
        phone.up = False
        for link, (other, other_link) in list(phone.links.items()):
            self._reply(phone, {"op": "peer-state", "link": link, "state": "closed"})
            self._reply(other, {"op": "peer-state", "link": other_link, "state": "closed"})
            other.links.pop(other_link, None)
        phone.links.clear()
        phone.up = True
