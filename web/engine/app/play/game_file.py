"""A game as a file: the export a person downloads, and a game log or backup file they choose to load."""

from __future__ import annotations

from app.storage.backup import game_of

from .session import Session


def export(session: Session) -> tuple[str, str]:
    """The file name and JSON text of `session`'s game log."""
    return f"uno-game-{session.game.seed}.json", session.dumps()


def import_game(text: str) -> Session:
    """The game of a chosen file (a game export or a backup file). ValueError (SaveError) for anything else."""
    return Session.loads(game_of(text))
