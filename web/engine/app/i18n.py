"""UI text for the controllers: the page's language and its catalogue (web/i18n/<lang>.json), as the page's
side sent them (`use`, at start and after every language switch: `ui.host` sends them with the `lang`
message). Pure: no browser here. Controllers get the catalogue as `Texts`; elements bound to a catalogue
key (`app.tree` `key=`) are relabelled by the shell itself on a switch.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from app.tree import Phrase, words

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Texts:
    """The catalogue of the page's language; `texts(key, **args)` is the shell's `t()` (web/page/shell.js):
    `{name}` placeholders filled from `args`, the key itself when the catalogue lacks it, nothing while
    no catalogue has arrived."""

    lang: str = ""
    table: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, key: str, **args: object) -> str:
        if not self.table:
            return ""
        text = self.table.get(key, key)
        return _PLACEHOLDER.sub(lambda m: str(args[m[1]]) if m[1] in args else m[0], text)

    def tr(self, key: str, args: Mapping[str, str]) -> str:
        """`app.tree`'s way to translate: arguments as a mapping."""
        return self(key, **args)

    def has(self, key: str) -> bool:
        return key in self.table

    def words(self, text: Phrase | str) -> str:
        """A phrase's words in this language."""
        return words(text, self.tr)


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
