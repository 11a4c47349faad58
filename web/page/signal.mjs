// Connection codes: a WebRTC offer or answer cut to what the other phone needs, as short text. The one codec of
// the table of phones (docs/table-of-phones.md): the page makes and reads codes; no server carries them.
//
// A phone hosting a table makes an offer with no ICE servers and waits for ICE gathering to end; the guest's
// answer comes back the same way, as a code in a QR code or copied as text. A code keeps only what the other
// side needs: ICE ufrag and password, the DTLS fingerprint, the setup role, the data channel's m-line id and
// SCTP port, and up to 8 candidates of component 1. `toSdp` writes a description the browser accepts from those.
//
// Binary layout (version 1; numbers big-endian), then RFC 4648 base32 without padding, which a QR code stores in
// its alphanumeric mode; a typo in a pasted code fails the CRC instead of reaching the browser:
//   header     1 byte: version (4 bits), kind (1 bit: offer 0, answer 1), setup (2 bits: index in SETUPS), 0
//   mid        length (1 byte) + ASCII        sctp port  2 bytes
//   ufrag      length (1 byte) + ASCII        pwd        length (1 byte) + ASCII
//   hash       1 byte (index in HASHES), then the digest (as long as that hash's)
//   count      1 byte, then per candidate:
//     flags    1 byte: 0, type (2 bits), tcp (1 bit), tcptype (2 bits), address kind (2 bits: ipv4, ipv6, mdns)
//     priority 4 bytes; address 4 bytes (ipv4) or 16 (ipv6; an mDNS name `<uuid>.local` as its UUID); port 2 bytes
//   crc        2 bytes: the low 16 bits of the CRC-32 of everything before
// Byte for byte the codes of web/engine/app/peer/signal.py, which it replaces (tests/web_peer/test_signal_js.py
// holds golden codes). Plain browser JS without imports; Node 20 runs it for the tests.
//
//   const code = encode(fromSdp("offer", pc.localDescription.sdp)); // 132 characters with one candidate
//   await pc.setRemoteDescription({ type: "answer", sdp: toSdp(decode(scanned, "answer")) });
//
// A description: {kind, ufrag, pwd, hash, digest (Uint8Array), setup, mid, sctpPort, candidates}; a candidate:
// {address, port, priority, type, protocol ("udp" | "tcp"), tcptype}. Anything unusable throws a SignalError.

export const VERSION = 1;
export const KINDS = ["offer", "answer"];
export const SETUPS = ["actpass", "active", "passive"];
export const HASHES = new Map([
  ["sha-256", 32],
  ["sha-1", 20],
  ["sha-384", 48],
  ["sha-512", 64],
]); // in code order
export const CANDIDATE_TYPES = ["host", "srflx", "prflx", "relay"];
export const TCP_TYPES = ["", "active", "passive", "so"];
export const MAX_CANDIDATES = 8;
const PROTOCOLS = ["udp", "tcp"];
const IPV4 = 0;
const IPV6 = 1;
const MDNS = 2;

/** A code or description that cannot be used; `code` says why (its text: `table.err.<code>` in web/i18n). */
export class SignalError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "SignalError";
    this.code = code; // not_ours | truncated | corrupt | newer_version | unsupported
  }
}

// ---- Text as signal.py read it: Python's whitespace (str.isspace), line ends (str.splitlines), int() ----

const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACES = new RegExp(`[${SPACE}]+`);
const EDGE_SPACES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const LINE_ENDS = /\r\n|[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/;
const SEPARATORS = new RegExp(`[${SPACE}-]+`, "g"); // what a code copied by hand may hold besides its letters

const strip = (text) => text.replace(EDGE_SPACES, "");
const words = (text) => strip(text).split(SPACES).filter(Boolean);

/** A decimal integer as Python's int() reads it (sign, digits, single underscores between), else NaN. */
function integer(text) {
  const trimmed = strip(text);
  return /^[+-]?\d+(?:_\d+)*$/.test(trimmed) ? Number(trimmed.replaceAll("_", "")) : NaN;
}

const inRange = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

// ---- Session descriptions ----

/** The parts of a browser's session description that a code keeps (the first m-line only). */
export function fromSdp(kind, sdp) {
  const fields = new Map();
  const candidates = [];
  for (const raw of String(sdp).split(LINE_ENDS)) {
    const match = /^a=([a-z-]+):(.*)$/.exec(strip(raw));
    if (!match) continue;
    const [, name, value] = match;
    if (name === "candidate") {
      const candidate = parseCandidate(value);
      if (candidate && candidates.length < MAX_CANDIDATES) candidates.push(candidate);
    } else if (!fields.has(name)) {
      fields.set(name, strip(value)); // the first of each: one m-line is all a data channel has
    }
  }
  const description = describe(kind, fields, candidates);
  check(description);
  return description;
}

function describe(kind, fields, candidates) {
  const required = (name) => {
    if (!fields.has(name)) throw new SignalError("unsupported", `description without ${name}`);
    return fields.get(name);
  };
  const fingerprint = required("fingerprint");
  const space = fingerprint.indexOf(" ");
  if (space < 0) throw new SignalError("unsupported", "fingerprint without a digest");
  const sctpPort = integer(fields.get("sctp-port") ?? "5000");
  if (Number.isNaN(sctpPort)) throw new SignalError("unsupported", "sctp port");
  return {
    kind,
    ufrag: required("ice-ufrag"),
    pwd: required("ice-pwd"),
    hash: fingerprint.slice(0, space).toLowerCase(),
    digest: hexBytes(fingerprint.slice(space + 1).replaceAll(":", "")),
    setup: required("setup"),
    mid: fields.get("mid") ?? "0",
    sctpPort,
    candidates,
  };
}

/** Bytes from pairs of hex digits, ASCII whitespace allowed between pairs (Python's bytes.fromhex). */
function hexBytes(text) {
  const bytes = [];
  for (let at = 0; at < text.length; ) {
    if (" \t\n\v\f\r".includes(text[at])) {
      at += 1;
      continue;
    }
    const pair = text.slice(at, at + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new SignalError("unsupported", "fingerprint digest");
    bytes.push(parseInt(pair, 16));
    at += 2;
  }
  return Uint8Array.from(bytes);
}

/** `foundation component protocol priority address port typ type [tcptype t] ...`; null if not kept. */
function parseCandidate(value) {
  const parts = words(value);
  if (parts.length < 8 || parts[1] !== "1" || parts[6] !== "typ") return null;
  const protocol = parts[2].toLowerCase();
  const address = parts[4].toLowerCase();
  const type = parts[7];
  const tcptype = parts.slice(8, -1).includes("tcptype") ? parts[parts.indexOf("tcptype") + 1] : "";
  if (!PROTOCOLS.includes(protocol) || !CANDIDATE_TYPES.includes(type) || !TCP_TYPES.includes(tcptype)) return null;
  const candidate = {
    address,
    port: integer(parts[5]),
    priority: integer(parts[3]),
    type,
    protocol,
    tcptype: protocol === "tcp" ? tcptype : "",
  };
  return candidateFault(candidate) ? null : candidate; // numbers no code can carry: signal.py raised on them
}

/** Why a code cannot carry the candidate, or "" when it can. */
function candidateFault(c) {
  if (addressKind(c.address) === null) return `address ${JSON.stringify(c.address)}`;
  if (!inRange(c.port, 0, 0xffff)) return `port ${c.port}`;
  if (!inRange(c.priority, 0, 0xffffffff)) return `priority ${c.priority}`;
  if (!CANDIDATE_TYPES.includes(c.type) || !PROTOCOLS.includes(c.protocol) || !TCP_TYPES.includes(c.tcptype)) {
    return `candidate ${c.type} ${c.protocol} ${c.tcptype}`;
  }
  return "";
}

/** Throws "unsupported" unless a code can carry the description. */
function check(d) {
  if (!KINDS.includes(d.kind)) throw new SignalError("unsupported", `kind ${d.kind}`);
  if (!SETUPS.includes(d.setup)) throw new SignalError("unsupported", `setup ${d.setup}`);
  if (HASHES.get(d.hash) !== d.digest.length) throw new SignalError("unsupported", `fingerprint ${d.hash}`);
  for (const text of [d.ufrag, d.pwd, d.mid]) {
    // printable ASCII without spaces, 1 to 255 characters
    if (!/^[\x21-\x7e]{1,255}$/.test(text)) throw new SignalError("unsupported", `field ${JSON.stringify(text)}`);
  }
  if (!inRange(d.sctpPort, 1, 0xffff)) throw new SignalError("unsupported", `sctp port ${d.sctpPort}`);
  if (d.candidates.length > 255) throw new SignalError("unsupported", "more than 255 candidates");
  for (const candidate of d.candidates) {
    const fault = candidateFault(candidate);
    if (fault) throw new SignalError("unsupported", fault);
  }
}

/** A session description the browser accepts for a data channel, from what a code keeps. */
export function toSdp(d) {
  const session = crc32([...asciiBytes(d.ufrag), ...d.digest]);
  const first = d.candidates[0];
  const lines = [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${d.mid}`,
    "a=msid-semantic: WMS",
    `m=application ${first ? first.port : 9} UDP/DTLS/SCTP webrtc-datachannel`,
    "c=IN IP4 0.0.0.0",
  ];
  d.candidates.forEach((c, index) => {
    const tcp = c.protocol === "tcp" && c.tcptype ? ` tcptype ${c.tcptype}` : "";
    lines.push(`a=candidate:${index + 1} 1 ${c.protocol} ${c.priority} ${c.address} ${c.port} typ ${c.type}${tcp}`);
  });
  if (d.candidates.length) lines.push("a=end-of-candidates");
  const fingerprint = Array.from(d.digest, (byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":");
  lines.push(
    `a=ice-ufrag:${d.ufrag}`,
    `a=ice-pwd:${d.pwd}`,
    `a=fingerprint:${d.hash} ${fingerprint}`,
    `a=setup:${d.setup}`,
    `a=mid:${d.mid}`,
    `a=sctp-port:${d.sctpPort}`,
    "a=max-message-size:262144",
  );
  return lines.join("\r\n") + "\r\n";
}

// ---- Codes ----

/** The description as a code: base32 text (upper-case letters and the digits 2-7). */
export function encode(d) {
  check(d);
  const out = new Writer();
  out.byte((VERSION << 4) | (KINDS.indexOf(d.kind) << 3) | (SETUPS.indexOf(d.setup) << 1));
  out.short(d.mid);
  out.uint(d.sctpPort, 2);
  out.short(d.ufrag);
  out.short(d.pwd);
  out.byte([...HASHES.keys()].indexOf(d.hash));
  out.bytes(d.digest);
  out.byte(d.candidates.length);
  for (const c of d.candidates) {
    const kind = addressKind(c.address);
    const tcp = c.protocol === "tcp" ? 1 : 0;
    out.byte((CANDIDATE_TYPES.indexOf(c.type) << 5) | (tcp << 4) | (TCP_TYPES.indexOf(c.tcptype) << 2) | kind);
    out.uint(c.priority, 4);
    out.bytes(addressBytes(c.address, kind));
    out.uint(c.port, 2);
  }
  out.uint(crc32(out.data) & 0xffff, 2);
  return base32(out.data);
}

/** A code back as a description. Spaces, dashes and line breaks (a code copied by hand) and letter case are
 * ignored; anything else wrong throws a SignalError. With `kind`, a code of the other side (an answer scanned
 * where an offer was expected) is "not_ours". */
export function decode(code, kind = null) {
  const text = String(code).replace(SEPARATORS, "").toUpperCase();
  if (!/^[A-Z2-7]+$/.test(text)) throw new SignalError("not_ours");
  const data = fromBase32(text);
  if (data === null) throw new SignalError("corrupt");
  if (data.length < 3) throw new SignalError("truncated");
  const version = data[0] >> 4;
  if (version > VERSION) throw new SignalError("newer_version");
  if (version !== VERSION) throw new SignalError("not_ours");
  const body = data.subarray(0, -2);
  if ((crc32(body) & 0xffff) !== ((data.at(-2) << 8) | data.at(-1))) throw new SignalError("corrupt");
  let description;
  try {
    description = read(new Reader(body));
    check(description);
  } catch (error) {
    if (error instanceof SignalError || error instanceof RangeError) throw new SignalError("corrupt", error.message);
    throw error;
  }
  if (kind !== null && description.kind !== kind) {
    throw new SignalError("not_ours", `an ${description.kind} where an ${kind} was expected`);
  }
  return description;
}

function read(reader) {
  const header = reader.byte();
  const setup = SETUPS[(header >> 1) & 3];
  if (setup === undefined) throw new RangeError("setup");
  const mid = reader.short();
  const sctpPort = reader.uint(2);
  const ufrag = reader.short();
  const pwd = reader.short();
  const hash = [...HASHES.keys()][reader.byte()];
  if (hash === undefined) throw new RangeError("hash");
  const digest = reader.take(HASHES.get(hash));
  const candidates = [];
  for (let count = reader.byte(); count > 0; count -= 1) {
    const flags = reader.byte();
    const priority = reader.uint(4);
    const address = readAddress(reader, flags & 3);
    const port = reader.uint(2);
    const type = CANDIDATE_TYPES[(flags >> 5) & 3];
    const protocol = (flags >> 4) & 1 ? "tcp" : "udp";
    candidates.push({ address, port, priority, type, protocol, tcptype: TCP_TYPES[(flags >> 2) & 3] });
  }
  if (reader.left()) throw new RangeError("trailing bytes");
  const kind = KINDS[(header >> 3) & 1];
  return { kind, ufrag, pwd, hash, digest, setup, mid, sctpPort, candidates };
}

class Writer {
  constructor() {
    this.parts = [];
  }
  byte(value) {
    this.parts.push(value);
  }
  uint(value, size) {
    for (let shift = 8 * (size - 1); shift >= 0; shift -= 8) this.parts.push(Math.floor(value / 2 ** shift) & 0xff);
  }
  bytes(values) {
    this.parts.push(...values);
  }
  short(text) {
    this.byte(text.length);
    this.bytes(asciiBytes(text));
  }
  get data() {
    return Uint8Array.from(this.parts);
  }
}

class Reader {
  constructor(data) {
    this.data = data;
    this.at = 0;
  }
  take(size) {
    if (this.at + size > this.data.length) throw new RangeError("past the end");
    this.at += size;
    return this.data.slice(this.at - size, this.at);
  }
  byte() {
    return this.take(1)[0];
  }
  uint(size) {
    return this.take(size).reduce((value, byte) => value * 256 + byte, 0);
  }
  short() {
    const bytes = this.take(this.byte());
    if (bytes.some((byte) => byte > 0x7f)) throw new RangeError("not ASCII");
    return String.fromCharCode(...bytes);
  }
  left() {
    return this.data.length - this.at;
  }
}

const asciiBytes = (text) => Array.from(text, (char) => char.charCodeAt(0));

// ---- Addresses: as Python's ipaddress reads and writes them (Python 3.13+: IPv4-mapped IPv6 as ::ffff:a.b.c.d) ----

const MDNS_NAME = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

/** IPV4, IPV6 or MDNS for an address a code can carry, else null. */
function addressKind(address) {
  if (typeof address !== "string") return null;
  if (MDNS_NAME.test(address)) return MDNS;
  if (ipv4Bytes(address)) return IPV4;
  if (ipv6Bytes(address)) return IPV6;
  return null;
}

function addressBytes(address, kind) {
  if (kind === MDNS) return hexBytes(address.slice(0, -".local".length).replaceAll("-", ""));
  return kind === IPV4 ? ipv4Bytes(address) : ipv6Bytes(address);
}

function readAddress(reader, kind) {
  if (kind === IPV4) return reader.take(4).join(".");
  if (kind === IPV6) return ipv6Text(reader.take(16));
  if (kind === MDNS) {
    const hex = Array.from(reader.take(16), (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  throw new RangeError("address kind");
}

/** Four bytes of a dotted IPv4 address (decimal octets, no leading zeros), else null. */
function ipv4Bytes(text) {
  const octets = text.split(".");
  if (octets.length !== 4) return null;
  const fine = octets.every((octet) => /^(?:0|[1-9]\d{0,2})$/.test(octet) && Number(octet) <= 255);
  return fine ? Uint8Array.from(octets, Number) : null;
}

/** Sixteen bytes of an IPv6 address (`::` once, an IPv4 tail, a `%scope` left out), else null. */
function ipv6Bytes(text) {
  if (text.includes("/")) return null;
  const percent = text.indexOf("%");
  if (percent >= 0 && (percent === text.length - 1 || text.indexOf("%", percent + 1) >= 0)) return null;
  const parts = (percent >= 0 ? text.slice(0, percent) : text).split(":");
  if (parts.length < 3) return null;
  if (parts.at(-1).includes(".")) {
    const ipv4 = ipv4Bytes(parts.pop());
    if (!ipv4) return null;
    parts.push(((ipv4[0] << 8) | ipv4[1]).toString(16), ((ipv4[2] << 8) | ipv4[3]).toString(16));
  }
  if (parts.length > 9) return null;
  const hextets = expandHextets(parts);
  if (!hextets || !hextets.every((part) => /^[0-9a-fA-F]{1,4}$/.test(part))) return null;
  return Uint8Array.from(hextets.flatMap((part) => [parseInt(part, 16) >> 8, parseInt(part, 16) & 0xff]));
}

/** The 8 hextets' texts with a `::` filled with zeros, or null where `::` or the count is wrong. */
function expandHextets(parts) {
  const inner = parts.slice(1, -1);
  const gaps = inner.filter((part) => !part).length;
  if (gaps > 1) return null;
  if (gaps === 0) {
    return parts.length === 8 && parts[0] && parts.at(-1) ? parts : null;
  }
  const gap = inner.indexOf("") + 1;
  let head = parts.slice(0, gap);
  let tail = parts.slice(gap + 1);
  if (!parts[0]) {
    if (head.length !== 1) return null; // a leading ':' only as part of '::'
    head = [];
  }
  if (!parts.at(-1)) {
    if (tail.length !== 1) return null; // a trailing ':' only as part of '::'
    tail = [];
  }
  const skipped = 8 - head.length - tail.length;
  return skipped >= 1 ? [...head, ...Array(skipped).fill("0"), ...tail] : null;
}

/** Python's text of an IPv6 address: lower-case hextets, the longest run of 2+ zero hextets (the first of equals)
 * as `::`, an IPv4-mapped address as ::ffff:a.b.c.d. */
function ipv6Text(bytes) {
  if (bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `::ffff:${bytes.subarray(12).join(".")}`;
  }
  const hextets = [];
  for (let at = 0; at < 16; at += 2) hextets.push(((bytes[at] << 8) | bytes[at + 1]).toString(16));
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && hextets[start + length] === "0") length += 1;
    if (length > best.length) best = { start, length };
  }
  if (best.length < 2) return hextets.join(":");
  const head = hextets.slice(0, best.start).join(":");
  const tail = hextets.slice(best.start + best.length).join(":");
  return `${head}::${tail}`;
}

// ---- Base32 (RFC 4648, no padding) and CRC-32 ----

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(bytes) {
  let text = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += BASE32[(value >> bits) & 31];
    }
  }
  return bits ? text + BASE32[(value << (5 - bits)) & 31] : text;
}

/** The bytes of base32 text, or null when its length or its last letter's spare bits cannot be a code's. */
function fromBase32(text) {
  if ([1, 3, 6].includes(text.length % 8)) return null; // no number of bytes gives that many letters
  const bytes = new Uint8Array(Math.floor((text.length * 5) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return value & ((1 << bits) - 1) ? null : bytes; // stray bits in the last letter
}

let crcTable = null;

/** CRC-32 (IEEE, as zlib.crc32) of bytes, as an unsigned number. */
function crc32(bytes) {
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    for (let bit = 0; bit < 8; bit += 1) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
    return n >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
