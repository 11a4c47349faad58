"""The worker's end of the links (app.peer.relay): codes out, descriptions in, the page's reports."""

from __future__ import annotations

from typing import Any

import pytest
from test_signal import CHROMIUM_OFFER

from app.link import Link
from app.peer import signal
from app.peer.relay import Events, Relay

ANSWER_SDP = CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:active")


class Heard:
    def __init__(self) -> None:
        self.codes: list[tuple[int, str]] = []
        self.got: list[tuple[str, Any]] = []

    def events(self) -> Events:
        return Events(
            code=lambda link, code: self.codes.append((link, code)),
            message=lambda link, text: self.got.append(("message", (link, text))),
            state=lambda link, state: self.got.append(("state", (link, state))),
            scanned=lambda text, error: self.got.append(("scanned", (text, error))),
            failed=lambda link, error: self.got.append(("failed", (link, error))),
        )


def test_a_host_offer_becomes_a_code_and_the_guest_answer_a_description() -> None:
    sent: list[dict[str, Any]] = []
    heard = Heard()
    relay = Relay(sent.append, heard.events())
    link = relay.new_link()
    relay.offer(link)
    assert sent == [{"op": "peer", "do": "offer", "link": link}]
    relay.receive({"op": "peer-sdp", "link": link, "kind": "offer", "sdp": CHROMIUM_OFFER})
    assert heard.codes == [(link, signal.encode(signal.from_sdp("offer", CHROMIUM_OFFER)))]
    answer_code = signal.encode(signal.from_sdp("answer", ANSWER_SDP))
    relay.accept(link, answer_code)
    assert sent[-1]["do"] == "accept" and "a=setup:active" in sent[-1]["sdp"]


def test_a_guest_answers_an_offer_code() -> None:
    sent: list[dict[str, Any]] = []
    relay = Relay(sent.append)
    link = relay.new_link()
    relay.answer(link, signal.encode(signal.from_sdp("offer", CHROMIUM_OFFER)).lower())
    assert sent[-1]["do"] == "answer" and sent[-1]["link"] == link and "ice-pwd:QVEP" in sent[-1]["sdp"]


def test_codes_of_the_wrong_side_are_refused() -> None:
    relay = Relay(lambda message: None)
    offer_code = signal.encode(signal.from_sdp("offer", CHROMIUM_OFFER))
    answer_code = signal.encode(signal.from_sdp("answer", ANSWER_SDP))
    with pytest.raises(signal.SignalError):
        relay.answer(relay.new_link(), answer_code)  # a guest scanned another guest's answer
    host_link = relay.new_link()
    relay.offer(host_link)
    with pytest.raises(signal.SignalError):
        relay.accept(host_link, offer_code)  # the host scanned its own offer
    with pytest.raises(signal.SignalError):
        relay.answer(relay.new_link(), "https://example.org/")


def test_the_page_reports_reach_the_owner_and_strays_are_dropped() -> None:
    """Through the page's link, as in the worker: a report the protocol refuses never reaches the relay."""
    heard = Heard()
    page = Link()
    relay = Relay(page.to_page, heard.events())
    for op in Relay.OPS:
        page.handle(op, relay.receive)
    link = relay.new_link()
    relay.offer(link)
    page.from_page({"op": "peer-state", "link": link, "state": "open"})
    page.from_page({"op": "peer-in", "link": link, "text": "hi"})
    page.from_page({"op": "peer-in", "link": 99, "text": "from a link never made"})
    page.from_page({"op": "peer-in", "link": link, "text": 5})
    page.from_page({"op": "peer-state", "link": link, "state": "exploded"})
    page.from_page({"op": "peer-sdp", "link": link, "kind": "offer", "sdp": "v=0"})
    page.from_page({"op": "peer-scanned", "error": "NotAllowedError"})
    relay.close(link)
    page.from_page({"op": "peer-in", "link": link, "text": "after close"})
    assert heard.got == [
        ("state", (link, "open")),
        ("message", (link, "hi")),
        ("failed", (link, "unsupported")),
        ("scanned", (None, "NotAllowedError")),
    ]
