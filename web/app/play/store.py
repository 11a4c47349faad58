"""Play mode's memory in the page's saves (`app.storage`: IndexedDB): the remembered set-up, the game in
progress, written through after every action, and the table's sound switch (pure: on
`app.storage.bridge.saves`)."""

from __future__ import annotations

import json
import sys

from app.play.config import ConfigError, PlayConfig
from app.play.session import Session
from app.storage.bridge import saves
from app.storage.core import PLAY_GAME, PLAY_SETUP
from uno_core import SaveError

SETUP_KEY = PLAY_SETUP
GAME_KEY = PLAY_GAME
SOUND_KEY = "uno.play.sound"  # "on" / "off"; absent until the switch is first touched

_current: list[Session] = []  # the session in memory (at most one), so screens need not replay it


def _get(key: str) -> str | None:
    return saves().get(key)


def _set(key: str, value: str | None) -> None:
    if value is None:
        saves().remove(key)
    else:
        saves().set(key, value)


def load_setup() -> PlayConfig | None:
    text = _get(SETUP_KEY)
    if not text:
        return None
    try:
        return PlayConfig.from_dict(json.loads(text))
    except (ValueError, ConfigError):
        return None


def save_setup(config: PlayConfig) -> None:
    _set(SETUP_KEY, json.dumps(config.to_dict(), ensure_ascii=False))


def has_game() -> bool:
    return bool(_current) or bool(_get(GAME_KEY))


def current() -> Session | None:
    """The game in progress: in memory, else replayed from storage (a damaged save is dropped)."""
    if _current:
        return _current[0]
    text = _get(GAME_KEY)
    if not text:
        return None
    try:
        session = Session.loads(text)
    except (SaveError, ConfigError, ValueError) as error:
        print(f"uno: dropping a saved game that does not load: {error}", file=sys.stderr)
        _set(GAME_KEY, None)
        return None
    _current.append(session)
    return session


def reload() -> Session | None:
    """The game in progress as saved now (another tab may have moved on): replayed from the saves."""
    _current.clear()
    return current()


def keep(session: Session) -> None:
    """Make `session` the game in progress and save it."""
    _current[:] = [session]
    save(session)


def save(session: Session) -> None:
    _set(GAME_KEY, session.dumps())


def forget() -> None:
    _current.clear()
    _set(GAME_KEY, None)


def sound() -> str | None:
    """The sound switch: "on", "off", or None when it was never touched on this device."""
    value = _get(SOUND_KEY)
    return value if value in ("on", "off") else None


def save_sound(on: bool) -> None:
    _set(SOUND_KEY, "on" if on else "off")
