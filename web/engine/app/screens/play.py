"""Play mode's routes: `#/play` is the set-up, `#/play/table` the game in progress."""

from __future__ import annotations

from app.router import Screen
from app.screens.play_setup import PlaySetup
from app.screens.play_table import PlayTable


def play_screen(params: tuple[str, ...]) -> Screen:
    return PlayTable() if params[:1] == ("table",) else PlaySetup()
