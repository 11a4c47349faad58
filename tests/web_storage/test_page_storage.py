"""The page's saves in the worker (`app.storage.page_saves.PageStorage`) on CPython: one `Saves` for both modes,
opened once; other tabs' saves come in and are counted for tests; nothing to read before it is open."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from app.link import Link
from app.storage.core import PLAY_SETUP, SCORE_LIBRARY, record
from app.storage.page_saves import PageStorage
from tests.async_helpers import run


class Page:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def marks(self, name: str) -> list[str]:
        return [m["marks"][name] for m in self.messages if m["op"] == "set" and name in m.get("marks", {})]


LINK = Link()


@pytest.fixture
def page() -> Iterator[Page]:
    made = Page()
    LINK.attach(made)
    yield made


@pytest.fixture
def page_saves() -> PageStorage:
    return PageStorage(LINK)


def open_saves(page: Page, page_saves: PageStorage, records: dict[str, Any]) -> Any:
    link = LINK

    async def scene() -> Any:
        starting = asyncio.ensure_future(page_saves.start({"records": records, "error": "", "local": {}}))
        for _ in range(3):
            await asyncio.sleep(0)
        for write in [m for m in page.messages if m["op"] == "saves-write"]:
            link.from_page({"op": "saves-written", "id": write["id"], "error": ""})
        return await starting

    return run(scene())


def test_nothing_reads_the_saves_before_they_are_opened(page: Page, page_saves: PageStorage) -> None:
    with pytest.raises(RuntimeError, match="not been opened"):
        page_saves.saves()


def test_both_modes_get_the_one_saves_opened_once(page: Page, page_saves: PageStorage) -> None:
    done = {"meta": {"v": 1, "migrated": True, "at": 1}}
    opened = open_saves(page, page_saves, {**done, PLAY_SETUP: record("{}", 5)})
    assert page_saves.saves() is opened and page_saves.saves().get(PLAY_SETUP) == "{}"
    assert run(page_saves.start({"records": {}, "error": "", "local": {}})) is opened  # a second start changes nothing
    assert page_saves.saves().get(PLAY_SETUP) == "{}"


def test_other_tabs_saves_come_in_and_are_counted_once_per_change(page: Page, page_saves: PageStorage) -> None:
    open_saves(page, page_saves, {"meta": {"v": 1, "migrated": True, "at": 1}})
    told: list[frozenset[str]] = []
    page_saves.saves().subscribe(told.append)
    news = {"op": "saves-others", "records": {SCORE_LIBRARY: record('{"sheets": []}', 9)}}
    LINK.from_page(news)
    LINK.from_page(news)  # the same again: nothing changed
    assert page_saves.saves().get(SCORE_LIBRARY) == '{"sheets": []}'
    assert told == [frozenset({SCORE_LIBRARY})] and page.marks("saves-refreshed") == ["1"]
