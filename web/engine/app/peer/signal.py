"""Connection codes: a WebRTC offer or answer cut to what the other phone needs, as short text.

A phone hosting a table creates an offer with no ICE servers and waits for ICE gathering to end; the
guest's answer comes back the same way. Between them the session description travels as a code (in a
QR code, or copied as text), never through a server. A code keeps only what the other side needs: the
ICE user fragment and password, the DTLS fingerprint, the setup role, the data channel's m-line id and
SCTP port, and the candidates. `to_sdp` writes a description the browser accepts from those.

Binary layout (version 1), then RFC 4648 base32 without padding, which a QR code stores in its dense
alphanumeric mode; a typo in a pasted code fails the CRC instead of reaching the browser:
    header   1 byte: version (4 bits), kind (1 bit: offer/answer), setup (2 bits)
    mid      length + ASCII            sctp-port  2 bytes
    ufrag    length + ASCII            pwd        length + ASCII
    hash     1 byte (algorithm) + the digest
    count    1 byte, then per candidate: 1 byte of flags, priority (4), address (4 or 16), port (2)
    crc      2 bytes (CRC-32 of everything before, low 16 bits)
"""

from __future__ import annotations

import base64
import ipaddress
import re
import struct
import zlib
from dataclasses import dataclass
from typing import Literal

VERSION = 1
Kind = Literal["offer", "answer"]
KINDS: tuple[Kind, Kind] = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
HASHES = {"sha-256": 32, "sha-1": 20, "sha-384": 48, "sha-512": 64}
CANDIDATE_TYPES = ("host", "srflx", "prflx", "relay")
TCP_TYPES = ("", "active", "passive", "so")
ADDRESS_KINDS = ("ipv4", "ipv6", "mdns")  # an mDNS name is a UUID + ".local": kept as its 16 bytes
MAX_CANDIDATES = 8


class SignalError(ValueError):
    """A code or description that cannot be used; `code` says why (for the page's catalogue)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code  # not_ours | truncated | corrupt | newer_version | unsupported


@dataclass(frozen=True, slots=True)
class Candidate:
    """One ICE candidate of component 1 (the data channel bundles everything on one transport)."""

    address: str  # an IPv4 or IPv6 address, or a `<uuid>.local` mDNS name
    port: int
    priority: int
    type: str = "host"
    protocol: str = "udp"
    tcptype: str = ""


@dataclass(frozen=True, slots=True)
class Description:
    """What one side of a data-channel connection must tell the other."""

    kind: Kind
    ufrag: str
    pwd: str
    hash: str  # e.g. "sha-256"
    digest: bytes
    setup: str
    mid: str = "0"
    sctp_port: int = 5000
    candidates: tuple[Candidate, ...] = ()


_LINE = re.compile(r"^a=([a-z-]+):(.*)$")
_MDNS = re.compile(r"^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$")


def from_sdp(kind: Kind, sdp: str) -> Description:
    """The parts of a browser's session description that a code keeps (the first m-line only)."""
    fields: dict[str, str] = {}
    candidates: list[Candidate] = []
    for raw in sdp.splitlines():
        match = _LINE.match(raw.strip())
        if not match:
            continue
        name, value = match.groups()
        if name == "candidate":
            candidate = _parse_candidate(value)
            if candidate is not None and len(candidates) < MAX_CANDIDATES:
                candidates.append(candidate)
        elif name not in fields:  # the first of each: one m-line is all a data channel has
            fields[name] = value.strip()
    try:
        hash_name, hex_digest = fields["fingerprint"].split(" ", 1)
        digest = bytes.fromhex(hex_digest.replace(":", ""))
        description = Description(
            kind=kind,
            ufrag=fields["ice-ufrag"],
            pwd=fields["ice-pwd"],
            hash=hash_name.lower(),
            digest=digest,
            setup=fields["setup"],
            mid=fields.get("mid", "0"),
            sctp_port=int(fields.get("sctp-port", "5000")),
            candidates=tuple(candidates),
        )
    except (KeyError, ValueError) as exc:
        raise SignalError("unsupported", f"description without {exc}") from None
    _check(description)
    return description


def _parse_candidate(value: str) -> Candidate | None:
    """`foundation component protocol priority address port typ type [tcptype t] ...`; None if not kept."""
    parts = value.split()
    if len(parts) < 8 or parts[1] != "1" or parts[6] != "typ":
        return None
    protocol, address, kind = parts[2].lower(), parts[4].lower(), parts[7]
    tcptype = parts[parts.index("tcptype") + 1] if "tcptype" in parts[8:-1] else ""
    if protocol not in ("udp", "tcp") or kind not in CANDIDATE_TYPES or tcptype not in TCP_TYPES:
        return None
    if _address_kind(address) is None:
        return None
    return Candidate(address, int(parts[5]), int(parts[3]), kind, protocol, tcptype if protocol == "tcp" else "")


def _address_kind(address: str) -> int | None:
    if _MDNS.match(address):
        return 2
    try:
        return 0 if ipaddress.ip_address(address).version == 4 else 1
    except ValueError:
        return None


def _check(d: Description) -> None:
    if d.kind not in KINDS:
        raise SignalError("unsupported", f"kind {d.kind!r}")
    if d.setup not in SETUPS:
        raise SignalError("unsupported", f"setup {d.setup!r}")
    if HASHES.get(d.hash) != len(d.digest):
        raise SignalError("unsupported", f"fingerprint {d.hash}")
    for text in (d.ufrag, d.pwd, d.mid):
        if not 0 < len(text.encode()) < 256 or not text.isascii() or not text.isprintable() or " " in text:
            raise SignalError("unsupported", f"field {text!r}")
    if not 0 < d.sctp_port < 65536:
        raise SignalError("unsupported", f"sctp port {d.sctp_port}")


def encode(d: Description) -> str:
    """The description as a code: base32 text (upper case letters and digits 2-7)."""
    _check(d)
    out = bytearray([VERSION << 4 | KINDS.index(d.kind) << 3 | SETUPS.index(d.setup) << 1])
    for text in (d.mid,):
        out += _short(text)
    out += struct.pack(">H", d.sctp_port)
    out += _short(d.ufrag) + _short(d.pwd)
    out.append(list(HASHES).index(d.hash))
    out += d.digest
    out.append(len(d.candidates))
    for c in d.candidates:
        kind = _address_kind(c.address)
        if kind is None:
            raise SignalError("unsupported", f"address {c.address!r}")
        flags = CANDIDATE_TYPES.index(c.type) << 5 | (c.protocol == "tcp") << 4 | TCP_TYPES.index(c.tcptype) << 2
        out.append(flags | kind)
        out += struct.pack(">I", c.priority) + _address_bytes(c.address, kind) + struct.pack(">H", c.port)
    out += struct.pack(">H", zlib.crc32(out) & 0xFFFF)
    return base64.b32encode(bytes(out)).decode("ascii").rstrip("=")


def _short(text: str) -> bytes:
    data = text.encode("ascii")
    return bytes([len(data)]) + data


def _address_bytes(address: str, kind: int) -> bytes:
    if kind == 2:
        return bytes.fromhex(address.removesuffix(".local").replace("-", ""))
    return ipaddress.ip_address(address).packed


def decode(code: str) -> Description:
    """A code back as a description. Spaces, dashes and line breaks (a code copied by hand) and letter
    case are ignored; anything else wrong raises `SignalError` with a code."""
    text = re.sub(r"[\s-]+", "", code).upper()
    if not text or not re.fullmatch(r"[A-Z2-7]+", text):
        raise SignalError("not_ours")
    try:
        data = base64.b32decode(text + "=" * (-len(text) % 8))
    except ValueError:
        raise SignalError("corrupt") from None
    if base64.b32encode(data).decode("ascii").rstrip("=") != text:  # stray bits in the last letter
        raise SignalError("corrupt")
    if len(data) < 3:
        raise SignalError("truncated")
    version = data[0] >> 4
    if version > VERSION:
        raise SignalError("newer_version")
    if version != VERSION:
        raise SignalError("not_ours")
    body, crc = data[:-2], struct.unpack(">H", data[-2:])[0]
    if zlib.crc32(body) & 0xFFFF != crc:
        raise SignalError("corrupt")
    try:
        return _read(body)
    except (IndexError, struct.error, ValueError):
        raise SignalError("corrupt") from None


def _read(body: bytes) -> Description:
    reader = _Reader(body)
    header = reader.byte()
    kind, setup_index = header >> 3 & 1, header >> 1 & 3
    mid = reader.short()
    (sctp_port,) = struct.unpack(">H", reader.take(2))
    ufrag, pwd = reader.short(), reader.short()
    hash_name = list(HASHES)[reader.byte()]
    digest = reader.take(HASHES[hash_name])
    candidates = []
    for _ in range(reader.byte()):
        flags = reader.byte()
        (priority,) = struct.unpack(">I", reader.take(4))
        address_kind = flags & 3
        address = _read_address(reader, address_kind)
        (port,) = struct.unpack(">H", reader.take(2))
        protocol = "tcp" if flags >> 4 & 1 else "udp"
        candidates.append(
            Candidate(address, port, priority, CANDIDATE_TYPES[flags >> 5 & 3], protocol, TCP_TYPES[flags >> 2 & 3])
        )
    if reader.left():
        raise ValueError("trailing bytes")
    d = Description(KINDS[kind], ufrag, pwd, hash_name, digest, SETUPS[setup_index], mid, sctp_port, tuple(candidates))
    _check(d)
    return d


def _read_address(reader: _Reader, kind: int) -> str:
    if kind == 0:
        return str(ipaddress.IPv4Address(reader.take(4)))
    if kind == 1:
        return str(ipaddress.IPv6Address(reader.take(16)))
    if kind == 2:
        h = reader.take(16).hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
    raise ValueError("address kind")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise IndexError("past the end")
        self.at += n
        return self.data[self.at - n : self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def short(self) -> str:
        return self.take(self.byte()).decode("ascii")

    def left(self) -> int:
        return len(self.data) - self.at


def to_sdp(d: Description) -> str:
    """A session description the browser accepts for a data channel, from what a code keeps."""
    session = zlib.crc32(d.ufrag.encode() + d.digest)
    first = d.candidates[0] if d.candidates else None
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {d.mid}",
        "a=msid-semantic: WMS",
        f"m=application {first.port if first else 9} UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index, c in enumerate(d.candidates):
        tcp = f" tcptype {c.tcptype}" if c.protocol == "tcp" and c.tcptype else ""
        lines.append(f"a=candidate:{index + 1} 1 {c.protocol} {c.priority} {c.address} {c.port} typ {c.type}{tcp}")
    if d.candidates:
        lines.append("a=end-of-candidates")
    lines += [
        f"a=ice-ufrag:{d.ufrag}",
        f"a=ice-pwd:{d.pwd}",
        f"a=fingerprint:{d.hash} {d.digest.hex(':').upper()}",
        f"a=setup:{d.setup}",
        f"a=mid:{d.mid}",
        f"a=sctp-port:{d.sctp_port}",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"
