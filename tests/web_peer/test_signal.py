"""Connection codes (app.peer.signal): what a code keeps, how it goes back to a description, bad codes."""

from __future__ import annotations

import base64
import ipaddress
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.peer import signal
from app.peer.signal import Candidate, Description, SignalError

CHROMIUM_OFFER = (  # Chromium 156 in a test namespace, ICE gathering complete
    "v=0\r\no=- 3629160170248460817 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 47601 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 10.77.0.1\r\n"
    "a=candidate:4139212793 1 udp 2113937151 10.77.0.1 47601 typ host generation 0 network-cost 999\r\n"
    "a=candidate:9 1 tcp 1518280447 10.77.0.1 9 typ host tcptype active generation 0\r\n"
    "a=candidate:7 2 udp 2113937150 10.77.0.1 47602 typ host\r\n"
    "a=ice-ufrag:s5DG\r\na=ice-pwd:QVEPYtZwTQtGbnhdiuoxFzoj\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 41:09:AA:C2:86:A3:61:8E:DA:2F:EF:CD:A2:DF:04:00"
    ":41:BB:E4:8B:D9:A1:6D:00:54:B9:8E:06:C6:83:9F:21"
    "\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)


def test_a_chromium_offer_keeps_what_the_answer_needs() -> None:
    d = signal.from_sdp("offer", CHROMIUM_OFFER)
    assert (d.ufrag, d.pwd, d.setup, d.mid, d.sctp_port, d.hash) == (
        "s5DG", "QVEPYtZwTQtGbnhdiuoxFzoj", "actpass", "0", 5000, "sha-256",
    )  # fmt: skip
    assert d.digest.hex()[:8] == "4109aac2"
    # component 2 is not kept (one bundled transport)
    assert d.candidates == (
        Candidate("10.77.0.1", 47601, 2113937151),
        Candidate("10.77.0.1", 9, 1518280447, "host", "tcp", "active"),
    )
    sdp = signal.to_sdp(d)
    assert "a=candidate:1 1 udp 2113937151 10.77.0.1 47601 typ host\r\n" in sdp
    assert "a=fingerprint:sha-256 41:09:AA:C2:86:A3:61:8E:DA:2F:EF:CD:A2:DF:04:00:41:BB:E4:8B:D9" in sdp
    assert signal.from_sdp("offer", sdp) == d  # what to_sdp writes reads back the same


def test_a_code_is_short_and_qr_alphanumeric() -> None:
    code = signal.encode(signal.from_sdp("offer", CHROMIUM_OFFER))
    assert len(code) <= 160  # two candidates; a QR code of version 5 at level M holds 154 alphanumerics
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def test_a_code_copied_by_hand_still_reads() -> None:
    d = signal.from_sdp("answer", CHROMIUM_OFFER.replace("actpass", "active"))
    code = signal.encode(d)
    messy = " ".join(code[i : i + 4] for i in range(0, len(code), 4)).lower() + "\n"
    assert signal.decode(messy) == d


_text = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=40)
_ipv4 = st.builds(lambda n: str(ipaddress.IPv4Address(n)), st.integers(0, 2**32 - 1))
_ipv6 = st.builds(lambda n: str(ipaddress.IPv6Address(n)), st.integers(0, 2**128 - 1))
_mdns = st.builds(lambda u: f"{u}.local", st.uuids())
_candidate = st.builds(
    Candidate,
    address=st.one_of(_ipv4, _ipv6, _mdns),
    port=st.integers(0, 65535),
    priority=st.integers(0, 2**32 - 1),
    type=st.sampled_from(signal.CANDIDATE_TYPES),
    protocol=st.just("udp"),
)
_tcp = st.builds(
    Candidate,
    address=_ipv4,
    port=st.integers(0, 65535),
    priority=st.integers(0, 2**32 - 1),
    protocol=st.just("tcp"),
    tcptype=st.sampled_from(signal.TCP_TYPES),
)


@st.composite
def descriptions(draw: st.DrawFn) -> Description:
    hash_name = draw(st.sampled_from(sorted(signal.HASHES)))
    return Description(
        kind=draw(st.sampled_from(signal.KINDS)),
        ufrag=draw(_text),
        pwd=draw(_text),
        hash=hash_name,
        digest=draw(st.binary(min_size=signal.HASHES[hash_name], max_size=signal.HASHES[hash_name])),
        setup=draw(st.sampled_from(signal.SETUPS)),
        mid=draw(_text),
        sctp_port=draw(st.integers(1, 65535)),
        candidates=tuple(draw(st.lists(st.one_of(_candidate, _tcp), max_size=signal.MAX_CANDIDATES))),
    )


@given(descriptions())
def test_any_description_survives_a_code_and_an_sdp(d: Description) -> None:
    assert signal.decode(signal.encode(d)) == d
    assert signal.from_sdp(d.kind, signal.to_sdp(d)) == d


@given(descriptions(), st.data())
def test_a_changed_or_cut_code_is_refused_never_misread(d: Description, data: st.DataObject) -> None:
    code = signal.encode(d)
    at = data.draw(st.integers(0, len(code) - 1))
    other = data.draw(st.sampled_from([c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" if c != code[at]]))
    for bad in (code[:at] + other + code[at + 1 :], code[:at]):
        try:
            assert signal.decode(bad) != d
        except SignalError as exc:
            assert exc.code in ("not_ours", "truncated", "corrupt", "newer_version", "unsupported")


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("", "not_ours"),
        ("https://example.org/#/score", "not_ours"),
        ("hello world!", "not_ours"),
        ("AA", "truncated"),
        (base64.b32encode(bytes([0x20, 0, 0, 0, 0])).decode().rstrip("="), "newer_version"),
        (base64.b32encode(bytes([0x00, 0, 0, 0, 0])).decode().rstrip("="), "not_ours"),
    ],
)
def test_codes_that_are_not_ours_or_too_new_say_why(code: str, why: str) -> None:
    with pytest.raises(SignalError) as caught:
        signal.decode(code)
    assert caught.value.code == why


def test_a_description_without_ice_credentials_is_unsupported() -> None:
    with pytest.raises(SignalError) as caught:
        signal.from_sdp("offer", CHROMIUM_OFFER.replace("a=ice-pwd:", "a=x-pwd:"))
    assert caught.value.code == "unsupported"


def test_an_mdns_candidate_is_kept_as_its_uuid() -> None:
    name = f"{uuid.UUID(int=7)}.local"
    d = signal.from_sdp("offer", CHROMIUM_OFFER.replace("10.77.0.1 47601", f"{name} 47601"))
    assert d.candidates[0].address == name
    assert signal.decode(signal.encode(d)) == d
