"""The set-up screen (`#/play`) in the browser (glue): draws `app.play.setup_page`, sends the page's
intents to `app.play.setup.Setup`, remembers the set-up and starts the game it asks for.

"Start" works at once with the defaults (you and three basic bots, official rules); every
change is saved as the next game's set-up.
"""

from __future__ import annotations

import dataclasses
import random

from app.i18n import Texts
from app.link import Link
from app.play.brain_client import BrainClient
from app.play.config import PlayConfig
from app.play.setup import Setup
from app.play.setup_page import ERROR_ID, render
from app.play.store import PlayStore
from app.tree import El, el, to_data
from shared.messages import FromPage, is_setup_intent


def first_default_name(texts: Texts) -> str:
    """The first person's name in a new set-up, in the page's language."""
    return texts("play.default_name", n=1)


def default_config(texts: Texts) -> PlayConfig:
    config = PlayConfig()
    seats = (dataclasses.replace(config.seats[0], name=first_default_name(texts)), *config.seats[1:])
    return config.with_seats(seats)


class PlaySetup:
    static_id: str | None = None

    def __init__(self, link: Link, store: PlayStore, brain: BrainClient) -> None:
        self.link, self.store, self.brain = link, store, brain
        self.setup = Setup(store.load_setup() or default_config(link.texts))
        self.shown = False
        self.default_name = first_default_name(link.texts)  # the first person's name left as it came

    def frame(self) -> El | None:
        return el("div", el("div", id="play-setup"))

    def mount(self) -> None:
        self.shown = True
        self.link.listen(self.receive)
        self.brain.start()  # the bots' worker boots while the table is set up
        self.render()

    def unmount(self) -> None:
        self.shown = False
        self.link.listen(None)

    def relabel(self) -> None:
        """The language changed: a first person's name left as it came follows it ("Player 1" -> "Jugador 1")."""
        name = first_default_name(self.link.texts)
        if name != self.default_name and self.setup.rename(self.default_name, name):
            self.store.save_setup(self.setup.config)
        self.default_name = name
        self.render()

    def receive(self, message: FromPage) -> None:
        if not is_setup_intent(message):
            return
        store = self.store
        kept = store.current() if store.has_game() else None
        self.setup.in_progress = kept is not None and not kept.game.is_over
        effect = self.setup.act(message)
        if effect.save:
            store.save_setup(self.setup.config)
        if effect.start:
            session = self.setup.start(random.randrange(1, 1 << 31))
            if session is None:
                self.render(focus=ERROR_ID)
                return
            store.keep(session)
            # a game with seats on guest phones starts by inviting them (`app.play.phones`)
            self.link.to_page({"op": "effect", "go": "#/table/host/play" if session.phones else "#/play/table"})
            return
        if effect.render:
            self.render(effect.focus)

    def render(self, focus: str = "") -> None:
        if not self.shown:
            return
        tree = render(self.setup.screen(self.store.has_game()))
        self.link.to_page(
            {"op": "draw", "root": "play-setup", "tree": to_data(tree), "focus": f"#{focus}" if focus else ""}
        )
