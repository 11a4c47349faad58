"""Play mode's boundary with the engine worker (`app.play.brain`): plain JSON both ways, the same moves
as deciding in the page, stale and malformed messages refused without changing anything."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import bot, config, human, run_bots

from app.play.brain import Brain
from app.play.session import Session, choice_data
from uno_core import IllegalActionError, parse_action


def ask(brain: Brain, request: dict[str, Any] | None, ident: int = 1) -> dict[str, Any]:
    """One request across the boundary as the page sends it: JSON text in, JSON text out."""
    reply = json.loads(brain.handle(json.dumps({**(request or {}), "id": ident})))
    assert reply["id"] == ident
    return dict(reply)


def run_through_brain(session: Session, brain: Brain) -> str:
    """`run_bots`, but every bot decision comes from the worker's side."""

    def decide(session: Session) -> None:
        reply = ask(brain, session.bot_request())
        assert reply["op"] == "chosen", reply
        session.bot_answer(session.moment, reply["move"])

    return run_bots(session, decide=decide)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 5), level=st.sampled_from(["basic", "strategic", "random"]))
def test_a_round_decided_in_the_worker_is_the_round_decided_in_the_page(seed: int, seats: int, level: str) -> None:
    cfg = config([bot(f"B{i}", level) for i in range(seats)], rules={"target": 100})
    here, there = Session.new(cfg, seed), Session.new(cfg, seed)
    brain = Brain()
    assert run_bots(here) == run_through_brain(there, brain)
    assert there.game.log == here.game.log and there.game.digest() == here.game.digest()


def test_a_person_moves_between_requests_and_the_mirror_follows() -> None:
    cfg = config([human(), bot("A"), bot("B")])
    here, there = Session.new(cfg, seed=21), Session.new(cfg, seed=21)
    brain = Brain()
    for _ in range(6):
        run_bots(here)
        run_through_brain(there, brain)
        assert there.game.log == here.game.log
        if here.game.current != 0 or here.pending_round is not None:
            break
        action = here.legal()[-1]
        here.apply(action)
        there.apply(action)
    mirror = brain.mirror
    assert mirror is not None and mirror.game.log == there.game.log[: len(mirror.game.log)]
    assert brain.mirror_lines == [f"{seat} {action}" for seat, action in mirror.game.log]  # kept as it grew


def test_an_answer_for_a_position_that_moved_on_is_dropped() -> None:
    session = Session.new(config([human(), bot("A")]), seed=3)
    run_bots(session)
    moment = session.moment
    session.apply(session.legal()[-1])  # the person acts while the bots think
    before = session.game.log[:]
    answer = {"seat": 1, "action": "draw"}
    assert session.bot_answer(moment, answer) is None
    assert session.game.log == before


def test_an_answer_from_before_an_undo_is_dropped_even_at_the_same_position() -> None:
    cfg = dataclasses.replace(config([human(), bot("A")]).with_preset("house"), undo=True)
    session = Session.new(cfg, seed=9)
    run_bots(session)
    moves = []
    while session.next_step().kind != "bot":  # the person's move (a draw, then keeping the card); then...
        moves.append(session.legal()[-1])
        session.apply(moves[-1])
    asked_at, answer = session.moment, choice_data(session.bot_choice())  # ...the bot decides, but
    assert session.undo()  # the person takes the move back and makes it again
    for move in moves:
        session.apply(move)
    assert session.position == asked_at[1] and session.moment != asked_at
    before = session.game.log[:]
    assert session.bot_answer(asked_at, answer) is None  # the same position, another moment: dropped
    assert session.game.log == before


def test_an_illegal_bot_answer_is_refused_and_changes_nothing() -> None:
    session = Session.new(config([bot("A"), bot("B")]), seed=5)
    before = session.game.log[:]
    legal = session.game.legal_actions(session.game.current)
    for answer in (
        {"seat": session.game.current, "action": "play W+4 red uno"},
        {"seat": 7, "action": "draw"},
        {"seat": "0", "action": "draw"},
        {"action": str(legal[0])},
        "draw",
        [0, "draw"],
    ):
        with pytest.raises(IllegalActionError):
            session.bot_answer(session.moment, answer)
        assert session.game.log == before


def test_every_bot_declining_lets_the_person_act() -> None:
    session = Session.new(config([human(), bot("A")]), seed=8)
    assert run_bots(session) == "human"
    assert session.bot_answer(session.moment, None) is None
    assert session.next_step().why == "human"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_request"),
        ('{"id": 4, "op": "search"}', "bad_op"),
        ('{"id": 4, "op": "choose", "position": -1, "save": {}}', "bad_request"),
        ('{"id": 4, "op": "choose", "position": 0}', "bad_save"),
        ('{"id": 4, "op": "choose", "position": 0, "save": {"game": {"log": []}}}', "bad_save"),
    ],
)
def test_a_malformed_request_gets_a_clear_error_and_changes_nothing(text: str, code: str) -> None:
    session = Session.new(config([bot("A"), bot("B")]), seed=6)
    brain = Brain()
    assert ask(brain, session.bot_request())["op"] == "chosen"
    mirror = brain.mirror
    reply = json.loads(brain.handle(text))
    assert reply["op"] == "refused" and reply["error"] == code and reply["detail"]
    assert brain.mirror is mirror


def test_a_save_whose_log_does_not_match_its_position_is_refused() -> None:
    session = Session.new(config([bot("A"), bot("B")]), seed=6)
    request = session.bot_request()
    reply = ask(Brain(), {**request, "position": request["position"] + 1})
    assert reply == {"op": "refused", "id": 1, "error": "bad_save", "detail": reply["detail"]}
    tampered = {
        **request,
        "save": {**request["save"], "game": {**request["save"]["game"], "log": ["0 play W+4 red"]}},
        "position": 1,
    }
    assert ask(Brain(), tampered)["error"] == "bad_save"


def test_an_undo_rebuilds_the_mirror() -> None:
    cfg = dataclasses.replace(config([human(), bot("A"), bot("B")]).with_preset("house"), undo=True)
    session = Session.new(cfg, seed=9)
    brain = Brain()
    run_through_brain(session, brain)
    session.apply(session.legal()[0])
    run_through_brain(session, brain)
    assert session.undo()
    reply = ask(brain, {**session.bot_request()})
    assert reply["op"] == "chosen"
    mirror = brain.mirror
    assert mirror is not None and mirror.game.log == session.game.log


def test_a_hint_from_the_worker_is_the_pages_hint() -> None:
    session = Session.new(config([human(), bot("A")]), seed=2)
    run_bots(session)
    request = session.hint_request()
    assert request is not None
    reply = ask(Brain(), request)
    assert reply["op"] == "hinted" and parse_action(reply["action"]) == session.hint()
    assert ask(Brain(), {**request, "seat": 1})["error"] == "bad_request"  # a bot's seat gets no hint
