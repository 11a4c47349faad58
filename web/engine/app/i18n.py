"""UI text for the controllers: the page's language and its catalogue (web/i18n/<lang>.json), as the page's
side sent them (`use`, at start and after every language switch: `ui.host` sends them with the `lang`
message). Pure: no browser here. Pages get the catalogue as `Texts` (`app.play.screen`); elements bound to a
catalogue key (`app.tree` `key=`) are relabelled by the shell itself on a switch.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.play.screen import Texts


class Language:
    """The language the controllers draw in, and its catalogue (empty while it has not arrived)."""

    def __init__(self) -> None:
        self.texts = Texts()

    def use(self, lang: str, table: Mapping[str, str]) -> None:
        self.texts = Texts(lang, dict(table))


current = Language()
"""The page's language, as the page's side last sent it."""


def use(lang: str, table: Mapping[str, str]) -> None:
    """The page's language and its catalogue (an empty one while it has not arrived)."""
    current.use(lang, table)


def texts() -> Texts:
    return current.texts


def lang() -> str:
    """The current language code ('es' or 'en')."""
    return current.texts.lang


def t(key: str, **args: object) -> str:
    """The text of `key` in the current language, `{name}` placeholders filled from `args`."""
    return current.texts(key, **args)
