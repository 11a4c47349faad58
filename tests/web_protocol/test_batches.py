"""`app.link` in the worker's way (`attach(host, later)`): what one page message brings about crosses as one batch,
after the tasks it started; an effect's `go` is shown at once (no route comes back); the test hook's messages
go on their own; a message the protocol refuses changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.link import Link
from shared import protocol


class Page:
    def __init__(self) -> None:
        self.crossings: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> None:
        assert protocol.check(message, protocol.ENGINE) == "", message
        self.crossings.append(message)


class Loop:
    """Stands in for the worker's event loop: callbacks run in order when `run` is called."""

    def __init__(self) -> None:
        self.ready: list[Callable[[], None]] = []

    def later(self, callback: Callable[[], None]) -> None:
        self.ready.append(callback)

    def run(self) -> None:
        while self.ready:
            self.ready.pop(0)()


@pytest.fixture
def wired() -> Iterator[tuple[Link, Page, Loop]]:
    link, page, loop = Link(), Page(), Loop()
    link.attach(page, loop.later)
    yield link, page, loop


def draw(root: str, text: str) -> dict[str, Any]:
    return {"op": "draw", "root": root, "tree": {"t": "div", "a": [["id", root]], "c": [text]}}


def test_one_intent_crosses_back_once_with_what_its_tasks_sent(wired: tuple[Link, Page, Loop]) -> None:
    link, page, loop = wired

    def table(message: dict[str, Any]) -> None:
        link.to_page(draw("play", "R5 played"))
        link.to_page({"op": "effect", "cues": [], "sound": False, "motion": False})
        loop.later(lambda: link.to_page({"op": "saves-write", "id": 1, "puts": {}, "deletes": []}))  # a save's task

    link.listen(table)
    link.from_page({"op": "intent", "act": "play.card", "card": "R5", "seq": 4})
    assert page.crossings == []  # nothing before the turn is over
    loop.run()
    (crossing,) = page.crossings
    assert crossing["op"] == "batch"
    assert [one["op"] for one in crossing["messages"]] == ["draw", "effect", "saves-write"]
    assert crossing["messages"][0]["seen"] == 4 and crossing["messages"][2]["upto"] == 4


def test_a_go_is_shown_in_the_same_batch_and_not_asked_back(wired: tuple[Link, Page, Loop]) -> None:
    link, page, loop = wired
    shown: list[str] = []

    def navigate(hash_: str) -> None:
        shown.append(hash_)
        link.to_page({"op": "open", "section": "screen", "tree": None})
        link.to_page(draw("sheet", "the sheet"))

    link.navigate = navigate
    link.listen(lambda message: link.to_page({"op": "effect", "go": "#/score/s1"}))
    link.from_page({"op": "intent", "act": "score.save"})
    loop.run()
    assert shown == ["#/score/s1"]
    (crossing,) = page.crossings
    assert [one["op"] for one in crossing["messages"]] == ["effect", "open", "draw"]


def test_the_hooks_messages_go_alone_after_what_came_before(wired: tuple[Link, Page, Loop]) -> None:
    link, page, loop = wired

    def hook(message: dict[str, Any]) -> None:
        link.to_page(draw("play", "started"))
        link.to_page({"op": "hook-answer", "id": message["id"], "result": "ok"})

    link.handle("hook", hook)
    link.from_page({"op": "hook", "id": 1, "name": "start", "arg": "{}"})
    loop.run()
    assert [one["op"] for one in page.crossings] == ["draw", "hook-answer"]


def test_a_refused_message_changes_nothing(wired: tuple[Link, Page, Loop], capsys: pytest.CaptureFixture[str]) -> None:
    link, page, loop = wired
    got: list[dict[str, Any]] = []
    link.listen(got.append)
    link.from_page({"op": "intent", "act": "card", "seq": "4"})
    link.from_page({"op": "draw", "root": "play"})
    loop.run()
    assert got == [] and page.crossings == [] and link.seen == 0
    err = capsys.readouterr().err
    assert "intent.seq is not a whole number" in err and "draw is sent by the engine, not the page" in err
    with pytest.raises(TypeError, match="effect has an unknown field goto"):
        link.to_page({"op": "effect", "goto": "#/"})
