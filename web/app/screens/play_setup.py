"""The set-up screen (`#/play`) in the browser (glue): draws `app.play.setup_page`, sends the page's
intents to `app.play.setup.Setup`, remembers the set-up and starts the game it asks for.

"Start" works at once with the defaults (you and three basic bots, official rules); every
change is saved as the next game's set-up.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from pyscript import document, window

from app import i18n
from app.dom import Listeners, build, intent_of
from app.play import store
from app.play.brain_client import brain
from app.play.config import PlayConfig
from app.play.screen import Texts
from app.play.setup import Setup
from app.play.setup_page import render


def default_config() -> PlayConfig:
    config = PlayConfig()
    seats = (dataclasses.replace(config.seats[0], name=i18n.t("play.default_name", n=1)), *config.seats[1:])
    return config.with_seats(seats)


class PlaySetup:
    static_id: str | None = None

    def __init__(self) -> None:
        self.setup = Setup(store.load_setup() or default_config())
        self.body: Any = None
        self.listeners = Listeners()

    def mount(self, root: Any) -> None:
        self.body = document.createElement("div")
        root.append(self.body)
        for event in ("click", "change"):
            self.listeners.add(self.body, event, self.handle)
        brain().start()  # the engine worker boots while the table is set up
        self.render()

    def unmount(self) -> None:
        self.listeners.clear()

    def relabel(self) -> None:
        self.render()

    def handle(self, event: Any) -> None:
        intent = intent_of(event, self.body)
        if intent is None:
            return
        _, act, arg, value, checked = intent
        effect = self.setup.act(act, arg, value, checked)
        if effect.save:
            store.save_setup(self.setup.config)
        if effect.start:
            session = self.setup.start(random.randrange(1, 1 << 31))
            if session is None:
                self.render(focus=self.setup.error_id)
                return
            store.keep(session)
            window.location.hash = "#/play/table"
            return
        if effect.render:
            self.render(effect.focus)

    def render(self, focus: str = "") -> None:
        if self.body is None:
            return
        active = document.activeElement
        keep = focus or (str(active.id) if active and self.body.contains(active) and active.id else "")
        code, table = i18n.catalogue()
        tree = render(self.setup.screen(Texts(code, table), store.has_game()))
        for name, value in tree.attrs:
            self.body.setAttribute(name, value)
        self.body.replaceChildren(*(build(child) for child in tree.children))
        if keep:
            again = document.getElementById(keep)
            if again:
                again.focus()
