"""The saves in the browser (glue): IndexedDB through `web/saves.js`, `localStorage` as mirror and fallback.

`await start()` once before any screen reads a save; then `saves()` is the one `Saves` of the page,
for both modes. `<html data-saves="saved|saving|fallback" data-saves-commits="N">` tells tests and
styles where the saves are; the fallback shows the translated warning with an export button.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import i18n
from app.browser import download, spawn
from app.storage.backup import backup_name, backup_text
from app.storage.core import Saves, State, StorageFailure, open_saves

_saves: list[Saves] = []
_proxies: list[Any] = []


def _js_object(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


class LocalStorage:
    """`window.localStorage` as a `Local`: a blocked or full storage is reported, never raised."""

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage blocked by the browser
            return None
        return value if isinstance(value, str) else None  # JS null arrives as `jsnull`

    def set(self, key: str, value: str) -> bool:
        try:
            window.localStorage.setItem(key, value)
        except Exception as error:  # quota or blocked
            window.console.error(f"uno saves: localStorage refused {key}: {error}")
            return False
        return True

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(key)


class IndexedDbBackend:
    """`web/saves.js`'s `write`: resolves when the IndexedDB transaction has completed."""

    def __init__(self, api: Any) -> None:
        self.api = api

    async def write(self, puts: Mapping[str, dict[str, Any]], deletes: Iterable[str]) -> None:
        try:
            await self.api.write(_js_object(dict(puts)), to_js(list(deletes)))
        except Exception as error:  # a JsException: quota, closed database...
            raise StorageFailure(str(error)) from error


def _show_state(state: State, reason: str) -> None:
    root = document.documentElement
    root.dataset.saves = state
    if _saves:
        root.dataset.savesCommits = str(_saves[0].commits)
    status = document.getElementById("save-state")
    if status:
        i18n.bind(status, f"saves.{state}")
        status.hidden = False
    if state == "fallback":
        root.dataset.savesFailure = reason
        warning = document.getElementById("save-warning")
        if warning:
            warning.hidden = False


def _export(event: Any) -> None:
    if not _saves:
        return
    now = int(window.Date.now())
    download(backup_name(now), backup_text(_saves[0].values, now))


CHANNEL = "uno-saves"  # each tab says which keys it has committed; the others read them again


def _listen_to_other_tabs(saves: Saves, api: Any) -> None:
    """Keep this tab's values in step with saves another tab commits (the same sheet open twice)."""
    if not hasattr(window, "BroadcastChannel"):
        return
    channel = window.BroadcastChannel.new(CHANNEL)

    def tell(keys: frozenset[str]) -> None:
        channel.postMessage(to_js(sorted(keys)))

    async def take(keys: list[str]) -> None:
        try:
            records = (await api.getMany(to_js(keys))).to_py()
        except Exception as error:  # the other tab's copy stays on disk; this tab goes on with its own
            window.console.warn(f"uno saves: could not read another tab's saves: {error}")
            return
        changed = saves.refresh(records)
        if changed:  # for tests: how many times another tab's saves came in
            root = document.documentElement
            root.dataset.savesRefreshed = str(int(root.dataset.savesRefreshed or 0) + 1)

    def on_message(event: Any) -> None:
        keys = [str(key) for key in event.data] if event.data else []
        if keys:
            spawn(take(keys))

    proxy = create_proxy(on_message)
    _proxies.append(proxy)
    channel.onmessage = proxy
    _proxies.append(channel)
    saves.on_commit = tell


async def start() -> Saves:
    """Open the saves (migrating today's `localStorage` data once); call before any screen reads one."""
    if _saves:
        return _saves[0]
    api = getattr(window, "unoSaves", None)
    records: dict[str, Any] | None = None
    unavailable = "web/saves.js did not load"
    if api:
        result = await api.read()
        if getattr(result, "records", None) is not None:
            records = result.records.to_py()
        else:
            unavailable = str(getattr(result, "error", "IndexedDB unavailable"))
    backend = IndexedDbBackend(api) if records is not None else None
    saves, plan = await open_saves(
        records,
        backend,
        LocalStorage(),
        clock=lambda: int(window.Date.now()),
        spawn=spawn,
        on_state=_show_state,
        unavailable=unavailable,
    )
    _saves.append(saves)
    if backend is not None:
        _listen_to_other_tabs(saves, api)
    root = document.documentElement
    if plan.migrated:
        root.dataset.savesMigrated = " ".join(plan.migrated)
    if plan.problems:
        window.console.warn(f"uno saves: records kept aside, unreadable: {plan.problems}")
    button = document.getElementById("save-export")
    if button:
        proxy = create_proxy(_export)
        _proxies.append(proxy)
        button.addEventListener("click", proxy)
    if saves.state != "fallback":
        root.dataset.saves = saves.state
        root.dataset.savesCommits = "0"
    return saves


def saves() -> Saves:
    """The page's saves (after `start()`)."""
    if not _saves:
        raise RuntimeError("storage.start() has not run")
    return _saves[0]
