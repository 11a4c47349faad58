"""The controllers' side of the boundary on CPython: messages cross `app.link` as JSON (plain data only, a
malformed one is dropped), the router opens sections through it, and the saves write through the page
(`app.storage.page_saves`): a save counts once the page's answer says its transaction completed."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from app.application import App
from app.link import Link
from app.router import Router
from app.storage.core import PLAY_SETUP, SCORE_PREPAINT
from app.storage.page_saves import PageStorage
from app.tree import El, el
from tests.async_helpers import run


class Page:
    """The page's side, recording what it was sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def ops(self, op: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["op"] == op]


@pytest.fixture
def link() -> Link:
    return Link()


@pytest.fixture
def page_side(link: Link) -> Iterator[Page]:
    made = Page()
    link.attach(made)
    yield made
    link.listen(None)


def test_messages_cross_as_plain_data_and_malformed_ones_are_dropped(
    link: Link, page_side: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    got: list[Any] = []
    link.listen(got.append)
    link.from_page({"op": "intent", "act": "play.move", "move": "draw"})
    link.from_page({"op": "intent", "act": "play.move", "move": 5})
    link.from_page(["not", "a", "message"])
    link.from_page({"no-op": 1})
    assert got == [{"op": "intent", "act": "play.move", "move": "draw"}]
    assert "not one" in capsys.readouterr().err
    with pytest.raises(TypeError):
        link.to_page({"op": "draw", "tree": el("p")})  # an object, not data: refused before it crosses
    handled: list[Any] = []
    link.handle("route", handled.append)
    link.from_page({"op": "route", "hash": "#/play"})
    assert handled == [{"op": "route", "hash": "#/play"}] and len(got) == 1


class Screen:
    def __init__(self, name: str, log: list[str], static: str | None = None) -> None:
        self.name, self.log, self.static_id = name, log, static

    def frame(self) -> El | None:
        return None if self.static_id else el("div", el("div", id=f"{self.name}-root"))

    def mount(self) -> None:
        self.log.append(f"mount {self.name}")

    def unmount(self) -> None:
        self.log.append(f"unmount {self.name}")

    def relabel(self) -> None:
        self.log.append(f"relabel {self.name}")


def test_the_router_opens_each_screens_section_through_the_page(link: Link, page_side: Page) -> None:
    log: list[str] = []
    router = Router(
        {"": lambda p: Screen("landing", log, "landing"), "play": lambda p: Screen("play", log)}, link.to_page
    )
    router.show("#/", move_focus=False)
    router.show("#/play/table")
    router.show("#/nowhere")
    opened = page_side.ops("open")
    assert [(m["section"], m["focus_main"]) for m in opened] == [
        ("landing", False),
        ("screen", True),
        ("landing", True),
    ]
    assert opened[0]["tree"] is None and opened[1]["tree"]["c"][0]["a"] == [["id", "play-root"]]
    assert log == ["mount landing", "unmount landing", "mount play", "unmount play", "mount landing"]


def test_saves_write_through_the_page_and_count_once_it_answers(link: Link, page_side: Page) -> None:
    storage = PageStorage(link)

    async def scene() -> None:
        starting = asyncio.ensure_future(storage.start({"records": {}, "error": "", "local": {"uno.lang": "es"}}))
        await asyncio.sleep(0)
        first = page_side.ops("saves-write")[0]  # the first start records that migration is done
        assert not starting.done()  # it waits for the page's answer
        link.from_page({"op": "saves-written", "id": first["id"], "error": ""})
        saves = await starting
        saves.set(PLAY_SETUP, "{}")
        saves.set(SCORE_PREPAINT, "<p>")  # mirrored to localStorage once committed, by the page
        for _ in range(3):
            await asyncio.sleep(0)
        write = page_side.ops("saves-write")[-1]
        assert set(write["puts"]) == {PLAY_SETUP, SCORE_PREPAINT} and saves.state == "saving"
        assert write["mirror"] == [SCORE_PREPAINT]  # the page copies it once the write completed
        link.from_page({"op": "saves-written", "id": write["id"], "error": ""})
        for _ in range(3):
            await asyncio.sleep(0)
        assert saves.state == "saved"
        assert page_side.ops("local") == []  # no second copy from the worker
        assert storage.local.get("uno.lang") == "es"

    run(scene())


def test_the_controllers_start_from_what_the_page_sent(link: Link, page_side: Page) -> None:
    hello: Any = {
        "hash": "#/howto/stacking",
        "lang": "es",
        "catalogue": {"footer.engine": "Motor {version}"},
        "saves": {"records": None, "error": "blocked", "local": {}},
    }  # IndexedDB refused: the fallback
    app = App(link)
    run(app.start(hello))
    router = app.router
    assert link.lang() == "es" and router.route is not None and router.route.name == "howto"
    opened = page_side.ops("open")[0]
    assert opened["section"] == "screen" and opened["focus_main"] is False
    assert {"op": "effect", "jump": "howto-stacking"} in page_side.messages
    marks = [m for m in page_side.ops("set") if m.get("marks", {}).get("saves") == "fallback"]
    assert marks and marks[0]["marks"]["saves-failure"] == "blocked"
    link.from_page({"op": "route", "hash": "#/score"})
    assert router.route.name == "score" and page_side.ops("open")[-1]["focus_main"] is True
    link.from_page({"op": "lang", "lang": "en", "catalogue": {}})
    assert link.lang() == "en"


def test_typing_from_before_a_reload_is_replayed_and_each_write_says_which_intents_it_holds(
    link: Link, page_side: Page
) -> None:
    got: list[Any] = []
    typed = {"op": "intent", "act": "score.hand-total", "seat": 0, "value": "33", "enabled": True, "seq": 7}
    hello: Any = {
        "hash": "#/howto",
        "lang": "en",
        "catalogue": {},
        "typing": [typed, {"op": "route"}, "junk"],
        "saves": {"records": None, "error": "blocked", "local": {}},
    }
    link.listen(got.append)  # stands in for the open screen (start opens the rules page, which has none)
    original = link.listen
    try:
        link.listen = lambda receiver: None  # type: ignore[assignment]  # keep the stand-in
        run(App(link).start(hello))
    finally:
        link.listen = original  # type: ignore[assignment]
    assert got == [typed]  # the intent only: the rest is not one
    link.to_page({"op": "saves-write", "id": 1, "puts": {}, "deletes": []})
    assert page_side.ops("saves-write")[-1]["upto"] == 7
    link.from_page({**typed, "seq": 9})
    link.to_page({"op": "saves-write", "id": 2, "puts": {}, "deletes": []})
    assert page_side.ops("saves-write")[-1]["upto"] == 9


def test_drawings_and_focus_say_which_intent_they_answer(link: Link, page_side: Page) -> None:
    """`seen` lets the page keep what was typed since (`ui.host`) and tell a blind tap from a seen one."""
    link.listen(lambda message: None)
    link.from_page({"op": "intent", "act": "score.hand-total", "seat": 0, "value": "1", "seq": 41})
    link.to_page({"op": "draw", "root": "r", "tree": {"t": "div", "a": [["id", "r"]]}})
    link.to_page({"op": "effect", "focus": "x"})
    link.to_page({"op": "effect", "announce": {"region": "live", "text": "hi"}})
    assert [m.get("seen") for m in page_side.messages] == [41, 41, None]


def test_what_the_person_did_while_python_started_is_applied_once_in_order(link: Link, page_side: Page) -> None:
    """The journal's intents (typed before the page's side ran, or before a reload) and those the worker held while it
    started (`app.worker`) are applied once each, in the order they were made, with a held route change after them;
    meanwhile `link.replaying` says the person saw none of their answers."""
    from app.application import replayed

    def typed(seq: int, act: str, **fields: str) -> dict[str, Any]:
        return {"op": "intent", "act": act, **fields, "enabled": True, "seq": seq}

    ana, ben = typed(1, "score.new-name", value="Ana"), typed(4, "score.new-name", value="Ben")
    journal = [ana, typed(2, "score.add"), ben]  # Ben: sent by the page too
    held: list[Any] = [typed(3, "score.new-name", value="Be"), dict(ben), typed(5, "score.add")]
    assert [one["seq"] for one in replayed([*journal, "junk", {"op": "route"}], held)] == [1, 2, 3, 4, 5]
    got: list[tuple[int, bool]] = []
    hello: Any = {"hash": "#/howto", "lang": "en", "catalogue": {}, "typing": journal}
    hello["saves"] = {"records": None, "error": "blocked", "local": {}}
    original = link.listen
    try:
        link.listen(lambda message: got.append((message["seq"], link.replaying)))  # the open screen's stand-in
        link.listen = lambda receiver: None  # type: ignore[method-assign]  # keep the stand-in
        opened = len(page_side.ops("open"))
        app = App(link)
        run(app.start(hello, [{"op": "route", "hash": "#/howto"}, *held, {"op": "route", "hash": "#/score"}]))
    finally:
        link.listen = original  # type: ignore[method-assign]
    assert got == [(1, True), (2, True), (3, True), (4, True), (5, True)] and not link.replaying
    assert app.router.route is not None and app.router.route.name == "score"  # the route change came last
    # the first route change named where the hello had already gone: not opened twice
    assert [m["section"] for m in page_side.ops("open")[opened:]] == ["screen", "screen"]


def test_the_worker_holds_the_pages_acts_until_its_first_screen_is_drawn() -> None:
    from app.worker import Worker

    sent: list[str] = []
    worker = Worker(sent.append)
    got: list[Any] = []
    worker.link.listen(got.append)
    intent = {"op": "intent", "act": "score.new-name", "value": "Ana", "seq": 1}
    worker.receive(json.dumps(intent))  # before `start`: no screen could take it
    worker.receive(json.dumps({"op": "lang", "lang": "es"}))
    worker.receive(json.dumps({"op": "shared", "how": "copied"}))  # not an act of the person's: passed on
    assert worker.held == [intent, {"op": "lang", "lang": "es"}] and got == [{"op": "shared", "how": "copied"}]
    worker.page.ready = True
    worker.receive(json.dumps(intent))
    assert got[-1] == intent
