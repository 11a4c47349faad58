"""The score screen in the worker, on CPython: the desk owns the one keeper and the screen on show, which is
drawn again when another tab saves the sheets (not for the prepaint), and not once it is gone; an intent the
keeper refuses sends nothing to the page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from score_ui_helpers import Translator, make_keeper
from test_keeper import new_game

from app import link
from app.score.keeper import Keeper
from app.score.store import LIBRARY_KEY, PREPAINT_KEY, MemoryStorage
from app.screens.score import KeeperDesk, ScoreScreen


class Page:
    """The page's side of `app.link`, recording what it was sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def draws(self) -> int:
        return sum(1 for message in self.messages if message["op"] == "draw")


@pytest.fixture
def page() -> Iterator[Page]:
    made = Page()
    link.attach(made)
    yield made
    link.listen(None)


def test_the_desk_opens_one_keeper_and_redraws_the_screen_on_show(page: Page) -> None:
    storage, tr, opened = MemoryStorage(), Translator(), []

    def open_keeper(desk: KeeperDesk) -> Keeper:
        opened.append(desk)
        return make_keeper(storage, tr)

    desk = KeeperDesk(open_keeper)
    screen = ScoreScreen((), desk)
    screen.mount()
    assert desk.shown is screen and page.draws() == 1
    desk.others_saved(frozenset({PREPAINT_KEY}))  # each tab draws its own prepaint
    assert page.draws() == 1
    other_tab = make_keeper(storage, tr)
    sheet_id = new_game(other_tab)
    desk.others_saved(frozenset({LIBRARY_KEY}))
    assert page.draws() == 2 and desk.keeper().store.library.get(sheet_id).sheet == other_tab.sheet()
    desk.storage_facts({"op": "storage", "ua": "x", "standalone": True, "persisted": True})
    assert page.draws() == 3 and desk.keeper().facts.persisted is True
    screen.unmount()
    desk.redraw()
    assert desk.shown is None and page.draws() == 3
    assert opened == [desk]  # one keeper, whatever asked for it


def test_a_refused_intent_sends_nothing(page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    desk = KeeperDesk(lambda desk: make_keeper(MemoryStorage(), Translator()))
    screen = ScoreScreen((), desk)
    screen.mount()
    before = len(page.messages)
    screen.receive({"op": "intent", "act": "do_new"})
    screen.receive({"op": "intent", "act": "winner", "arg": "x"})
    assert len(page.messages) == before
    assert capsys.readouterr().err.count("refused") == 2
