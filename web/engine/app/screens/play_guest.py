"""A guest phone's table in play (issue 50), drawn by the host's engine (`app.play.phones.PlayShare` makes it for
each guest's page, `app.peer.guests.GuestPage`).

Until the phone says which player it is (`table.claim`, a free phone seat only), it shows the phone seats. Then it
is today's table page (`app.play.pages`, the same drawing, live region and cues as `app.screens.play_table`) for
its own seat, drawn from that seat's view only (`PlayController` with `phone`), in the phone's language. Its
`play.*` intents go to that controller; nothing else of a play intent is taken (its seat is the link's, never a
field of the message).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.link import Link
from app.play.controller import PlayController
from app.play.phones import PlayShare, seat_page
from app.play.presenter import Frame
from app.screens.guest import LiveScreen
from app.screens.play_table import draw_frame, table_frame
from app.tree import El, el, to_data
from shared.messages import FromPage, is_play_intent, is_table_intent

if TYPE_CHECKING:
    from app.peer.hosting import Hosting
    from app.peer.protocol import Guest


class PlayGuestScreen(LiveScreen):
    """One guest phone's screen of the host's game."""

    def __init__(self, link: Link, hosting: Hosting, share: PlayShare, guest: Guest) -> None:
        self.link, self.hosting, self.share, self.guest = link, hosting, share, guest
        self.table: PlayController | None = None  # its seat's table, once it is a player
        self.error = ""  # a catalogue key's tail under table.err., shown once
        self.shown = False

    def frame(self) -> El | None:
        return table_frame()

    def seat_table(self) -> PlayController | None:
        """Its seat's table, made (or remade for a new game) when the phone is a player of this game."""
        seat, session = self.guest.seat, self.share.session()
        if seat is None or session is None or seat not in session.phones:
            self.table = None
            return None
        if self.table is None or self.table.phone != seat:
            self.table = self.share.controller(seat, self.show, lambda: self.link.texts)
        if self.table.session is not session:  # a new table, a new game on the host, or one loaded
            self.table.session = session
            self.table.presenter.start(session)
        return self.table

    def render(self) -> None:
        if not self.shown:
            return
        table = self.seat_table()
        if table is not None:
            table.render()
            return
        page = seat_page(self.share.players(), self.share.phones(), self.hosting.taken(self.guest), self.error)
        self.link.to_page({"op": "draw", "root": "play", "tree": to_data(el("div", page, id="play", cls="play"))})

    def show(self, frame: Frame) -> None:
        if self.shown:
            draw_frame(self.link, frame, again=False)

    def receive(self, message: FromPage) -> None:
        self.error = ""  # a refusal shows until the phone's next tap
        if is_table_intent(message) and message["act"] == "table.claim":
            self.error = self.hosting.claim(self.guest, message["seat"])
            self.hosting.changed()
        elif is_play_intent(message) and self.seat_table() is not None:
            assert self.table is not None
            self.table.intent(message)
