"""A sheet live on every phone (app.peer.share), phones wired in memory (fake_table)."""

from __future__ import annotations

import json
from typing import Any

from fake_table import Phone, Table

from app.peer import protocol
from app.peer.protocol import Guest
from app.peer.share import SheetGuest, SheetHost


class Keeper:
    """The host's keeper, as far as sharing sees it: a sheet version and the hands taken."""

    def __init__(self) -> None:
        self.version = 0
        self.hands: dict[int, dict[str, Any]] = {}
        self.round = 3

    def view(self, guest: Guest) -> dict[str, Any]:
        return {"sheet": f"v{self.version}", "entry": {"round": self.round, "hands": sorted(self.hands)}}

    def take_hand(self, seat: int, round_no: int, hand: dict[str, Any]) -> str | None:
        if round_no != self.round:
            return "not_this_round"
        self.hands[seat] = hand
        return None


def setup(guests: int) -> tuple[Table, Keeper, SheetHost, list[SheetGuest], list[Phone]]:
    table, keeper = Table(), Keeper()
    host_phone = Phone("host")
    host = SheetHost(
        table.page(host_phone), keeper.view, keeper.take_hand, new_token=iter(map(str, range(100))).__next__
    )
    host_phone.relay = host.relay
    sheets, phones = [], []
    for index in range(guests):
        phone = Phone(f"guest{index}")
        guest = SheetGuest(table.page(phone), f"Guest {index}", lambda: None)
        phone.relay = guest.relay
        connect(host, guest)
        sheets.append(guest)
        phones.append(phone)
    return table, keeper, host, sheets, phones


def connect(host: SheetHost, guest: SheetGuest) -> None:
    invite = host.invite()
    guest.join(invite.code)  # carried by a QR code or by hand
    host.accept(invite.link, guest.code)


def test_guests_connect_and_see_the_sheet_at_once() -> None:
    _, _, host, guests, _ = setup(3)
    assert [g.name for g in host.seated()] == ["Guest 0", "Guest 1", "Guest 2"]
    assert all(g.connected for g in host.seated())
    for guest in guests:
        assert (
            guest.open
            and guest.token
            and guest.view == {"sheet": "v0", "entry": {"round": 3, "hands": []}, "seat": None, "taken": 0}
        )


def test_a_change_reaches_every_guest_whole() -> None:
    _, keeper, host, guests, _ = setup(2)
    keeper.version = 5
    host.publish()
    assert [g.view["sheet"] for g in guests if g.view] == ["v5", "v5"]
    assert all(g.rev == host.rev == 1 for g in guests)


def test_each_guest_enters_its_own_hand_and_no_other() -> None:
    _, keeper, host, guests, _ = setup(2)
    guests[0].claim(1)
    guests[1].claim(2)
    assert (guests[0].seat, guests[1].seat) == (1, 2)
    assert guests[0].send_hand(3, {"mode": "cards", "cards": ["R5", "W+4"]})
    assert keeper.hands == {1: {"mode": "cards", "cards": ["R5", "W+4"]}}
    # a forged message for another seat, with a valid envelope, changes nothing
    assert guests[1].link is not None
    forged = protocol.write("hand", 99, seat=1, round=3, hand={"mode": "total", "text": "0"})
    guests[1].relay.send(guests[1].link, forged)
    assert keeper.hands[1] == {"mode": "cards", "cards": ["R5", "W+4"]}
    assert host.refusals[-1][1] == "forbidden"
    # a seat another connected guest holds cannot be claimed
    guests[1].claim(1)
    assert guests[1].seat == 2 and host.refusals[-1][1] == "forbidden"


def test_a_guest_may_not_save_or_speak_for_the_host() -> None:
    _, keeper, host, guests, _ = setup(1)
    link = guests[0].link
    assert link is not None
    for text in (
        json.dumps({"v": 1, "seq": 50, "kind": "state", "rev": 9, "view": {"sheet": "forged"}}),
        json.dumps({"v": 1, "seq": 51, "kind": "save"}),
        json.dumps({"v": 2, "seq": 52, "kind": "bye"}),
        "{not json",
    ):
        guests[0].relay.send(link, text)
    assert [code for _, code, _ in host.refusals] == ["forbidden", "unknown", "version", "malformed"]
    assert keeper.hands == {} and host.seated()[0].connected


def test_a_hand_for_another_round_is_refused() -> None:
    _, keeper, host, guests, _ = setup(1)
    guests[0].claim(0)
    guests[0].send_hand(2, {"mode": "total", "text": "10"})
    assert keeper.hands == {} and host.refusals[-1][2].endswith("not_this_round")


def test_a_dropped_guest_comes_back_to_its_seat_and_catches_up() -> None:
    table, keeper, host, guests, phones = setup(2)
    guests[0].claim(1)
    table.drop(phones[0])
    assert not guests[0].open and not host.seated()[0].connected
    keeper.version = 7  # rounds saved while it was away: no messages replayed, the state catches it up
    host.publish()
    host.publish()
    assert guests[0].view is not None and guests[0].view["sheet"] == "v0"
    connect(host, guests[0])  # scans a new invitation
    assert guests[0].view is not None and guests[0].view["sheet"] == "v7" and guests[0].seat == 1
    assert len(host.seated()) == 2 and host.seated()[0].connected  # the same place, not a new guest


def test_a_new_phone_may_take_the_seat_of_one_that_is_gone() -> None:
    table, _, host, guests, phones = setup(1)
    guests[0].claim(0)
    table.drop(phones[0])
    phone = Phone("replacement")
    other = SheetGuest(table.page(phone), "Ana again", lambda: None)
    phone.relay = other.relay
    connect(host, other)
    other.claim(0)
    assert other.seat == 0
    assert [(g.name, g.connected) for g in host.seated()] == [("Ana again", True)]  # the old place is taken over


def test_the_host_ends_sharing_and_guests_keep_their_last_view() -> None:
    _, _, host, guests, _ = setup(2)
    host.end()
    assert all(g.ended and g.view is not None for g in guests)
    assert all(not g.open for g in guests)


def test_a_guest_refuses_an_old_or_foreign_host_message() -> None:
    *_, guests, _ = setup(1)
    guest = guests[0]
    before = guest.view
    assert guest.link is not None
    guest.relay.receive({"op": "peer-in", "link": guest.link, "text": protocol.write("state", 1, rev=99, view={})})
    guest.relay.receive({"op": "peer-in", "link": guest.link, "text": '{"v":1,"seq":100,"kind":"hand"}'})
    assert guest.view == before and [code for code, _ in guest.refusals] == ["stale", "forbidden"]


def test_a_host_that_restarted_gets_each_guest_back_in_its_seat() -> None:
    table, keeper, old_host, guests, _ = setup(2)
    guests[0].claim(1)
    guests[1].claim(3)
    for _ in range(3):
        old_host.publish()  # the guests' last revision is above what the new host counts from
    keeper.version = 9  # rounds the host saved before its tab was reloaded
    host_phone = Phone("host again")  # the host's tab was reloaded: a new host, no guests
    host = SheetHost(table.page(host_phone), keeper.view, keeper.take_hand, new_token=iter("xyz").__next__)
    host_phone.relay = host.relay
    for guest in guests:
        connect(host, guest)
    assert [(g.seat, g.connected) for g in host.seated()] == [(1, True), (3, True)]
    assert [g.seat for g in guests] == [1, 3]
    assert all(g.view is not None and g.view["sheet"] == "v9" for g in guests)
