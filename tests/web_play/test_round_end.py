"""What a round's end and a pass-and-play draw show (CPython): the history on show stops at the end of the
round whose result is shown (the next round's deal waits for "Next round"), the cards left in each hand
are found again exactly, and a person whose draw ended their turn sees the card before the hand-off."""

from __future__ import annotations

from play_helpers import bot, config, human, run_bots

from app.play.round_end import hands_at_end
from app.play.session import Session
from app.play.table_state import page_of
from uno_core import DRAW, Card, hand_points
from uno_core import events as ev
from uno_core.scenario import stacked_deck


def ended_round() -> Session:
    session = Session.new(config([human(), bot("A"), bot("B"), bot("C")]), seed=3)
    for _ in range(500):
        why = run_bots(session)
        if why == "round_end":
            return session
        session.apply(session.legal()[0])
    raise AssertionError("no round end")


def test_the_history_on_show_stops_at_the_round_end_until_next_round() -> None:
    session = ended_round()
    shown = session.history()
    assert isinstance(shown[-1], ev.RoundOver) and len(shown) == session.history_end()
    assert session.history_end() < len(session.game.history)  # round 2 is already dealt in the engine
    assert not any(isinstance(e, ev.RoundStarted) and e.round_no == 2 for e in shown)
    session.ack_round_end()
    assert session.history_end() == len(session.game.history)
    assert any(isinstance(e, ev.RoundStarted) and e.round_no == 2 for e in session.history())


def test_the_cards_left_at_the_round_end_are_the_ones_scored() -> None:
    session = ended_round()
    result = session.pending_round
    assert result is not None
    hands = session.round_hands()
    wild_points = session.game.rules.wild_points
    assert tuple(hand_points(hand, wild_points) for hand in hands) == result.hand_points
    assert hands[result.winner] == () and all(hands[s] for s in range(4) if s != result.winner)
    assert hands == hands_at_end(session.game, 0)
    session.ack_round_end()
    assert session.round_hands() == ()


def test_a_pass_and_play_draw_that_ends_the_turn_is_seen_before_the_hand_off() -> None:
    deck = stacked_deck(["G1 G2 G3 G4 G6 G7 G8", "R1 R2 R3 R4 R6 R7 R8", "Y1 Y2 Y3 Y4 Y6 Y7 Y8"], "B5", "Y9", 2)
    players = [{**human(), "name": "Ana"}, {**human(), "name": "Ben"}, bot("Cai")]
    session = Session.new(config(players, speed="instant"), 5, " ".join(map(str, deck)), 2)
    assert session.handoff == 0
    session.confirm_handoff()
    session.apply(DRAW)
    assert session.reveal == (0, (Card.parse("Y9"),))
    assert page_of(session) == "drawn" and session.next_step().why == "drawn"
    assert session.shown is None and session.view().hand == ()  # no hand is on show meanwhile
    session.confirm_reveal()
    assert page_of(session) == "handoff" and session.handoff == 1
