"""UI text for the controllers: the page's language and its catalogue (web/i18n/<lang>.json), as the page's
side sent them (`use`, at start and after every language switch: `ui.host` sends them with the `lang`
message). Pure: no browser here. Pages get the catalogue as `Texts` (`app.play.screen`); elements bound to a
catalogue key (`app.tree` `key=`) are relabelled by the shell itself on a switch.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.play.screen import Texts

_current: list[Texts] = [Texts()]


def use(lang: str, table: Mapping[str, str]) -> None:
    """The page's language and its catalogue (an empty one while it has not arrived)."""
    _current[0] = Texts(lang, dict(table))


def texts() -> Texts:
    return _current[0]


def lang() -> str:
    """The current language code ('es' or 'en')."""
    return _current[0].lang


def t(key: str, **args: object) -> str:
    """The text of `key` in the current language, `{name}` placeholders filled from `args`."""
    return _current[0](key, **args)
