"""Session descriptions of real browsers and golden codes: what pins the page's codec (web/page/signal.mjs) to
the codes web/engine/app/peer/signal.py wrote, also once that file is gone.

Chromium 156 and Firefox ESR 153 made these SDPs in a private network namespace (10.77.0.1, fd00:77::1):
offers, and answers to each other's offers, after ICE gathering ended. Safari's is written by hand in the form
its libwebrtc gives (mDNS names for IPv4 and IPv6 host candidates): there is no Safari here to capture one.
"""

from __future__ import annotations

import ipaddress

from hypothesis import strategies as st
from js_signal import Desc, candidate

CHROMIUM_OFFER = (  # Chromium 156, ICE gathering complete (mDNS hiding off, as the peer tests run it)
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

CHROMIUM_ANSWER = (  # Chromium 156 answering Firefox's offer, default settings: its host candidate as an mDNS name
    "v=0\r\no=- 7918139270145112473 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:741689953 1 udp 2113937151 2010bfcf-7723-44a0-91d8-378eaf4072bd.local 52162 typ host"
    " generation 0 network-cost 999\r\n"
    "a=ice-ufrag:uyxi\r\na=ice-pwd:UQoBNtZ9HSbtP4QpsNbryUF+\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 D7:11:7E:1C:F4:16:AB:EA:E9:3F:87:6A:2F:02:BC:06"
    ":BD:C5:26:AB:42:9A:C6:75:28:6C:8C:2A:CB:2C:E8:2A\r\n"
    "a=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)

FIREFOX_OFFER = (  # Firefox ESR 153, host addresses not hidden: IPv4 and IPv6, UDP and TCP, the fingerprint first
    "v=0\r\no=mozilla...THIS_IS_SDPARTA-99.0 4879958944858508522 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
    "a=sendrecv\r\n"
    "a=fingerprint:sha-256 90:F0:A8:E7:CF:8B:AC:B9:DA:28:63:52:34:D5:0C:93"
    ":8E:B9:61:5C:1F:D1:FB:29:D7:13:54:4A:47:EC:F2:A6\r\n"
    "a=group:BUNDLE 0\r\na=ice-options:trickle\r\na=msid-semantic:WMS *\r\n"
    "m=application 43163 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 10.77.0.1\r\n"
    "a=candidate:0 1 UDP 2122187007 10.77.0.1 43163 typ host\r\n"
    "a=candidate:1 1 UDP 2122252543 fd00:77::1 42746 typ host\r\n"
    "a=candidate:2 1 TCP 2105458943 10.77.0.1 9 typ host tcptype active\r\n"
    "a=candidate:3 1 TCP 2105524479 fd00:77::1 9 typ host tcptype active\r\n"
    "a=sendrecv\r\na=end-of-candidates\r\n"
    "a=ice-pwd:2e60b228c59ac6415a29620cb253e05b\r\na=ice-ufrag:7febf2cd\r\na=mid:0\r\na=setup:actpass\r\n"
    "a=sctp-port:5000\r\na=max-message-size:1073741823\r\n"
)

FIREFOX_ANSWER = (  # Firefox ESR 153 answering Chromium's offer, default settings: mDNS names, upper-case protocols
    "v=0\r\no=mozilla...THIS_IS_SDPARTA-99.0 4291472991686963511 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
    "a=sendrecv\r\na=extmap-allow-mixed\r\n"
    "a=fingerprint:sha-256 97:26:55:06:E8:E3:61:8D:EE:DC:F8:85:04:1E:FF:5B"
    ":B6:CC:6E:E6:11:31:42:21:F0:C1:A4:9A:F3:DC:55:4F\r\n"
    "a=group:BUNDLE 0\r\na=ice-options:trickle\r\na=msid-semantic:WMS *\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:0 1 UDP 2122252543 0bfceeff-6512-4578-9e8d-e196faa2998c.local 38854 typ host\r\n"
    "a=candidate:1 1 TCP 2105524479 0bfceeff-6512-4578-9e8d-e196faa2998c.local 9 typ host tcptype active\r\n"
    "a=sendrecv\r\na=end-of-candidates\r\na=extmap-allow-mixed\r\n"
    "a=ice-pwd:a6dc903b261dc0d6dd30f0e6ee86c42e\r\na=ice-ufrag:5f1b9c20\r\na=mid:0\r\na=setup:active\r\n"
    "a=sctp-port:5000\r\na=max-message-size:1073741823\r\n"
)

SAFARI_OFFER = (  # written by hand in Safari's (libwebrtc's) form: mDNS names for an IPv4 and an IPv6 host
    "v=0\r\no=- 5473856233187436405 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 61473 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:3936315712 1 udp 2113937151 8c8d1b2e-49a8-4b68-9a55-2f0f9c1d4e3a.local 61473 typ host"
    " generation 0 network-cost 999\r\n"
    "a=candidate:842163049 1 udp 2113939711 5f3c2a10-7b1e-4d7c-a1b2-3c4d5e6f7a8b.local 58312 typ host"
    " generation 0 network-cost 999\r\n"
    "a=ice-ufrag:Vq3E\r\na=ice-pwd:4Lb2tJp0xk+9cW1yQn7sHd6F\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 5C:1E:93:0A:7F:44:D2:B8:0E:61:A9:3C:F7:12:8B:D5"
    ":46:E0:2A:9D:73:C8:1F:B6:05:E4:58:3A:C1:9F:6D:27\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)

REAL_SDPS = {  # name: (kind, sdp)
    "chromium offer": ("offer", CHROMIUM_OFFER),
    "chromium answer": ("answer", CHROMIUM_ANSWER),
    "firefox offer": ("offer", FIREFOX_OFFER),
    "firefox answer": ("answer", FIREFOX_ANSWER),
    "safari offer": ("offer", SAFARI_OFFER),
}

BUILT: dict[str, Desc] = {  # descriptions no browser here made, for what the format can hold
    "every candidate type": {
        "kind": "answer",
        "ufrag": "x+/=Zq",
        "pwd": "p@ss~W0rd!{}|",
        "hash": "sha-512",
        "digest": bytes(range(64)).hex(),
        "setup": "passive",
        "mid": "data",
        "sctpPort": 65535,
        "candidates": [
            candidate("192.168.1.20", 50000, 2122260223),
            candidate("2001:db8::7:1", 50001, 2122262783),
            candidate("0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5.local", 50002, 2113937151),
            candidate("203.0.113.9", 61000, 1686052607, "srflx"),
            candidate("::ffff:198.51.100.4", 61001, 1845501695, "prflx"),  # IPv4-mapped: written as Python 3.13+
            candidate("198.51.100.200", 3478, 41885439, "relay"),
            candidate("192.168.1.20", 9, 1518280447, "host", "tcp", "active"),
            candidate("fe80::1", 50010, 1518214911, "host", "tcp", "passive"),
        ],
    },
    "limits": {
        "kind": "offer",
        "ufrag": "a",
        "pwd": "~" * 255,
        "hash": "sha-1",
        "digest": "ff" * 20,
        "setup": "actpass",
        "mid": "0",
        "sctpPort": 1,
        "candidates": [
            candidate("0.0.0.0", 0, 0, "host", "tcp", "so"),
            candidate("255.255.255.255", 65535, 4294967295, "relay"),
            candidate("::", 1, 1),
            candidate("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 2, 2),
            candidate("1::", 3, 3),
            candidate("1:0:0:2::3", 4, 4),  # the first of two equal runs of zeros becomes "::"
        ],
    },
    "no candidates": {
        "kind": "answer",
        "ufrag": "audio-data_1",
        "pwd": "Zz9",
        "hash": "sha-384",
        "digest": "a5" * 48,
        "setup": "active",
        "mid": "m1",
        "sctpPort": 5000,
        "candidates": [],
    },
}

GOLDEN = {  # the code of each description above (REAL_SDPS through from_sdp), as signal.py wrote it
    "chromium offer": (
        "CAATAE4IARZTKRCHDBIVMRKQLF2FU52UKF2EOYTONBSGS5LPPBDHU33KABAQTKWCQ2RWDDW2F7X43IW7AQAEDO7ERPM2C3IAKS4Y"
        "4BWGQOPSCAQAPYAB57YKJUAADOPRCRNH6HX7BJGQAAIABFXHC"
    ),
    "chromium answer": (
        "DIATAE4IAR2XS6DJDBKVC32CJZ2FUOKIKNRHIUBUKFYHGTTCOJ4VKRRLADLRC7Q46QLKX2XJH6DWULYCXQDL3RJGVNBJVRTVFBWI"
        "YKWLFTUCUAICPYAB57ZACC7465ZDISQJDWBXR2XUA4V5ZPBNFUY"
    ),
    "firefox offer": (
        "CAATAE4IBA3WMZLCMYZGGZBAGJSTMMDCGIZDQYZVHFQWGNRUGE2WCMRZGYZDAY3CGI2TGZJQGVRABEHQVDT47C5MXHNCQY2SGTKQ"
        "ZE4OXFQVYH6R7MU5OE2UJJD6Z4VGAQAH47QA74FE2AABVCNQC7T7AD772AAAO4AAAAAAAAAAAAAAAAAADJX2CR6X5QH7BJGQAAIA"
        "BEKX276A776QAADXAAAAAAAAAAAAAAAAAAAQACKTWU"
    ),
    "firefox answer": (
        "DIATAE4IBA2WMMLCHFRTEMBAME3GIYZZGAZWEMRWGFSGGMDEGZSGIMZQMYYGKNTFMU4DMYZUGJSQBFZGKUDORY3BRXXNZ6EFAQPP"
        "6W5WZRXOMEJRIIQ7BQNETLZ5YVKPAIBH47YA74F7Z3X7MUJEK6E6RXQZN6VCTGGJPRQWPV74B7YL7TXP6ZISIV4J5DPBS35KFGMM"
        "AAEVR4Y"
    ),
    "safari offer": (
        "CAATAE4IARLHCM2FDA2EYYRSORFHAMDYNMVTSY2XGF4VC3RXONEGINSGABOB5EYKP5CNFOAOMGUTZ5YSRPKUNYBKTVZ4QH5WAXSF"
        "QOWBT5WSOAQCPYAB574MRUNS4SNIJNUJUVJPB6OB2TR26AQQE7QAFD7V6PBKCB5R4TL4UGZDYTK6N55IXY6IRAUA"
    ),
    "every candidate type": (
        "DQCGIYLUMH776BTYFMXT2WTRBVYEA43TPZLTA4TEEF5X27ADAAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPS"
        "AIJCEMSCKJRHFAUSUKZMFUXC6MBRGIZTINJWG44DSOR3HQ6T4PYIAB7H6HX7YCUACFGDKAAX47ZI74QACDNYAAAAAAAAAAAAAAAH"
        "AAA4GUICPYAB57YMDUXD6SS3JRWY474ASGRLHRGVYNJCAZD7D374WADRBHXEQQLOAAPP6AAAAAAAAAAAAAAAB777YYZWIBHOJFQA"
        "E7Y677DDGZGIBWLBIWT7D374BKABCQAASGK2PYPP77UAAAAAAAAAAAAAAAAAAAAAAAODLISIE"
    ),
    "limits": (
        "CAATAAABAFQ767T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H"
        "47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6"
        "PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H"
        "47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6PZ7H47T6"
        "PZ7H47T6PZ7H47T6PZ7H4AP7777777777777777777777777777777YGDQAAAAAAAAAAAAAAABQP777777777777777QCAAAAAAQ"
        "AAAAAAAAAAAAAAAAAAAAAAAAAAABAEAAAAAC77777777777777777777777774AAEAIAAAAAGAABAAAAAAAAAAAAAAAAAAAAAAAA"
        "AMAQAAAAAQAACAAAAAAAAAQAAAAAAAAAAABQABBCPY"
    ),
    "no candidates": (
        "DIBG2MITRAGGC5LENFXS2ZDBORQV6MIDLJ5DSAVFUWS2LJNFUWS2LJNFUWS2LJNFUWS2LJNFUWS2LJNFUWS2LJNFUWS2LJNFUWS2"
        "LJNFUWS2LJNFUWSQBKLU"
    ),
}

GOLDEN_SDP = (  # to_sdp of BUILT["every candidate type"], as signal.py wrote it
    "v=0\r\n"
    "o=- 4114807890 2 IN IP4 127.0.0.1\r\n"
    "s=-\r\n"
    "t=0 0\r\n"
    "a=group:BUNDLE data\r\n"
    "a=msid-semantic: WMS\r\n"
    "m=application 50000 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host\r\n"
    "a=candidate:2 1 udp 2122262783 2001:db8::7:1 50001 typ host\r\n"
    "a=candidate:3 1 udp 2113937151 0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5.local 50002 typ host\r\n"
    "a=candidate:4 1 udp 1686052607 203.0.113.9 61000 typ srflx\r\n"
    "a=candidate:5 1 udp 1845501695 ::ffff:198.51.100.4 61001 typ prflx\r\n"
    "a=candidate:6 1 udp 41885439 198.51.100.200 3478 typ relay\r\n"
    "a=candidate:7 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active\r\n"
    "a=candidate:8 1 tcp 1518214911 fe80::1 50010 typ host tcptype passive\r\n"
    "a=end-of-candidates\r\n"
    "a=ice-ufrag:x+/=Zq\r\n"
    "a=ice-pwd:p@ss~W0rd!{}|\r\n"
    "a=fingerprint:sha-512 00:01:02:03:04:05:06:07:08:09:0A:0B:0C:0D:0E:0F:10:11:12:13:14:15:16:17:18:19:"
    "1A:1B:1C:1D:1E:1F:20:21:22:23:24:25:26:27:28:29:2A:2B:2C:2D:2E:2F:30:31:32:33:34:35:36:37:38:39:3A:3"
    "B:3C:3D:3E:3F\r\n"
    "a=setup:passive\r\n"
    "a=mid:data\r\n"
    "a=sctp-port:65535\r\n"
    "a=max-message-size:262144\r\n"
)


# What a description may hold, for the property tests (the page's constants, restated: signal.mjs's header).
KINDS = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
HASH_LENGTHS = {"sha-256": 32, "sha-1": 20, "sha-384": 48, "sha-512": 64}
CANDIDATE_TYPES = ("host", "srflx", "prflx", "relay")
TCP_TYPES = ("", "active", "passive", "so")
MAX_CANDIDATES = 8
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def ipv6_text(number: int) -> str:
    """An IPv6 address as the page writes it: Python 3.13+'s text (3.11 writes ::ffff:a.b.c.d in hex)."""
    address = ipaddress.IPv6Address(number)
    return f"::ffff:{address.ipv4_mapped}" if address.ipv4_mapped else str(address)


_text = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=40)
_ipv4 = st.builds(lambda n: str(ipaddress.IPv4Address(n)), st.integers(0, 2**32 - 1))
_ipv6 = st.builds(
    ipv6_text, st.one_of(st.integers(0, 2**128 - 1), st.integers(0, 2**32 - 1).map(lambda n: n | 0xFFFF << 32))
)
_mdns = st.builds(lambda u: f"{u}.local", st.uuids())
_address = st.one_of(_ipv4, _ipv6, _mdns)
_udp = st.builds(
    candidate,
    address=_address,
    port=st.integers(0, 65535),
    priority=st.integers(0, 2**32 - 1),
    type=st.sampled_from(CANDIDATE_TYPES),
)
_tcp = st.builds(
    candidate,
    address=_address,
    port=st.integers(0, 65535),
    priority=st.integers(0, 2**32 - 1),
    type=st.sampled_from(CANDIDATE_TYPES),
    protocol=st.just("tcp"),
    tcptype=st.sampled_from(TCP_TYPES),
)


@st.composite
def descriptions(draw: st.DrawFn) -> Desc:
    """Any description a code can carry, as the page has it."""
    hash_name = draw(st.sampled_from(sorted(HASH_LENGTHS)))
    digest = draw(st.binary(min_size=HASH_LENGTHS[hash_name], max_size=HASH_LENGTHS[hash_name]))
    return {
        "kind": draw(st.sampled_from(KINDS)),
        "ufrag": draw(_text),
        "pwd": draw(_text),
        "hash": hash_name,
        "digest": digest.hex(),
        "setup": draw(st.sampled_from(SETUPS)),
        "mid": draw(_text),
        "sctpPort": draw(st.integers(1, 65535)),
        "candidates": draw(st.lists(st.one_of(_udp, _tcp), max_size=MAX_CANDIDATES)),
    }
