"""UI text for Python screens, through the JS shell (web/shell.js) that owns the language.

One catalogue per language: web/i18n/<lang>.json. Elements carry their key in
`data-i18n` (and `data-i18n-args`), so a language switch relabels every screen at once;
text is always set as text, never parsed as HTML.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy, to_js

_listeners: list[Any] = []  # keep the proxies alive
_shell_t = window.unoShell.t  # looked up once: a screen asks for a hundred texts per drawing


def lang() -> str:
    """The current language code ('es' or 'en')."""
    return str(window.unoShell.lang)


def t(key: str, **args: object) -> str:
    """The text of `key` in the current language, `{name}` placeholders filled from `args`."""
    if not args:
        return str(_shell_t(key))
    return str(_shell_t(key, to_js({k: str(v) for k, v in args.items()})))


_catalogues: dict[str, dict[str, str]] = {}  # by language: the shell loads each catalogue once


def catalogue() -> tuple[str, dict[str, str]]:
    """The current language and its catalogue (empty while it has not arrived), for pages that
    translate their own texts (`app.play.screen.Texts`)."""
    code = lang()
    table = _catalogues.get(code)
    if table is None:
        found = window.unoShell.catalogue
        if not found:  # JS null arrives as `jsnull` (falsy)
            return code, {}
        table = _catalogues[code] = {str(k): str(v) for k, v in found.to_py().items()}
    return code, table


def bind(element: Any, key: str, **args: object) -> Any:
    """Give `element` the text of `key` now and after every language switch; return it."""
    element.dataset.i18n = key
    if args:
        element.dataset.i18nArgs = json.dumps({k: str(v) for k, v in args.items()})
    else:
        element.removeAttribute("data-i18n-args")
    element.textContent = t(key, **args)
    return element


def bind_attr(element: Any, attr: str, key: str) -> Any:
    """Give `element` the attribute `attr` (e.g. aria-label) with the text of `key`; return it."""
    element.dataset.i18nAttr = f"{attr}:{key}"
    element.setAttribute(attr, t(key))
    return element


def on_change(callback: Callable[[str], None]) -> None:
    """Call `callback(lang)` after each language switch (labels are already updated by then)."""
    proxy = create_proxy(lambda event: callback(str(event.detail.lang)))
    _listeners.append(proxy)
    window.addEventListener("uno:lang", proxy)
