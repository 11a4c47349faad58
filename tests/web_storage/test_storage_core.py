"""The saves' logic (web/engine/app/storage/core.py, opening.py) on CPython, with a fake IndexedDB and a fake
localStorage: write-through and batching, the start-up plan (migration once, IndexedDB wins,
fallback saves), fallback."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from app.storage.core import (
    BACKUP_PREFIX,
    FALLBACK_STAMPS_KEY,
    META_KEY,
    PLAY_GAME,
    PLAY_SETUP,
    SCORE_DRAFTS,
    SCORE_LIBRARY,
    SCORE_PREPAINT,
    Saves,
    StorageFailure,
    read_record,
    record,
)
from app.storage.opening import open_saves, plan_start
from tests.async_helpers import run
from tests.fake_local import FakeLocal


class FakeDb:
    """IndexedDB: records in a dict, one `write` = one transaction, completed in the order they were asked for (as
    IndexedDB runs one store's transactions); `fail` makes writes abort."""

    mirrors = False  # the saves copy the mirrored keys (the page's backend does it itself)

    def __init__(self, records: Mapping[str, Any] | None = None) -> None:
        self.records: dict[str, Any] = dict(records or {})
        self.asked: list[dict[str, Any]] = []  # each write's puts, as it was asked for
        self.writes: list[tuple[dict[str, Any], list[str]]] = []  # completed
        self.fail = ""
        self.gate: asyncio.Event | None = None  # when set, a write waits for it (a slow disk)
        self.last: asyncio.Future[None] | None = None  # the write asked for last

    async def write(self, puts: Mapping[str, dict[str, Any]], deletes: Iterable[str]) -> None:
        self.asked.append(dict(puts))
        before, self.last = self.last, asyncio.get_event_loop().create_future()
        done = self.last
        try:
            if before is not None:
                await before
            if self.gate is not None:
                await self.gate.wait()
            if self.fail:
                raise StorageFailure(self.fail)
            deletes = list(deletes)
            self.writes.append((dict(puts), deletes))
            self.records.update(puts)
            for key in deletes:
                self.records.pop(key, None)
        finally:
            done.set_result(None)


class Clock:
    def __init__(self, now: int = 1_000) -> None:
        self.now = now

    def __call__(self) -> int:
        self.now += 1
        return self.now


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def spawner(tasks: list[Any]) -> Any:
    return lambda coroutine: tasks.append(asyncio.ensure_future(coroutine))


async def opened(db: FakeDb | None, local: FakeLocal, states: list[tuple[str, str]] | None = None) -> Saves:
    tasks: list[Any] = []
    saves, _plan = await open_saves(
        None if db is None else db.records,
        db,
        local,
        clock=Clock(),
        spawn=spawner(tasks),
        on_state=lambda state, reason: (states if states is not None else []).append((state, reason)),
    )
    return saves


LIB = json.dumps({"format": "uno-score-library", "version": 1, "sheets": []})


# -- records ---------------------------------------------------------------------------------------


def test_a_record_reads_back_and_unknown_versions_do_not() -> None:
    assert read_record(record("x", 5)) == ("x", 5)
    assert read_record({"v": 2, "at": 5, "data": "x"}) is None
    assert read_record({"v": 1, "at": 5.5, "data": "x"}) is None
    assert read_record("x") is None


# -- the start-up plan -----------------------------------------------------------------------------


def test_first_start_with_nothing_saved_records_that_migration_is_done() -> None:
    plan = plan_start({}, FakeLocal(), now=7)
    assert plan.values == {}
    assert plan.puts == {META_KEY: {"v": 1, "migrated": True, "at": 7}}
    assert not plan.fallback


def test_todays_local_storage_data_migrates_and_old_keys_go_only_after_the_commit() -> None:
    local = FakeLocal({SCORE_LIBRARY: LIB, PLAY_GAME: "game", SCORE_PREPAINT: "picture", "uno.lang": "es"})
    db = FakeDb()
    plan = plan_start(db.records, local, now=9)
    assert plan.values == {SCORE_LIBRARY: LIB, PLAY_GAME: "game", SCORE_PREPAINT: "picture"}
    assert set(plan.migrated) == {SCORE_LIBRARY, PLAY_GAME, SCORE_PREPAINT}
    assert plan.puts[SCORE_LIBRARY] == record(LIB, 9)
    assert set(plan.local_removes) == {SCORE_LIBRARY, PLAY_GAME}  # the prepaint stays: it is the mirror

    saves = run(opened(db, local))
    assert saves.get(SCORE_LIBRARY) == LIB and saves.get(PLAY_GAME) == "game"
    assert read_record(db.records[SCORE_LIBRARY]) is not None and db.records[META_KEY]["migrated"] is True
    assert SCORE_LIBRARY not in local.items and PLAY_GAME not in local.items
    assert local.items[SCORE_PREPAINT] == "picture" and local.items["uno.lang"] == "es"  # the shell's own


def test_a_failed_migration_removes_nothing_and_falls_back_to_local_storage() -> None:
    local = FakeLocal({SCORE_LIBRARY: LIB, PLAY_GAME: "game"})
    db = FakeDb()
    db.fail = "QuotaExceededError: full"
    states: list[tuple[str, str]] = []
    saves = run(opened(db, local, states))
    assert local.items[SCORE_LIBRARY] == LIB and local.items[PLAY_GAME] == "game"
    assert saves.state == "fallback" and states == [("fallback", "QuotaExceededError: full")]
    assert saves.get(SCORE_LIBRARY) == LIB


def test_a_second_start_does_not_migrate_again() -> None:
    local = FakeLocal({SCORE_LIBRARY: LIB})
    db = FakeDb()
    run(opened(db, local))
    writes = len(db.writes)
    local.items[SCORE_LIBRARY] = "written later by an old version"
    plan = plan_start(db.records, local, now=50)
    assert plan.migrated == [] and META_KEY not in plan.puts
    assert plan.values[SCORE_LIBRARY] == LIB  # the record wins
    saves = run(opened(db, local))
    assert saves.get(SCORE_LIBRARY) == LIB and len(db.writes) == writes  # nothing to write
    assert SCORE_LIBRARY not in local.items


def test_indexeddb_wins_over_a_differing_local_copy_and_fixes_the_mirror() -> None:
    db = FakeDb(
        {
            META_KEY: {"v": 1, "migrated": True},
            SCORE_PREPAINT: record("new picture", 10),
            SCORE_DRAFTS: record("drafts", 10),
        }
    )
    local = FakeLocal({SCORE_PREPAINT: "old picture", SCORE_DRAFTS: "older drafts"})
    plan = plan_start(db.records, local, now=20)
    assert plan.values == {SCORE_PREPAINT: "new picture", SCORE_DRAFTS: "drafts"}
    assert plan.mirror == {SCORE_PREPAINT: "new picture"} and plan.local_removes == [SCORE_DRAFTS]
    run(opened(db, local))
    assert local.items == {SCORE_PREPAINT: "new picture"}


def test_a_mirror_whose_record_is_gone_is_dropped() -> None:
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}})
    plan = plan_start(db.records, FakeLocal({SCORE_PREPAINT: "stale"}), now=20)
    assert plan.values == {} and plan.local_removes == [SCORE_PREPAINT]


def test_a_fallback_save_later_than_the_record_wins_and_moves_in() -> None:
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}, PLAY_GAME: record("old game", 10)})
    stamps = json.dumps({PLAY_GAME: 30, SCORE_LIBRARY: 31})
    local = FakeLocal({PLAY_GAME: "newer game", SCORE_LIBRARY: LIB, FALLBACK_STAMPS_KEY: stamps})
    saves = run(opened(db, local))
    assert saves.get(PLAY_GAME) == "newer game" and saves.get(SCORE_LIBRARY) == LIB
    assert db.records[PLAY_GAME] == record("newer game", 30)
    assert local.items == {}  # moved in, stamps and all


def test_a_fallback_save_older_than_the_record_loses() -> None:
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}, PLAY_GAME: record("game", 40)})
    local = FakeLocal({PLAY_GAME: "older", FALLBACK_STAMPS_KEY: json.dumps({PLAY_GAME: 30})})
    assert plan_start(db.records, local, now=50).values == {PLAY_GAME: "game"}


def test_a_fallback_delete_later_than_the_record_deletes_it() -> None:
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}, PLAY_GAME: record("finished game", 10)})
    local = FakeLocal({FALLBACK_STAMPS_KEY: json.dumps({PLAY_GAME: 30})})
    saves = run(opened(db, local))
    assert saves.get(PLAY_GAME) is None and PLAY_GAME not in db.records


def test_a_stamped_copy_of_the_shells_language_is_left_to_the_shell() -> None:
    """The page copies the language with the app's saves as it goes (web/page/saves.js); the shell reads that copy
    (`unoSaves.startValue`), so the app's start neither takes it nor removes the shell's first-paint copy."""
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}, "uno.lang": record("en", 10)})
    local = FakeLocal({"uno.lang": "es", FALLBACK_STAMPS_KEY: json.dumps({"uno.lang": 30, PLAY_GAME: 30})})
    plan = plan_start(db.records, local, now=50)
    assert "uno.lang" not in plan.values and "uno.lang" not in plan.puts and "uno.lang" not in plan.local_removes


def test_an_unreadable_record_is_kept_aside_not_lost() -> None:
    future = {"v": 2, "at": 5, "data": {"whatever": 1}}
    db = FakeDb({META_KEY: {"v": 1, "migrated": True}, SCORE_LIBRARY: future})
    plan = plan_start(db.records, FakeLocal(), now=9)
    assert plan.problems == [SCORE_LIBRARY] and SCORE_LIBRARY not in plan.values
    run(opened(db, FakeLocal()))
    assert json.loads(db.records[BACKUP_PREFIX + SCORE_LIBRARY]["data"]) == future
    assert SCORE_LIBRARY not in db.records


def test_without_indexeddb_the_app_runs_on_local_storage() -> None:
    local = FakeLocal({SCORE_LIBRARY: LIB, PLAY_SETUP: "setup", "other": "x"})
    plan = plan_start(None, local, now=1)
    assert plan.fallback and plan.values == {SCORE_LIBRARY: LIB, PLAY_SETUP: "setup"}
    states: list[tuple[str, str]] = []
    saves = run(opened(None, local, states))
    assert saves.state == "fallback" and states == [("fallback", "unavailable")]
    saves.set(PLAY_GAME, "game")  # written at once, with its time stamp
    assert local.items[PLAY_GAME] == "game" and PLAY_GAME in json.loads(local.items[FALLBACK_STAMPS_KEY])


# -- writing through -------------------------------------------------------------------------------


def test_changes_are_saved_only_once_the_transaction_completes_and_are_batched() -> None:
    async def scenario() -> None:
        db, local, tasks, states = FakeDb({META_KEY: {"v": 1, "migrated": True}}), FakeLocal(), [], []
        db.gate = asyncio.Event()
        saves = Saves({}, db, local, clock=Clock(), spawn=spawner(tasks), on_state=lambda s, r: states.append(s))
        saves.set(SCORE_LIBRARY, LIB)
        saves.set(SCORE_PREPAINT, "picture")
        saves.set(SCORE_LIBRARY, LIB + " ")  # the last value wins, in the same transaction
        assert saves.get(SCORE_LIBRARY) == LIB + " "  # reads are synchronous, from memory
        await settle()
        assert saves.state == "saving" and db.writes == [] and SCORE_PREPAINT not in local.items
        db.gate.set()
        await asyncio.gather(*tasks)
        assert saves.state == "saved" and saves.commits == 1 and states == ["saving", "saved"]
        assert len(db.writes) == 1 and read_record(db.records[SCORE_LIBRARY])[0] == LIB + " "  # type: ignore[index]
        assert local.items[SCORE_PREPAINT] == "picture"  # the mirror follows the commit

    run(scenario())


def test_a_backend_that_mirrors_itself_gets_no_second_copy() -> None:
    """The page copies a completed write's mirrored keys (`PageBackend.mirrors`): the saves send no `local`."""

    async def scenario() -> None:
        db, local, tasks = FakeDb({META_KEY: {"v": 1, "migrated": True}}), FakeLocal(), []
        db.mirrors = True
        saves = Saves({}, db, local, clock=Clock(), spawn=spawner(tasks), on_state=lambda s, r: None)
        saves.set(SCORE_PREPAINT, "picture")
        await settle()
        await asyncio.gather(*tasks)
        assert saves.state == "saved" and SCORE_PREPAINT in db.records and SCORE_PREPAINT not in local.items

    run(scenario())


def test_a_change_during_a_write_goes_to_the_backend_at_once_in_the_next_transaction() -> None:
    """What a drawing shows reaches the page with it (in its batch), not after the write before it has completed:
    a page that goes meanwhile can keep what it was sent (web/page/saves.js `keepUnsaved`)."""

    async def scenario() -> None:
        db, tasks, states = FakeDb(), [], []
        db.gate = asyncio.Event()
        saves = Saves({}, db, FakeLocal(), clock=Clock(), spawn=spawner(tasks), on_state=lambda s, r: states.append(s))
        saves.set(PLAY_GAME, "move 1")
        await settle()
        saves.set(PLAY_GAME, "move 2")
        await settle()
        assert [puts[PLAY_GAME]["data"] for puts in db.asked] == ["move 1", "move 2"] and db.writes == []
        assert saves.state == "saving" and saves.writing == 2
        db.gate.set()
        await asyncio.gather(*tasks)
        assert [puts[PLAY_GAME]["data"] for puts, _ in db.writes] == ["move 1", "move 2"]
        assert saves.state == "saved" and saves.commits == 2 and states == ["saving", "saved"]

    run(scenario())


def test_a_failure_with_a_later_write_in_flight_keeps_the_newest_value() -> None:
    """Two writes in flight and the first fails: `localStorage` gets each key's newest value (not the failed
    write's), stamped after both, so that the next start takes it whatever became of the second write."""

    async def scenario() -> None:
        db, local, tasks, states = FakeDb(), FakeLocal(), [], []
        db.gate = asyncio.Event()
        saves = Saves({}, db, local, clock=Clock(), spawn=spawner(tasks), on_state=lambda s, r: states.append(s))
        saves.set(PLAY_GAME, "move 1")
        saves.set(SCORE_LIBRARY, LIB)
        await settle()
        saves.set(PLAY_GAME, "move 2")
        await settle()
        db.fail = "UnknownError: the disk went away"
        db.gate.set()
        await asyncio.gather(*tasks)
        assert saves.state == "fallback" and states == ["saving", "fallback"] and saves.writing == 0
        assert local.items[PLAY_GAME] == "move 2" and local.items[SCORE_LIBRARY] == LIB
        stamps = json.loads(local.items[FALLBACK_STAMPS_KEY])
        assert set(stamps) == {PLAY_GAME, SCORE_LIBRARY}
        again, _ = await open_saves(db.records, FakeDb(db.records), local, clock=Clock(), spawn=spawner(tasks))
        assert again.get(PLAY_GAME) == "move 2"

    run(scenario())


def test_remove_deletes_the_record_and_unchanged_values_are_not_rewritten() -> None:
    async def scenario() -> None:
        db, tasks = FakeDb({PLAY_GAME: record("game", 1)}), []
        saves = Saves({PLAY_GAME: "game"}, db, FakeLocal(), clock=Clock(), spawn=spawner(tasks))
        saves.set(PLAY_GAME, "game")
        assert tasks == []
        saves.remove(PLAY_GAME)
        await asyncio.gather(*tasks)
        assert PLAY_GAME not in db.records and db.writes == [({}, [PLAY_GAME])]

    run(scenario())


def test_a_failing_write_falls_back_to_local_storage_and_loses_nothing() -> None:
    async def scenario() -> None:
        db, local, tasks, states = FakeDb(), FakeLocal(), [], []
        db.fail = "QuotaExceededError: the quota has been exceeded"
        saves = Saves({}, db, local, clock=Clock(), spawn=spawner(tasks), on_state=lambda s, r: states.append((s, r)))
        saves.set(SCORE_LIBRARY, LIB)
        saves.set(SCORE_PREPAINT, "picture")
        await asyncio.gather(*tasks)
        assert saves.state == "fallback" and states[-1] == ("fallback", db.fail)
        assert local.items[SCORE_LIBRARY] == LIB and local.items[SCORE_PREPAINT] == "picture"
        assert set(json.loads(local.items[FALLBACK_STAMPS_KEY])) == {SCORE_LIBRARY, SCORE_PREPAINT}
        saves.set(PLAY_GAME, "game")  # from now on straight to localStorage
        assert local.items[PLAY_GAME] == "game"
        # the next start, with IndexedDB working again, takes them in
        db.fail = ""
        again = await open_saves(db.records, db, local, clock=Clock(10_000), spawn=spawner(tasks))
        assert again[0].get(PLAY_GAME) == "game" and db.records[SCORE_LIBRARY]["data"] == LIB
        assert FALLBACK_STAMPS_KEY not in local.items and local.items.get(SCORE_PREPAINT) == "picture"

    run(scenario())


def test_a_full_local_storage_in_fallback_is_reported() -> None:
    local = FakeLocal()
    local.full = True
    states: list[tuple[str, str]] = []
    saves = run(opened(None, local, states))
    saves.set(PLAY_GAME, "game")
    assert saves.get(PLAY_GAME) == "game"  # still in memory: the game goes on, the page warns
    assert states[-1] == ("fallback", "localStorage refused the save")


@pytest.mark.parametrize("key", [SCORE_LIBRARY, PLAY_GAME])
def test_values_survive_a_restart(key: str) -> None:
    async def scenario() -> None:
        db, local, tasks = FakeDb(), FakeLocal(), []
        saves, _ = await open_saves(db.records, db, local, clock=Clock(), spawn=spawner(tasks))
        saves.set(key, "value")
        await asyncio.gather(*tasks)
        again, plan = await open_saves(db.records, db, FakeLocal(), clock=Clock(), spawn=spawner(tasks))
        assert again.get(key) == "value" and plan.puts == {}

    run(scenario())


# -- other tabs ------------------------------------------------------------------------------------


def test_another_tabs_saves_come_in_and_listeners_hear_which() -> None:
    heard: list[frozenset[str]] = []
    values = {SCORE_LIBRARY: "old", PLAY_GAME: "game"}
    saves = Saves(values, FakeDb(), FakeLocal(), clock=Clock(), spawn=lambda coroutine: coroutine.close())
    unsubscribe = saves.subscribe(heard.append)
    changed = saves.refresh(
        {
            SCORE_LIBRARY: record("new", 5),
            PLAY_GAME: None,
            SCORE_DRAFTS: record("d", 5),
            "uno.lang": record("es", 5),
            SCORE_PREPAINT: None,
        }
    )
    assert changed == {SCORE_LIBRARY, PLAY_GAME, SCORE_DRAFTS} and heard == [changed]
    assert saves.get(SCORE_LIBRARY) == "new" and saves.get(PLAY_GAME) is None and saves.get("uno.lang") is None
    assert saves.refresh({SCORE_LIBRARY: record("new", 6)}) == frozenset() and len(heard) == 1  # nothing new
    unsubscribe()
    saves.refresh({SCORE_LIBRARY: record("newer", 7)})
    assert len(heard) == 1 and saves.get(SCORE_LIBRARY) == "newer"


def test_a_change_not_yet_written_here_is_not_overwritten_by_another_tab() -> None:
    async def scenario() -> None:
        db, tasks = FakeDb(), []
        db.gate = asyncio.Event()
        told: list[frozenset[str]] = []
        saves = Saves({}, db, FakeLocal(), clock=Clock(), spawn=spawner(tasks))
        saves.on_commit = told.append
        saves.set(SCORE_LIBRARY, "mine")
        assert saves.refresh({SCORE_LIBRARY: record("theirs", 1)}) == frozenset()
        assert saves.get(SCORE_LIBRARY) == "mine"
        db.gate.set()
        await asyncio.gather(*tasks)
        assert told == [frozenset({SCORE_LIBRARY})]  # the other tabs hear of it once it is committed

    run(scenario())
