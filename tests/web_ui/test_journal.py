"""`ui.journal`: values typed and not saved yet survive a reload of the tab, and go once a save holds them,
even when the page went before it heard that the save had completed."""

from __future__ import annotations

import datetime
import json
import sys
import types
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.journal import KEY, RECORD_PREFIX, STALE_DAYS, TAB_KEY, Journal, days_from_civil


class Storage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Location:
    hash = "#/score/s1/round"


class Clock:
    """`Date` and `Math`: a calendar moved by hand (`day`: days since 1970), and a random source."""

    def __init__(self, day: int = 20_000) -> None:
        self.day = day

    def new(self) -> Any:
        date = datetime.date(1970, 1, 1) + datetime.timedelta(days=self.day)
        return types.SimpleNamespace(
            getUTCFullYear=lambda: date.year, getUTCMonth=lambda: date.month - 1, getUTCDate=lambda: date.day
        )

    def random(self) -> float:
        return 0.123456789012


class Window:
    def __init__(self, storage: Storage, clock: Clock | None = None) -> None:
        self.sessionStorage = storage
        self.location = Location()
        self.Date = self.Math = clock or Clock()


def intent(act: str, arg: str, value: str) -> dict[str, Any]:
    return {"op": "intent", "act": act, "arg": arg, "value": value, "checked": False, "enabled": True}


def test_values_are_kept_until_a_save_holds_them_and_a_reload_gets_them_back() -> None:
    storage = Storage()
    journal = Journal(Window(storage))
    journal.started()  # the controllers' first screen is drawn
    typed = [intent("winner", "3", "3"), intent("total", "0", "3"), intent("total", "0", "33")]
    for one in typed:
        journal.number(one, "input")
    click = intent("save", "", "")
    journal.number(click, "click")  # a click is numbered, never replayed (applied twice it is not the same)
    assert [one["seq"] for one in [*typed, click]] == [1, 2, 3, 4]
    again = Journal(Window(storage))  # the tab reloads
    assert [(one["act"], one["value"]) for one in again.pending()] == [("winner", "3"), ("total", "33")]
    assert again.seq == 4  # numbers go on from there: a save's "upto" never confuses old and new
    again.confirmed(1)
    assert [one["act"] for one in Journal(Window(storage)).pending()] == ["total"]
    again.confirmed(3)
    assert KEY not in storage.items


def test_before_the_first_screen_every_intent_is_noted_in_order() -> None:
    """Names typed on the set-up painted before Python (web/setup-prepaint.js notes its own the same way): the
    worker holds them until it has started, so the journal keeps them all, each name's value before its add."""
    storage = Storage()
    journal = Journal(Window(storage))
    made = []
    for name in ("Ana", "Ben"):
        for typed in range(1, len(name) + 1):
            made.append(one := intent("newname", "", name[:typed]))
            journal.number(one, "input")
        made.append(add := intent("add", "", ""))
        journal.number(add, "submit")
    again = Journal(Window(storage))  # a reload before Python was ready
    assert [(one["act"], one["value"]) for one in again.pending()] == [
        ("newname", "Ana"),
        ("add", ""),
        ("newname", "Ben"),
        ("add", ""),
    ]
    assert [one["seq"] for one in again.pending()] == [3, 4, 7, 8]
    journal.started()
    journal.number(intent("add", "", ""), "submit")  # once drawn, an act's answer is saved at once
    journal.number(cy := intent("newname", "", "Cy"), "input")
    assert [one["act"] for one in Journal(Window(storage)).pending()] == ["newname", "add", "newname", "add", "newname"]
    journal.confirmed(cy["seq"])
    assert Journal(Window(storage)).pending() == []


def test_a_save_that_completed_after_the_page_went_drops_what_it_held() -> None:
    storage, clock = Storage(), Clock()
    journal = Journal(Window(storage, clock))
    winner = intent("winner", "1", "1")
    journal.number(winner, "change")
    key, record = journal.record(winner["seq"])  # written with the round (the same transaction)
    assert key == RECORD_PREFIX + storage.items[TAB_KEY] == RECORD_PREFIX + "1234567890"
    clock.day += 1
    journal.number(later := intent("total", "0", "7"), "input")  # typed after that save
    # the page reloaded before it heard "saves-written": the record on disk says what the save held
    records: dict[str, Any] = {key: record, "uno.score.library": {"v": 1, "at": 1, "data": "{}"}}
    again = Journal(Window(storage, clock))
    assert again.pending(records) == [{name: later[name] for name in later}]
    assert list(records) == ["uno.score.library"]  # the controllers never see the journal's records
    again.number(third := intent("total", "0", "8"), "input")
    assert third["seq"] > later["seq"]  # the reloaded page goes on counting


def test_other_tabs_records_stay_until_they_are_old() -> None:
    storage, clock = Storage(), Clock()
    journal = Journal(Window(storage, clock))
    fresh = {"v": 1, "at": clock.day - STALE_DAYS, "data": json.dumps({"upto": 9})}
    old = {"v": 1, "at": clock.day - STALE_DAYS - 1, "data": json.dumps({"upto": 9})}
    records = {RECORD_PREFIX + "other": fresh, RECORD_PREFIX + "gone": old}
    assert journal.pending(records) == [] and records == {}
    assert journal.take_stale() == [RECORD_PREFIX + "gone"] and journal.take_stale() == []


@given(st.dates())
def test_a_records_day_is_the_calendars(date: datetime.date) -> None:
    """A record's age counts in days from the date's parts (`Date.now()` would cross cut to 32 bits)."""
    assert days_from_civil(date.year, date.month, date.day) == (date - datetime.date(1970, 1, 1)).days


def test_another_location_and_a_blocked_storage_replay_nothing() -> None:
    storage = Storage()
    journal = Journal(Window(storage))
    journal.number(intent("total", "0", "5"), "input")
    window = Window(storage)
    window.location = type("Elsewhere", (), {"hash": "#/score"})()
    assert Journal(window).pending() == []
    storage.items[KEY] = "not json"
    assert Journal(Window(storage)).pending() == []
    assert json.loads(json.dumps(Journal(Window(Storage())).pending())) == []


class Promise:
    def __init__(self) -> None:
        self.done: Any = None

    def then(self, done: Any, failed: Any = None) -> Promise:
        self.done = done
        return self


@pytest.fixture
def page_saves(monkeypatch: pytest.MonkeyPatch) -> Any:
    """`ui.saves.PageSaves` on CPython: MicroPython's FFI (`jsffi`) as plain functions."""
    ffi = types.ModuleType("jsffi")
    ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
    ffi.to_js = lambda value: value  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jsffi", ffi)
    for name in ("ui.saves", "ui.host", "ui.fx", "ui.promises", "ui.wake", "ui.keys"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    from ui.saves import PageSaves

    return PageSaves


def test_each_write_carries_the_tabs_record_and_confirms_once_complete(page_saves: Any) -> None:
    storage = Storage()
    window = Window(storage)
    window.JSON = types.SimpleNamespace(parse=json.loads, stringify=json.dumps)  # type: ignore[attr-defined]
    journal = Journal(window)
    journal.number(winner := intent("winner", "1", "1"), "change")
    journal.stale = [RECORD_PREFIX + "gone"]
    writes: list[tuple[Any, Any]] = []
    promise = Promise()

    def write(puts: Any, deletes: Any) -> Promise:
        writes.append((puts, deletes))
        return promise

    window.unoSaves = types.SimpleNamespace(write=write)  # type: ignore[attr-defined]
    window.BroadcastChannel = None  # type: ignore[attr-defined]
    marks: dict[str, str] = {}
    root = types.SimpleNamespace(setAttribute=marks.__setitem__)
    window.document = types.SimpleNamespace(getElementById=lambda ident: None, documentElement=root)  # type: ignore[attr-defined]
    sent: list[Any] = []
    saves = page_saves(window, sent.append, journal)
    saves.receive(
        {"op": "saves-write", "id": 3, "puts": {"uno.score.library": {"v": 1}}, "deletes": [], "upto": winner["seq"]}
    )
    ((puts, deletes),) = writes
    assert json.loads(puts[RECORD_PREFIX + journal.tab]["data"]) == {"upto": winner["seq"]}
    assert deletes == [RECORD_PREFIX + "gone"]
    assert journal.entries and not sent  # not on disk yet: kept
    assert marks == {"data-saves": "saving", "data-saves-commits": "0"}
    promise.done(None)
    assert sent == [{"op": "saves-written", "id": 3, "error": ""}] and journal.entries == []
    assert marks == {"data-saves": "saved", "data-saves-commits": "1"}  # the page shows it: no message back
    held: list[Any] = []
    window.unoSaves.hold = held.append  # type: ignore[attr-defined]
    draft = {"uno.score.drafts": {"v": 1, "at": 5, "data": "{}"}}
    saves.receive({"op": "saves-hold", "puts": draft})  # kept by web/page/saves.js, not written, not answered
    assert held == [draft] and len(writes) == 1 and len(sent) == 1
