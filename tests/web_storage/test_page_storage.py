"""The page's saves in the worker (`app.storage.page_saves.PageStorage`) on CPython: one `Saves` for both modes,
opened once; other tabs' saves come in and are counted for tests; nothing to read before it is open."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from app.link import Link
from app.storage.core import PLAY_SETUP, SCORE_DRAFTS, SCORE_LIBRARY, read_record, record
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


def test_a_change_goes_to_the_page_before_the_write_before_it_is_answered(page: Page, page_saves: PageStorage) -> None:
    """The second round's write is sent while the first's is on its way: the page holds both (and can keep them if
    it goes before IndexedDB has them: web/page/saves.js `keepUnsaved`)."""
    open_saves(page, page_saves, {"meta": {"v": 1, "migrated": True, "at": 1}})
    saves = page_saves.saves()

    def written() -> list[dict[str, Any]]:
        return [m for m in page.messages if m["op"] == "saves-write" and SCORE_LIBRARY in m["puts"]]

    async def scene() -> None:
        saves.set(SCORE_LIBRARY, "round 1")
        await asyncio.sleep(0)
        saves.set(SCORE_LIBRARY, "round 2")
        await asyncio.sleep(0)
        assert [m["puts"][SCORE_LIBRARY]["data"] for m in written()] == ["round 1", "round 2"]
        assert saves.state == "saving"
        for message in written():
            LINK.from_page({"op": "saves-written", "id": message["id"], "error": ""})
        await asyncio.sleep(0)
        assert saves.state == "saved" and saves.commits == 2

    run(scene())


def test_a_held_value_goes_to_the_page_as_a_record_and_is_not_written(page: Page, page_saves: PageStorage) -> None:
    open_saves(page, page_saves, {"meta": {"v": 1, "migrated": True, "at": 1}})
    before = len(page.messages)
    page_saves.hold(SCORE_DRAFTS, '{"s1": {"next": "typed"}}')
    (message,) = page.messages[before:]
    assert message["op"] == "saves-hold"
    held = message["puts"][SCORE_DRAFTS]
    assert read_record(held) == ('{"s1": {"next": "typed"}}', held["at"]) and held["at"] > 1_700_000_000_000
    assert page_saves.saves().state == "saved" and page_saves.saves().get(SCORE_DRAFTS) is None
