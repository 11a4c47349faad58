"""A host phone playing a game with guest phones, wired in memory (`fake_table`), for CPython tests of issue 50.

The host is this phone's real `Hosting` bound to its real `PlayShare`; its own table is a `PlayController` whose
bots decide here (the bots' worker is not there: `BrainUnavailable`). Background tasks (the bots' clock) are kept
and run only when a test says so.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fake_table import GuestPhone, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_play"))  # play mode's test helpers
from play_helpers import catalogue, config

from app.i18n import Texts
from app.link import Link
from app.peer.guests import Catalogues
from app.peer.hosting import Hosting
from app.play.brain import BrainUnavailable
from app.play.controller import PlayController
from app.play.phones import PlayShare
from app.play.presenter import Frame
from app.play.session import Session
from app.play.store import PlayStore
from app.storage.core import Saves
from app.storage.page_saves import PageStorage
from tests.async_helpers import run
from tests.fake_local import FakeLocal
from uno_core import SAY_UNO, Catch, Play

EN = Texts("en", catalogue("en"))


def seats(*kinds: str) -> list[dict[str, Any]]:
    names = ("Hana", "Ana", "Beto", "Cai", "Dee", "Eli")
    return [
        {"kind": kind, "name": names[i], **({"level": "basic"} if kind == "bot" else {})}
        for i, kind in enumerate(kinds)
    ]


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


async def no_brain(request: Any) -> Any:
    raise BrainUnavailable("no bots' worker in these tests")


class PlayHost:
    """The host phone: its saves, its game (`kinds` of seats), its own table, its shared game."""

    def __init__(
        self,
        kinds: tuple[str, ...],
        seed: int = 7,
        deck: str | None = None,
        first_dealer: int | str = "cut",
        **fields: Any,
    ) -> None:
        self.saves = Saves({}, None, FakeLocal(), clock=lambda: 0, spawn=lambda coroutine: coroutine.close())
        self.link = Link()
        self.link.attach(self)
        self.store = PlayStore(PageStorage(self.link, self.saves))
        self.tasks: list[Any] = []
        self.frames: list[Frame] = []
        if "reaction_ms" not in fields:
            fields["reaction_ms"] = 0
        session = Session.new(config(seats(*kinds), speed="instant", **fields), seed, deck, first_dealer)
        self.store.keep(session)
        self.table_screen = Table()
        self.start()

    def start(self) -> None:
        """The engine's part (made again by a reload): the shared game, its hosting, this device's table."""
        self.clock = Clock()  # the hosting's and the turn timer's
        self.share = PlayShare(self.store, no_brain, self.tasks.append)
        self.table = PlayController(self.store, self.drew, lambda: EN, no_brain, self.tasks.append, now=self.clock)
        self.share.table = self.table
        known = {lang: catalogue(lang) for lang in ("en", "es")}
        self.hosting = Hosting(self.share, self.link, self.redraw, Catalogues(self.load, known), None, self.clock, run)
        self.share.hosting = self.hosting
        self.table_screen.attach(self.hosting.host.relay)
        self.table.load(self.store.current())

    def drew(self, frame: Frame) -> None:
        """This device's table drew (`PlayTable.show`): the phones draw again (`Sessions.play_drew`)."""
        self.frames.append(frame)
        self.hosting.changed_elsewhere()

    async def load(self, path: str) -> str:
        raise OSError("no site here")

    def receive(self, message: dict[str, Any]) -> None:  # the host's own page
        self.table_screen.page(message)

    def redraw(self) -> None:
        self.table.render()

    @property
    def session(self) -> Session:
        session = self.store.current()
        assert session is not None
        return session

    def join(self, guest: GuestPhone, seat: int | None = None) -> GuestPhone:
        """The host invites; the guest's camera opens the link; the host scans its answer; it says who it is."""
        invite = self.hosting.host.invite()
        guest.table = self.table_screen
        self.hosting.host.accept(invite.link, guest.answer(invite.code))
        if seat is not None:
            guest.tap("table.claim", seat=seat)
        return guest

    def bots(self) -> None:
        """Run the bots' clock until a person must act (the clock's tasks, with the bots deciding here)."""

        async def drain() -> None:
            while self.tasks:
                await self.tasks.pop(0)

        run(drain())
        self.hosting.changed_elsewhere()  # what the page's table screen does after its drawing (`play_drew`)

    def close(self) -> None:
        for coroutine in self.tasks:
            coroutine.close()
        self.tasks.clear()


def page_html(host: PlayHost, guest: GuestPhone) -> str:
    """The guest's table as its page holds it (the host's `Link` for that guest says what it drew)."""
    page = host.hosting.pages[guest.token or ""]
    return page.link.html(page.link.drawn["play"])


def cards_shown(host: PlayHost, guest: GuestPhone) -> list[str]:
    """The cards of the hand the guest's page shows (`data-card` of the hand's cards)."""
    import re

    html = page_html(host, guest)
    hand = html.split('class="hand', 1)[1] if 'class="hand' in html else ""
    return re.findall(r'data-card="([^"]+)"', hand)


def sent_text(guest: GuestPhone, since: int = 0) -> str:
    return "\n".join(json.dumps(m, ensure_ascii=False) for m in guest.got[since:])


def log(host: PlayHost) -> list[str]:
    return [f"{seat} {action}" for seat, action in host.session.game.log]


def to_turn_of(host: PlayHost, seat: int, cards: int | None = None) -> None:
    """Play on (every seat: its first legal play, else its first legal action) until it is `seat`'s turn with a
    legal play (holding `cards` cards, if given)."""
    session = host.session
    for _ in range(2000):
        game = session.game
        legal = game.legal_actions(seat) if game.current == seat else []
        plays = [a for a in legal if isinstance(a, Play) and not a.uno and not a.jump]
        if plays and (cards is None or len(game.hands[seat]) == cards):
            host.table.render()
            host.hosting.changed_elsewhere()
            return
        mover = game.current
        actions = [a for a in game.legal_actions(mover) if not isinstance(a, Catch) and a is not SAY_UNO]
        chosen = next((a for a in actions if isinstance(a, Play) and not a.jump), actions[0])
        session.game.apply(mover, chosen)
        if session.pending_round is not None:
            session.ack_round_end()
    raise AssertionError(f"never seat {seat}'s turn with {cards} cards")


def uno_moment(host: PlayHost) -> tuple[GuestPhone, GuestPhone, Play]:
    """Ana (seat 1) at her turn with two cards and a play: her phone and Beto's, and that play without UNO."""
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1, cards=2)
    play = next(
        a
        for a in host.session.game.legal_actions(1)
        if isinstance(a, Play) and not a.uno and not a.jump and a.colour is None
    )
    return ana, beto, play
