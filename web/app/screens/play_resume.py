"""The landing page with its "Resume game" link (static in index.html, hidden until a game is saved)."""

from __future__ import annotations

from typing import Any

from pyscript import document

from app.play import store
from app.screens.landing import Landing


class LandingWithResume(Landing):
    def mount(self, root: Any) -> None:
        super().mount(root)
        link = document.getElementById("resume-link")
        if link:
            link.hidden = not store.has_game()
