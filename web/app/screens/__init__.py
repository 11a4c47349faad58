"""Every screen of the app, by route name: add a new screen here (see README)."""

from __future__ import annotations

from app.router import ScreenFactory
from app.screens.howto import HowTo
from app.screens.landing import Landing
from app.screens.placeholder import Placeholder

ROUTES: dict[str, ScreenFactory] = {
    "": lambda params: Landing(),
    "play": lambda params: Placeholder("play.title", "play.soon"),
    "score": lambda params: Placeholder("score.title", "score.soon"),
    "howto": lambda params: HowTo(params),
}
