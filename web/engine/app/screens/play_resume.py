"""The landing page with its "Resume game" link (static in index.html, hidden until a game is saved)."""

from __future__ import annotations

from app import link
from app.play.store import store
from app.screens.landing import Landing


class LandingWithResume(Landing):
    def mount(self) -> None:
        super().mount()
        link.to_page({"op": "set", "id": "resume-link", "hidden": not store.has_game()})
