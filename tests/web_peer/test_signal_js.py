"""Connection codes made on the page (web/page/signal.mjs, under Node): what a code keeps from real browsers'
descriptions, how it goes back to a description, bad codes, and the golden codes that pin the format (the codes
web/engine/app/peer/signal.py wrote; tests/web_peer/test_signal_parity.py compares the two while both exist)."""

from __future__ import annotations

import base64
import ipaddress
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st
from js_signal import ERROR_CODES, Desc, JsSignal, JsSignalError, candidate
from signal_cases import (
    BASE32,
    BUILT,
    CHROMIUM_OFFER,
    FIREFOX_ANSWER,
    FIREFOX_OFFER,
    GOLDEN,
    GOLDEN_SDP,
    REAL_SDPS,
    SAFARI_OFFER,
    descriptions,
)


def test_a_chromium_offer_keeps_what_the_answer_needs(js_signal: JsSignal) -> None:
    d = js_signal.from_sdp("offer", CHROMIUM_OFFER)
    assert (d["ufrag"], d["pwd"], d["setup"], d["mid"], d["sctpPort"], d["hash"]) == (
        "s5DG", "QVEPYtZwTQtGbnhdiuoxFzoj", "actpass", "0", 5000, "sha-256",
    )  # fmt: skip
    assert d["digest"][:8] == "4109aac2"
    # component 2 is not kept (one bundled transport)
    assert d["candidates"] == [
        candidate("10.77.0.1", 47601, 2113937151),
        candidate("10.77.0.1", 9, 1518280447, "host", "tcp", "active"),
    ]
    sdp = js_signal.to_sdp(d)
    assert "a=candidate:1 1 udp 2113937151 10.77.0.1 47601 typ host\r\n" in sdp
    assert "a=fingerprint:sha-256 41:09:AA:C2:86:A3:61:8E:DA:2F:EF:CD:A2:DF:04:00:41:BB:E4:8B:D9" in sdp
    assert js_signal.from_sdp("offer", sdp) == d  # what toSdp writes reads back the same


def test_a_firefox_offer_keeps_ipv6_and_tcp_candidates(js_signal: JsSignal) -> None:
    d = js_signal.from_sdp("offer", FIREFOX_OFFER)
    assert (d["ufrag"], d["pwd"], d["setup"]) == ("7febf2cd", "2e60b228c59ac6415a29620cb253e05b", "actpass")
    assert d["digest"][:8] == "90f0a8e7"  # its fingerprint comes before the m-line
    assert d["candidates"] == [  # its protocols are upper case
        candidate("10.77.0.1", 43163, 2122187007),
        candidate("fd00:77::1", 42746, 2122252543),
        candidate("10.77.0.1", 9, 2105458943, "host", "tcp", "active"),
        candidate("fd00:77::1", 9, 2105524479, "host", "tcp", "active"),
    ]


@pytest.mark.parametrize(
    ("sdp", "addresses"),
    [
        (FIREFOX_ANSWER, ["0bfceeff-6512-4578-9e8d-e196faa2998c.local"] * 2),
        (SAFARI_OFFER, ["8c8d1b2e-49a8-4b68-9a55-2f0f9c1d4e3a.local", "5f3c2a10-7b1e-4d7c-a1b2-3c4d5e6f7a8b.local"]),
    ],
)
def test_mdns_candidates_of_firefox_and_safari_are_kept(js_signal: JsSignal, sdp: str, addresses: list[str]) -> None:
    d = js_signal.from_sdp("answer", sdp)
    assert [c["address"] for c in d["candidates"]] == addresses


@pytest.mark.parametrize("name", list(REAL_SDPS))
def test_every_real_description_survives_a_code_and_an_sdp(js_signal: JsSignal, name: str) -> None:
    kind, sdp = REAL_SDPS[name]
    d = js_signal.from_sdp(kind, sdp)
    code = js_signal.encode(d)
    assert js_signal.decode(code) == d
    assert js_signal.from_sdp(kind, js_signal.to_sdp(d)) == d


@pytest.mark.parametrize("name", list(GOLDEN))
def test_codes_are_byte_for_byte_the_golden_ones(js_signal: JsSignal, name: str) -> None:
    """The format is fixed: these codes were written by signal.py and must read on every phone's page."""
    d = js_signal.from_sdp(*REAL_SDPS[name]) if name in REAL_SDPS else BUILT[name]
    assert js_signal.encode(d) == GOLDEN[name]
    assert js_signal.decode(GOLDEN[name]) == d


def test_the_sdp_written_from_a_code_is_the_golden_one(js_signal: JsSignal) -> None:
    assert js_signal.to_sdp(BUILT["every candidate type"]) == GOLDEN_SDP


def test_a_code_is_short_and_qr_alphanumeric(js_signal: JsSignal) -> None:
    code = js_signal.encode(js_signal.from_sdp("offer", CHROMIUM_OFFER))
    assert len(code) <= 160  # two candidates; a QR code of version 5 at level M holds 154 alphanumerics
    assert set(code) <= set(BASE32)
    one = js_signal.from_sdp("offer", CHROMIUM_OFFER.replace("a=candidate:9 1 tcp", "a=candidate:9 2 tcp"))
    assert len(js_signal.encode(one)) == 132  # one candidate: docs/table-of-phones.md


def test_a_code_copied_by_hand_still_reads(js_signal: JsSignal) -> None:
    d = js_signal.from_sdp("answer", CHROMIUM_OFFER.replace("actpass", "active"))
    code = js_signal.encode(d)
    messy = " ".join(code[i : i + 4] for i in range(0, len(code), 4)).lower() + "\n"
    assert js_signal.decode(messy) == d
    dashed = "-".join(code[i : i + 4] for i in range(0, len(code), 4)) + "\u00a0\t"  # a no-break space from a chat
    assert js_signal.decode(dashed) == d
    spaced = "".join(code[i : i + 4] + SPACES[(i // 4) % len(SPACES)] for i in range(0, len(code), 4))
    assert js_signal.decode(spaced) == d  # every kind of space Python's str.isspace() knows
    assert js_signal.refusal(code[:8] + "\ufeff" + code[8:]) == "not_ours"  # a zero-width no-break space is no space


SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000"


def test_a_code_of_the_wrong_side_is_not_ours(js_signal: JsSignal) -> None:
    offer, answer = GOLDEN["chromium offer"], GOLDEN["chromium answer"]
    assert js_signal.decode(offer, "offer")["kind"] == "offer"
    assert js_signal.decode(answer, "answer")["kind"] == "answer"
    assert js_signal.refusal(answer, "offer") == "not_ours"  # a guest scanned another guest's answer
    assert js_signal.refusal(offer, "answer") == "not_ours"  # a host scanned an invitation


@pytest.mark.parametrize("name", ["chromium offer", "firefox answer"])
def test_a_typo_is_refused_or_reads_as_another_description(js_signal: JsSignal, name: str) -> None:
    """Every one-letter typo, swap of neighbours and dropped letter of a real code: never the same description
    from a wrong code. (The 16-bit check lets about 1 in 5,000 one-letter typos through as another description.)"""
    code = GOLDEN[name]
    d = js_signal.decode(code)
    typos = [code[:at] + letter + code[at + 1 :] for at in range(len(code)) for letter in BASE32 if letter != code[at]]
    typos += [code[:at] + code[at + 1] + code[at] + code[at + 2 :] for at in range(len(code) - 1)]
    typos += [code[:at] + code[at + 1 :] for at in range(len(code))]
    read = []
    for typo in typos:
        if typo == code:
            continue  # a swap of two equal letters
        try:
            read.append(js_signal.decode(typo))
        except JsSignalError as exc:
            assert exc.code in ERROR_CODES
    assert d not in read
    assert len(read) <= len(typos) // 1000


@given(descriptions())
def test_any_description_survives_a_code_and_an_sdp(js_signal: JsSignal, d: Desc) -> None:
    assert js_signal.decode(js_signal.encode(d)) == d
    assert js_signal.from_sdp(d["kind"], js_signal.to_sdp(d)) == d


@given(descriptions(), st.data())
def test_a_changed_or_cut_code_is_refused_never_misread(js_signal: JsSignal, d: Desc, data: st.DataObject) -> None:
    code = js_signal.encode(d)
    at = data.draw(st.integers(0, len(code) - 1))
    other = data.draw(st.sampled_from([c for c in BASE32 if c != code[at]]))
    for bad in (code[:at] + other + code[at + 1 :], code[:at]):
        try:
            assert js_signal.decode(bad) != d
        except JsSignalError as exc:
            assert exc.code in ERROR_CODES


def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=")


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("", "not_ours"),
        (" - \n", "not_ours"),
        ("https://example.org/#/score", "not_ours"),
        ("hello world!", "not_ours"),
        ("CAATAE4IAR0", "not_ours"),  # 0 and 1 are not base32
        ("AA", "truncated"),
        ("AAAA", "truncated"),  # two bytes
        ("AAAAA", "not_ours"),  # three bytes: version 0
        ("A", "corrupt"),  # no number of bytes is one letter
        ("AAA", "corrupt"),
        ("AB", "corrupt"),  # stray bits in the last letter
        (_b32(bytes([0x20, 0, 0, 0, 0])), "newer_version"),
        (_b32(bytes([0xF0, 0, 0, 0, 0])), "newer_version"),
        (_b32(bytes([0x00, 0, 0, 0, 0])), "not_ours"),
        (_b32(bytes([0x10, 0, 0, 0, 0])), "corrupt"),  # version 1, wrong CRC
        (GOLDEN["chromium offer"][:-8], "corrupt"),  # cut short
        (GOLDEN["chromium offer"] + "AAAAAAAA", "corrupt"),  # five bytes too many
    ],
)
def test_codes_that_are_not_ours_or_too_new_say_why(js_signal: JsSignal, code: str, why: str) -> None:
    assert js_signal.refusal(code) == why


@pytest.mark.parametrize(
    "change",
    [
        ("a=ice-pwd:", "a=x-pwd:"),
        ("a=ice-ufrag:", "a=x-ufrag:"),
        ("a=fingerprint:", "a=x-fingerprint:"),
        ("a=setup:actpass", "a=setup:holdconn"),
        ("a=fingerprint:sha-256", "a=fingerprint:md5"),
        ("a=fingerprint:sha-256 41:09", "a=fingerprint:sha-256 41:0X"),
        ("a=fingerprint:sha-256 41:09", "a=fingerprint:sha-1 41:09"),  # a digest of the wrong length
        ("a=fingerprint:sha-256 41:09", "a=fingerprint:sha-256"),
        ("a=sctp-port:5000", "a=sctp-port:0"),
        ("a=sctp-port:5000", "a=sctp-port:65536"),
        ("a=sctp-port:5000", "a=sctp-port:fifty"),
        ("a=ice-ufrag:s5DG", "a=ice-ufrag:s5D\u00e9"),
        ("a=ice-pwd:QVEPYtZwTQtGbnhdiuoxFzoj", "a=ice-pwd:" + "x" * 256),
    ],
)
def test_a_description_a_code_cannot_carry_is_unsupported(js_signal: JsSignal, change: tuple[str, str]) -> None:
    assert change[0] in CHROMIUM_OFFER
    with pytest.raises(JsSignalError) as caught:
        js_signal.from_sdp("offer", CHROMIUM_OFFER.replace(*change))
    assert caught.value.code == "unsupported"


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "pranswer"},
        {"setup": "holdconn"},
        {"hash": "sha-224"},
        {"digest": "00" * 31},
        {"ufrag": ""},
        {"pwd": "two words"},
        {"mid": "\u00e9"},
        {"sctpPort": 0},
        {"candidates": [candidate("10.0.0.256", 1, 1)]},
        {"candidates": [candidate("host.example", 1, 1)]},
        {"candidates": [candidate("10.0.0.1", 65536, 1)]},
        {"candidates": [candidate("10.0.0.1", 1, 2**32)]},
        {"candidates": [candidate("10.0.0.1", 1, 1, "peer")]},
        {"candidates": [candidate("10.0.0.1", 1, 1, "host", "sctp")]},
        {"candidates": [candidate("10.0.0.1", 1, 1, "host", "tcp", "simultaneous")]},
    ],
)
def test_encode_refuses_what_a_code_cannot_carry(js_signal: JsSignal, change: Desc) -> None:
    with pytest.raises(JsSignalError) as caught:
        js_signal.encode({**BUILT["no candidates"], **change})
    assert caught.value.code == "unsupported"


def test_a_description_without_ice_credentials_is_unsupported(js_signal: JsSignal) -> None:
    with pytest.raises(JsSignalError) as caught:
        js_signal.from_sdp("offer", CHROMIUM_OFFER.replace("a=ice-pwd:", "a=x-pwd:"))
    assert caught.value.code == "unsupported"


def test_an_mdns_candidate_is_kept_as_its_uuid(js_signal: JsSignal) -> None:
    name = f"{uuid.UUID(int=7)}.local"
    d = js_signal.from_sdp("offer", CHROMIUM_OFFER.replace("10.77.0.1 47601", f"{name} 47601"))
    assert d["candidates"][0]["address"] == name
    assert js_signal.decode(js_signal.encode(d)) == d


def _with_candidates(lines: list[str]) -> str:
    start = CHROMIUM_OFFER.index("a=candidate:")
    end = CHROMIUM_OFFER.index("a=ice-ufrag:")
    return CHROMIUM_OFFER[:start] + "".join(f"a=candidate:{line}\r\n" for line in lines) + CHROMIUM_OFFER[end:]


def test_only_the_first_eight_candidates_are_kept(js_signal: JsSignal) -> None:
    lines = [f"{n} 1 udp {2113937151 - n} 10.77.0.{n} {40000 + n} typ host" for n in range(1, 11)]
    d = js_signal.from_sdp("offer", _with_candidates(lines))
    assert [c["address"] for c in d["candidates"]] == [f"10.77.0.{n}" for n in range(1, 9)]
    assert js_signal.decode(js_signal.encode(d)) == d


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("1 1 UDP 7 10.0.0.1 5 typ host generation 0", candidate("10.0.0.1", 5, 7)),
        ("1 1 udp 7 10.0.0.1 5 typ srflx raddr 0.0.0.0 rport 0", candidate("10.0.0.1", 5, 7, "srflx")),
        ("1 1 tcp 7 10.0.0.1 9 typ host tcptype passive", candidate("10.0.0.1", 9, 7, "host", "tcp", "passive")),
        ("1 1 tcp 7 10.0.0.1 9 typ host tcptype so ufrag x", candidate("10.0.0.1", 9, 7, "host", "tcp", "so")),
        ("1 1 tcp 7 10.0.0.1 9 typ host", candidate("10.0.0.1", 9, 7, "host", "tcp", "")),
        ("1 1 udp 7 10.0.0.1 5 typ host tcptype active", candidate("10.0.0.1", 5, 7)),  # udp: no tcptype
        ("1 1 udp 7 2001:DB8:0:0:0:0:0:1 5 typ host", candidate("2001:db8:0:0:0:0:0:1", 5, 7)),  # kept as written
        ("1 1 udp 7 ::ffff:10.0.0.1 5 typ host", candidate("::ffff:10.0.0.1", 5, 7)),
        ("1 1 udp 7 fe80::1%eth0 5 typ host", candidate("fe80::1%eth0", 5, 7)),
        ("1 2 udp 7 10.0.0.1 5 typ host", None),  # component 2
        ("1 1 sctp 7 10.0.0.1 5 typ host", None),
        ("1 1 udp 7 10.0.0.1 5 typ peer", None),
        ("1 1 tcp 7 10.0.0.1 9 typ host tcptype simultaneous", None),
        ("1 1 udp 7 10.0.0.1 5 typo host", None),
        ("1 1 udp 7 10.0.0.1 5 typ", None),
        ("1 1 udp 7 host.example 5 typ host", None),
        ("1 1 udp 7 10.0.0.01 5 typ host", None),  # a leading zero: ambiguous (octal?)
        ("1 1 udp 7 10.0.0.256 5 typ host", None),
        ("1 1 udp 7 1:::2 5 typ host", None),
        ("1 1 udp 7 1::2::3 5 typ host", None),
        ("1 1 udp 7 12345::1 5 typ host", None),
        ("1 1 udp 7 1:2:3:4:5:6:7:8:9 5 typ host", None),
        ("1 1 udp 7 1:2:3:4:5:6:7 5 typ host", None),
        ("1 1 udp 7 :1:2:3:4:5:6:7 5 typ host", None),
        ("1 1 udp 7 fe80::1% 5 typ host", None),
        (
            "1 1 udp 7 0C1D2E3F-4A5B-4C6D-8E7F-8091A2B3C4D5.LOCAL 5 typ host",
            candidate("0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5.local", 5, 7),
        ),  # an mDNS name in capitals: lower case
        ("1 1 udp 7 0c1d2e3f4a5b4c6d8e7f8091a2b3c4d5.local 5 typ host", None),  # not a UUID's form
        # numbers no code carries: signal.py raised a plain ValueError (a crash); the page leaves them out
        ("1 1 udp seven 10.0.0.1 5 typ host", None),
        ("1 1 udp 7 10.0.0.1 65536 typ host", None),
        ("1 1 udp 4294967296 10.0.0.1 5 typ host", None),
    ],
)
def test_which_candidates_a_code_keeps(js_signal: JsSignal, line: str, kept: Desc | None) -> None:
    d = js_signal.from_sdp("offer", _with_candidates([line]))
    assert d["candidates"] == ([] if kept is None else [kept])
    js_signal.encode(d)  # whatever is kept, a code carries


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("2001:db8:0:0:0:0:0:1", "2001:db8::1"),
        ("2001:DB8::0:1", "2001:db8::1"),
        ("0:0:0:0:0:0:0:0", "::"),
        ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),  # the longest run of zeros
        ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),  # the first of two equal runs
        ("1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"),  # one zero stays
        ("::ffff:a00:1", "::ffff:10.0.0.1"),  # IPv4-mapped, as Python 3.13+ writes it
        ("::a00:1", "::a00:1"),
        ("fe80::1%eth0", "fe80::1"),  # the scope is no part of the code
    ],
)
def test_ipv6_addresses_read_back_in_their_short_form(js_signal: JsSignal, written: str, read: str) -> None:
    d = js_signal.from_sdp("offer", _with_candidates([f"1 1 udp 7 {written} 5 typ host"]))
    (back,) = js_signal.decode(js_signal.encode(d))["candidates"]
    assert back["address"] == read
    assert ipaddress.ip_address(read) == ipaddress.ip_address(written.split("%")[0])
