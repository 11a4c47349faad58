"""`localStorage` for tests: a dict behind the `app.storage.core.Local` protocol."""

from __future__ import annotations

from collections.abc import Mapping


class FakeLocal:
    """localStorage: a dict; `full` makes every set fail like a quota error."""

    def __init__(self, items: Mapping[str, str] | None = None) -> None:
        self.items = dict(items or {})
        self.full = False

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> bool:
        if self.full:
            return False
        self.items[key] = value
        return True

    def remove(self, key: str) -> None:
        self.items.pop(key, None)
