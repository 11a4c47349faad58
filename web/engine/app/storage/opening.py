"""What the saves start with, decided once when they are opened: `plan_start` (pure), carried out by
`open_saves`, which returns the app's `Saves`.

- an IndexedDB record wins over `localStorage` (`winner`, the rule web/page/saves.js applies too),
- except a fallback save stamped later than the record (written while IndexedDB was failing),
- older `localStorage` data (before IndexedDB) is migrated once; its keys are removed only after
  the records holding it are committed; a `meta` record says the migration happened.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.storage.core import (
    BACKUP_PREFIX,
    FALLBACK_STAMPS_KEY,
    LEGACY_KEYS,
    META_KEY,
    MIRRORED,
    VERSION,
    Backend,
    Local,
    Saves,
    Spawn,
    State,
    StorageFailure,
    fallback_stamps,
    owned,
    read_record,
    record,
)


@dataclass
class StartPlan:
    """What `plan_start` decided: the values the app starts with and the writes that make it so."""

    values: dict[str, str] = field(default_factory=dict)
    puts: dict[str, dict[str, Any]] = field(default_factory=dict)  # to the backend, one transaction
    deletes: list[str] = field(default_factory=list)  # from the backend, same transaction
    mirror: dict[str, str] = field(default_factory=dict)  # localStorage copies to (re)write after the commit
    local_removes: list[str] = field(default_factory=list)  # localStorage keys to drop after the commit
    migrated: list[str] = field(default_factory=list)  # keys moved from localStorage this start
    problems: list[str] = field(default_factory=list)  # keys whose record could not be read (kept as backup.*)
    fallback: bool = False  # no durable backend: run on localStorage

    @property
    def needs_commit(self) -> bool:
        return bool(self.puts or self.deletes)


Source = Literal["fallback", "deleted", "record", "migrate", "none"]


def winner(stored: Any, local_value: str | None, stamp: int | None, *, migrating: bool) -> tuple[Source, str | None]:
    """Which copy of one save the app starts from: the IndexedDB record (`stored`) wins over `localStorage`
    (`local_value`), except a save or removal made while falling back (`stamp`) after the record was written;
    a `localStorage` value with no record counts only while `migrating` (else it is a stale mirror).

    `unoSaves.winner` in web/page/saves.js is the same rule for the scripts that run before Python;
    tests/web_storage/test_winner.py feeds both the same cases."""
    readable = read_record(stored) if stored is not None else None
    if local_value is not None and stamp is not None and (readable is None or stamp > readable[1]):
        return "fallback", local_value
    if local_value is None and stamp is not None and readable is not None and stamp > readable[1]:
        return "deleted", None
    if readable is not None:
        return "record", readable[0]
    if local_value is not None and migrating:
        return "migrate", local_value
    return "none", None


def plan_start(records: Mapping[str, Any] | None, local: Local, now: int) -> StartPlan:
    """Decide what the app starts with from the durable `records` (None: unavailable) and `localStorage`."""
    plan = StartPlan()
    stamps = fallback_stamps(local)
    if records is None:
        plan.fallback = True
        plan.values = local_values(local)
        return plan
    meta = records.get(META_KEY)
    migrated_before = isinstance(meta, Mapping) and meta.get("migrated") is True
    # stamps of others' keys (the shell's language, copied by web/page/saves.js as the page went) are theirs to read
    keys = dict.fromkeys([*LEGACY_KEYS, *(k for k in stamps if owned(k)), *(k for k in records if owned(k))])
    for key in keys:
        stored = records.get(key)
        if stored is not None and read_record(stored) is None:  # a newer version's record, or damage: keep it aside
            plan.problems.append(key)
            plan.puts[BACKUP_PREFIX + key] = {"v": VERSION, "at": now, "data": json.dumps(stored, default=str)}
            plan.deletes.append(key)
        local_value = local.get(key)
        stamp = stamps.get(key)
        source, value = winner(stored, local_value, stamp, migrating=not migrated_before and key in LEGACY_KEYS)
        if source == "fallback" and value is not None and stamp is not None:
            plan.values[key] = value
            plan.puts[key] = record(value, stamp)
            if key in plan.deletes:
                plan.deletes.remove(key)
            if key not in MIRRORED:
                plan.local_removes.append(key)
        elif source == "deleted":
            plan.deletes.append(key)
        elif source == "record" and value is not None:
            plan.values[key] = value
            if key in MIRRORED:
                if local_value != value:
                    plan.mirror[key] = value
            elif local_value is not None:
                plan.local_removes.append(key)  # an old copy: the record has it (or a newer value)
        elif source == "migrate" and value is not None:
            plan.values[key] = value
            plan.puts[key] = record(value, now)
            plan.migrated.append(key)
            if key not in MIRRORED:
                plan.local_removes.append(key)
        elif local_value is not None and key in MIRRORED:
            plan.local_removes.append(key)  # a picture of a save the records no longer hold
    if not migrated_before:
        plan.puts[META_KEY] = {"v": VERSION, "migrated": True, "at": now}
    if stamps:
        plan.local_removes.append(FALLBACK_STAMPS_KEY)
    return plan


async def open_saves(
    records: Mapping[str, Any] | None,
    backend: Backend | None,
    local: Local,
    *,
    clock: Callable[[], int],
    spawn: Spawn,
    on_state: Callable[[State, str], None] = lambda state, reason: None,
    unavailable: str = "unavailable",
) -> tuple[Saves, StartPlan]:
    """Carry out `plan_start` (migration, conflicts, mirrors) and return the app's `Saves`."""
    plan = plan_start(records if backend is not None else None, local, clock())
    failure = unavailable if plan.fallback else ""
    if plan.needs_commit and backend is not None:
        try:
            await backend.write(plan.puts, plan.deletes)
        except StorageFailure as error:  # e.g. a full disk: keep every localStorage copy, fall back
            failure, backend = str(error), None
            plan.local_removes.clear()
            plan.mirror.clear()
            for key, value in local_values(local).items():
                plan.values.setdefault(key, value)
    for key, value in plan.mirror.items():
        local.set(key, value)
    for key in plan.local_removes:  # only now: the records holding these are on disk
        local.remove(key)
    saves = Saves(plan.values, backend, local, clock=clock, spawn=spawn, on_state=on_state)
    if backend is None:
        saves.failure = failure
        on_state("fallback", failure)
    return saves, plan


def local_values(local: Local) -> dict[str, str]:
    """The app's saves as kept in `localStorage` (legacy keys and fallback saves)."""
    values = {}
    for key in (*LEGACY_KEYS, *fallback_stamps(local)):
        value = local.get(key)
        if value is not None and owned(key):
            values[key] = value
    return values
