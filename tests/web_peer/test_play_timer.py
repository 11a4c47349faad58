"""The turn timer (issue 50) on CPython: an option of the table, off by default. A person's turn (on the host's device
or on a phone) shows its time left on every table; when it runs out, the basic bot makes that seat's one move (a
normal action in the log) and every table says whose time ran out. Bots' turns are not timed, nor a reaction window.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_table import GuestPhone
from play_host import PlayHost, log, page_html, to_turn_of, uno_moment

from app.play.config import ConfigError, PlayConfig
from app.play.session import Session, Step
from app.play.turn_timer import COUNTDOWN_SPAN_S
from app.tree import to_html
from uno_core import Game, SaveError

KINDS = ("human", "phone", "phone", "bot")  # the host's person (Hana), two guest phones (Ana, Beto), a bot (Cai)
PLAY_CSS = Path(__file__).resolve().parents[2] / "web" / "page" / "play.css"


@pytest.fixture
def host() -> Iterator[PlayHost]:
    made = PlayHost(KINDS, turn_timer=30)
    yield made
    made.close()


def timer_on(html: str, seat: int) -> dict[str, str] | None:
    """The countdown drawn on `seat`'s chip (its attributes), or None."""
    chip = re.search(rf'<li class="seat[^"]*" data-seat="{seat}">(.*?)</li>', html, re.S)
    assert chip is not None, html
    found = re.search(r'<span class="seat-timer"([^>]*)>', chip.group(1))
    return dict(re.findall(r'([\w-]+)="([^"]*)"', found.group(1))) if found else None


def host_html(host: PlayHost) -> str:
    """The host's own table as last drawn."""
    return to_html(host.frames[-1].tree, host.table.texts().tr)


def wait(host: PlayHost, seconds: float) -> None:
    """Time passes on the host's clock; its table's wake-up call comes (`PlayController.turn_tick`)."""
    host.clock.t += seconds
    host.table.turn_tick()


def replayed(host: PlayHost) -> Game:
    game = host.session.game
    return Game.replay(game.names, game.rules, game.seed, game.log, game.first_dealer, game.fixed_deck)


def test_the_timer_is_off_by_default_and_a_set_up_takes_only_its_choices() -> None:
    assert PlayConfig().turn_timer == 0 and PlayConfig.from_dict({}).turn_timer == 0
    assert PlayConfig.from_dict({"turn_timer": 60}).to_dict()["turn_timer"] == 60
    for bad in (45, "30", True, -30, None, 30.0):
        with pytest.raises(ConfigError):
            PlayConfig.from_dict({"turn_timer": bad})
    plain = PlayHost(KINDS)
    try:
        ana = plain.join(GuestPhone("ana", "en"), 1)
        to_turn_of(plain, 1)
        before = log(plain)
        wait(plain, 3600)
        assert log(plain) == before and plain.table.turn_clock() is None
        assert "seat-timer" not in page_html(plain, ana) and "seat-timer" not in host_html(plain)
    finally:
        plain.close()


def test_a_phone_whose_time_runs_out_has_one_move_made_for_it_and_every_table_says_so(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    for html in (page_html(host, ana), page_html(host, beto), host_html(host)):  # Ana's time, on her seat, everywhere
        shown = timer_on(html, 1)
        assert shown is not None and shown["data-left"] == "30", html
        assert shown["data-delay-ms"] == str(-(COUNTDOWN_SPAN_S - 30) * 1000)  # the page counts down from there
        assert timer_on(html, 2) is None and timer_on(html, 0) is None
    assert "30 s left" in page_html(host, ana) and "Quedan 30 s" in page_html(host, beto)
    before, hands = log(host), [len(hand) for hand in host.session.game.hands]
    wait(host, 12)
    host.hosting.changed_elsewhere()  # any drawing meanwhile says the time left then
    shown = timer_on(page_html(host, beto), 1)
    assert log(host) == before and shown is not None and shown["data-left"] == "18"
    assert shown["data-delay-ms"] == str(-(COUNTDOWN_SPAN_S - 18) * 1000)
    wait(host, 18)
    after = log(host)
    assert after[:-1] == before and after[-1].startswith("1 ")  # one move, Ana's
    assert [len(hand) for hand in host.session.game.hands][2:] == hands[2:]  # nobody else's hand changed
    assert "Your time ran out: a bot made that move for you." in page_html(host, ana)
    assert "A Ana se le acabó el tiempo: un bot hizo esa jugada." in page_html(host, beto)
    assert "Time ran out for Ana: a bot made that move." in host_html(host)
    assert json.loads(host.saves.get("uno.play.game") or "{}")["game"]["log"][-1] == after[-1]  # saved as any move
    assert replayed(host).digest() == host.session.game.digest()  # the log replays it exactly


def test_a_move_in_time_is_the_persons_and_the_next_decision_has_its_own_count(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    wait(host, 29)
    ana.tap("play.move", move="draw")
    assert log(host)[-1] == "1 draw" and host.session.timed_out is None
    wait(host, 29)  # her next decision (keep or play the card drawn), or the next person's: a count of its own
    assert log(host)[-1] == "1 draw"
    clock = host.table.turn_clock()  # (seed 7) her draw ended her turn: Beto's has run 29 s of its own
    assert clock is not None and clock.seat == host.session.game.current == 2 and clock.left_ms == 1000


def test_bots_are_not_timed_nor_a_phone_a_bot_plays_for(host: PlayHost) -> None:
    host.join(GuestPhone("ana", "en"), 1)
    host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 3)  # the bot's turn
    assert host.table.turn_clock() is None
    before = log(host)
    wait(host, 600)
    assert log(host) == before  # the timer never moves for a bot (the bots' clock does)
    to_turn_of(host, 1)
    assert host.table.turn_clock() is not None
    host.session.stand_in(1, True)  # Ana's phone away past the grace: a bot plays her seat
    assert host.table.turn_clock() is None


def test_the_person_at_the_host_device_is_timed_too() -> None:
    host = PlayHost(("human", "bot", "bot"), turn_timer=60)
    try:
        to_turn_of(host, 0)
        clock = host.table.turn_clock()
        assert clock is not None and clock.seat == 0 and clock.total_ms == 60_000
        before = log(host)
        wait(host, 60)
        assert log(host)[len(before)].startswith("0 ")
        assert "Your time ran out: a bot made that move for you." in host_html(host)
    finally:
        host.close()


def test_no_count_runs_in_a_reaction_window_and_the_turn_gets_its_own_after() -> None:
    host = PlayHost(KINDS, seed=1, reaction_ms=1500, turn_timer=30)
    try:
        ana, _beto, play = uno_moment(host)
        assert play.card.rank.is_number  # (seed 1) Beto's turn comes next
        ana.tap("play.move", move=str(play))  # her last-but-one card, UNO not said: anyone may catch her
        session = host.session
        assert session.game.current == 2 and session.next_step() == Step("window", ms=1500)
        before = log(host)
        wait(host, 3600)
        assert log(host) == before and host.table.turn_clock() is None  # Beto's turn is not counted in the window
        session.window_over()
        while session.next_step().kind == "bot":  # (seed 1) the bot lets her be
            session.bot_step()
        assert session.next_step() == Step("idle", "human") and session.game.current == 2
        clock = host.table.turn_clock()
        assert clock is not None and clock.seat == 2 and clock.left_ms == 30_000  # Beto's count begins now
    finally:
        host.close()


def test_the_timer_is_saved_with_the_game_and_older_saves_still_open(host: PlayHost) -> None:
    data = host.session.to_save()
    assert data["config"]["turn_timer"] == 30 and Session.from_save(data).config.turn_timer == 30
    older = {**data, "config": {k: v for k, v in data["config"].items() if k != "turn_timer"}}
    assert Session.from_save(older).config.turn_timer == 0  # a save from before the timer: off
    with pytest.raises(SaveError):
        Session.from_save({**data, "config": {**data["config"], "turn_timer": 7}})
    host.saves.set("uno.play.game", json.dumps({**data, "config": {**data["config"], "turn_timer": "30"}}))
    assert host.store.reload() is None  # a damaged save is dropped as any is, nothing crashes


def test_the_page_counts_down_over_the_span_the_drawings_assume() -> None:
    css = PLAY_CSS.read_text(encoding="utf-8")
    assert f"--turn-left: {COUNTDOWN_SPAN_S};" in css and f"turn-left {COUNTDOWN_SPAN_S}s linear" in css


def test_the_host_table_wakes_when_the_time_is_out_and_a_new_game_cancels_the_old_call() -> None:
    calls: list[tuple[float, object]] = []
    cancelled: list[object] = []

    class Call:
        def cancel(self) -> None:
            cancelled.append(self)

    def later(seconds: float, callback: object) -> Call:
        call = Call()
        calls.append((seconds, callback))
        return call

    host = PlayHost(("human", "bot", "bot"), turn_timer=30)
    try:
        host.table.later = later
        to_turn_of(host, 0)
        assert len(calls) == 1 and 30 <= calls[0][0] < 31  # one call, at the turn's end
        host.table.render()
        assert len(calls) == 1  # never two at once
        before = log(host)
        host.clock.t += 30
        calls[0][1]()  # type: ignore[operator]  # the call comes
        assert log(host)[len(before)].startswith("0 ")  # the move made for her
        to_turn_of(host, 0)
        assert len(calls) == 2 and not cancelled  # her next turn: its own call
        waiting = host.table.waking
        host.table.load(host.session)  # a game loaded (or a new one) while a call waits: that call goes
        assert cancelled == [waiting] and len(calls) == 3  # and the game shown gets its own
    finally:
        host.close()
