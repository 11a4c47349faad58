"""A game in play shared with a table of phones (issue 50): each seat of kind "phone" is a person on their own phone.

`PlayShare` is what `app.peer.hosting.Hosting` shares (its `Shared`): the players are the game's seats, a guest
phone may be only a free phone seat, and its screen is `app.screens.play_guest.PlayGuestScreen`, a table of its
own (`PlayController` with `phone`: its picker, its notices, its hint) over this device's one `Session`. The
arbitration is the controller's and the engine's: a phone's intents act for its own seat only (`Session.apply`
with `phone`), in their order of arrival, each checked by `uno_core` against the position when it arrives; an
out-of-turn act whose window closed meanwhile (R-UNO-2) is refused with a message, never applied late.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.i18n import Texts
from app.link import Link
from app.peer.protocol import Guest
from app.router import Screen
from app.tree import El, el, sends

from .config import GRACES_S, AwayChoice
from .controller import PlayController
from .presenter import Frame
from .session import Session
from .store import PlayStore

if TYPE_CHECKING:
    from app.peer.hosting import Hosting

    from .bot_clock import Ask, Spawn

PLAY_TABLE_KEY = "uno.play.table"  # the game's guests (token -> seat), to find them again after a reload


class PlayShare:
    """This device's game (`store`), shared. `table` is this device's own table controller while its screen is
    open (its bots' clock drives the game); `ask` and `spawn` are the bots' worker's, for the phones' hints."""

    key = "play"
    book_key = PLAY_TABLE_KEY
    back = ("#/play/table", "play.back_table")
    graces: tuple[int, ...] = GRACES_S

    def __init__(self, store: PlayStore, ask: Ask, spawn: Spawn) -> None:
        self.store, self.ask, self.spawn = store, ask, spawn
        self.table: PlayController | None = None
        self.hosting: Hosting | None = None  # set by `Sessions` once it hosts this game
        self.away: dict[int, float] = {}  # a phone seat whose phone is away: since when (the hosting's clock)

    def session(self) -> Session | None:
        return self.store.current()

    def book_id(self) -> str:
        session = self.session()
        return f"play:{session.game.seed}" if session is not None else ""

    def saves_get(self, key: str) -> str | None:
        return self.store.storage.saves().get(key)

    def saves_set(self, key: str, value: str) -> None:
        self.store.storage.saves().set(key, value)

    def title(self) -> str:
        return ""

    def players(self) -> tuple[str, ...]:
        session = self.session()
        return session.names if session is not None else ()

    def claimable(self, seat: int) -> bool:
        session = self.session()
        return session is not None and seat in session.phones

    def phones(self) -> tuple[int, ...]:
        session = self.session()
        return tuple(session.phones) if session is not None else ()

    def screen(self, link: Link, hosting: Hosting, guest: Guest) -> Screen:
        from app.screens.play_guest import PlayGuestScreen  # the screen draws this module's tables

        return PlayGuestScreen(link, hosting, self, guest)

    def host_table(self) -> PlayController | None:
        """This device's table controller, if its screen is open (its clock moves the bots)."""
        table = self.table
        return table if table is not None and table.alive else None

    def controller(self, seat: int, show: Callable[[Frame], None], texts: Callable[[], Texts]) -> PlayController:
        """A guest phone's table at `seat`."""
        return PlayController(
            self.store, show, texts, self.ask, self.spawn, phone=seat, host=self.host_table, moved=self.moved
        )

    def away_choice(self) -> AwayChoice | None:
        """The host's choice for a phone away (kept in the game's save: a reloaded host keeps it)."""
        session = self.session()
        return session.away if session is not None else AwayChoice()

    def choose_away(self, bot: bool | None = None, grace: str | None = None) -> None:
        """The host's table page: a bot plays for a phone away (`bot`), after `grace` seconds (one of `GRACES_S`,
        as its select sends it); anything else changes nothing. Saved with the game."""
        session = self.session()
        if session is None:
            return
        away = session.away
        if bot is not None:
            away = dataclasses.replace(away, bot=bot)
        if grace is not None:
            seconds = int(grace) if grace.isascii() and grace.isdigit() else 0
            if seconds not in GRACES_S:
                return
            away = dataclasses.replace(away, grace_s=seconds)
        if away != session.away:
            session.away = away
            self.store.save(session)
            if self.hosting is not None:
                self.tick(self.hosting)  # a shorter grace may be over already; waiting gives the seats back

    def tick(self, hosting: Hosting) -> None:
        """Each second: a seat whose phone has been away the grace the host chose is played by a bot (unless the host
        chose to wait); a phone back (its link live) takes its seat back at once. A seat no phone has taken yet waits
        for one."""
        session = self.session()
        if session is None:
            return
        now, changed, away = hosting.host.now(), False, session.away
        for seat in session.phones:
            guest = hosting.host.guests.holder(seat)
            here = guest is None or (guest.connected and guest.live)
            if here:
                self.away.pop(seat, None)
                changed |= session.stand_in(seat, False)
            else:
                since = self.away.setdefault(seat, now)
                late = away.bot and now - since >= away.grace_s
                changed |= session.stand_in(seat, late)
        if changed:
            self.store.save(session)
            table = self.host_table()
            if table is not None:
                table.clock.kick()
            self.moved()

    def moved(self) -> None:
        """A phone acted: the other phones draw again, then this device's table. In the browser that waits for the
        next turn, so that the acting phone's own drawing leaves first (`GuestPage.take` sends it as its tap is
        answered), and the other phones' go before this device's own, which its page draws on the thread that
        relays them."""
        hosting = self.hosting
        if hosting is not None and hosting.later is not None:
            hosting.later(self._draw_everyone)
        else:
            self._draw_everyone()

    def _draw_everyone(self) -> None:
        hosting, table = self.hosting, self.host_table()

        def own() -> None:
            if table is not None:
                table.render()

        if hosting is not None:
            hosting.draw_guests_then(own)
        else:
            own()


def seat_page(names: tuple[str, ...], phones: tuple[int, ...], taken: frozenset[int], error: str) -> El:
    """A guest phone before it is a player: the phone seats to choose from (a taken one disabled)."""
    return el(
        "section",
        el("h1", key="table.join_title", id="table-title", tabindex="-1"),
        el("p", key="play.phones.live", cls="table-status", id="table-status", role="status", data_state="live"),
        el("p", el("span", key=f"table.err.{error}"), cls="sk-field-error", id="table-error", role="alert")
        if error
        else None,
        el("h2", key="table.who"),
        el(
            "div",
            *(
                el(
                    "button",
                    names[seat],
                    type="button",
                    cls="button",
                    disabled=seat in taken,
                    does=sends("table.claim", seat=seat),
                    id=f"table-claim-{seat}",
                )
                for seat in phones
            ),
            cls="table-who sk-actions",
            id="table-who",
        )
        if phones
        else el("p", key="play.phones.none"),
        cls="score-page sk-score table-page",
        aria_labelledby="table-title",
    )
