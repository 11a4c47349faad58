"""Every screen of the app, by route name: add a new screen here (see README)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.router import ScreenFactory
from app.screens.howto import HowTo
from app.screens.play import play_screen
from app.screens.play_resume import LandingWithResume
from app.screens.score import ScoreScreen
from app.screens.table import PhonesScreen

if TYPE_CHECKING:
    from app.application import App


def routes(app: App) -> dict[str, ScreenFactory]:
    """The screens of this phone's own page, each made with what it needs of `app`."""
    return {
        "": lambda params: LandingWithResume(app.link, app.play),
        "play": lambda params: play_screen(params, app),
        "score": lambda params: ScoreScreen(params, app.link, app.desk, app.sessions),
        "howto": lambda params: HowTo(app.link, params),
        "table": lambda params: PhonesScreen(params, app.link, app.sessions),
    }
