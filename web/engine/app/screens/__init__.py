"""Every screen of the app, by route name: add a new screen here (see README)."""

from __future__ import annotations

from app.router import ScreenFactory
from app.screens.howto import HowTo
from app.screens.play import play_screen
from app.screens.play_resume import LandingWithResume
from app.screens.score import ScoreScreen
from app.screens.table import TableScreen

ROUTES: dict[str, ScreenFactory] = {
    "": lambda params: LandingWithResume(),
    "play": play_screen,
    "score": lambda params: ScoreScreen(params),
    "howto": lambda params: HowTo(params),
    "table": lambda params: TableScreen(params),
}
