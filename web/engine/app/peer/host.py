"""This phone's engine as the host of a table of phones: the links to its guests and what crosses them.

Each guest phone is a screen of this engine: it says ``hello`` (with its token, to find its place again), then
sends its page's messages (``page``: its start, its intents) and gets its page's drawings (``engine``), made here
by that guest's own `Link` and router (`app.peer.guests.GuestPage`). A message over `MAX_BYTES` goes in ``part``s.
Both sides ``ping`` every `PING_S`; a guest silent for `SILENT_S` is reconnecting (its seat kept: it comes back
with its token and no new codes, whatever link it comes back on). Anything refused (malformed, another version,
out of order, the other side's kind, a page message a guest may not send) is kept in `refusals` and changes
nothing.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.peer import protocol, signal
from app.peer.protocol import Guest, Guests, Refused
from app.peer.relay import Events, Relay, Send
from shared.messages import FromPage

PING_S = 1.0
SILENT_S = 4.0
GUEST_OPS = ("start", "intent", "lang", "redraw", "hidden", "shown", "shared")  # what a guest's page may tell the host


@dataclass
class Invite:
    """An offer waiting for its guest: its code (once the page made it) and, once connected, the guest; `seat`:
    the player it was made for (a rejoin), or None."""

    link: int
    code: str = ""
    guest: Guest | None = None
    open: bool = False
    seat: int | None = None
    out: int = 0  # this side's count of messages on the link
    parts: dict[int, list[str | None]] = field(default_factory=dict)


class TableHost:
    """The links to this phone's guests. `arrived(guest)` is called when a guest says hello (its page is to be
    made), `from_guest(guest, message)` with each message of its page, `changed()` when a guest comes, goes or
    falls silent; `now()` is the clock."""

    def __init__(
        self,
        send_page: Send,
        arrived: Callable[[Guest], None],
        from_guest: Callable[[Guest, FromPage], None],
        changed: Callable[[], None],
        now: Callable[[], float],
        new_token: Callable[[], str] = lambda: secrets.token_urlsafe(12),
    ) -> None:
        self.relay = Relay(send_page, Events(code=self._code, message=self._message, state=self._state))
        self.arrived, self.from_guest, self.changed, self.now = arrived, from_guest, changed, now
        self.new_token = new_token
        self.guests = Guests()
        self.invites: dict[int, Invite] = {}
        self.ended = False
        self.refusals: list[tuple[int, str, str]] = []  # link, code, detail

    # ----- the host's own acts ----------------------------------------------------------------------------------

    def invite(self, seat: int | None = None) -> Invite:
        """A new offer for one more guest, or for the player at `seat` whose link is gone (its code arrives from the
        page, then `changed`)."""
        invite = Invite(self.relay.new_link(), seat=seat)
        self.invites[invite.link] = invite
        self.relay.offer(invite.link)
        return invite

    def accept(self, link: int, answer_code: str) -> None:
        """The guest's answer code, scanned or pasted (`signal.SignalError` if it is not one)."""
        if link not in self.invites:
            raise signal.SignalError("not_ours", "no such invitation")
        self.relay.accept(link, answer_code)

    def send(self, guest: Guest, kind: str, **body: Any) -> None:
        """`kind` to `guest` on its open link (nothing while it has none)."""
        invite = self.link_of(guest)
        if invite is None or not invite.open:
            return
        for text in protocol.write(kind, lambda: self._count(invite), **body):
            self.relay.send(invite.link, text)

    def end(self) -> None:
        """Stop sharing: guests keep their last page, read-only, and are told so."""
        for invite in list(self.invites.values()):
            if invite.open and invite.guest is not None:
                self.send(invite.guest, "ended")
            self.relay.close(invite.link)
        self.invites.clear()
        self.ended = True
        self.changed()

    def link_of(self, guest: Guest) -> Invite | None:
        return next((invite for invite in self.invites.values() if invite.guest is guest), None)

    def waiting(self) -> list[Invite]:
        """The invitations no guest has taken yet, oldest first."""
        return [invite for invite in self.invites.values() if invite.guest is None]

    def tick(self) -> None:
        """The pulse (every `PING_S`): a ping on every open link; a guest silent too long is reconnecting."""
        now = self.now()
        moved = False
        for invite in self.invites.values():
            guest = invite.guest
            if guest is None or not invite.open:
                continue
            self.send(guest, "ping", at=int(now * 1000))
            live = now - guest.heard <= SILENT_S
            if live != guest.live:
                guest.live, moved = live, True
        if moved:
            self.changed()

    def _count(self, invite: Invite) -> int:
        invite.out += 1
        return invite.out

    # ----- from the page ----------------------------------------------------------------------------------------

    def _code(self, link: int, code: str) -> None:
        if link in self.invites:
            self.invites[link].code = code
            self.changed()

    def _state(self, link: int, state: str) -> None:
        invite = self.invites.get(link)
        if invite is None:
            return
        invite.open = state == "open"
        guest = invite.guest
        if guest is not None and not invite.open:
            guest.connected = guest.live = False
            del self.invites[link]  # a link that closed never opens again
            if guest.seat is not None and not self.ended:
                self.invite(guest.seat)  # its player's way back: a new code, shown by itself
        self.changed()

    def _message(self, link: int, text: str) -> None:
        invite = self.invites.get(link)
        if invite is None:
            return
        try:
            message = protocol.read(text, "guest")
            if invite.guest is None:  # the first message on a link: who is there
                if message.kind != "hello":
                    raise Refused("forbidden", f"{message.kind} before hello")
                self._hello(invite, message)
                return
            guest = self.guests.take(invite.guest, message)
            back = not guest.live  # it was silent: it is live again
            guest.heard, guest.live = self.now(), True
            self._from(invite, guest, message)
            if back:
                self.changed()
        except Refused as refused:
            self.refusals.append((link, refused.code, str(refused)))
            print(f"uno table: refused a message from link {link}: {refused}", file=sys.stderr)

    def _from(self, invite: Invite, guest: Guest, message: protocol.Message) -> None:
        if message.kind == "part":
            whole = protocol.joined(invite.parts, message, "guest")
            if whole is not None:
                self._from(invite, guest, whole)
        elif message.kind == "page":
            page = message.body["message"]
            if page["op"] not in GUEST_OPS:
                raise Refused("forbidden", f"a guest's page does not send {page['op']}")
            self.from_guest(guest, page)
        elif message.kind == "bye":
            guest.connected = guest.live = False
            invite.open = False
            self.changed()
        elif message.kind == "hello":
            raise Refused("forbidden", "hello again on an open link")

    def _hello(self, invite: Invite, message: protocol.Message) -> None:
        guest = self.guests.join(message.body["token"], self.new_token, message.seq)
        if invite.seat is not None and guest.seat is None:  # a rejoin code, taken by a phone that lost its token
            self.guests.seat(guest, invite.seat)
        for other in [i for i in self.invites.values() if i is not invite and i.guest is guest]:
            self.relay.close(other.link)  # the same guest on a new link: the old one is gone
            del self.invites[other.link]
        for other in [i for i in self.invites.values() if i is not invite and i.guest is None]:
            if other.seat is not None and other.seat == guest.seat:  # its rejoin code is not needed any more
                self.relay.close(other.link)
                del self.invites[other.link]
        invite.guest, invite.seat = guest, guest.seat
        guest.connected, guest.live, guest.heard = True, True, self.now()
        self.send(guest, "welcome", token=guest.token)
        self.arrived(guest)
        self.changed()
