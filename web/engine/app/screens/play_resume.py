"""The landing page with its "Resume game" link (static in index.html, hidden until a game is saved)."""

from __future__ import annotations

from app.link import Link
from app.play.store import PlayStore
from app.screens.landing import Landing


class LandingWithResume(Landing):
    def __init__(self, link: Link, store: PlayStore) -> None:
        self.link, self.store = link, store

    def mount(self) -> None:
        super().mount()
        self.link.to_page({"op": "set", "id": "resume-link", "hidden": not self.store.has_game()})
