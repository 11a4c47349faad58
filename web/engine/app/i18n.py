"""UI text for the controllers: a page's language and its catalogue (web/i18n/<lang>.json), as that page's side
sent them (at start and after every language switch: `ui.host` sends them with the `lang` message); each
`app.link.Link` holds its page's. Pure: no browser here. Controllers get the catalogue as `Texts`; elements bound to
a catalogue key (`app.tree` `key=`) are relabelled by the shell itself on a switch.
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
