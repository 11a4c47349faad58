"""The saves, opened on what the page's side sent (`ui.saves`): IndexedDB through `web/page/saves.js` on the page,
`localStorage` as mirror and fallback. No browser here: every write goes to the page as a message (`app.link`)
and counts once the page says its transaction has completed.

`PageStorage` owns them (one per page, made by `app.application.App`): `await start(hello)` once before any screen
reads a save (`hello` is `ui.saves.hello()`'s answer); then `saves()` is the one accessor of the one `Saves`, for
both modes.
`<html data-saves="saved|saving|fallback" data-saves-commits="N">` tells tests and styles where the saves
are; the fallback shows the translated warning with an export button.

Messages (`shared.protocol`): to the page ``saves-write`` (answered by ``saves-written``; once it completed, the
page marks the saves saved and tells the other tabs), ``saves-hold`` (a value shown and written later: the page
copies it if it goes first) and ``local``; from the page ``saves-others`` (another tab committed these) and
``saves-export`` (the warning's export button).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Iterable, Mapping
from typing import Any

from app.browser import spawn
from app.link import Link
from app.storage.backup import backup_name, backup_text
from app.storage.core import MIRRORED, Saves, State, StorageFailure, record
from app.storage.opening import open_saves
from shared.messages import Download, FromPage, Label, SavesWriteMessage

JSON_TYPE = "application/json"


def now_ms() -> int:
    return int(time.time() * 1000)


class PageLocal:
    """The page's `localStorage` as a `Local`: read from the copy the page sent at start, written through."""

    def __init__(self, link: Link, items: Mapping[str, str]) -> None:
        self.link, self.items = link, dict(items)

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> bool:
        self.items[key] = value
        self.link.to_page({"op": "local", "set": {key: value}})
        return True  # a refusal is the page's to report (its console)

    def remove(self, key: str) -> None:
        self.items.pop(key, None)
        self.link.to_page({"op": "local", "remove": [key]})


class PageBackend:
    """IndexedDB on the page: each `write` is one transaction there; resolves once it has completed."""

    mirrors = True  # the page copies a write's `mirror` keys to localStorage itself, once it completed

    def __init__(self, link: Link) -> None:
        self.link = link
        self.last = 0
        self.waiting: dict[int, asyncio.Future[str]] = {}
        link.handle("saves-written", self.written)

    def written(self, message: FromPage) -> None:
        if message["op"] != "saves-written":
            return
        future = self.waiting.pop(message["id"], None)
        if future is not None and not future.done():
            future.set_result(message.get("error") or "")

    async def write(self, puts: Mapping[str, dict[str, Any]], deletes: Iterable[str]) -> None:
        self.last += 1
        future: asyncio.Future[str] = asyncio.get_event_loop().create_future()
        self.waiting[self.last] = future
        message: SavesWriteMessage = {
            "op": "saves-write",
            "id": self.last,
            "puts": dict(puts),
            "deletes": list(deletes),
        }
        mirror = sorted(key for key in (*message["puts"], *message["deletes"]) if key in MIRRORED)
        if mirror:  # copied to localStorage by the page once written, before it says "saved"
            message["mirror"] = mirror
        self.link.to_page(message)
        error = await future
        if error:
            raise StorageFailure(error)


class PageStorage:
    """The page's saves in the worker, for both modes: the one `Saves` (after `start`), the page's
    `localStorage` as sent at start, and how often other tabs' saves came in (a mark for tests)."""

    def __init__(self, link: Link, saves: Saves | None = None) -> None:
        self.link = link
        self.opened = saves
        self.local = PageLocal(link, {})
        self.refreshed = 0

    def saves(self) -> Saves:
        if self.opened is None:
            raise RuntimeError("the saves have not been opened yet")
        return self.opened

    async def start(self, hello: Mapping[str, Any]) -> Saves:
        """Open the saves (migrating older `localStorage` data once); call before any screen reads one.
        `hello`: {"records": {key: record} or None, "error": why there are none, "local": {key: value}}."""
        if self.opened is not None:
            return self.opened
        records = hello.get("records")
        items = hello.get("local")
        self.local = PageLocal(self.link, items if isinstance(items, dict) else {})
        backend = PageBackend(self.link) if isinstance(records, dict) else None
        saves, plan = await open_saves(
            records if isinstance(records, dict) else None,
            backend,
            self.local,
            clock=now_ms,
            spawn=spawn,
            on_state=self.show_state,
            unavailable=str(hello.get("error") or "IndexedDB unavailable"),
        )
        self.opened = saves
        self.link.handle("saves-export", self.export)
        if backend is not None:
            self.link.handle("saves-others", self.others_saved)
        marks: dict[str, str] = {}
        if plan.migrated:
            marks["saves-migrated"] = " ".join(plan.migrated)
        if plan.problems:
            print(f"uno saves: records kept aside, unreadable: {plan.problems}", file=sys.stderr)
        if saves.state != "fallback":
            marks.update({"saves": saves.state, "saves-commits": "0"})
        if marks:
            self.link.to_page({"op": "set", "marks": marks})
        return saves

    def hold(self, key: str, value: str) -> None:
        """`value` of `key` is on show and written later (a typed total, once the typing pauses): should the page go
        first (a reload, a closed tab), web/page/saves.js copies it where the next start looks."""
        self.link.to_page({"op": "saves-hold", "puts": {key: record(value, now_ms())}})

    def show_state(self, state: State, reason: str) -> None:
        """The fallback's marks and warning (the page shows "saving" and "saved" itself from the writes: `ui.saves`)."""
        if state != "fallback":
            return
        marks: dict[str, str] = {"saves": state}
        if self.opened is not None:
            marks["saves-commits"] = str(self.opened.commits)
        if state == "fallback":
            marks["saves-failure"] = reason
        label: Label = {"key": f"saves.{state}"}
        self.link.to_page({"op": "set", "marks": marks, "id": "save-state", "label": label, "hidden": False})
        if state == "fallback":
            self.link.to_page({"op": "set", "id": "save-warning", "hidden": False})

    def export(self, message: FromPage) -> None:
        """The warning's export button: every save in one file, downloaded by the page."""
        if self.opened is None:
            return
        now = now_ms()
        backup: Download = {"name": backup_name(now), "text": backup_text(self.opened.values, now), "type": JSON_TYPE}
        self.link.to_page({"op": "effect", "download": backup})

    def others_saved(self, message: FromPage) -> None:
        """Another tab committed saves: take them (its copy is on disk; this tab's next save keeps them)."""
        records = message.get("records") if message["op"] == "saves-others" else None
        if self.opened is None or not isinstance(records, dict):
            return
        if self.opened.refresh(records):
            self.refreshed += 1
            self.link.to_page({"op": "set", "marks": {"saves-refreshed": str(self.refreshed)}})
