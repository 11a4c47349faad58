"""The score screen in the worker, on CPython: the desk owns the one store and the screen on show, which is
drawn again when another tab saves the sheets (not for the prepaint), and not once it is gone; an intent the
keeper refuses sends nothing to the page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from score_ui_helpers import Translator, make_keeper
from test_keeper import new_game

from app.link import Link
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, PREPAINT_KEY, SETUP_KEY, MemoryStorage, Store
from app.score.visit import Visit
from app.score.where import Where
from app.screens.score import KeeperDesk, ScoreScreen
from app.storage.page_saves import PageStorage
from app.tree import El
from shared.messages import TableIntent
from uno_core.cards import Card

STORAGE = PageStorage(Link())  # the page's saves: these desks open their keepers on a MemoryStorage instead


class Page:
    """The page's side of `app.link`, recording what it was sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def draws(self) -> int:
        return sum(1 for message in self.messages if message["op"] == "draw")


class NoPhones:
    """The table of phones as the score screen sees it: no guest follows."""

    def __init__(self) -> None:
        self.redraw: Callable[[], None] = lambda: None

    def phones(self, sheet_id: str) -> int:
        return 0

    def keeper_drew(self) -> None:
        pass

    def rejoin_page(self, sheet_id: str, base: Callable[[], str]) -> El | None:
        return None

    def take(self, message: TableIntent) -> None:
        pass


@pytest.fixture
def link() -> Link:
    return Link()


@pytest.fixture
def page(link: Link) -> Iterator[Page]:
    made = Page()
    link.attach(made)
    yield made
    link.listen(None)


def test_the_desk_opens_one_keeper_and_redraws_the_screen_on_show(link: Link, page: Page) -> None:
    storage, tr, opened = MemoryStorage(), Translator(), []

    def open_store(desk: KeeperDesk) -> Store:
        opened.append(desk)
        return make_keeper(storage, tr).store

    desk = KeeperDesk(link, STORAGE, open_store)
    screen = ScoreScreen((), link, desk, NoPhones())
    screen.mount()
    assert desk.shown is screen and page.draws() == 1
    desk.others_saved(frozenset({PREPAINT_KEY}))  # each tab draws its own prepaint
    assert page.draws() == 1
    other_tab = make_keeper(storage, tr)
    sheet_id = new_game(other_tab)
    desk.others_saved(frozenset({LIBRARY_KEY}))
    assert page.draws() == 2 and desk.store().library.get(sheet_id).sheet == other_tab.sheet()
    desk.storage_facts({"op": "storage", "ua": "x", "standalone": True, "persisted": True})
    assert page.draws() == 3 and desk.facts.persisted is True
    screen.unmount()
    desk.redraw()
    assert desk.shown is None and page.draws() == 3
    assert opened == [desk]  # one keeper, whatever asked for it


def test_a_refused_intent_sends_nothing(link: Link, page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    desk = KeeperDesk(link, STORAGE, lambda desk: make_keeper(MemoryStorage(), Translator()).store)
    screen = ScoreScreen((), link, desk, NoPhones())
    screen.mount()
    before = len(page.messages)
    link.from_page({"op": "intent", "act": "do_new"})  # no such intent: the link refuses it
    screen.receive({"op": "intent", "act": "score.winner", "seat": "x"})  # past the link's check: the keeper refuses
    assert len(page.messages) == before
    err = capsys.readouterr().err
    assert "unknown act 'do_new'" in err and "the score keeper refused an intent" in err


class Clock:
    """A stand-in for `browser.after`: the callbacks wait until `run()`; a cancelled one never runs."""

    def __init__(self) -> None:
        self.waiting: list[Timer] = []

    def after(self, seconds: float, callback: Any) -> Timer:
        timer = Timer(callback)
        self.waiting.append(timer)
        return timer

    def run(self) -> None:
        due, self.waiting = self.waiting, []
        for timer in due:
            if not timer.cancelled:
                timer.callback()


class Timer:
    def __init__(self, callback: Any) -> None:
        self.callback, self.cancelled = callback, False

    def cancel(self) -> None:
        self.cancelled = True


def typed_drafts(storage: MemoryStorage) -> str:
    return str(storage.get(DRAFTS_KEY) or "")


def test_a_typed_total_is_written_once_the_typing_pauses(link: Link, page: Page) -> None:
    storage, clock = MemoryStorage(), Clock()
    keeper = make_keeper(storage, Translator())
    sheet_id = new_game(keeper)
    held: list[tuple[str, str]] = []
    desk = KeeperDesk(
        link, STORAGE, lambda desk: keeper.store, after=clock.after, hold=lambda key, value: held.append((key, value))
    )
    screen = ScoreScreen((sheet_id, "round"), link, desk, NoPhones())
    screen.mount()
    screen.receive({"op": "intent", "act": "score.winner", "seat": 0})  # a pick: written at once
    written = typed_drafts(storage)
    assert held == []
    for text in ("1", "12"):  # two keys: each moves the write on
        screen.receive({"op": "intent", "act": "score.hand-total", "seat": 1, "value": text})
    assert typed_drafts(storage) == written and len(clock.waiting) == 2 and clock.waiting[0].cancelled
    # meanwhile the page holds each key's drafts, as they would be written (kept if the page goes first)
    assert [key for key, _ in held] == [DRAFTS_KEY] * 2 and '"12"' in held[-1][1] and '"12"' not in written
    clock.run()
    assert typed_drafts(storage) == held[-1][1] and not keeper.store.held
    screen.receive({"op": "intent", "act": "score.hand-total", "seat": 1, "value": "123"})
    other_tab = make_keeper(storage, Translator())
    other_tab.act("score.new-name", value="Zoe")  # another tab saves the set-up meanwhile
    desk.others_saved(frozenset({SETUP_KEY}))
    assert keeper.store.held == {sheet_id}  # what was typed here survives the other tab's save
    screen.unmount()  # leaving the page writes it at once
    assert '"123"' in typed_drafts(storage) and not keeper.store.held


class GuestScreen:
    """A guest phone's screen as the desk sees one (`KeeperPage`): its own link and visit, its drawings."""

    def __init__(self, link: Link) -> None:
        self.link, self.visit = link, Visit()
        self.drawn: list[str | None] = []

    def render(self, focus: str | None = None) -> None:
        self.drawn.append(focus)


def test_a_guest_phones_hand_is_the_keepers_own_act_on_the_same_store(link: Link, page: Page) -> None:
    keeper = make_keeper(MemoryStorage(), Translator())
    sheet_id = new_game(keeper)
    desk = KeeperDesk(link, STORAGE, lambda desk: keeper.store)
    host = ScoreScreen((sheet_id, "round"), link, desk, NoPhones())
    host.mount()
    host.receive({"op": "intent", "act": "score.winner", "seat": 0})
    host.receive({"op": "intent", "act": "score.save"})  # refused: the hands are blank
    assert {"hand-1", "hand-2", "hand-3"} <= set(desk.visit.errors)
    guest, draws = GuestScreen(Link()), page.draws()
    typed = {"op": "intent", "act": "score.hand-face", "seat": 2, "face": "7"}
    assert desk.hand(guest, sheet_id, 2, typed) == ""  # type: ignore[arg-type]
    assert [str(card) for card in keeper.store.shelf.draft(Where("round", sheet_id)).hands[2].cards] == ["R7"]
    assert guest.drawn == ["score-face-2-6"] and guest.visit.where == Where("round", sheet_id)
    assert "hand-2" not in desk.visit.errors and "hand-1" in desk.visit.errors  # the host's own refusal of it goes
    assert page.draws() == draws + 1  # the host's screen shows the guest's hand
    assert desk.hand(guest, sheet_id, 1, typed) == "not_your_hand"  # type: ignore[arg-type]
    assert keeper.store.shelf.draft(Where("round", sheet_id)).hands[2].cards[0] == Card.parse("R7")
