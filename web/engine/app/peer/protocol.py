"""Messages between phones at one table: one envelope, a table of kinds, and who may send each.

Every message is one JSON object: ``{"v": VERSION, "seq": n, "kind": name, ...fields}``. `seq` counts a
sender's messages on one connection from 1; a message whose `seq` is not above the last one taken on that
connection is a duplicate or a replay and is refused. The host's state is the truth: a guest that was away catches up
from the host's next ``state`` message (all it may see, whole), never from messages replayed.

`read(text, sender)` checks a message against the envelope and its kind's fields and returns it, or
raises `Refused` with a code (malformed, version, too_big, unknown, forbidden); the caller logs the
refusal and changes nothing. Which seat a guest may write is the caller's check (`Guests`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

VERSION = 1
MAX_CHARS = 64_000  # a whole 10-player, 40-round sheet is about a tenth of this

Role = Literal["host", "guest"]
Check = Callable[[Any], bool]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: Any) -> bool:
    return _is_int(value) and 0 <= value < 10


def _is_text(limit: int) -> Check:
    return lambda value: isinstance(value, str) and len(value) <= limit


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _is_optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _is_hand(value: Any) -> bool:
    """A hand as a guest enters it, in `scorekeeper.entry.HandInput.to_dict`'s shape (the host reads it
    with `HandInput.from_dict`, which checks the cards and the mode)."""
    if not isinstance(value, dict) or set(value) - {"mode", "text", "cards"}:
        return False
    mode, text, cards = value.get("mode", "total"), value.get("text", ""), value.get("cards", [])
    return (
        isinstance(mode, str)
        and len(mode) <= 8
        and isinstance(text, str)
        and len(text) <= 12
        and isinstance(cards, list)
        and len(cards) <= 120
        and all(isinstance(card, str) and len(card) <= 4 for card in cards)
    )


@dataclass(frozen=True)
class Kind:
    """A message kind: who sends it and the checks of its fields (each required, none other allowed)."""

    sender: Role
    fields: Mapping[str, Check] = field(default_factory=dict)


KINDS: dict[str, Kind] = {
    # guest -> host
    "hello": Kind("guest", {"name": _is_text(40), "token": _is_optional(_is_text(64))}),  # join or rejoin
    "claim": Kind("guest", {"seat": _is_optional(_is_seat)}),  # "I am this player" (None: just watching)
    "hand": Kind("guest", {"seat": _is_seat, "round": _is_int, "hand": _is_hand}),  # its own hand, as entered
    "bye": Kind("guest"),  # the guest leaves the table
    # host -> guest
    "welcome": Kind("host", {"token": _is_text(64), "seat": _is_optional(_is_seat)}),  # the guest's place
    "state": Kind("host", {"rev": _is_int, "view": _is_object}),  # all the guest may see, whole
    "ended": Kind("host"),  # the host stopped sharing: the guest keeps its last view, read-only
}


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


def write(kind: str, seq: int, **body: Any) -> str:
    """A message as its JSON text; the sender's own mistakes raise (never sent)."""
    spec = KINDS[kind]
    if set(body) != set(spec.fields) or not all(check(body[name]) for name, check in spec.fields.items()):
        raise ValueError(f"bad fields for {kind}: {sorted(body)}")
    return json.dumps({"v": VERSION, "seq": seq, "kind": kind, **body}, separators=(",", ":"), ensure_ascii=False)


def read(text: str, sender: Role) -> Message:
    """The message in `text` from a `sender`, checked; `Refused` otherwise."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise Refused("too_big")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("malformed", "not JSON") from None
    if not isinstance(data, dict):
        raise Refused("malformed", "not an object")
    version, seq, kind = data.pop("v", None), data.pop("seq", None), data.pop("kind", None)
    if not _is_int(version):
        raise Refused("malformed", "no version")
    if version != VERSION:
        raise Refused("version", f"version {version}, this app speaks {VERSION}")
    if not _is_int(seq) or seq < 1:
        raise Refused("malformed", "no sequence number")
    spec = KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise Refused("unknown", f"kind {kind!r}")
    if spec.sender != sender:
        raise Refused("forbidden", f"{kind} is the {spec.sender}'s")
    if set(data) != set(spec.fields):
        raise Refused("malformed", f"{kind} fields {sorted(data)}")
    bad = [name for name, check in spec.fields.items() if not check(data[name])]
    if bad:
        raise Refused("malformed", f"{kind} field {bad[0]}")
    return Message(kind, seq, data)


@dataclass
class Guest:
    """A guest's place at the host: kept while its phone is away, found again by its token."""

    token: str
    name: str
    seat: int | None = None
    last_seq: int = 0
    connected: bool = True
    hand_seq: int = 0  # the seq of its last hand the host took (or refused) on its link


class Guests:
    """The host's book of guests: who may send what, and the order of each one's messages."""

    def __init__(self) -> None:
        self.by_token: dict[str, Guest] = {}

    def take(self, guest: Guest, text: str) -> Message:
        """A guest's message once it passes every check; `Refused` otherwise (nothing changed)."""
        message = read(text, "guest")
        if message.seq <= guest.last_seq:
            raise Refused("stale", f"seq {message.seq} after {guest.last_seq}")
        if message.kind == "hand" and message.body["seat"] != guest.seat:
            raise Refused("forbidden", f"seat {message.body['seat']} is not this guest's ({guest.seat})")
        guest.last_seq = message.seq
        return message

    def join(self, name: str, token: str | None, new_token: Callable[[], str]) -> Guest:
        """The guest of `token` back in its place (its seat, its count of messages), else a new guest."""
        known = self.by_token.get(token or "")
        if known is not None:
            known.connected, known.name, known.last_seq, known.hand_seq = True, name or known.name, 0, 0
            return known
        guest = Guest(new_token(), name)
        self.by_token[guest.token] = guest
        return guest
