"""The session: bot scheduling and reaction windows, pass-and-play hand-offs, undo, hints, saves."""

from __future__ import annotations

import dataclasses

import pytest
from play_helpers import bot, config, human, run_bots

from app.play.session import Session
from uno_core import Catch, Game, IllegalActionError, SaveError, save
from uno_core import events as ev
from uno_core.scenario import stacked_deck

REDS = "R1 R2 R3 R4 R5 R6 R7"
OTHERS = "G8 G9 Y8 Y9 B8 B9 GS"
NOT_RED = "G8 Y8 B8 G9 Y9 B9 GV YV BV GS YS BS"  # never match a red 1-7 on top


def test_bots_only_match_plays_to_the_end_and_survives_a_save() -> None:
    session = Session.new(config([bot("A"), bot("B", "random"), bot("C")], rules={"target": 150}), seed=11)
    rounds = 0
    while True:
        why = run_bots(session)
        if why == "round_end":
            rounds += 1
            again = Session.loads(session.dumps())
            assert again.game == session.game and again.pending_round == session.pending_round
            session.ack_round_end()
        else:
            assert why == "over"
            break
    assert session.game.is_over and rounds == len(session.game.round_results) >= 1


def test_one_person_acts_only_when_legal_and_bots_answer() -> None:
    session = Session.new(config([human(), bot("A"), bot("B")]), seed=3)
    assert session.shown == 0 and session.handoff is None
    assert run_bots(session) == "human"
    assert session.game.current == 0
    with pytest.raises(IllegalActionError):
        session.apply("play W+4 red uno")
    before = session.position
    session.apply(session.legal()[-1])  # draw
    run_bots(session)
    assert session.position > before + 1


def _forgetful_bot_session(window_ms: int) -> Session:
    deck = stacked_deck([OTHERS, REDS], "R9", NOT_RED, dealer=1)
    cfg = config([human(), bot("Ben", forget_uno=1.0, miss_catch=1.0)], reaction_ms=window_ms)
    return Session.new(cfg, seed=1, deck=" ".join(map(str, deck)), first_dealer=1)


def test_a_person_gets_a_window_to_catch_a_bot_that_forgot_uno() -> None:
    session = _forgetful_bot_session(1500)
    while session.game.hands[1].__len__() > 1:
        assert run_bots(session) == "human" or session.next_step().kind == "window"
        session.apply("draw")
        step = session.next_step()
        while step.kind == "bot":
            session.bot_step()
            step = session.next_step()
    assert session.game.exposed == {1}
    assert session.next_step().kind == "window"
    assert Catch(1) in session.legal()
    events = session.apply(Catch(1))
    assert any(isinstance(e, ev.Caught) and e.seat == 1 and e.by == 0 for e in events)
    assert len(session.game.hands[1]) == 3


def test_a_bot_catches_the_person_who_forgot_after_the_window() -> None:
    deck = stacked_deck([REDS, OTHERS], "R9", NOT_RED, dealer=1)
    cfg = config([human(), bot("Ben", miss_catch=0.0)], reaction_ms=500)
    session = Session.new(cfg, seed=1, deck=" ".join(map(str, deck)), first_dealer=1)
    for card in ("R1", "R2", "R3", "R4", "R5", "R6"):
        assert run_bots(session) == "human"
        session.apply(f"play {card}")
    step = session.next_step()
    assert step.kind == "window" and step.ms == 500  # the person's chance to say UNO late
    session.window_over()
    assert session.next_step().kind == "bot"
    assert session.bot_choice() == (1, Catch(0))
    session.bot_step()
    assert len(session.game.hands[0]) == 3


def test_pass_and_play_shows_a_hand_only_after_confirmation() -> None:
    session = Session.new(config([human(), {"kind": "human", "name": "Two"}, bot("A")]), seed=5)
    seen: list[int] = []
    for _ in range(40):
        why = run_bots(session)
        if why == "handoff":
            assert session.shown is None and session.legal() == []
            assert session.view().hand == ()
            target = session.handoff
            session.confirm_handoff()
            assert session.shown == target
            seen.append(target)
        elif why == "human":
            assert session.shown == session.game.current
            session.apply(session.legal()[-1])
        else:
            break
    assert set(seen) == {0, 1}
    assert Session.loads(session.dumps()).shown is None  # a reload always asks who holds the device


def test_undo_goes_back_before_the_persons_last_action() -> None:
    cfg = dataclasses.replace(config([human(), bot("A"), bot("B")]).with_preset("house"), undo=True)
    session = Session.new(cfg, seed=9)
    run_bots(session)
    assert session.undo_target() is None or session.undo_target() == session.position
    before = Game.replay(
        session.game.names, session.game.rules, session.game.seed, session.game.log, session.game.first_dealer
    )
    session.apply(session.legal()[0])
    run_bots(session)
    assert session.undo()
    assert session.game == before and session.game.current == 0
    plain = Session.new(dataclasses.replace(cfg, undo=False), seed=9)
    run_bots(plain)
    assert plain.undo_target() is None and not plain.undo()


def test_hint_is_a_legal_action() -> None:
    session = Session.new(config([human(), bot("A")]), seed=2)
    run_bots(session)
    hint = session.hint()
    assert hint is not None and hint in session.legal()


def test_saves_are_checked() -> None:
    session = Session.new(config([human(), bot("A")]), seed=4)
    run_bots(session)
    data = session.to_save()
    with pytest.raises(SaveError):
        Session.from_save({**data, "format": "other"})
    with pytest.raises(SaveError):
        Session.from_save({**data, "game": {**data["game"], "log": ["0 play W+4 red"]}})
    bare = Session.from_save(save.to_dict(session.game))  # an engine save alone: seat 0 plays
    assert bare.game == session.game and bare.humans == [0]


def test_state_for_tests() -> None:
    session = Session.new(config([human(), bot("A")]), seed=4)
    run_bots(session)
    state = session.state()
    assert state["digest"] == session.game.digest() and state["next"] == "idle"
    assert save.from_dict(state["save"]) == session.game
