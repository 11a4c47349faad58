"""The set-up screen (`#/play`) in the browser (glue): draws `app.play.setup_page`, sends the page's
intents to `app.play.setup.Setup`, remembers the set-up and starts the game it asks for.

"Start" works at once with the defaults (you and three basic bots, official rules); every
change is saved as the next game's set-up.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from app import i18n, link
from app.play.brain_client import brain
from app.play.config import PlayConfig
from app.play.setup import Setup
from app.play.setup_page import ERROR_ID, render
from app.play.store import store
from app.tree import El, el, to_data


def first_default_name() -> str:
    """The first person's name in a new set-up, in the current language."""
    return i18n.t("play.default_name", n=1)


def default_config() -> PlayConfig:
    config = PlayConfig()
    seats = (dataclasses.replace(config.seats[0], name=first_default_name()), *config.seats[1:])
    return config.with_seats(seats)


class PlaySetup:
    static_id: str | None = None

    def __init__(self) -> None:
        self.setup = Setup(store.load_setup() or default_config())
        self.shown = False
        self.default_name = first_default_name()  # the first person's name left as it came

    def frame(self) -> El | None:
        return el("div", el("div", id="play-setup"))

    def mount(self) -> None:
        self.shown = True
        link.listen(self.receive)
        brain().start()  # the bots' worker boots while the table is set up
        self.render()

    def unmount(self) -> None:
        self.shown = False
        link.listen(None)

    def relabel(self) -> None:
        """The language changed: a first person's name left as it came follows it ("Player 1" -> "Jugador 1")."""
        name = first_default_name()
        if name != self.default_name and self.setup.rename(self.default_name, name):
            store.save_setup(self.setup.config)
        self.default_name = name
        self.render()

    def receive(self, message: dict[str, Any]) -> None:
        if message.get("op") != "intent":
            return
        kept = store.current() if store.has_game() else None
        self.setup.in_progress = kept is not None and not kept.game.is_over
        effect = self.setup.act(
            str(message.get("act", "")),
            str(message.get("arg", "")),
            str(message.get("value", "")),
            bool(message.get("checked")),
        )
        if effect.save:
            store.save_setup(self.setup.config)
        if effect.start:
            session = self.setup.start(random.randrange(1, 1 << 31))
            if session is None:
                self.render(focus=ERROR_ID)
                return
            store.keep(session)
            link.to_page({"op": "effect", "go": "#/play/table"})
            return
        if effect.render:
            self.render(effect.focus)

    def render(self, focus: str = "") -> None:
        if not self.shown:
            return
        tree = render(self.setup.screen(store.has_game()))
        link.to_page({"op": "draw", "root": "play-setup", "tree": to_data(tree), "focus": f"#{focus}" if focus else ""})
