"""Play UNO on several phones (issue 50) on CPython: the host's engine arbitrates its guest phones' intents.

A guest phone is a player only at a free phone seat; its intents act for that seat alone (its seat is its link's,
never a field it sends), in order of arrival, each checked by the engine at the position it arrives at: an
out-of-turn act whose window closed meanwhile (R-UNO-2) is refused with a message and never applied late. A
forged, malformed or replayed message changes nothing. Every message sent to seat k's phone, the first one too,
holds no card of another hand (property test over random games).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache

import pytest
from fake_table import GuestPhone, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_host import PlayHost, cards_shown, log, page_html, sent_text, to_turn_of, uno_moment

from app.link import Link
from app.peer.host import PING_S, SILENT_S
from app.peer.pages import host_page
from app.peer.sessions import Sessions
from app.play import describe
from app.play.config import DEFAULT_GRACE_S, AwayChoice
from app.play.phones import PLAY_TABLE_KEY
from app.play.presenter import Frame
from app.play.session import Session, Step
from app.tree import El, find, keys_of
from uno_core import ALL_CARDS, Card, Play, SaveError
from uno_core.events import CardPlayed, CardTurned, ChallengeResult, Event
from uno_core.scenario import stacked_deck

KINDS = ("human", "phone", "phone", "bot")  # the host's person, two guest phones, a bot


@pytest.fixture
def host() -> Iterator[PlayHost]:
    made = PlayHost(KINDS)
    yield made
    made.close()


def test_a_guest_is_a_player_only_at_a_free_phone_seat(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"))
    assert "Who are you?" in page_html(host, ana)
    assert 'id="table-claim-1"' in page_html(host, ana) and 'id="table-claim-3"' not in page_html(host, ana)
    for seat in (0, 3):  # the host's own person, a bot
        ana.tap("table.claim", seat=seat)
        assert "There is no such player" in page_html(host, ana)
        assert host.hosting.host.guests.holder(seat) is None
    ana.tap("table.claim", seat=1)
    beto = host.join(GuestPhone("beto", "es"))
    beto.tap("table.claim", seat=1)  # Ana's phone is live
    assert "Otro teléfono ya es ese jugador" in page_html(host, beto)
    beto.tap("table.claim", seat=2)
    assert sorted(g.seat for g in host.hosting.host.guests.seated() if g.seat is not None) == [1, 2]
    assert json.loads(host.saves.get(PLAY_TABLE_KEY) or "{}")["sheet"] == f"play:{host.session.game.seed}"


def test_each_phone_shows_its_own_hand_in_its_language_from_the_first_drawing(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    hands = host.session.game.hands
    assert sorted(cards_shown(host, ana)) == sorted(str(c) for c in hands[1])
    assert sorted(cards_shown(host, beto)) == sorted(str(c) for c in hands[2])
    assert "Ronda 1" in page_html(host, beto) and "Round 1" in page_html(host, ana)
    assert 'data-act="play.export"' not in page_html(host, ana)  # the game's file is the host's


def test_a_guests_move_acts_for_its_own_seat_and_every_phone_sees_it(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    game = host.session.game
    play = next(a for a in game.legal_actions(1) if isinstance(a, Play) and not a.uno and not a.colour)
    before = len(game.log)
    ana.tap("play.move", move=str(play))
    assert log(host)[before] == f"1 {play}"
    assert json.loads(host.saves.get("uno.play.game") or "{}")["game"]["log"][-1] == f"1 {play}"  # saved
    assert f'data-position="{before + 1}"' in page_html(host, beto)  # the other phone drew the move
    assert len(cards_shown(host, ana)) == len(host.session.game.hands[1])


def drawings_in_order(host: PlayHost, since: int) -> list[str]:
    """Who got a drawing of the table, in the order the host's engine sent them: a guest phone's name, or "host"
    for this device's own page."""
    names = {link: guest.name for link, guest in host.table_screen.links.items()}
    order: list[str] = []
    for message in host.table_screen.sent[since:]:
        if message["op"] == "peer" and message["do"] == "send":
            body = json.loads(message["text"]).get("message", {})
            inner = body.get("messages", [body])
            if any(m.get("op") == "draw" for m in inner):
                order.append(names[message["link"]])
        elif message["op"] == "draw" and message["root"] == "play":
            order.append("host")
    return order


def test_the_acting_phone_gets_its_drawing_first_then_the_others_then_the_host(host: PlayHost) -> None:
    """A tap's answer leaves before anything else is drawn, and the other phones' before this device's own (its
    page draws on the thread that relays theirs); a phone whose page shows the drawing already gets nothing."""
    host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 2)
    play = next(a for a in host.session.game.legal_actions(2) if isinstance(a, Play) and not a.uno and not a.colour)
    show = host.table.show  # this device's own table (its page is `PlayHost.drew`): noted among the sends

    def noted(frame: Frame) -> None:
        host.table_screen.sent.append({"op": "draw", "root": "play"})
        show(frame)

    host.table.show = noted
    since, drawn = len(host.table_screen.sent), len(beto.drawn())
    beto.tap("play.move", move=str(play))
    assert drawings_in_order(host, since) == ["beto", "ana", "host"]
    assert len(beto.drawn()) == drawn + 1  # its answer, and no second drawing of the same table
    assert host.hosting.drawn_ms[-1][0] == 3  # bench.play_phones's figure: the two phones' pages and the host's


def test_a_move_out_of_turn_or_illegal_changes_nothing_and_says_so(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    before = log(host)
    beto.tap("play.move", move="draw")  # not Beto's turn
    assert log(host) == before and "Esa jugada no es posible ahora" in page_html(host, beto)
    card = next(c for c in host.session.game.hands[1] if Play((c,)) not in host.session.game.legal_actions(1))
    ana.tap("play.card", card=str(card))  # a card of its own hand that cannot be played
    assert log(host) == before
    assert "cannot be played now" in page_html(host, ana)


def test_what_a_phone_may_not_send_is_refused_and_changes_nothing(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    to_turn_of(host, 1)
    before, saved = log(host), host.session.dumps()
    for act in ("play.undo", "play.new-match", "play.handoff", "play.reveal", "play.sound", "play.export"):
        ana.tap(act)  # this device's acts, not a phone's
    ana.tap("play.import", text=saved)
    assert log(host) == before and host.session.dumps() == saved
    refused = len(host.hosting.host.refusals)
    ana.forge("page", message={"op": "intent", "act": "play.move", "move": "draw", "seat": 0, "seq": 99})  # a seat
    ana.send_text("{not json")  # malformed
    ana.forge("page", message={"op": "play-state"})  # not a guest's page message
    assert len(host.hosting.host.refusals) == refused + 3 and log(host) == before
    ana.send("page", message={"op": "intent", "act": "play.move", "move": "draw", "seq": 100})
    assert log(host)[len(before)] == "1 draw"  # the same intent, well made: taken
    after = log(host)
    out = ana.out
    ana.out = iter([next(out) - 1])  # type: ignore[assignment]  # the last number again: a replay
    ana.send("page", message={"op": "intent", "act": "play.move", "move": "draw", "seq": 101})
    assert log(host) == after and len(host.hosting.host.refusals) == refused + 4


@pytest.mark.parametrize("seed", [7, 11])
def test_a_uno_call_and_a_catch_across_phones_in_order_of_arrival(seed: int) -> None:
    host = PlayHost(KINDS, seed=seed)
    try:
        ana, beto, play = uno_moment(host)
        ana.tap("play.move", move=str(play))  # her last-but-one card, UNO not said
        assert 'data-move="catch 1"' in page_html(host, beto)  # Beto's phone offers the catch
        ana.tap("play.uno")  # she says it first: it arrives first, so it counts
        beto.tap("play.move", move="catch 1")  # arrives after: the window closed for him (R-UNO-3)
        game_log = log(host)
        assert game_log[-1] == "1 uno" and "2 catch 1" not in game_log
        assert "Demasiado tarde" in page_html(host, beto)
        assert len(host.session.game.hands[1]) == 1
    finally:
        host.close()


def test_a_catch_that_arrives_first_wins_and_a_late_uno_is_refused_never_applied() -> None:
    host = PlayHost(KINDS)
    try:
        ana, beto, play = uno_moment(host)
        ana.tap("play.move", move=str(play))
        beto.tap("play.move", move="catch 1")  # first: Ana draws the penalty
        ana.tap("play.uno")  # too late
        game_log = log(host)
        assert "2 catch 1" in game_log and "1 uno" not in game_log
        assert len(host.session.game.hands[1]) == 1 + host.session.game.rules.uno_penalty
        assert "Too late" in page_html(host, ana)
    finally:
        host.close()


def test_a_reaction_window_is_given_to_phones_before_the_bots_as_on_one_device() -> None:
    host = PlayHost(KINDS, reaction_ms=1500)
    try:
        ana, _beto, play = uno_moment(host)
        ana.tap("play.move", move=str(play))
        session = host.session
        assert 2 in session.game.reacting() and session.game.current != 2
        assert session.next_step() == Step("window", ms=1500)  # Beto's phone may catch: it gets the window first
        session.window_over()
        assert session.next_step().kind in ("bot", "idle")
    finally:
        host.close()


def test_a_host_that_reloads_resumes_and_its_phones_come_back_to_their_seats(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    host.store.save(host.session)
    tokens, position = (ana.token, beto.token), host.session.position
    reload_host(host)
    rejoin = {r.name: r for r in host.hosting.host_view().rejoin}
    assert set(rejoin) == {"Ana", "Beto"} and all(r.code for r in rejoin.values())
    for guest, name in ((ana, "Ana"), (beto, "Beto")):
        guest.table = host.table_screen
        host.hosting.host.accept(rejoin[name].link, guest.answer(rejoin[name].code))
    assert (ana.token, beto.token) == tokens and host.session.position == position
    assert sorted(cards_shown(host, ana)) == sorted(str(c) for c in host.session.game.hands[1])
    assert sorted(cards_shown(host, beto)) == sorted(str(c) for c in host.session.game.hands[2])


# ----- no card of another hand reaches a phone ------------------------------------------------------------------


def faces_seen(events: list[Event], seat: int) -> set[str]:
    """The cards `seat` may know of from its history: played, turned (a Wild Draw Four turned first is shown, then
    put back: R-FIRST-1), and revealed to it."""
    seen: set[str] = set()
    for event in events:
        if isinstance(event, CardPlayed):
            seen.update(str(c) for c in event.cards)
        elif isinstance(event, CardTurned):
            seen.add(str(event.card))
        elif isinstance(event, ChallengeResult) and event.challenger == seat and event.revealed:
            seen.update(str(c) for c in event.revealed)
    return seen


@cache
def card_texts(card: Card) -> list[str]:
    """How a page could name `card`: its R-NOTE code as data, its name in either language."""
    from play_helpers import translator

    named = [translator(lang).words(describe.card_phrase(card)) for lang in ("en", "es")]
    return [str(card), *named]


def leaks(text: str, card: Card) -> bool:
    """Whether `text` names `card`: its code as a word, or its name where no longer card name starts ("Wild" in
    "Wild Draw Four" names the other card)."""
    code = re.escape(str(card))
    if re.search(rf"(?<![A-Za-z0-9+]){code}(?![A-Za-z0-9+])", text):
        return True
    longer = [name for other in ALL_CARDS if other != card for name in card_texts(other)[1:]]  # cached
    for name in card_texts(card)[1:]:
        for found in re.finditer(re.escape(name), text):
            if not any(len(other) > len(name) and text.startswith(other, found.start()) for other in longer):
                return True
    return False


def check_phone(host: PlayHost, guest: GuestPhone, seat: int, since: int) -> None:
    game = host.session.game
    if host.session.pending_round is not None or game.round_no > 1:
        return  # a round's end shows every hand (scoring): the test looks at the first round in play
    public = {str(c) for c in game.discard}  # the discard pile: the first card turned and every card played
    mine = {str(c) for c in game.hands[seat]} | faces_seen(game.history_for(seat), seat) | public
    hidden = {c for other, hand in enumerate(game.hands) if other != seat for c in hand if str(c) not in mine}
    text = sent_text(guest, since)
    for card in hidden:
        if leaks(text, card):
            code = re.search(rf"(?<![A-Za-z0-9+]){re.escape(str(card))}(?![A-Za-z0-9+])", text)
            where = text[code.start() - 200 : code.end() + 60] if code else ""
            raise AssertionError(f"seat {seat}'s phone got {card} of another hand: {where}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 2**31 - 1), choices=st.integers(0, 2**31 - 1))
def test_no_message_to_a_phone_holds_a_card_of_another_hand(seed: int, choices: int) -> None:
    host = PlayHost(("phone", "human", "phone", "bot"), seed=seed)
    pick = random.Random(choices)
    try:
        phones = {0: host.join(GuestPhone("ana", "en")), 2: host.join(GuestPhone("beto", "es"))}
        marks = {seat: 0 for seat in phones}
        for seat, guest in phones.items():
            guest.tap("table.claim", seat=seat)
        for _ in range(60):
            for seat, guest in phones.items():
                check_phone(host, guest, seat, marks[seat])  # the first drawing too
                marks[seat] = len(guest.got)
            session = host.session
            if session.pending_round is not None or session.game.is_over:
                break
            movers = session.game.seats_to_act()
            mover = pick.choice(movers)
            legal = session.game.legal_actions(mover)
            action = pick.choice(legal)
            if mover in phones:
                phones[mover].tap("play.move", move=str(action))
            elif mover == 1:
                session.viewer = 1
                host.table.act(action)
            else:
                session.game.apply(mover, action)
                host.table.render()
                host.hosting.changed_elsewhere()
    finally:
        host.close()


# ----- a phone away -------------------------------------------------------------------------------------------------


def pulse(host: PlayHost, seconds: float, *alive: GuestPhone) -> None:
    """`seconds` of the table's pulse (`Sessions._beat`): the links' own, then the game's; the `alive` phones ping."""
    for _ in range(int(seconds / PING_S)):
        host.clock.t += PING_S
        for guest in alive:
            guest.send("ping", at=int(host.clock.t * 1000))
        host.hosting.host.tick()
        host.share.tick(host.hosting)


def test_a_phone_away_keeps_its_seat_then_a_bot_plays_it_after_the_grace_until_it_is_back(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    position = host.session.position
    host.table_screen.cut(ana)  # her phone locked, out of the Wi-Fi
    pulse(host, SILENT_S + DEFAULT_GRACE_S - 2 * PING_S, beto)  # the grace counts from when her link is seen silent
    assert host.hosting.host.guests.holder(1) is not None  # still her seat: the table waits
    assert host.session.stand_ins == set() and host.session.next_step() == Step("idle", "human")
    pulse(host, 3 * PING_S, beto)
    assert host.session.stand_ins == {1} and host.session.is_bot(1)
    assert json.loads(host.saves.get("uno.play.game") or "{}")["stand_in"] == [1]  # a reload keeps it
    host.bots()
    assert host.session.position > position and host.session.game.log[position][0] == 1  # a bot played for her
    host.table_screen.cut(ana, up=True)  # back: her next message makes her link live again
    ana.tap("play.hint")
    pulse(host, PING_S, ana, beto)
    assert host.session.stand_ins == set() and not host.session.is_bot(1)
    assert sorted(cards_shown(host, ana)) == sorted(str(c) for c in host.session.game.hands[1])


def host_page_taps(host: PlayHost, act: str, **fields: object) -> Sessions:
    """A tap on the host's table page (`#/table/host/play`: `Sessions.take`), on the host's shared game."""
    sessions = Sessions(Link(), desk=None, play=host.share)  # type: ignore[arg-type]  # no sheet here
    sessions.hosting = host.hosting
    sessions.take({"op": "intent", "act": act, **fields})  # type: ignore[arg-type,typeddict-item]
    return sessions


def reload_host(host: PlayHost) -> None:
    """The host's tab reloads: the same saves, a new engine (the game is read from its save)."""
    host.store._session = None
    host.table_screen = Table()
    host.start()


def test_the_host_may_choose_to_wait_for_a_phone_away_and_a_reload_keeps_the_choice(host: PlayHost) -> None:
    host.join(GuestPhone("ana", "en"), 1)
    to_turn_of(host, 1)
    host_page_taps(host, "table.stand-in", checked=False)  # the host page's checkbox
    assert host.session.away == AwayChoice(bot=False)
    reload_host(host)
    assert host.share.away_choice() == AwayChoice(bot=False) and host.hosting.host_view().away == AwayChoice(bot=False)
    page = host_page(host.hosting.host_view())
    box, grace = find(page, id="table-stand-in")[0], find(page, id="table-grace")[0]
    assert box.attr("checked") is None and grace.attr("disabled") == ""  # unticked: no grace to choose
    pulse(host, 3 * DEFAULT_GRACE_S)  # her phone does not come back after the reload
    assert host.session.stand_ins == set() and host.session.next_step() == Step("idle", "human")


def test_the_host_chooses_the_grace_and_a_reloaded_host_keeps_it(host: PlayHost) -> None:
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    to_turn_of(host, 1)
    host_page_taps(host, "table.grace", value="30")  # the host page's select
    assert host.session.away == AwayChoice(grace_s=30)
    assert json.loads(host.saves.get("uno.play.game") or "{}")["away"] == {"bot": True, "grace_s": 30}
    for bad in ("45", "abc", "", "３０"):  # not one of the choices: nothing changes
        host_page_taps(host, "table.grace", value=bad)
        assert host.session.away == AwayChoice(grace_s=30), bad
    reload_host(host)
    assert host.session.away == AwayChoice(grace_s=30)
    page = host_page(host.hosting.host_view())
    chosen = [
        o.attr("value")
        for o in find(page, id="table-grace")[0].children
        if isinstance(o, El) and o.attr("selected") is not None
    ]
    assert chosen == ["30"] and "play.phones.grace" in keys_of(page)
    rejoin = {r.name: r for r in host.hosting.host_view().rejoin}
    beto.table = host.table_screen
    host.hosting.host.accept(rejoin["Beto"].link, beto.answer(rejoin["Beto"].code))  # Beto is back, Ana is not
    assert ana.token is not None
    pulse(host, 30 - 2 * PING_S, beto)
    assert host.session.stand_ins == set()  # not yet: her link is gone since the reload, 30 s are not over
    pulse(host, 3 * PING_S, beto)
    assert host.session.stand_ins == {1}  # the 30 s the host chose, not the default 60


def test_a_saved_choice_for_a_phone_away_that_is_not_one_is_refused_as_any_bad_save(host: PlayHost) -> None:
    host.share.choose_away(bot=False, grace="120")
    data = host.session.to_save()
    assert Session.from_save(data).away == AwayChoice(False, 120)
    older = {key: value for key, value in data.items() if key != "away"}  # a save made before the choice existed
    assert Session.from_save(older).away == AwayChoice() and "away" not in Session.from_save(older).to_save()
    for bad in ({"bot": "no"}, {"grace_s": 45}, {"grace_s": True}, {"grace_s": "60"}, {"wait": 1}, [], "60"):
        with pytest.raises(SaveError):
            Session.from_save({**data, "away": bad})
    host.saves.set("uno.play.game", json.dumps({**data, "away": {"grace_s": 7}}))
    assert host.store.reload() is None  # the save's usual handling: a damaged save is dropped, nothing crashes
    assert host.saves.get("uno.play.game") is None


def test_a_save_keeps_only_phone_seats_as_stand_ins(host: PlayHost) -> None:
    host.session.stand_in(1, True)
    data = host.session.to_save()
    again = Session.from_save(data)
    assert again.stand_ins == {1} and again.is_bot(1) and again.phones == [1, 2]
    with pytest.raises(SaveError):
        Session.from_save({**data, "stand_in": [3]})  # a bot's seat is no phone's
    assert not host.session.stand_in(3, True)  # nor here


def test_a_reloaded_host_shares_its_game_again_by_itself_when_phones_played_it(host: PlayHost) -> None:
    host.join(GuestPhone("ana", "en"), 1)
    host.store.save(host.session)
    sessions = Sessions(Link(), desk=None, play=host.share)  # type: ignore[arg-type]  # no sheet here
    sessions.resume_play()  # the table screen of the reloaded host, once mounted
    assert sessions.hosting is not None and sessions.hosting.key == "play"
    assert [r.name for r in sessions.hosting.host_view().rejoin] == ["Ana"]  # her code, ready by itself
    other = PlayHost(KINDS, seed=99)  # a game no phone has joined: nothing is shared
    try:
        quiet = Sessions(Link(), desk=None, play=other.share)  # type: ignore[arg-type]
        quiet.resume_play()
        assert quiet.hosting is None
    finally:
        other.close()


# ----- jump-in from a phone (R-VAR-JUMP) ------------------------------------------------------------------------------

# Hana (the host's person, seat 0) begins and holds a red 5, as Beto (seat 2, a phone) does: once Hana plays hers, Beto
# may jump in with his before Ana (seat 1, a phone, whose turn it is) plays.
JUMP_HANDS = ["R5 G1 G2 G3 G4 G6 G7", "W Y1 Y2 Y3 Y4 Y6 Y7", "R5 B1 B2 B3 B4 B6 B7", "G8 Y8 B8 R8 G9 Y9 B9"]


def jump_table() -> tuple[PlayHost, GuestPhone, GuestPhone]:
    """The host with the jump-in variant, Hana's red 5 just played: Ana's turn, Beto's phone offered the jump-in."""
    deck = " ".join(map(str, stacked_deck(JUMP_HANDS, "R3", dealer=3)))
    host = PlayHost(KINDS, deck=deck, first_dealer=3, rules={"jump_in": True})
    ana = host.join(GuestPhone("ana", "en"), 1)
    beto = host.join(GuestPhone("beto", "es"), 2)
    host.table.tap_card(Card.parse("R5"), shown_playable=True)  # Hana, on the host's own table
    assert host.session.game.current == 1 and log(host) == ["0 play R5"]
    page = page_html(host, beto)
    assert 'data-act="play.card" data-card="R5"' in page.split('class="reactions"', 1)[1]  # its jump-in button
    return host, ana, beto


def test_a_phone_holding_an_identical_card_jumps_in_out_of_turn() -> None:
    host, ana, beto = jump_table()
    try:
        beto.tap("play.card", card="R5", enabled=True)  # the jump-in button (or the card in his hand), as drawn
        assert log(host) == ["0 play R5", "2 jump R5"]
        assert host.session.game.current == 3  # play goes on from Beto
        assert "R5" not in cards_shown(host, beto) and "Demasiado tarde" not in page_html(host, beto)
        assert f'data-position="{host.session.position}"' in page_html(host, ana)  # every phone drew it
    finally:
        host.close()


def test_a_jump_in_that_arrives_after_the_turn_moved_on_is_refused_and_never_applied_late() -> None:
    host, ana, beto = jump_table()
    try:
        ana.tap("play.card", card="W", enabled=True)  # Ana's turn play arrives first: a wild, green, covers the 5
        ana.tap("play.colour", colour="green")
        before, saved = log(host), host.session.dumps()
        assert before == ["0 play R5", "1 play W green"] and host.session.game.current == 2
        beto.tap("play.card", card="R5", enabled=True)  # his tap on the jump-in he was shown, arriving after
        assert log(host) == before and host.session.dumps() == saved  # nothing changed
        assert "Demasiado tarde: ese momento pasó antes de que tu toque llegara a la mesa." in page_html(host, beto)
        assert sorted(cards_shown(host, beto)) == sorted(JUMP_HANDS[2].split())
        beto.tap("play.card", card="B1", enabled=False)  # a card drawn not playable: explained, not "too late"
        assert "no se puede jugar ahora" in page_html(host, beto) and log(host) == before
    finally:
        host.close()
