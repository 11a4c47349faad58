"""Play mode's routes: `#/play` is the set-up, `#/play/table` the game in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.router import Screen
from app.screens.play_setup import PlaySetup
from app.screens.play_table import PlayTable

if TYPE_CHECKING:
    from app.application import App


def play_screen(params: tuple[str, ...], app: App) -> Screen:
    if params[:1] == ("table",):
        sessions = app.sessions
        return PlayTable(
            app.link, app.play, app.brain, app.storage, app.play_share, sessions.play_drew, sessions.resume_play
        )
    return PlaySetup(app.link, app.play, app.brain)
