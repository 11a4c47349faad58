"""The table's controller on CPython (`app.play.controller.PlayController`): taps become engine actions, a card that
cannot be played is explained, bots move through `ask` (or decide here when it is unavailable), a
person acting while a bot thinks makes that decision dropped, the game is saved after each action, and
every drawing goes out as a `Frame` (tree, announcement, focus)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from play_helpers import bot, catalogue, config, human, run_bots, tap

from app.i18n import Texts
from app.link import Link
from app.play.brain import Brain, BrainUnavailable
from app.play.controller import PlayController
from app.play.presenter import Frame
from app.play.session import Session
from app.play.store import PlayStore
from app.storage.core import Saves
from app.storage.page_saves import PageStorage
from app.tree import find, phrase, text_of
from tests.async_helpers import run
from tests.fake_local import FakeLocal
from uno_core import Card
from uno_core.scenario import stacked_deck

EN = Texts("en", catalogue("en"))


@pytest.fixture
def saves() -> Saves:
    return Saves({}, None, FakeLocal(), clock=lambda: 0, spawn=lambda coroutine: coroutine.close())


@pytest.fixture
def store(saves: Saves) -> PlayStore:
    return PlayStore(PageStorage(Link(), saves))


class Harness:
    """A table with its frames collected and its background tasks run by hand."""

    def __init__(self, store: PlayStore) -> None:
        self.frames: list[Frame] = []
        self.tasks: list[Any] = []
        self.brain = Brain()
        self.table = PlayController(store, self.frames.append, lambda: EN, self.ask_brain, self.tasks.append)

    async def ask_brain(self, request: Any) -> Any:
        import json

        reply = json.loads(self.brain.handle(json.dumps({**request, "id": 1})))
        return reply["move"] if reply["op"] == "chosen" else reply["action"]

    def run(self) -> None:
        async def drain() -> None:
            while self.tasks:
                await self.tasks.pop(0)

        run(drain())

    @property
    def last(self) -> Frame:
        return self.frames[-1]

    def close(self) -> None:
        for coroutine in self.tasks:
            coroutine.close()


@pytest.fixture
def harness(store: PlayStore) -> Iterator[Harness]:
    made = Harness(store)
    yield made
    made.close()


def person(name: str) -> dict[str, Any]:
    return {**human(), "name": name}


def scenario_session(players: list[Any], hands: list[str], first: str) -> Session:
    """Seat 0 plays first (seat 1 deals)."""
    deck = " ".join(map(str, stacked_deck(hands, first, "", 1)))
    return Session.new(config(players, speed="instant"), 5, deck, 1)


def test_no_game_shows_the_way_to_the_set_up(harness: Harness) -> None:
    harness.table.load(None)
    assert find(harness.last.tree, href="#/play")
    assert harness.table.shown_page == ""


def test_a_tap_plays_through_the_engine_saves_and_lets_the_bots_answer(
    harness: Harness, store: PlayStore, saves: Saves
) -> None:
    session = scenario_session([human(), bot("Ben")], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    store.keep(session)
    harness.table.load(session)
    assert harness.table.shown_page == "table"
    before = session.position
    harness.table.intent(tap("play.card", card="R5"))
    assert session.position == before + 1
    assert store.current() is session and saves.get(store.GAME_KEY) is not None
    harness.run()
    assert session.position > before + 1  # the bot moved (through the brain's answer)
    assert harness.table.decided_here == 0
    said = " ".join(frame.announce for frame in harness.frames)
    assert "Ben" in said and "You play Red 5." in said  # one's own move in the second person


def test_a_card_that_cannot_be_played_is_explained_and_nothing_moves(harness: Harness) -> None:
    session = scenario_session([human(), bot("Ben")], ["G5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    harness.table.load(session)
    before = session.position
    harness.table.intent(tap("play.card", card="B1", enabled=False))
    assert session.position == before
    assert harness.table.notice and harness.last.tree.attr("data-screen") == "table"
    harness.table.intent(tap("play.card", card="not-a-card"))  # malformed: ignored
    harness.table.intent(tap("play.colour", colour="purple"))
    assert session.position == before


def test_a_notice_from_before_ones_turn_goes_when_the_turn_begins(harness: Harness) -> None:
    """A card tapped during a bot's turn is explained; when the person's turn begins the explanation goes (the card
    may play now, and the turn's page needs its room); one made during the turn stays until the next tap."""
    session = scenario_session([bot("Ben"), human()], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    harness.table.load(session)
    harness.table.intent(tap("play.card", card="R1"))  # Ben's turn: not now
    assert harness.table.notice and "not_playable" in str(harness.last.tree)
    harness.run()  # Ben plays: her turn begins
    assert session.game.current == 1 and harness.table.notice is None
    assert "not_playable" not in str(harness.last.tree)
    harness.table.intent(tap("play.card", card="Y4", enabled=False))
    harness.table.render()
    assert harness.table.notice and "not_playable" in str(harness.last.tree)


def test_a_second_tap_sent_before_the_first_showed_is_dropped_unexplained(harness: Harness) -> None:
    """A double tap on a slow phone: the card went with the first tap; the second, sent blind, changes nothing
    and explains nothing, while the same tap made seeing the table is explained."""
    session = scenario_session([human(), bot("Ben")], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    harness.table.load(session)
    before = session.position
    harness.table.intent(tap("play.card", card="R5"))
    frames = len(harness.frames)
    harness.table.intent(tap("play.card", card="R5", blind=True))
    harness.table.intent(tap("play.move", move="play R5", blind=True))
    assert session.position == before + 1
    assert harness.table.notice is None
    assert len(harness.frames) == frames + 2  # drawn again (the page learns each tap is answered), unchanged
    assert harness.frames[-1].tree == harness.frames[frames - 1].tree
    harness.table.intent(tap("play.card", card="R5"))
    assert harness.table.notice and len(harness.frames) == frames + 3
    assert session.position == before + 1


def test_bots_decide_here_when_the_worker_is_unavailable(harness: Harness) -> None:
    async def unavailable(request: dict[str, Any]) -> Any:
        raise BrainUnavailable("test")

    harness.table.ask = unavailable
    session = scenario_session([human(), bot("Ben")], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    harness.table.load(session)
    harness.table.intent(tap("play.card", card="R5"))
    harness.run()
    assert harness.table.decided_here >= 1


def test_a_person_acting_while_a_bot_thinks_drops_that_decision(harness: Harness) -> None:
    gate: asyncio.Future[Any] | None = None

    async def slow(request: dict[str, Any]) -> Any:  # the first decision waits for the gate
        nonlocal gate
        answer = await harness.ask_brain(request)
        if gate is None:
            gate = asyncio.get_event_loop().create_future()
            await gate
        return answer

    harness.table.ask = slow
    session = scenario_session([bot("Ben"), human()], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")

    async def scene() -> None:
        harness.table.load(session)
        task = harness.tasks.pop(0)
        running = asyncio.ensure_future(task)
        for _ in range(5):
            await asyncio.sleep(0)
        assert harness.table.thinking
        harness.table.session = Session.loads(session.dumps())  # another position (as an import would)
        assert gate is not None
        gate.set_result(None)
        await running

    run(scene())
    assert harness.table.dropped == 1


def test_undo_and_a_bad_import_keep_the_game(harness: Harness, store: PlayStore) -> None:
    session = scenario_session([human(), person("You")], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    store.keep(session)
    harness.table.load(session)
    harness.table.import_text("{not json")
    assert harness.table.session is session and harness.table.notice == phrase("play.error.import")
    name, text = harness.table.export() or ("", "")
    assert name.startswith("uno-game-") and Session.loads(text).position == session.position
    harness.table.import_text(text)
    assert harness.table.session is not session and harness.table.notice == phrase("play.table.imported")
    assert Card.parse("R5") in harness.table.session.game.hands[0]


def test_frames_carry_the_cues_of_new_events_and_the_sound_switch(
    harness: Harness, store: PlayStore, saves: Saves
) -> None:
    session = scenario_session([human(), bot("Ben")], ["R5 B1 G2 Y3 R9 B7 G8", "R1 B2 G3 Y4 R6 B8 G9"], "R3")
    harness.table.load(session)
    assert harness.last.cues == () and harness.last.sound and not harness.last.motion  # instant bots: no travel
    assert one_of(harness.last.tree, "sound-switch").attr("aria-pressed") == "true"
    harness.table.intent(tap("play.card", card="R5"))
    played = [cue for frame in harness.frames for cue in frame.cues if cue["kind"] == "play"]
    assert played[0] == {**played[0], "seat": 0, "card": "R5", "mine": True, "sound": "play"}
    harness.table.intent(tap("play.sound"))
    assert saves.get(store.SOUND_KEY) == "off" and not harness.last.sound
    switch = one_of(harness.last.tree, "sound-switch")
    assert switch.attr("aria-pressed") == "false" and "fresh" not in (switch.attr("class") or "")
    harness.run()
    assert any(cue["seat"] == 1 for frame in harness.frames for cue in frame.cues if cue["kind"] == "play")


def test_a_round_end_announces_nothing_of_the_next_round_until_next_round(harness: Harness) -> None:
    session = Session.new(config([human(), bot("A"), bot("B")], speed="instant"), seed=3)
    while run_bots(session) != "round_end":
        session.apply(session.legal()[0])
    harness.table.load(session)
    harness.table.presenter.upto = session.history_end() - 3  # as if the round's last moves were still to show
    harness.table.render()
    said = harness.last.announce
    assert "wins round 1" in said and "Round 2" not in said, said
    assert harness.last.cues[-1]["kind"] == "round"
    assert "Round 2" not in text_of(one_of(harness.last.tree, "log-lines"), EN.tr)
    harness.table.intent(tap("play.next-round"))
    assert "Round 2" in harness.last.announce


def one_of(tree: Any, name: str) -> Any:
    (found,) = [item for item in tree.walk() if name in (item.attr("class") or "").split()]
    return found
