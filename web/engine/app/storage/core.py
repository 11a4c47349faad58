"""Durable saves for both modes, as pure logic: no `js` import, tested on CPython with fake backends.

Every save (the score library, round drafts, the set-ups, the play-mode game in progress) is a
string under a key. `Saves` keeps them in memory for synchronous reads and writes each change to
a durable `Backend` (IndexedDB in the browser, `web/page/saves.js`); a change counts as saved only when
the backend's transaction has completed (`state == "saved"`). Keys in `MIRRORED` are also copied
to `localStorage` after that, for pictures painted before Python runs (the saved sheet's prepaint; the new
game's set-up, which web/setup-prepaint.js paints only while it is the blank one).

When the durable backend is missing or fails (private browsing, a full phone), saves fall back to
`localStorage` (`Local`), each with a time stamp, and `state` says "fallback" so that the page can
warn. What the saves start with is `app.storage.opening`'s to decide.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from typing import Any, Literal, Protocol

VERSION = 1  # of the record format {v, at, data}
META_KEY = "meta"
FALLBACK_STAMPS_KEY = "uno.saves.fallback"  # localStorage: {key: ms} of saves written while falling back
BACKUP_PREFIX = "backup."  # a record that could not be read is kept under this prefix, never overwritten

SCORE_LIBRARY = "uno.score.library"
SCORE_LIBRARY_DAMAGED = "uno.score.library.damaged"
SCORE_DRAFTS = "uno.score.drafts"
SCORE_SETUP = "uno.score.setup"
SCORE_PREPAINT = "uno.score.prepaint"
PLAY_SETUP = "uno.play.setup"
PLAY_GAME = "uno.play.game"

LEGACY_KEYS = (SCORE_LIBRARY, SCORE_LIBRARY_DAMAGED, SCORE_DRAFTS, SCORE_SETUP, SCORE_PREPAINT, PLAY_SETUP, PLAY_GAME)
"""What the app kept in `localStorage` before saves moved to IndexedDB (migrated once)."""
MIRRORED = frozenset({SCORE_PREPAINT, SCORE_SETUP})
"""Also kept in `localStorage`, written after the durable save, read synchronously before Python."""
APP_PREFIXES = ("uno.score.", "uno.play.")
"""Records this module owns; others (the shell's `uno.lang`) are left to their owner."""

State = Literal["saved", "saving", "fallback"]


class StorageFailure(Exception):
    """The durable backend refused a write (quota, blocked, closed); the message says why."""


class Backend(Protocol):
    """A durable store of records, one transaction per `write`. `mirrors`: it copies a completed write's
    `MIRRORED` keys to `localStorage` itself (the page does), so the saves do not."""

    mirrors: bool

    def write(self, puts: Mapping[str, dict[str, Any]], deletes: Iterable[str]) -> Awaitable[None]:
        """Resolve once every put and delete is committed; raise `StorageFailure` otherwise."""
        ...


class Local(Protocol):
    """`localStorage`: synchronous, not durable right away; never raises (a blocked one reads as empty)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool:
        """Store `value`; False when the browser refused (full, blocked)."""
        ...

    def remove(self, key: str) -> None: ...


def record(data: str, at: int) -> dict[str, Any]:
    """The stored form of one save."""
    return {"v": VERSION, "at": at, "data": data}


def read_record(value: Any) -> tuple[str, int] | None:
    """(data, at) of a stored record, or None when it is not one this version can read."""
    if not isinstance(value, Mapping) or value.get("v") != VERSION:
        return None
    data, at = value.get("data"), value.get("at")
    if not isinstance(data, str) or type(at) is not int:
        return None
    return data, at


def owned(key: str) -> bool:
    return key.startswith(APP_PREFIXES)


def fallback_stamps(local: Local) -> dict[str, int]:
    """The keys saved to `localStorage` while the durable store failed, with their times."""
    try:
        data = json.loads(local.get(FALLBACK_STAMPS_KEY) or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if type(v) is int}


Spawn = Callable[[Coroutine[Any, Any, None]], object]


class Saves:
    """The app's saves: synchronous reads from memory, every change written through to the backend.

    `set`/`remove` return at once; the write starts on the next tick (`spawn`), changes made
    meanwhile go in the same transaction, and `state` is "saving" until every write has completed.
    A write does not wait for the one before it (the backend keeps their order): what a drawing shows
    reaches the page with it, so a page that goes before the disk has it can keep a copy (web/page/saves.js).
    """

    def __init__(
        self,
        values: Mapping[str, str],
        backend: Backend | None,
        local: Local,
        *,
        clock: Callable[[], int],
        spawn: Spawn,
        on_state: Callable[[State, str], None] = lambda state, reason: None,
    ) -> None:
        self.values: dict[str, str] = dict(values)
        self.backend = backend
        self.local = local
        self.clock = clock
        self.spawn = spawn
        self.on_state = on_state
        self.pending: dict[str, str | None] = {}  # key -> value (None: delete), not yet handed to the backend
        self.writing = 0  # writes handed to the backend and not completed yet
        self.failure = "" if backend is not None else "unavailable"
        self.commits = 0  # completed transactions, for tests and the page's marker
        self.listeners: list[Callable[[frozenset[str]], None]] = []  # told of other tabs' changes
        self.on_commit: Callable[[frozenset[str]], None] = lambda keys: None  # tells the other tabs

    @property
    def state(self) -> State:
        if self.backend is None:
            return "fallback"
        return "saving" if self.pending or self.writing else "saved"

    # -- reading and writing ----------------------------------------------------------------------

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> None:
        if self.values.get(key) == value and key not in self.pending:
            return
        self.values[key] = value
        self._change(key, value)

    def remove(self, key: str) -> None:
        if key not in self.values and key not in self.pending:
            return
        self.values.pop(key, None)
        self._change(key, None)

    def _change(self, key: str, value: str | None) -> None:
        if self.backend is None:
            self._write_local({key: value})
            return
        first = not self.pending
        if first and not self.writing:
            self.on_state("saving", "")
        self.pending[key] = value
        if first:
            self.spawn(self.flush())

    async def flush(self) -> None:
        """Hand what is pending to the backend as one transaction, without waiting for earlier writes."""
        backend = self.backend
        if not self.pending or backend is None:
            return
        batch, self.pending = self.pending, {}
        at = self.clock()
        puts = {key: record(value, at) for key, value in batch.items() if value is not None}
        deletes = [key for key, value in batch.items() if value is None]
        self.writing += 1
        try:
            await backend.write(puts, deletes)
        except StorageFailure as error:
            self._failed(str(error), batch)
            return
        finally:
            self.writing -= 1
        self.commits += 1
        self.on_commit(frozenset(batch))
        if not backend.mirrors:
            self._mirror(batch)
        if self.backend is not None and not self.pending and not self.writing:
            self.on_state("saved", "")

    def _mirror(self, written: Iterable[str]) -> None:
        """Copy the written `MIRRORED` keys to `localStorage`: the picture follows the durable copy, never leads it."""
        for key in written:
            if key in MIRRORED:
                value = self.values.get(key)
                if value is None:
                    self.local.remove(key)
                else:
                    self.local.set(key, value)

    # -- other tabs -------------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[frozenset[str]], None]) -> Callable[[], None]:
        """Call `listener(keys)` when another tab changed these saves; returns the unsubscribe function."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def refresh(self, records: Mapping[str, Any]) -> frozenset[str]:
        """Another tab committed `records` (key -> record, None when deleted): take them, except keys this
        tab has changed and not yet written (its write comes later and wins, as the last save does);
        tell the listeners which values changed."""
        changed = set()
        for key, stored in records.items():
            if key in self.pending or not owned(key):
                continue
            readable = read_record(stored) if stored is not None else None
            value = readable[0] if readable is not None else None
            if self.values.get(key) == value:
                continue
            if value is None:
                self.values.pop(key, None)
            else:
                self.values[key] = value
            changed.add(key)
        keys = frozenset(changed)
        if keys:
            for listener in list(self.listeners):
                listener(keys)
        return keys

    # -- fallback ---------------------------------------------------------------------------------

    def _failed(self, reason: str, batch: Mapping[str, str | None]) -> None:
        """A write failed: its keys and what is pending go to `localStorage`, as they are now (a later write of
        the same key may have been handed to the backend meanwhile: the newest value is kept)."""
        unsaved = {key: self.values.get(key) for key in (*batch, *self.pending)}
        self.pending = {}
        if self.backend is None:  # an earlier write failed already: these follow it
            self._write_local(unsaved)
        else:
            self._fall_back(reason, unsaved)

    def _fall_back(self, reason: str, unsaved: Mapping[str, str | None]) -> None:
        """The durable store failed: from now on save to `localStorage`, starting with what it lost."""
        self.backend = None
        self.failure = reason
        self._write_local(unsaved)
        self.on_state("fallback", reason)

    def _write_local(self, changes: Mapping[str, str | None]) -> None:
        stamps = fallback_stamps(self.local)
        now = self.clock()
        for key, value in changes.items():
            if value is None:
                self.local.remove(key)
            elif not self.local.set(key, value):
                self.failure = "localStorage refused the save"
                self.on_state("fallback", self.failure)
            stamps[key] = now
        self.local.set(FALLBACK_STAMPS_KEY, json.dumps(stamps, separators=(",", ":")))
