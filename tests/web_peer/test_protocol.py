"""Messages between phones (`app.peer.protocol`, declared in `shared.phones`): the envelope, who may send what, the
order of each sender's messages, a long message in parts, a guest's place found again by its token."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.peer import protocol
from app.peer.protocol import Guests, Refused
from shared import phones

V = protocol.VERSION


def counter() -> itertools.count[int]:
    return itertools.count(1)


def test_a_message_goes_out_and_comes_back_the_same() -> None:
    (text,) = protocol.write("page", counter().__next__, message={"op": "intent", "act": "play.card", "card": "R5"})
    assert json.loads(text) == {
        "v": V,
        "seq": 1,
        "kind": "page",
        "message": {"op": "intent", "act": "play.card", "card": "R5"},
    }
    message = protocol.read(text, "guest")
    assert (message.kind, message.seq, message.body["message"]["card"]) == ("page", 1, "R5")


def test_the_sender_cannot_write_a_wrong_message() -> None:
    count = counter()
    with pytest.raises(ValueError):
        protocol.write("page", count.__next__, message={"op": "intent", "act": "play.card"})  # no card
    with pytest.raises(ValueError):
        protocol.write("welcome", count.__next__, token=5)
    assert next(count) == 1  # nothing was numbered


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"seq": 1, "kind": "bye"}', "malformed"),
        ('{"v": 1, "seq": 1, "kind": "bye"}', "version"),
        (f'{{"v": {V}, "seq": 0, "kind": "bye"}}', "malformed"),
        (f'{{"v": {V}, "seq": true, "kind": "bye"}}', "malformed"),
        (f'{{"v": {V}, "seq": 1, "kind": "shout"}}', "unknown"),
        (f'{{"v": {V}, "seq": 1, "kind": "bye", "extra": 1}}', "malformed"),
        (
            f'{{"v": {V}, "seq": 1, "kind": "page", "message": {{"op": "intent", "act": "play.swap", "seat": "1"}}}}',
            "malformed",
        ),
        (f'{{"v": {V}, "seq": 1, "kind": "page", "message": {{"op": "draw", "root": "x"}}}}', "forbidden"),
        # a guest may not speak for the host: no drawing, no welcome, no end of the table
        (f'{{"v": {V}, "seq": 1, "kind": "engine", "message": {{"op": "effect"}}}}', "forbidden"),
        (f'{{"v": {V}, "seq": 1, "kind": "welcome", "token": "t"}}', "forbidden"),
        (f'{{"v": {V}, "seq": 1, "kind": "ended"}}', "forbidden"),
        ("x" * (protocol.MAX_BYTES + 1), "too_big"),
    ],
)
def test_a_bad_guest_message_is_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(Refused) as caught:
        protocol.read(text, "guest")
    assert caught.value.code == code


def test_a_long_message_goes_in_parts_under_the_limit_and_comes_back_whole() -> None:
    count = counter()
    html = "<p>" + "é" * 30_000 + "</p>"  # two bytes a character
    texts = protocol.write("engine", count.__next__, message={"op": "draw", "root": "r", "html": html})
    assert len(texts) > 4 and all(len(text.encode()) <= protocol.MAX_BYTES for text in texts)
    parts: dict[int, list[str | None]] = {}
    got = [protocol.joined(parts, protocol.read(text, "host"), "host") for text in texts]
    assert got[:-1] == [None] * (len(texts) - 1) and parts == {}
    whole = got[-1]
    assert whole is not None and whole.kind == "engine" and whole.body["message"]["html"] == html
    assert whole.seq == json.loads(texts[-1])["seq"]


def test_parts_that_do_not_fit_together_are_refused() -> None:
    parts: dict[int, list[str | None]] = {}
    texts = protocol.write("engine", counter().__next__, message={"op": "draw", "root": "r", "html": "x" * 20_000})
    first = protocol.read(texts[0], "host")
    forged = json.loads(texts[1])
    forged["count"] = 9  # another part count for the same message
    protocol.joined(parts, first, "host")
    with pytest.raises(Refused):
        protocol.joined(parts, protocol.read(json.dumps(forged), "host"), "host")
    assert parts == {}


def test_a_repeated_or_old_message_is_refused() -> None:
    guests = Guests()
    guest = guests.join(None, lambda: "t1", 0)
    count = itertools.count(5)
    (first,) = protocol.write("ping", count.__next__, at=1)
    guests.take(guest, protocol.read(first, "guest"))
    for again in (first, protocol.write("ping", itertools.count(4).__next__, at=2)[0]):
        with pytest.raises(Refused) as caught:
            guests.take(guest, protocol.read(again, "guest"))
        assert caught.value.code == "stale"
    assert guest.last_seq == 5


def test_a_guest_that_comes_back_finds_its_place_and_a_new_one_may_take_a_gone_players() -> None:
    guests = Guests()
    beto = guests.join(None, lambda: "beto", 9)
    assert guests.seat(beto, 3)
    beto.connected = False
    back = guests.join("beto", lambda: "new", 1)
    assert back is beto and back.seat == 3 and back.last_seq == 1  # a new link counts from its hello
    back.connected = True  # (the host marks it so once it is welcomed)
    stranger = guests.join("a token never given", lambda: "fresh", 1)
    assert stranger is not beto and stranger.token == "fresh" and stranger.seat is None
    assert not guests.seat(stranger, 3)  # Beto's phone is connected
    beto.connected = False
    assert guests.seat(stranger, 3) and "beto" not in guests.by_token  # his phone is gone: the new one is Beto


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@given(
    st.fixed_dictionaries(
        {
            "v": st.sampled_from([V, V, 1, str(V)]),
            "seq": st.integers(-1, 3),
            "kind": st.sampled_from([*phones.MESSAGES.kinds, "x"]),
        },
        optional={name: _json for name in ("message", "token", "at", "id", "index", "count", "text")},
    )
)
def test_any_message_is_taken_whole_or_refused_never_crashes(data: dict[str, object]) -> None:
    try:
        message = protocol.read(json.dumps(data), "guest")
    except Refused:
        return
    kind = phones.MESSAGES.kinds[message.kind]  # only a guest's kind, with exactly its fields, each of its type
    assert kind.sender in ("guest", "both") and data["v"] == V
    assert set(message.body) == set(kind.required) | (set(kind.optional) & set(message.body))
