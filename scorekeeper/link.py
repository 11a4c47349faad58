"""A sheet as one link: the whole sheet, and the standings as computed here, in a URL fragment.

The fragment is ``#/score/link/k1.<data>``: ``k`` marks it as ours and ``1`` is the format version (outside
the compressed part, so a newer format is told apart from damage). ``<data>`` is base64url (no padding) of
raw deflate (``DecompressionStream("deflate-raw")`` reads it in the page) of::

    body = kind byte (0 a sheet, 1 a library) + fields as below + CRC-32 of all of it (4 bytes, big-endian)

Numbers are unsigned LEB128 varints; texts a varint byte length + UTF-8. A sheet is: a flags byte (scoring
in bits 0-1, Wild 40 in bit 2, rotation "winner" in bit 3, teams bit 4, dealer drawn bit 5, entry mode
"cards" bit 6, a first dealer bit 7), the target, the players, the first dealer (if any), then the rounds:
each its winner and one tag per seat (0 no hand, odd ``2t+1`` a typed total ``t``, even ``2n+2`` ``n``
cards, each one byte: its index in ``ALL_CARDS``). After a sheet comes its ``LinkView``: what the page
shows without Python (standings, each round's dealer and gains, the next dealer), so its JavaScript only
decodes and computes no score; Python checks it against its own tally once ready (``Opened.agrees``).

A library token ("Move all my sheets") is version 2 (``k2.``): after each sheet come its people (a text per seat, its
person id or "" for none, ``Sheet.people``) and its story (place and notes as texts, then the first round's time in
seconds plus one, 0 for none: ``Sheet.story``), and after the last sheet the regulars' roster (its JSON as one text,
``scorekeeper.people.Roster``). A version 1 library token (no people) still opens. A sheet token stays version 1: a
sheet's link says nothing of who its players are (the person says so, ``Sheet.people``).

Errors are ``LoadError`` codes: ``link_not_ours``, ``link_newer``, ``link_truncated``, ``link_corrupt``.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from uno_core.cards import ALL_CARDS
from uno_core.rules import WILD_POINTS, DealerRotation, Scoring

from .entry import Mode
from .errors import KeeperError, LoadError
from .model import Hand, Round
from .options import Options
from .people import Roster
from .sheet import Sheet

MAGIC = "k"
VERSION = 1  # a sheet's token
LIBRARY_VERSION = 2  # a library's token: with its people and roster
READS = (1, 2)
ROUTE = "#/score/link/"
ALL_ROUTE = "#/score/all/"  # a library token: every sheet of another phone
QR_MAX_BYTES = 2953  # a version 40 QR code at error correction level L, in byte mode
MAX_BODY = 1 << 20  # a link never inflates past this (a deflate bomb is refused as corrupt)
KIND_SHEET, KIND_LIBRARY = 0, 1
_T = TypeVar("_T")

_TOKEN = re.compile(r"k(\d{1,6})\.(.*)", re.DOTALL)  # the data's alphabet is the version's own
_DATA = re.compile(r"[A-Za-z0-9_-]*")
_SCORING = tuple(Scoring)
_ROTATION = tuple(DealerRotation)
_CARD_INDEX = {card: index for index, card in enumerate(ALL_CARDS)}


@dataclass(frozen=True, slots=True)
class ViewStanding:
    """One side in the standings as scorekeeper ranked it (best first)."""

    rank: int
    seats: tuple[int, ...]
    total: int
    to_target: int
    leader: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class ViewRound:
    """One round as the page lists it: who dealt, and what each side gained (in the standings' order)."""

    dealer: int
    gained: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LinkView:
    """What a link's reader shows before Python is ready (the tally's results, never recomputed in JS)."""

    finished: bool
    next_dealer: int | None
    standings: tuple[ViewStanding, ...]
    rounds: tuple[ViewRound, ...]


@dataclass(frozen=True, slots=True)
class Opened:
    """A decoded sheet link: the sheet, and the view its maker computed."""

    sheet: Sheet
    view: LinkView

    @property
    def agrees(self) -> bool:
        """Whether the carried view is what this scorekeeper computes from the sheet."""
        return self.view == view_of(self.sheet)


def view_of(sheet: Sheet) -> LinkView:
    """The view of ``sheet`` from its tally."""
    view = sheet.tally()
    standings = tuple(ViewStanding(s.rank, s.seats, s.total, s.to_target, s.leader, s.winner) for s in view.standings)
    order = [standing.side for standing in view.standings]
    rounds = tuple(ViewRound(row.dealer, tuple(row.gained[side] for side in order)) for row in view.rows)
    return LinkView(view.finished, view.dealer, standings, rounds)


# -- encoding -------------------------------------------------------------------------------------------


class _Writer:
    def __init__(self) -> None:
        self.data = bytearray()

    def uint(self, value: int) -> None:
        if value < 0:
            raise ValueError("a link number is never negative")
        while value >= 0x80:
            self.data.append(value & 0x7F | 0x80)
            value >>= 7
        self.data.append(value)

    def sint(self, value: int) -> None:
        self.uint(value * 2 if value >= 0 else -value * 2 - 1)  # zigzag

    def text(self, value: str) -> None:
        raw = value.encode("utf-8")
        self.uint(len(raw))
        self.data += raw


def _write_sheet(out: _Writer, sheet: Sheet) -> None:
    options = sheet.options
    flags = _SCORING.index(options.scoring)
    flags |= (options.wild_points == WILD_POINTS[1]) << 2
    flags |= (_ROTATION.index(options.dealer_rotation)) << 3
    flags |= options.teams << 4 | sheet.dealer_drawn << 5 | (sheet.entry_mode is Mode.CARDS) << 6
    flags |= (sheet.first_dealer is not None) << 7
    out.data.append(flags)
    out.uint(options.target)
    out.uint(len(sheet.players))
    for name in sheet.players:
        out.text(name)
    if sheet.first_dealer is not None:
        out.uint(sheet.first_dealer)
    out.uint(len(sheet.rounds))
    for round_ in sheet.rounds:
        out.uint(round_.winner)
        for hand in round_.hands:
            if hand is None:
                out.uint(0)
            elif hand.cards is None:
                assert hand.total is not None
                out.uint(2 * hand.total + 1)
            else:
                out.uint(2 * len(hand.cards) + 2)
                out.data += bytes(_CARD_INDEX[card] for card in hand.cards)


def _write_view(out: _Writer, view: LinkView) -> None:
    out.data.append(view.finished | (view.next_dealer is not None) << 1)
    if view.next_dealer is not None:
        out.uint(view.next_dealer)
    out.uint(len(view.standings))
    for standing in view.standings:
        out.uint(len(standing.seats))
        for seat in standing.seats:
            out.uint(seat)
        out.uint(standing.rank)
        out.sint(standing.total)
        out.uint(standing.to_target)
        out.data.append(standing.leader | standing.winner << 1)
    for round_ in view.rounds:  # as many as the sheet's rounds, one gain per side
        out.uint(round_.dealer)
        for gain in round_.gained:
            out.sint(gain)


def _seal(body: bytes, version: int = VERSION) -> str:
    """The token of a body: CRC-32 appended, raw deflate, base64url without padding, behind ``k1.`` (``k2.``)."""
    sealed = body + zlib.crc32(body).to_bytes(4, "big")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress(sealed) + packer.flush()
    return f"{MAGIC}{version}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def encode(sheet: Sheet) -> str:
    """The token of ``sheet`` (what follows ``#/score/link/``), its view computed now."""
    out = _Writer()
    out.data.append(KIND_SHEET)
    _write_sheet(out, sheet)
    _write_view(out, view_of(sheet))
    return _seal(bytes(out.data))


def encode_library(
    entries: list[tuple[str, Sheet]] | tuple[tuple[str, Sheet], ...], roster: Roster | None = None
) -> str:
    """The token of several sheets with their titles, their people and the regulars' roster ("Move all my
    sheets"); no views (not painted)."""
    out = _Writer()
    out.data.append(KIND_LIBRARY)
    out.uint(len(entries))
    for title, sheet in entries:
        out.text(title)
        _write_sheet(out, sheet)
        for person in sheet.people:
            out.text(person or "")
        out.text(sheet.story.place)
        out.text(sheet.story.notes)
        out.uint(0 if sheet.story.started is None else sheet.story.started // 1000 + 1)  # in seconds
    out.text(json.dumps((roster or Roster()).to_data(), ensure_ascii=False, separators=(",", ":"), sort_keys=True))
    return _seal(bytes(out.data), LIBRARY_VERSION)


def sheet_link(base: str, sheet: Sheet) -> str:
    """The full link: ``base`` (the app's address, without a fragment) + ``#/score/link/`` + token."""
    return base.split("#", 1)[0] + ROUTE + encode(sheet)


def fits_qr(link: str) -> bool:
    """Whether ``link`` fits one QR code (version 40, level L, byte mode)."""
    return len(link.encode("utf-8")) <= QR_MAX_BYTES


# -- decoding -------------------------------------------------------------------------------------------


class _Corrupt(Exception):
    """The body does not read as a link body (turned into ``LoadError("link_corrupt")``)."""


class _Reader:
    def __init__(self, data: bytes, version: int = VERSION) -> None:
        self.data = data
        self.at = 0
        self.version = version  # the token's format version

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise _Corrupt("ends early")
        value = self.data[self.at]
        self.at += 1
        return value

    def uint(self, limit: int = 1 << 32) -> int:
        value = shift = 0
        while True:
            part = self.byte()
            value |= (part & 0x7F) << shift
            shift += 7
            if not part & 0x80:
                break
            if shift > 35:
                raise _Corrupt("number too long")
        if value > limit:
            raise _Corrupt("number out of range")
        return value

    def sint(self) -> int:
        value = self.uint()
        return value >> 1 if value % 2 == 0 else -(value + 1 >> 1)

    def text(self) -> str:
        size = self.uint(4096)
        raw = self.data[self.at : self.at + size]
        if len(raw) != size:
            raise _Corrupt("ends early")
        self.at += size
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _Corrupt("not UTF-8") from None


def _read_sheet(into: _Reader) -> Sheet:
    flags = into.byte()
    if flags & 3 >= len(_SCORING):
        raise _Corrupt("scoring")
    target = into.uint()
    players = tuple(into.text() for _ in range(into.uint(64)))
    dealer = into.uint(64) if flags & 0x80 else None
    rounds: list[Round] = []
    for _ in range(into.uint(100_000)):
        winner = into.uint(64)
        hands: list[Hand | None] = []
        for _seat in players:
            tag = into.uint()
            if tag == 0:
                hands.append(None)
            elif tag % 2:
                hands.append(Hand.of_total((tag - 1) // 2))
            else:
                codes = [into.byte() for _ in range((tag - 2) // 2)]
                if any(code >= len(ALL_CARDS) for code in codes):
                    raise _Corrupt("card")
                hands.append(Hand.of_cards(tuple(ALL_CARDS[code] for code in codes)))
        rounds.append(Round(winner, tuple(hands)))
    options = Options(
        target=target,
        scoring=_SCORING[flags & 3],
        wild_points=WILD_POINTS[flags >> 2 & 1],
        dealer_rotation=_ROTATION[flags >> 3 & 1],
        teams=bool(flags & 0x10),
    )
    mode = Mode.CARDS if flags & 0x40 else Mode.TOTAL
    return Sheet(players, options, dealer, bool(flags & 0x20), tuple(rounds), mode)


def _read_view(into: _Reader, rounds: int) -> LinkView:
    flags = into.byte()
    next_dealer = into.uint(64) if flags & 2 else None
    sides = into.uint(64)
    standings: list[ViewStanding] = []
    for _ in range(sides):
        seats = tuple(into.uint(64) for _ in range(into.uint(64)))
        rank, total, to_target, marks = into.uint(64), into.sint(), into.uint(), into.byte()
        standings.append(ViewStanding(rank, seats, total, to_target, bool(marks & 1), bool(marks & 2)))
    rows = tuple(ViewRound(into.uint(64), tuple(into.sint() for _ in range(sides))) for _ in range(rounds))
    return LinkView(bool(flags & 1), next_dealer, tuple(standings), rows)


def token_of(text: str) -> str:
    """The token in a link (a sheet's or an "all" link), a fragment or a bare token; ``LoadError("link_not_ours")``
    when there is none."""
    if not isinstance(text, str):
        raise LoadError("link_not_ours", field="link")
    text = "".join(text.split())  # a link a chat app broke across lines; no token has white space
    if "#" in text:
        text = "#" + text.split("#", 1)[1]
        route = next((route for route in (ROUTE, ALL_ROUTE) if text.startswith(route)), None)
        if route is None:
            raise LoadError("link_not_ours", field="link")
        text = text[len(route) :]
    return text


def route_of(text: str) -> str:
    """The page that opens a pasted link, fragment or bare token: ``#/score/link/<token>`` for a sheet,
    ``#/score/all/<token>`` for every sheet of a phone; ``LoadError`` (``link_*``, ``link_empty`` for blank text)
    for anything else."""
    if not text.strip():
        raise LoadError("link_empty", field="link")
    token = token_of(text)
    return (ROUTE if kind_of(token) == KIND_SHEET else ALL_ROUTE) + token


def _unseal(token: str, newest: int = LIBRARY_VERSION) -> _Reader:
    """The body of a token of a version up to ``newest``."""
    match = _TOKEN.fullmatch(token_of(token))
    if match is None:
        raise LoadError("link_not_ours", field="link")
    version = int(match.group(1))
    if version > newest:
        raise LoadError("link_newer", field="link", version=version, supported=newest)
    if version not in READS:
        raise LoadError("link_not_ours", field="link")
    data = match.group(2)
    if not _DATA.fullmatch(data):
        raise LoadError("link_not_ours", field="link")
    if len(data) % 4 == 1:
        raise LoadError("link_truncated", field="link")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LoadError("link_corrupt", field="link") from None
    unpacker = zlib.decompressobj(-15)
    try:
        body = unpacker.decompress(packed, MAX_BODY)
    except zlib.error:
        raise LoadError("link_corrupt", field="link") from None
    if unpacker.unconsumed_tail:
        raise LoadError("link_corrupt", field="link")  # inflates past MAX_BODY
    if not unpacker.eof:
        raise LoadError("link_truncated", field="link")
    if unpacker.unused_data or len(body) < 5 or zlib.crc32(body[:-4]).to_bytes(4, "big") != body[-4:]:
        raise LoadError("link_corrupt", field="link")
    return _Reader(body[:-4], version)


def _version(token: str) -> int:
    match = _TOKEN.fullmatch(token_of(token))
    return int(match.group(1)) if match else 0


def _open(token: str, kind: int) -> _Reader:
    try:
        into = _unseal(token)
    except LoadError as error:  # unreadable: a sheet's token of a newer version says so
        if kind == KIND_SHEET and error.code != "link_not_ours" and _version(token) > VERSION:
            raise LoadError("link_newer", field="link", version=_version(token), supported=VERSION) from None
        raise
    if into.byte() != kind:
        raise LoadError("link_corrupt", field="link", reason="kind")
    if kind == KIND_SHEET and into.version > VERSION:  # a sheet's token of a newer version
        raise LoadError("link_newer", field="link", version=into.version, supported=VERSION)
    return into


def decode(token: str) -> Opened:
    """The sheet and view of a link, fragment or token; ``LoadError`` (``link_*``) and nothing else."""

    def read(into: _Reader) -> Opened:
        sheet = _read_sheet(into)
        return Opened(sheet, _read_view(into, len(sheet.rounds)))

    return _read_whole(token, KIND_SHEET, read)


def decode_library(token: str) -> tuple[tuple[str, Sheet], ...]:
    """The titled sheets of a library token (``encode_library``); ``LoadError`` (``link_*``)."""
    return decode_all(token)[0]


def decode_all(token: str) -> tuple[tuple[tuple[str, Sheet], ...], Roster]:
    """The titled sheets of a library token with their people, and the roster (empty from a version 1 token)."""

    def read(into: _Reader) -> tuple[tuple[tuple[str, Sheet], ...], Roster]:
        entries = []
        for _ in range(into.uint(100_000)):
            title, sheet = into.text(), _read_sheet(into)
            if into.version >= 2:
                sheet = sheet.with_people(tuple(into.text() or None for _seat in sheet.players))
                place, notes, started = into.text(), into.text(), into.uint()
                sheet = sheet.with_story(place=place, notes=notes, started=(started - 1) * 1000 if started else None)
            entries.append((title, sheet))
        roster = Roster()
        if into.version >= 2:
            try:
                roster = Roster.from_data(json.loads(into.text()))
            except ValueError:
                raise _Corrupt("roster") from None
        return tuple(entries), roster

    return _read_whole(token, KIND_LIBRARY, read)


def _read_whole(token: str, kind: int, read: Callable[[_Reader], _T]) -> _T:
    """``read`` over the whole body of a ``kind`` token; anything it cannot read or leaves over is corrupt."""
    into = _open(token, kind)
    try:
        found = read(into)
    except _Corrupt as error:
        raise LoadError("link_corrupt", field="link", reason=str(error)) from None
    except KeeperError as error:
        raise LoadError("link_corrupt", field="link", reason=error.code) from None
    if into.at != len(into.data):
        raise LoadError("link_corrupt", field="link", reason="trailing bytes")
    return found


def kind_of(token: str) -> int:
    """``KIND_SHEET`` or ``KIND_LIBRARY`` for a sound token; ``LoadError`` (``link_*``) otherwise."""
    return _unseal(token).byte()


__all__ = [
    "ALL_ROUTE", "KIND_LIBRARY", "KIND_SHEET", "LIBRARY_VERSION", "QR_MAX_BYTES", "ROUTE", "VERSION",
    "LinkView", "Opened", "ViewRound", "ViewStanding",
    "decode", "decode_all", "decode_library", "encode", "encode_library", "fits_qr", "kind_of", "route_of",
    "sheet_link", "token_of", "view_of",
]  # fmt: skip
