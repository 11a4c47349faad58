"""Messages between phones at one table, as the host's engine reads and writes them (declared in `shared.phones`).

`write(kind, count, **body)` gives the texts to send: one, or the message's fields cut into ``part``s when its text
is over `MAX_BYTES` (the data-channel size every browser takes); `count()` numbers each. `read(text, sender)`
checks one text (its envelope and its kind's fields, `shared.phones`) and returns it, or raises `Refused` with a
code (malformed, version, too_big, unknown, forbidden, stale); the caller logs the refusal and changes nothing.
`joined` puts a message's parts back together. Which guest may do what is the `Guests` book's and its owner's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shared import phones

VERSION = phones.VERSION
MAX_BYTES = 16_000  # under 16 KiB: the portable data channel message (Chrome allows 256 KiB; Safari and Firefox less)
PART_CHARS = 3_900  # a part's text: at most 4 bytes a character, so a part's envelope stays under MAX_BYTES
MAX_PARTS = 64


class Refused(ValueError):
    """A message that changes nothing; `code` says why."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code  # malformed | version | too_big | unknown | forbidden | stale


@dataclass(frozen=True)
class Message:
    kind: str
    seq: int
    body: dict[str, Any]


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def write(kind: str, count: Callable[[], int], **body: Any) -> list[str]:
    """The texts that carry `kind` with `body` (numbered by `count`); the sender's own mistakes raise (never sent)."""
    sender = phones.MESSAGES.kinds[kind].sender
    why = phones.check({"v": VERSION, "seq": 1, "kind": kind, **body}, phones.HOST if sender == phones.BOTH else sender)
    if why:
        raise ValueError(f"not a message to send: {why}")
    whole = _text({"kind": kind, **body})
    if len(whole.encode()) + 40 <= MAX_BYTES:
        return [_text({"v": VERSION, "seq": count(), "kind": kind, **body})]
    pieces = [whole[start : start + PART_CHARS] for start in range(0, len(whole), PART_CHARS)]
    if len(pieces) > MAX_PARTS:
        raise ValueError(f"{kind} is too long to send ({len(whole)} characters)")
    ident = count()  # the first part's number names them all
    texts = []
    for index, piece in enumerate(pieces):
        seq = ident if index == 0 else count()
        part = {"v": VERSION, "seq": seq, "kind": "part", "id": ident, "index": index, "count": len(pieces)}
        texts.append(_text({**part, "text": piece}))
    return texts


def read(text: str, sender: str) -> Message:
    """The message in `text` from a `sender` ("host" or "guest"), checked; `Refused` otherwise."""
    if not isinstance(text, str) or len(text.encode()) > MAX_BYTES:
        raise Refused("too_big")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("malformed", "not JSON") from None
    return _checked(data, sender)


def _checked(data: Any, sender: str) -> Message:
    if not isinstance(data, dict):
        raise Refused("malformed", "not an object")
    version = data.get("v")
    if isinstance(version, int) and not isinstance(version, bool) and version != VERSION:
        raise Refused("version", f"version {version}, this app speaks {VERSION}")
    why = phones.check(data, sender)
    if why:
        kind = data.get("kind")
        known = isinstance(kind, str) and kind in phones.MESSAGES.kinds
        code = "unknown" if not known else "forbidden" if " is sent by the " in why else "malformed"
        raise Refused(code, why)
    body = {name: value for name, value in data.items() if name not in ("v", "seq", "kind")}
    return Message(data["kind"], data["seq"], body)


def joined(parts: dict[int, list[str | None]], message: Message, sender: str) -> Message | None:
    """`message`, a part, kept in `parts`; the whole message once its last part came (None until then)."""
    ident, count, index = message.body["id"], message.body["count"], message.body["index"]
    pieces = parts.setdefault(ident, [None] * count)
    if len(pieces) != count or index >= count:
        del parts[ident]
        raise Refused("malformed", f"part {index} of {count}")
    pieces[index] = message.body["text"]
    if any(piece is None for piece in pieces):
        return None
    del parts[ident]
    try:
        whole = json.loads("".join(piece or "" for piece in pieces))
    except ValueError:
        raise Refused("malformed", "parts that are not JSON") from None
    if not isinstance(whole, dict) or whole.get("kind") == "part":
        raise Refused("malformed", "parts of parts")
    return _checked({**whole, "v": VERSION, "seq": message.seq}, sender)


@dataclass
class Guest:
    """A guest's place at the host: kept while its phone is away, found again by its token."""

    token: str
    seat: int | None = None
    last_seq: int = 0  # the last message taken on its link now
    connected: bool = True  # its link is open
    live: bool = True  # and it was heard lately (else: reconnecting)
    heard: float = 0.0  # when


class Guests:
    """The host's book of guests: who they are and the order of each one's messages."""

    def __init__(self) -> None:
        self.by_token: dict[str, Guest] = {}

    def take(self, guest: Guest, message: Message) -> Guest:
        """`guest` once `message` passes its order (a repeat or an older one is `Refused`, nothing changed)."""
        if message.seq <= guest.last_seq:
            raise Refused("stale", f"seq {message.seq} after {guest.last_seq}")
        guest.last_seq = message.seq
        return guest

    def join(self, token: str | None, new_token: Callable[[], str], seq: int) -> Guest:
        """The guest of `token` back in its place (its seat), else a new guest; its link's count starts at `seq`."""
        guest = self.by_token.get(token or "")
        if guest is None:
            guest = Guest(new_token())
            self.by_token[guest.token] = guest
        guest.last_seq = seq
        return guest

    def seat(self, guest: Guest, seat: int | None) -> bool:
        """`guest` is the player at `seat` (None: watching), unless a connected guest is: then False. A guest away
        whose player that is leaves the book (a new phone for that player takes its place)."""
        holder = self.holder(seat) if seat is not None else None
        if holder is not None and holder is not guest:
            if holder.connected:
                return False
            del self.by_token[holder.token]
        guest.seat = seat
        return True

    def holder(self, seat: int) -> Guest | None:
        """The guest whose player is `seat`, if any."""
        return next((guest for guest in self.by_token.values() if guest.seat == seat), None)

    def seated(self) -> list[Guest]:
        """The guests the host knows (connected or away), by the order they came."""
        return list(self.by_token.values())
