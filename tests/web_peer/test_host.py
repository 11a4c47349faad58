"""The host of a table of phones on CPython (`app.peer.hosting`, `app.peer.host`): guest phones are screens of this
phone's engine, wired in memory (`fake_table`). A guest is welcomed, says who it is and enters its own hand with the
host's keeper; nothing it sends can act for another seat, come out of order or be another side's message; a long
drawing crosses in parts; a silent guest is reconnecting and keeps its seat; a gone one gets a rejoin code."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_table import GuestPhone, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_score"))  # the keeper's test helpers
from score_ui_helpers import Translator, catalogue, go, make_keeper
from test_keeper import new_game

from app.link import Link
from app.peer import protocol
from app.peer.guests import Catalogues
from app.peer.host import PING_S, SILENT_S
from app.peer.hosting import Hosting
from app.peer.sessions import Sessions
from app.peer.sheet_share import SheetShare
from app.score.store import MemoryStorage
from app.screens.score import KeeperDesk, ScoreScreen
from app.storage.page_saves import PageStorage
from app.tree import El
from tests.async_helpers import run


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Host:
    """The host phone: its keeper (a sheet of four, the next round being entered) and its shared sheet."""

    def __init__(self) -> None:
        self.keeper = make_keeper(MemoryStorage(), Translator())
        self.sheet_id = new_game(self.keeper)
        self.link = Link()
        self.table = Table()
        self.link.attach(self)
        self.desk = KeeperDesk(self.link, PageStorage(self.link), open_store=lambda desk: self.keeper.store)
        self.clock = Clock()
        self.drawn = 0
        known = {lang: catalogue(lang) for lang in ("en", "es")}
        self.hosting = Hosting(
            SheetShare(self.desk, self.sheet_id),
            self.link,
            self.redraw,
            Catalogues(self.load, known),
            None,
            self.clock,
            run,
        )
        self.table.attach(self.hosting.host.relay)

    async def load(self, path: str) -> str:
        raise OSError("no site here")

    def receive(self, message: dict[str, Any]) -> None:  # the host's own page
        self.table.page(message)

    def redraw(self) -> None:
        self.drawn += 1

    def show(self, hash_: str) -> None:
        """This phone's score screen goes to `hash_` (the desk's visit is this phone's screen)."""
        go(self.keeper, hash_)
        self.desk.visit = self.keeper.visit

    def join(self, guest: GuestPhone) -> None:
        """The host invites; the guest's camera opens the link; the host scans its answer."""
        invite = self.hosting.host.invite()
        guest.table = self.table
        answer = guest.answer(invite.code)
        self.hosting.host.accept(invite.link, answer)


HOST: Host | None = None


def page_text(guest: GuestPhone) -> str:
    """What the guest's page shows now: its root as the host drew it last, in the guest's language (the page holds
    that drawing: the changes the host sent reach it, `tests/web_ui`)."""
    assert HOST is not None
    page = HOST.hosting.pages[guest.token or ""]
    return page.link.html(page.link.drawn["table-root"])


@pytest.fixture
def host() -> Host:
    global HOST
    HOST = Host()
    return HOST


def seated(host: Host, *langs: str) -> list[GuestPhone]:
    guests = []
    for seat, lang in enumerate(langs, start=1):
        guest = GuestPhone(f"g{seat}", lang)
        host.join(guest)
        guest.tap("table.claim", seat=seat)
        guests.append(guest)
    return guests


def test_a_guest_is_welcomed_and_its_page_drawn_in_its_language(host: Host) -> None:
    en, es = GuestPhone("ana", "en"), GuestPhone("beto", "es")
    host.join(en)
    host.join(es)
    assert en.token and es.token and en.token != es.token
    assert en.kinds[:2] == ["welcome", "engine"] and es.kinds[:2] == ["welcome", "engine"]
    assert "Who are you?" in page_text(en) and "¿Quién eres?" in page_text(es)
    assert not any(m["op"] in ("saves-write", "local") for m in en.got)  # the host's storage stays here
    assert {m["op"] for m in en.got} >= {"open", "draw"}


def test_each_guest_says_who_it_is_and_a_taken_player_is_refused(host: Host) -> None:
    ana, _beto = seated(host, "en", "en")
    assert [g.seat for g in host.hosting.host.guests.seated()] == [1, 2]
    assert "You are Ben." in page_text(ana)  # players: Ana, Ben, Cai, Dee
    intruder = GuestPhone("x")
    host.join(intruder)
    intruder.tap("table.claim", seat=1)  # Beto's phone is live
    assert intruder.kinds and "Another phone is that player" in page_text(intruder)
    assert host.hosting.host.guests.holder(1) is not None and [g.seat for g in host.hosting.host.guests.seated()][
        :2
    ] == [1, 2]


def test_a_guest_enters_its_own_hand_into_the_hosts_round_and_no_other(host: Host) -> None:
    ana, beto = seated(host, "en", "es")
    host.show(f"#/score/{host.sheet_id}/round")
    host.keeper.act("score.winner", seat=0)
    host.hosting.changed()
    ana.tap("score.hand-total", seat=1, value="55")
    assert host.keeper.draft().hands[1].text == "55"  # the host holds it: what the guest sees is the host's
    before = host.keeper.draft()
    beto.tap("score.hand-total", seat=1, value="99")  # Beto's phone (seat 2) writing Ben's (seat 1, Ana's phone)
    assert host.keeper.draft() == before
    assert "each phone enters its own" in page_text(beto) or "cada teléfono anota la suya" in page_text(beto)
    beto.tap("score.hand-face", seat=2, face="W")
    assert [str(card) for card in host.keeper.draft().hands[2].cards] == ["W"]
    assert "55" in page_text(beto)  # the other hands as they arrive
    ana.tap("score.hand-total", seat=0, value="1")  # the winner's hand: not Ana's phone's either
    assert host.keeper.draft().hands[0].is_blank and "each phone enters its own" in page_text(ana)


def test_what_a_guest_may_not_send_is_refused_and_changes_nothing(host: Host) -> None:
    (ana,) = seated(host, "en")
    refused = host.hosting.host.refusals
    ana.send_text("{not json")
    ana.send_text(json.dumps({"v": 1, "seq": 99, "kind": "hello", "token": None}))  # another version
    ana.send_text(json.dumps({"v": protocol.VERSION, "seq": 1, "kind": "ping", "at": 1}))  # a seq already taken
    ana.forge("engine", message={"op": "effect", "top": True})  # the host's kind
    ana.forge("page", message={"op": "saves-written", "id": 1})  # not a guest's page's
    ana.forge("page", message={"op": "intent", "act": "play.fly"})  # not a message at all
    ana.send_text("x" * 20_000)
    codes = [code for _, code, _ in refused]
    assert codes == ["malformed", "version", "stale", "forbidden", "forbidden", "malformed", "too_big"]
    assert host.hosting.host.guests.holder(1) is not None and host.keeper.draft().hands[1].is_blank


def test_a_long_drawing_crosses_in_parts_each_under_the_limit(host: Host) -> None:
    (ana,) = seated(host, "en")
    page = host.hosting.pages[ana.token or ""]
    long = El("div", (("id", "table-root"),), tuple(El("p", (), ("x" * 1000,)) for _ in range(40)))
    sent = len(host.table.sent)
    page.link.to_page({"op": "draw", "root": "table-root", "tree": _data(long)})
    page.link.flush()
    texts = [m["text"] for m in host.table.sent[sent:] if m.get("do") == "send"]
    assert len(texts) > 2 and all(len(t.encode()) <= protocol.MAX_BYTES for t in texts)
    assert "part" in ana.kinds and json.dumps(ana.drawn()[-1]).count("x" * 1000) == 40  # put together whole


def test_a_silent_guest_is_reconnecting_keeps_its_seat_and_comes_back_live(host: Host) -> None:
    ana, beto = seated(host, "en", "en")
    host.table.cut(ana)
    host.clock.t += SILENT_S + PING_S
    beto.send("ping", at=1)  # Beto's phone is heard
    host.hosting.host.tick()
    states = {g.seat: (g.connected, g.live) for g in host.hosting.host.guests.seated()}
    assert states == {1: (True, False), 2: (True, True)}
    view = host.hosting.host_view()
    assert [(line.name, line.connected, line.reconnecting) for line in view.guests] == [
        ("Ben", False, True),
        ("Cai", True, False),
    ]
    host.table.cut(ana, up=True)
    drawn = host.drawn
    ana.send("ping", at=2)
    assert host.hosting.host.guests.holder(1) is not None and host.hosting.host.guests.holder(1).live  # type: ignore[union-attr]
    assert host.drawn > drawn  # the host's page says so at once


def test_a_gone_link_gets_a_rejoin_code_and_the_phone_comes_back_to_its_seat(host: Host) -> None:
    ana, _ = seated(host, "en", "en")
    token = ana.token
    host.table.close(ana)
    view = host.hosting.host_view()
    assert [(r.name, bool(r.code)) for r in view.rejoin] == [("Ben", True)]  # made by itself
    rejoin = next(i for i in host.hosting.host.waiting() if i.seat == 1)
    answer = ana.answer(rejoin.code)  # its camera scans the rejoin code; the host scans its answer
    host.hosting.host.accept(rejoin.link, answer)
    guests = host.hosting.host.guests.seated()
    assert len(guests) == 2 and ana.token == token  # no new player
    assert host.hosting.host.guests.holder(1) is not None and host.hosting.host_view().rejoin == ()
    assert "You are Ben." in page_text(ana)


def test_the_sheets_own_pages_show_a_lost_phones_code_by_itself_and_take_its_answer(host: Host) -> None:
    """The host is on the round page entering hands, not on the table's page: the lost phone's rejoin code shows
    there above the sheet, and its answer is taken there (typed; the camera is the same intent with a scan)."""
    ana, _ = seated(host, "en", "en")
    sessions = Sessions(host.link, host.desk)
    sessions.hosting = host.hosting  # the sheet this phone shares (wired to the in-memory table)
    host.show(f"#/score/{host.sheet_id}/round")
    host.desk.world = dataclasses.replace(host.desk.world, base=lambda: "https://uno.example/")
    screen = ScoreScreen((host.sheet_id, "round"), host.link, host.desk, sessions)
    screen.mount()
    assert "score-phones" not in host.link.drawn  # nothing lost: nothing drawn above the sheet
    host.table.close(ana)
    screen.render()  # the host's page draws again as the table changed (`Hosting.changed`)
    shown = host.link.html(host.link.drawn["score-phones"])
    rejoin = next(i for i in host.hosting.host.waiting() if i.seat == 1)
    assert "Ben" in shown and "table-rejoin-scan" not in shown  # no camera known on this page yet
    assert " ".join(rejoin.code[i : i + 4] for i in range(0, len(rejoin.code), 4)) in shown  # the code, by itself
    assert "<svg" in shown  # ... and as a QR code of its link
    screen.receive({"op": "intent", "act": "table.code", "link": rejoin.link, "value": ana.answer(rejoin.code)})
    screen.receive({"op": "intent", "act": "table.accept", "link": rejoin.link})
    assert host.hosting.host.guests.holder(1) is not None  # Ben's phone is back, with its token
    screen.render()
    assert "table-rejoin" not in host.link.html(host.link.drawn["score-phones"])  # and the code is gone


def test_a_phone_that_lost_its_token_takes_its_players_rejoin_code(host: Host) -> None:
    ana, _ = seated(host, "en", "en")
    host.table.close(ana)
    ana.token = None  # a new tab: no token
    rejoin = next(i for i in host.hosting.host.waiting() if i.seat == 1)
    host.hosting.host.accept(rejoin.link, ana.answer(rejoin.code))
    assert [g.seat for g in host.hosting.host.guests.seated() if g.connected] == [2, 1]


def test_the_host_ends_sharing_and_guests_keep_their_last_page(host: Host) -> None:
    ana, beto = seated(host, "en", "es")
    host.hosting.host.end()
    assert ana.ended and beto.ended


def _data(node: El) -> Any:
    from app.tree import to_data

    return to_data(node)


def test_a_host_that_reloads_shows_each_players_rejoin_code_and_the_phones_come_back(host: Host) -> None:
    ana, beto = seated(host, "en", "es")
    tokens = (ana.token, beto.token)
    storage = host.keeper.store.storage  # the saves: what a reload keeps
    again = Host.__new__(Host)  # the same phone after a reload: the same saves, a new engine
    again.__dict__.update(host.__dict__)
    again.link, again.table = Link(), Table()
    again.link.attach(again)
    known = {lang: catalogue(lang) for lang in ("en", "es")}
    again.hosting = Hosting(
        SheetShare(host.desk, host.sheet_id),
        again.link,
        again.redraw,
        Catalogues(again.load, known),
        None,
        again.clock,
        run,
    )
    again.table.attach(again.hosting.host.relay)
    assert storage.get("uno.score.table")
    rejoin = {r.name: r for r in again.hosting.host_view().rejoin}
    assert set(rejoin) == {"Ben", "Cai"} and all(r.code for r in rejoin.values())  # shown by itself
    for guest, name in ((ana, "Ben"), (beto, "Cai")):
        guest.table = again.table  # the old links are gone with the old page
        again.hosting.host.accept(rejoin[name].link, guest.answer(rejoin[name].code))
    assert (ana.token, beto.token) == tokens
    assert sorted((g.seat, g.connected) for g in again.hosting.host.guests.seated()) == [(1, True), (2, True)]
    assert again.hosting.host_view().rejoin == ()


def test_a_big_screen_follows_the_hosts_sheet_live(host: Host) -> None:
    screen = GuestPhone("tv", "es")  # a laptop following the sheet: it claims no player
    host.join(screen)
    screen.tap("table.big", checked=True)
    assert "Rondas jugadas: 0" in page_text(screen) and "¿Quién eres?" not in page_text(screen)
    host.show(f"#/score/{host.sheet_id}/round")
    host.keeper.act("score.winner", seat=0)
    host.hosting.changed()
    assert "Ronda 1: se están anotando las manos" in page_text(screen)
    for seat, total in ((1, "10"), (2, "20"), (3, "5")):
        host.keeper.act("score.hand-total", seat=seat, value=total)
    host.keeper.act("score.save")
    host.hosting.changed()
    assert ">35<" in page_text(screen) and "Ronda 2" in page_text(screen)  # the host went on to the next round
    screen.tap("table.big", checked=False)
    assert "¿Quién eres?" in page_text(screen)
