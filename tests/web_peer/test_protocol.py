"""Messages between phones (app.peer.protocol): the envelope, who may send what, a guest's own seat."""

from __future__ import annotations

import json
import secrets

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.peer import protocol
from app.peer.protocol import Guests, Refused


def _guest_at(seat: int) -> tuple[Guests, protocol.Guest]:
    guests = Guests()
    guest = guests.join("Beto", None, lambda: secrets.token_hex(8))
    guest.seat = seat
    return guests, guest


def test_a_message_goes_out_and_comes_back_the_same() -> None:
    text = protocol.write("hand", 3, seat=1, round=2, hand={"mode": "total", "text": "25"})
    assert json.loads(text) == {
        "v": 1,
        "seq": 3,
        "kind": "hand",
        "seat": 1,
        "round": 2,
        "hand": {"mode": "total", "text": "25"},
    }
    message = protocol.read(text, "guest")
    assert (message.kind, message.seq, message.body["hand"]) == ("hand", 3, {"mode": "total", "text": "25"})


def test_the_sender_cannot_write_a_wrong_message() -> None:
    with pytest.raises(ValueError):
        protocol.write("hand", 1, seat=1, round=2)  # no hand
    with pytest.raises(ValueError):
        protocol.write("welcome", 1, token="x", seat=11)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"seq": 1, "kind": "bye"}', "malformed"),
        ('{"v": 2, "seq": 1, "kind": "bye"}', "version"),
        ('{"v": 1, "seq": 0, "kind": "bye"}', "malformed"),
        ('{"v": 1, "seq": true, "kind": "bye"}', "malformed"),
        ('{"v": 1, "seq": 1, "kind": "shout"}', "unknown"),
        ('{"v": 1, "seq": 1, "kind": "bye", "extra": 1}', "malformed"),
        ('{"v": 1, "seq": 1, "kind": "hand", "seat": 1, "round": 1, "hand": {"text": 5}}', "malformed"),
        ('{"v": 1, "seq": 1, "kind": "hand", "seat": 1, "round": 1, "hand": {"cards": ["R5", 7]}}', "malformed"),
        ('{"v": 1, "seq": 1, "kind": "hand", "seat": "1", "round": 1, "hand": {}}', "malformed"),
        # a guest may not speak for the host: no state, no welcome, no end of the table
        ('{"v": 1, "seq": 1, "kind": "state", "rev": 1, "view": {}}', "forbidden"),
        ('{"v": 1, "seq": 1, "kind": "ended"}', "forbidden"),
        ("x" * (protocol.MAX_CHARS + 1), "too_big"),
    ],
)
def test_a_bad_guest_message_is_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(Refused) as caught:
        protocol.read(text, "guest")
    assert caught.value.code == code


def test_a_guest_writes_only_its_own_seat() -> None:
    guests, guest = _guest_at(2)
    assert guests.take(guest, protocol.write("hand", 1, seat=2, round=1, hand={"text": "10"})).kind == "hand"
    with pytest.raises(Refused) as caught:
        guests.take(guest, protocol.write("hand", 2, seat=3, round=1, hand={"text": "0"}))
    assert caught.value.code == "forbidden"
    assert guest.last_seq == 1  # the refused message changed nothing


def test_a_guest_without_a_seat_writes_no_hand() -> None:
    guests, guest = _guest_at(0)
    guest.seat = None
    with pytest.raises(Refused):
        guests.take(guest, protocol.write("hand", 1, seat=0, round=1, hand={"text": "10"}))


def test_a_repeated_or_old_message_is_refused() -> None:
    guests, guest = _guest_at(1)
    first = protocol.write("hand", 5, seat=1, round=1, hand={"text": "10"})
    guests.take(guest, first)
    for again in (first, protocol.write("hand", 4, seat=1, round=1, hand={"text": "99"})):
        with pytest.raises(Refused) as caught:
            guests.take(guest, again)
        assert caught.value.code == "stale"


def test_a_guest_that_comes_back_finds_its_place() -> None:
    guests, guest = _guest_at(3)
    guests.take(guest, protocol.write("hand", 7, seat=3, round=1, hand={"text": "10"}))
    guest.connected = False
    back = guests.join("Beto", guest.token, lambda: "new")
    assert back is guest and back.seat == 3 and back.connected
    assert guests.take(back, protocol.write("hand", 1, seat=3, round=1, hand={"text": "12"})).seq == 1  # a new channel
    stranger = guests.join("Caro", "a token never given", lambda: "fresh")
    assert stranger is not guest and stranger.token == "fresh" and stranger.seat is None


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@given(
    st.fixed_dictionaries(
        {
            "v": st.sampled_from([1, 1, 2, "1"]),
            "seq": st.integers(-1, 3),
            "kind": st.sampled_from([*protocol.KINDS, "x"]),
        },
        optional={name: _json for name in ("seat", "round", "hand", "name", "token", "rev", "view")},
    )
)
def test_any_message_is_taken_whole_or_refused_never_crashes(data: dict[str, object]) -> None:
    guests, guest = _guest_at(1)
    try:
        message = guests.take(guest, json.dumps(data))
    except Refused:
        assert guest.last_seq == 0
    else:  # only a guest's kind, with exactly its fields, each as its check wants
        assert protocol.KINDS[message.kind].sender == "guest" and data["v"] == 1
        assert set(message.body) == set(protocol.KINDS[message.kind].fields)
        assert message.kind != "hand" or message.body["seat"] == 1
