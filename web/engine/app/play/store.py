"""Play mode's memory in the page's saves (`app.storage`: IndexedDB): the remembered set-up, the game in
progress, written through after every action, and the table's sound switch (pure: on the page's saves,
`app.storage.page_saves.PageStorage`)."""

from __future__ import annotations

import json
import sys

from app.play.config import ConfigError, PlayConfig
from app.play.session import Session
from app.storage.core import PLAY_GAME, PLAY_SETUP
from app.storage.page_saves import PageStorage
from uno_core import SaveError


class PlayStore:
    """The play saves' reader and writer, holding the game in progress in memory (at most one), so screens
    need not replay it."""

    SETUP_KEY = PLAY_SETUP
    GAME_KEY = PLAY_GAME
    SOUND_KEY = "uno.play.sound"  # "on" / "off"; absent until the switch is first touched

    def __init__(self, storage: PageStorage) -> None:
        self.storage = storage
        self._session: Session | None = None

    def _get(self, key: str) -> str | None:
        return self.storage.saves().get(key)

    def _set(self, key: str, value: str | None) -> None:
        if value is None:
            self.storage.saves().remove(key)
        else:
            self.storage.saves().set(key, value)

    def load_setup(self) -> PlayConfig | None:
        text = self._get(self.SETUP_KEY)
        if not text:
            return None
        try:
            return PlayConfig.from_dict(json.loads(text))
        except (ValueError, ConfigError):
            return None

    def save_setup(self, config: PlayConfig) -> None:
        self._set(self.SETUP_KEY, json.dumps(config.to_dict(), ensure_ascii=False))

    def has_game(self) -> bool:
        return self._session is not None or bool(self._get(self.GAME_KEY))

    def current(self) -> Session | None:
        """The game in progress: in memory, else replayed from storage (a damaged save is dropped)."""
        if self._session is not None:
            return self._session
        text = self._get(self.GAME_KEY)
        if not text:
            return None
        try:
            session = Session.loads(text)
        except (SaveError, ConfigError, ValueError) as error:
            print(f"uno: dropping a saved game that does not load: {error}", file=sys.stderr)
            self._set(self.GAME_KEY, None)
            return None
        self._session = session
        return session

    def reload(self) -> Session | None:
        """The game in progress as saved now (another tab may have moved on): replayed from the saves."""
        self._session = None
        return self.current()

    def keep(self, session: Session) -> None:
        """Make `session` the game in progress and save it."""
        self._session = session
        self.save(session)

    def save(self, session: Session) -> None:
        self._set(self.GAME_KEY, session.dumps())

    def forget(self) -> None:
        self._session = None
        self._set(self.GAME_KEY, None)

    def sound(self) -> str | None:
        """The sound switch: "on", "off", or None when it was never touched on this device."""
        value = self._get(self.SOUND_KEY)
        return value if value in ("on", "off") else None

    def save_sound(self, on: bool) -> None:
        self._set(self.SOUND_KEY, "on" if on else "off")
