"""A score sheet live on every phone at the table: the host's side and a guest's side of the link.

The host's sheet is the one that counts. The host invites guests one by one (one offer code each); a guest
that connects says hello, is welcomed with a token (to find its place again) and gets the whole view at
once, then again after every change (``state``: a revision number and what the guest may see). A guest
claims the seat of the player it is, and while the host enters a round it may send that seat's hand; the
host's keeper takes it (`take_hand`) as if typed there, and the host can still correct it.

Nothing here knows the sheet: the host's owner gives `view` (what one guest may see, plain data) and
`take_hand`; a guest's owner reads `SheetGuest.view`. Refused messages are kept in `refusals` (for the
log) and change nothing.
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

View = Callable[[Guest], dict[str, Any]]
TakeHand = Callable[[int, int, dict[str, Any]], str | None]  # seat, round, hand -> None or an error code


@dataclass
class Invite:
    """An offer waiting for its guest: its code (once the page made it) and, once connected, the guest."""

    link: int
    code: str = ""
    guest: Guest | None = None
    open: bool = False


@dataclass
class Outbox:
    """A link's sequence numbers for what this side sends (one count per connection)."""

    seq: dict[int, int] = field(default_factory=dict)

    def next(self, link: int) -> int:
        self.seq[link] = self.seq.get(link, 0) + 1
        return self.seq[link]


class SheetHost:
    def __init__(
        self,
        send_page: Send,
        view: View,
        take_hand: TakeHand,
        changed: Callable[[], None] = lambda: None,
        new_token: Callable[[], str] = lambda: secrets.token_urlsafe(12),
    ) -> None:
        self.relay = Relay(send_page, Events(code=self._code, message=self._message, state=self._state))
        self.view, self.take_hand, self.changed, self.new_token = view, take_hand, changed, new_token
        self.guests = Guests()
        self.invites: dict[int, Invite] = {}
        self.outbox = Outbox()
        self.rev = 0
        self.ended = False
        self.refusals: list[tuple[int, str, str]] = []  # link, code, detail

    # ----- the host's own actions ---------------------------------------------------------------

    def invite(self) -> Invite:
        """A new offer for one more guest (its code arrives from the page, then `changed`)."""
        invite = Invite(self.relay.new_link())
        self.invites[invite.link] = invite
        self.relay.offer(invite.link)
        return invite

    def accept(self, link: int, answer_code: str) -> None:
        """The guest's answer code, scanned or pasted (`signal.SignalError` if it is not one)."""
        if link not in self.invites:
            raise signal.SignalError("not_ours", "no such invitation")
        self.relay.accept(link, answer_code)

    def publish(self) -> None:
        """The sheet changed: every connected guest gets its whole view again."""
        self.rev += 1
        for invite in self.invites.values():
            if invite.open and invite.guest is not None:
                self._send_state(invite)

    def end(self) -> None:
        """Stop sharing: guests keep their last view, read-only, and are told so."""
        for link, invite in list(self.invites.items()):
            if invite.open:
                self.relay.send(link, protocol.write("ended", self.outbox.next(link)))
            self.relay.close(link)
        self.invites.clear()
        self.ended = True
        self.changed()

    def seated(self) -> list[Guest]:
        """The guests the host knows (connected or away), by the order they came."""
        return list(self.guests.by_token.values())

    # ----- from the page ------------------------------------------------------------------------

    def _code(self, link: int, code: str) -> None:
        if link in self.invites:
            self.invites[link].code = code
            self.changed()

    def _state(self, link: int, state: str) -> None:
        invite = self.invites.get(link)
        if invite is None:
            return
        invite.open = state == "open"
        if invite.guest is not None:
            invite.guest.connected = invite.open
        self.changed()

    def _message(self, link: int, text: str) -> None:
        invite = self.invites.get(link)
        if invite is None:
            return
        try:
            if invite.guest is None:  # the first message on a link: who is there
                message = protocol.read(text, "guest")
                if message.kind != "hello":
                    raise Refused("forbidden", f"{message.kind} before hello")
                self._hello(invite, message)
            else:
                self._from_guest(invite, invite.guest, self.guests.take(invite.guest, text))
        except Refused as refused:
            self.refusals.append((link, refused.code, str(refused)))
            print(f"uno table: refused a message from link {link}: {refused}", file=sys.stderr)

    def _hello(self, invite: Invite, message: protocol.Message) -> None:
        guest = self.guests.join(message.body["name"], message.body["token"], self.new_token)
        guest.last_seq = message.seq
        for other in self.invites.values():  # the same guest on a new link: the old one is gone
            if other is not invite and other.guest is guest:
                other.guest, other.open = None, False
        invite.guest = guest
        self.relay.send(
            invite.link, protocol.write("welcome", self.outbox.next(invite.link), token=guest.token, seat=guest.seat)
        )
        self._send_state(invite)
        self.changed()

    def _from_guest(self, invite: Invite, guest: Guest, message: protocol.Message) -> None:
        if message.kind == "claim":
            seat = message.body["seat"]
            holder = next((g for g in self.guests.by_token.values() if g.seat == seat and g.connected), None)
            if seat is not None and holder is not None and holder is not guest:
                raise Refused("forbidden", f"seat {seat} is taken")
            for away in [g for g in self.guests.by_token.values() if g.seat == seat and g is not guest]:
                del self.guests.by_token[away.token]  # a new phone (or tab) for that player takes its place
            guest.seat = seat
            self._send_state(invite)
            self.changed()
        elif message.kind == "hand":
            error = self.take_hand(message.body["seat"], message.body["round"], message.body["hand"])
            guest.hand_seq = message.seq  # taken or refused: the host's copy is what counts now
            if error is not None:
                raise Refused("forbidden", error)
        elif message.kind == "bye":
            guest.connected = False
            invite.open = False
            self.changed()

    def _send_state(self, invite: Invite) -> None:
        assert invite.guest is not None
        view = {**self.view(invite.guest), "seat": invite.guest.seat, "taken": invite.guest.hand_seq}
        self.relay.send(invite.link, protocol.write("state", self.outbox.next(invite.link), rev=self.rev, view=view))


class SheetGuest:
    """A guest phone following the host's sheet."""

    def __init__(self, send_page: Send, name: str, changed: Callable[[], None]) -> None:
        self.relay = Relay(send_page, Events(code=self._code, message=self._message, state=self._state))
        self.name, self.changed = name, changed
        self.link: int | None = None
        self.code = ""  # this phone's answer code, to show the host
        self.open = False
        self.token: str | None = None
        self.seat: int | None = None
        self.rev = -1
        self.view: dict[str, Any] | None = None  # the host's last state: kept when the link goes
        self.ended = False
        self.outbox = Outbox()
        self.last_seq = 0
        self.hand_seq = 0  # the seq of the last hand this phone sent on its link
        self.wanted_seat: int | None = None  # the player this phone said it is (claimed again on a rejoin)
        self.joining = False  # answered a host's code; the link is not open yet
        self.refusals: list[tuple[str, str]] = []

    def join(self, offer_code: str) -> None:
        """Answer a host's code (`signal.SignalError` if it is not one); a link before it is left."""
        signal.decode(offer_code)  # a bad code leaves the link before it as it was
        if self.link is not None:
            self.relay.close(self.link)
        self.link, self.code, self.open, self.last_seq, self.ended = self.relay.new_link(), "", False, 0, False
        self.hand_seq, self.rev = 0, -1  # a new host (a reloaded tab) counts its revisions from 0
        self.joining = True
        self.outbox = Outbox()
        self.relay.answer(self.link, offer_code)
        self.changed()

    def claim(self, seat: int | None) -> None:
        self.wanted_seat = seat
        self._send("claim", seat=seat)

    def send_hand(self, round_no: int, hand: dict[str, Any]) -> bool:
        """This phone's hand for the round being entered (only its own seat: the host refuses others)."""
        if self.seat is None or not self._send("hand", seat=self.seat, round=round_no, hand=hand):
            return False
        self.hand_seq = self.outbox.seq[self.link or 0]
        return True

    @property
    def settled(self) -> bool:
        """Whether the host has taken every hand this phone sent (its copy of this seat then counts)."""
        taken = self.view.get("taken") if self.view else None
        return self.hand_seq == 0 or taken == self.hand_seq

    def leave(self) -> None:
        self._send("bye")
        if self.link is not None:
            self.relay.close(self.link)
        self.open = False
        self.changed()

    def _send(self, kind: str, **body: Any) -> bool:
        if self.link is None or not self.open:
            return False
        self.relay.send(self.link, protocol.write(kind, self.outbox.next(self.link), **body))
        return True

    def _code(self, link: int, code: str) -> None:
        if link == self.link:
            self.code = code
            self.changed()

    def _state(self, link: int, state: str) -> None:
        if link != self.link:
            return
        self.open = state == "open"
        self.joining = self.joining and not self.open and state != "closed"
        if self.open:
            self._send("hello", name=self.name, token=self.token)
        self.changed()

    def _message(self, link: int, text: str) -> None:
        if link != self.link:
            return
        try:
            message = protocol.read(text, "host")
            if message.seq <= self.last_seq:
                raise Refused("stale", f"seq {message.seq} after {self.last_seq}")
        except Refused as refused:
            self.refusals.append((refused.code, str(refused)))
            print(f"uno table: refused a message from the host: {refused}", file=sys.stderr)
            return
        self.last_seq = message.seq
        if message.kind == "welcome":
            self.token, self.seat = message.body["token"], message.body["seat"]
            if self.seat is None and self.wanted_seat is not None:  # a host that lost this phone's place
                self._send("claim", seat=self.wanted_seat)
        elif message.kind == "state" and message.body["rev"] >= self.rev:
            self.rev, self.view = message.body["rev"], message.body["view"]
            seat = self.view.get("seat")
            self.seat = seat if isinstance(seat, int) else None
        elif message.kind == "ended":
            self.ended = True
        self.changed()
