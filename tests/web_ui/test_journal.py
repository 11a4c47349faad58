"""`ui.journal`: values typed and not saved yet survive a reload of the tab, and go once a save holds them."""

from __future__ import annotations

import json
from typing import Any

from ui.journal import KEY, Journal


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


class Window:
    def __init__(self, storage: Storage) -> None:
        self.sessionStorage = storage
        self.location = Location()


def intent(act: str, arg: str, value: str) -> dict[str, Any]:
    return {"op": "intent", "act": act, "arg": arg, "value": value, "checked": False, "enabled": True}


def test_values_are_kept_until_a_save_holds_them_and_a_reload_gets_them_back() -> None:
    storage = Storage()
    journal = Journal(Window(storage))
    typed = [intent("winner", "3", "3"), intent("total", "0", "3"), intent("total", "0", "33")]
    for one in typed:
        journal.number(one, "input")
    click = intent("save", "", "")
    journal.number(click, "click")  # a click is numbered, never replayed (applied twice it is not the same)
    assert [one["seq"] for one in [*typed, click]] == [1, 2, 3, 4]
    again = Journal(Window(storage))  # the tab reloads
    assert [(one["act"], one["value"]) for one in again.pending()] == [("winner", "3"), ("total", "33")]
    assert again.seq == 3  # numbers go on from there: a save's "upto" never confuses old and new
    again.confirmed(1)
    assert [one["act"] for one in Journal(Window(storage)).pending()] == ["total"]
    again.confirmed(3)
    assert KEY not in storage.items


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
