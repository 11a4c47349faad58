"""The table's pages on CPython: `render(TableScreen)` for a turn, a colour choice, a hand-off, a round end,
a match end; ids, data attributes and texts the browser tests rely on; the same screen gives the same tree."""

from __future__ import annotations

import dataclasses
import re

import pytest
from play_helpers import bot, catalogue, config, human, run_bots

from app.i18n import Texts
from app.play import describe
from app.play.pages import name_class, render
from app.play.picker import Picker, plays_of
from app.play.session import Session
from app.play.table_state import Question, TableScreen, log_lines, table_screen
from app.tree import El, find, phrase, resolved
from uno_core import DRAW, Card, Catch, Colour
from uno_core.scenario import stacked_deck

EN = Texts("en", catalogue("en"))
ES = Texts("es", catalogue("es"))
KEY_LIKE = re.compile(r"\bplay\.[a-z_]+\.[a-z_.]+")


def text(node: El | str, texts: Texts = EN) -> str:
    """The text a node shows in the language of `texts` (play pages bind catalogue phrases, as the page
    translates them)."""
    if isinstance(node, str):
        return node
    if node.key:  # the shell relabels its whole text: nothing else may be inside
        assert not node.children, node
        return texts.tr(node.key, resolved(node.args, texts.tr))
    return "".join(text(child, texts) for child in node.children)


def label(node: El, name: str, texts: Texts = EN) -> str | None:
    """An attribute's value, a translated one in the language of `texts`."""
    translated = {attr: texts.tr(key, resolved(args, texts.tr)) for attr, key, args in node.t_attrs}
    return translated.get(name, node.attr(name))


def one(tree: El, **attrs: str) -> El:
    found = find(tree, **{"class" if name == "cls" else name: value for name, value in attrs.items()})
    assert len(found) == 1, (attrs, found)
    return found[0]


def by_class(tree: El, name: str) -> list[El]:
    return [item for item in tree.walk() if name in (item.attr("class") or "").split()]


def turn_session() -> Session:
    session = Session.new(config([human(), bot("A"), bot("B")]), seed=3)
    assert run_bots(session) == "human"
    return session


def wild_session() -> Session:
    deck = stacked_deck(["R7 R5 R5 W W+4 B1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"], "R3", dealer=1)
    session = Session.new(config([human(), bot("Ben")]), seed=1, deck=" ".join(map(str, deck)), first_dealer=1)
    assert run_bots(session) == "human"
    return session


def check_words(tree: El, texts: Texts = EN) -> None:
    """Every text and label is in words: no placeholder left, no catalogue key."""
    shown = [
        text(tree, texts),
        *(value for item in tree.walk() for name, value in item.attrs if name in ("aria-label", "title")),
        *(label(item, name, texts) or "" for item in tree.walk() for name, _, _ in item.t_attrs),
    ]
    for words in shown:
        assert "{" not in words and not KEY_LIKE.search(words), words
    # an empty text node does not survive the page's HTML parsing: the next drawing's paths would miss it
    assert all(child != "" for item in tree.walk() for child in item.children)


def test_a_turn_shows_the_seats_the_centre_the_actions_and_the_hand() -> None:
    session = turn_session()
    screen = table_screen(session, EN)
    tree = render(screen)
    view = session.view()
    assert tree.tag == "div" and tree.attr("id") == "play" and tree.attr("class") == "play"
    assert tree.attr("data-screen") == "table" and tree.attr("data-phase") == session.game.phase.value
    assert tree.attr("data-position") == str(session.position) and tree.attr("data-busy") == "0"
    assert tree.attr("data-thinking") == "0"
    assert text(one(tree, id="play-status")) == EN("play.status.turn")
    seats = one(tree, cls="seats")
    assert seats.tag == "ol" and label(seats, "aria-label") == EN("play.table.players")
    assert [item.attr("data-seat") for item in seats.children if isinstance(item, El)] == ["0", "1", "2"]
    assert "current" in (one(tree, data_seat="0").attr("class") or "")
    hand = one(tree, cls="hand")
    cards = find(hand, data_act="play.card")
    assert [card.attr("data-card") for card in cards] == [card.code for card in view.hand]
    assert hand.attr("data-count") == str(len(view.hand))
    assert [card.attr("tabindex") for card in cards].count("0") == 1
    legal = session.legal()
    for card in cards:
        playable = any(getattr(a, "card", None) == Card.parse(card.attr("data-card") or "") for a in legal)
        assert (card.attr("aria-disabled") is None) == playable
    pile = one(tree, data_focus="pile")
    assert (pile.attr("disabled") is not None) == (DRAW not in legal)
    for key in ("draw", "uno", "hint"):
        assert one(tree, data_key=key).attr("aria-keyshortcuts") == key[0].upper()
    uno = one(tree, data_key="uno")
    assert uno.attr("aria-pressed") == "false" and label(uno, "title") == EN("play.action.uno_label")
    log = one(tree, cls="log-lines")
    assert [item.attr("data-key") for item in log.children if isinstance(item, El)] == [
        line.key for line in log_lines(session)
    ]
    assert one(tree, id="play-import").attr("data-act") == "play.import"
    check_words(tree)


def test_the_same_screen_gives_the_same_tree() -> None:
    session = turn_session()
    screen = table_screen(session, EN)
    assert render(screen) == render(screen)
    assert table_screen(session, EN) == screen  # building the screen changes nothing either
    assert render(table_screen(session, EN)) == render(screen)


def test_the_screen_language_is_the_page_language() -> None:
    session = turn_session()
    spanish = render(table_screen(session, ES))
    assert text(one(spanish, id="play-status"), ES) == ES("play.status.turn") != EN("play.status.turn")
    check_words(spanish, ES)


def test_a_wild_asks_for_a_colour_and_offers_every_colour_and_cancel() -> None:
    session = wild_session()
    picker = Picker(plays_of(session.legal(), Card.parse("W")))
    screen = table_screen(session, EN, picker=picker)
    assert screen.question == Question("colour", tuple(Colour), Card.parse("W"))
    tree = render(screen)
    chooser = one(tree, cls="chooser")
    assert chooser.attr("data-chooser") == "colour" and chooser.attr("aria-labelledby") == "chooser-title"
    assert text(one(tree, id="chooser-title")) == EN("play.choose.colour", card=EN("play.card.wild", colour=""))
    colours = find(chooser, data_act="play.colour")
    assert [item.attr("data-colour") for item in colours] == [colour.value for colour in Colour]
    assert one(chooser, data_act="play.cancel").attr("class") == "button subtle"
    check_words(tree)


def test_notice_hint_uno_armed_and_a_reaction_window() -> None:
    session = wild_session()
    hint = session.hint()
    assert hint is not None
    screen = table_screen(
        session, EN, notice=phrase("play.error.illegal"), hint=hint, uno_armed=True, window_ms=1500, thinking=True
    )
    tree = render(screen)
    notice = one(tree, cls="notice")
    assert notice.attr("role") == "alert" and text(notice) == EN("play.error.illegal")
    assert one(tree, cls="hint-line").attr("data-hint") == str(hint)
    uno = one(tree, data_key="uno")
    assert uno.attr("aria-pressed") == "true" and "armed" in (uno.attr("class") or "").split()
    assert tree.attr("data-thinking") == "1"
    assert not by_class(tree, "window-bar")  # no catch or jump is offered: no window bar
    assert all(item.attr("style") is None for item in tree.walk())  # the page's policy refuses them


def test_a_catch_in_a_reaction_window_shows_the_window_bar() -> None:
    screen = table_screen(turn_session(), EN)
    tree = render(dataclasses.replace(screen, legal=(*screen.legal, Catch(1)), window_ms=1500))
    box = one(tree, cls="reactions")
    assert box.attr("role") == "group" and label(box, "aria-label") == EN("play.table.quick")
    catch = one(box, data_move="catch 1")
    assert catch.attr("data-act") == "play.move" and text(catch) == EN("play.action.catch", name="A")
    bar = one(box, cls="window-bar")
    assert bar.attr("aria-hidden") == "true" and bar.attr("style") is None  # the glue sets its duration
    assert not by_class(render(dataclasses.replace(screen, legal=(*screen.legal, Catch(1)))), "window-bar")


def test_a_hand_off_hides_the_hand_and_names_who_takes_the_device() -> None:
    session = Session.new(config([human(), {"kind": "human", "name": "Two"}, bot("A")]), seed=5)
    for _ in range(40):
        why = run_bots(session)
        if why == "handoff":
            break
        session.apply(session.legal()[-1])
    else:
        pytest.fail("no hand-off")
    tree = render(table_screen(session, EN))
    name = session.names[session.handoff or 0]
    assert tree.attr("data-screen") == "handoff"
    panel = one(tree, data_panel="handoff")
    assert panel.tag == "section" and panel.attr("aria-labelledby") == "handoff-title"
    assert text(one(tree, id="handoff-title")) == EN("play.handoff.title", name=name)
    assert text(one(tree, data_act="play.handoff")) == EN("play.handoff.confirm", name=name)
    assert not by_class(tree, "hand") and not find(tree, data_act="play.card")
    assert by_class(tree, "table-bar") and by_class(tree, "log")
    check_words(tree)


def test_a_round_end_and_the_match_end() -> None:
    session = Session.new(config([bot("A"), bot("B", "random"), bot("C")], rules={"target": 150}), seed=11)
    assert run_bots(session) == "round_end"
    result = session.pending_round
    assert result is not None
    tree = render(table_screen(session, EN))
    assert tree.attr("data-screen") == "round-end"
    one(tree, data_panel="round-end")
    title = text(one(tree, id="round-title"))
    assert title == EN("play.round.title", round=result.round_no, name=session.names[result.winner])
    tables = by_class(tree, "score-table")
    assert len(tables) == 2
    rows = [row for row in tables[0].walk() if row.tag == "tr"][1:]
    assert [text(row.children[0]) for row in rows] == [
        name + (" ★" if seat == result.winner else "") for seat, name in enumerate(session.names)
    ]
    button = one(tree, data_act="play.next-round")
    assert text(button) in (EN("play.round.next"), EN("play.round.to_result"))
    check_words(tree)
    while True:
        session.ack_round_end()
        if run_bots(session) == "over":
            break
    tree = render(table_screen(session, EN))
    assert tree.attr("data-screen") == "match-end"
    one(tree, data_panel="match-end")
    assert one(tree, data_act="play.new-match").attr("class") == "button primary big"
    points = [text(item) for item in by_class(tree, "standing-points")]
    assert len(points) == 3
    check_words(tree)


def test_no_game_leads_to_the_set_up_screen() -> None:
    screen = table_screen(None, EN)
    assert screen == TableScreen(EN)
    tree = render(screen)
    assert tree.attr("data-screen") is None
    assert one(tree, href="#/play").attr("class") == "button primary"


def test_texts_fill_placeholders_like_the_shell() -> None:
    texts = Texts("en", {"a": "Hi {name}, {other}"})
    assert texts("a", name="Ana") == "Hi Ana, {other}"
    assert texts("missing.key") == "missing.key"
    assert Texts("en", {})("a") == ""  # no catalogue yet


def test_the_last_things_that_happened_and_the_seat_chips() -> None:
    session = turn_session()
    screen = table_screen(session, EN)
    line = one(render(screen), id="last-action")
    assert 1 <= len(screen.recent) <= 3 and screen.recent[-1] == (log_lines(session)[0], True)
    assert [part.attr("data-key") for part in line.children] == [item.key for item, _ in screen.recent]
    last = line.children[-1]
    assert isinstance(last, El) and text(last) == describe.render(screen.recent[-1][0], EN)
    assert last.attr("class") == "newest"
    chips = by_class(render(screen), "seat")
    dealer = chips[session.view().dealer]
    assert text(one(dealer, cls="dealer-chip")) == EN("play.seat.dealer_short")
    assert EN("play.level_short.basic") in text(one(chips[1], cls="seat-tags"))
    skip = describe.line("play.log.skipped", 1, name="A")
    skipped = render(dataclasses.replace(screen, log=(skip, *screen.log)))
    assert "skipped" in (by_class(skipped, "seat")[1].attr("class") or "") and by_class(skipped, "seat-skip")
    switch = one(render(screen), data_act="play.sound")
    assert switch.attr("aria-pressed") == "true" and "fresh" in (switch.attr("class") or "")
    check_words(render(screen))


def test_a_stack_badge_and_a_wild_ring() -> None:
    session = wild_session()
    session.apply("play W+4 blue")
    me = dataclasses.replace(session.view(), pending_draw=4)
    tree = render(dataclasses.replace(table_screen(session, EN), view=me))
    assert text(one(tree, cls="pending-badge")).startswith("+4")
    assert "ring-blue" in (by_class(tree, "discard")[0].attr("class") or "")


def test_the_round_end_shows_each_hand_left_and_the_drawn_card_panel() -> None:
    session = turn_session()
    while run_bots(session) != "round_end":
        session.apply(session.legal()[0])
    tree = render(table_screen(session, EN))
    result = session.pending_round
    assert result is not None
    rows = [item for item in one(tree, cls="score-table hands-table").walk() if item.tag == "tr"][1:]
    assert len(rows) == 3
    for seat, row in enumerate(rows):
        codes = [card.attr("data-code") for card in by_class(row, "card")]
        assert codes == [card.code for card in session.round_hands()[seat]]
        assert text(row).endswith(str(result.hand_points[seat]))
    assert text(rows[result.winner]).find(EN("play.round.no_cards")) > 0
    check_words(tree)
    reveal = dataclasses.replace(table_screen(session, EN), page="drawn", reveal=(0, (Card.parse("Y9"),)))
    panel = one(render(reveal), data_panel="drawn")
    assert text(one(panel, id="reveal-title")) == EN("play.reveal.title", name="Me", card="Yellow 9")
    assert one(panel, data_act="play.reveal") and by_class(panel, "reveal-card")


def test_the_last_move_keeps_its_consequences_together() -> None:
    deck = stacked_deck(["B+2 R1 R2 R3 R4 R5 R6", "G1 G2 G3 G4 G6 G7 G8", "Y1 Y2 Y3 Y4 Y6 Y7 Y8"], "B5", dealer=2)
    session = Session.new(config([human(), bot("A"), bot("B")]), seed=1, deck=" ".join(map(str, deck)), first_dealer=2)
    assert run_bots(session) == "human"
    session.apply("play B+2")
    keys = [(item.key, last) for item, last in table_screen(session, EN).recent]
    assert keys == [("play.log.play", True), ("play.log.draw_many", True), ("play.log.skipped", True)]


def test_the_table_is_a_bar_seats_the_middle_and_a_dock_with_the_hand() -> None:
    session = turn_session()
    tree = render(table_screen(session, EN))
    parts = [child.attr("class") for child in tree.children if isinstance(child, El)]
    assert parts == ["table-bar", "seats", "centre", "last-action", "dock", "log"]
    bar = one(tree, cls="table-bar")
    assert text(one(bar, cls="round-label")) == EN("play.table.round", round=session.view().round_no)
    menu = one(bar, cls="table-menu")
    assert [item.attr("href") for item in menu.walk() if item.tag == "a"] == ["#/howto", "#/play"]
    dock = one(tree, cls="dock")
    inside = [child.attr("class") for child in dock.children if isinstance(child, El)]
    assert inside == ["status", "actions", "hand"]
    log = one(tree, cls="log")
    assert log.tag == "details" and log.attr("open") is None  # a sheet opened on demand
    switch = one(bar, data_act="play.sound")
    assert by_class(switch, "switch-track") and text(one(switch, cls="sound-label")) == EN("play.sound.label")


def test_the_person_looking_reads_their_own_moves_in_the_second_person() -> None:
    session = wild_session()
    session.apply("play R7")
    run_bots(session)
    screen = table_screen(session, EN)
    mine = next(item for item in screen.log if item.key == "play.log.play" and item.seat == 0)
    theirs = describe.line("play.log.play", 1, name="Ben", card=Card.parse("R5"))
    assert describe.render(mine, EN, you=0) == "You play Red 7."
    assert describe.render(mine, ES, you=0) == "Juegas un 7 rojo."
    assert describe.render(theirs, EN, you=0) == "Ben plays Red 5."
    assert describe.render(mine, EN) == "Me plays Red 7."  # nobody looking: the name (the bots' worker, tests)
    lines = [text(item) for item in one(render(screen), cls="log-lines").children]
    assert "You play Red 7." in lines
    many = describe.line("play.log.draw_own_many", 0, name="Me", count=2, cards=(Card.parse("R1"), Card.parse("B2")))
    assert describe.render(many, EN, you=0) == "You draw 2 cards: Red 1, Blue 2."
    assert describe.render(many, EN, you=0, short=True) == "You draw 2 cards."  # the table's last-action line


def test_a_round_won_by_the_person_looking_says_you() -> None:
    deck = stacked_deck(["R7 R5 R5 W W+4 B1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"], "R3", dealer=1)
    session = Session.new(config([human(), bot("Ben")]), seed=1, deck=" ".join(map(str, deck)), first_dealer=1)
    while run_bots(session) == "human":
        session.apply(session.legal()[0])
    result = session.pending_round
    assert result is not None
    title = text(one(render(table_screen(session, EN)), id="round-title"))
    if result.winner == 0:
        assert title == EN("play.round.title_you", round=result.round_no)
    else:
        assert title == EN("play.round.title", round=result.round_no, name="Ben")
    label = one(render(table_screen(session, EN)), cls="round-label")
    assert label.children == ()  # the panel names its round (and no empty text: HTML would drop it)


def test_long_seat_names_are_drawn_smaller_to_fit_their_chip() -> None:
    assert [name_class(name) for name in ("Ana", "Benedetta", "Maximiliano")] == [
        "seat-name",
        "seat-name long",
        "seat-name longer",
    ]
