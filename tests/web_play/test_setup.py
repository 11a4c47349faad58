"""The set-up on CPython: the pure page (`app.play.setup_page.render`) shows every seat, rule and option
with the stable ids the browser tests use; the controller (`app.play.setup.Setup`) turns the page's
intents into a new set-up, refuses bad values without losing anything, and starts only a playable game."""

from __future__ import annotations

import re

import pytest
from play_helpers import catalogue, tap

from app.i18n import Texts
from app.play.config import MAX_SEATS, MIN_SEATS, PlayConfig, rule_options
from app.play.setup import Setup
from app.play.setup_page import render
from app.tree import El, find, text_of

EN = Texts("en", catalogue("en"))
ES = Texts("es", catalogue("es"))
RAW_KEY = re.compile(r"\bplay\.[a-z_]+\.[a-z_.]+")


def words(node: El | str, texts: Texts = EN) -> str:
    """What a node shows in the language of `texts` (the page binds catalogue keys)."""
    return text_of(node, texts.tr)


def page(setup: Setup, has_game: bool = False) -> El:
    return render(setup.screen(has_game))


@pytest.mark.parametrize("texts", [EN, ES], ids=["en", "es"])
def test_the_page_has_every_control_with_its_stable_id_and_no_raw_key(texts: Texts) -> None:
    tree = page(Setup(PlayConfig()))
    ids = {node.attr("id") for node in tree.walk()}
    assert {"f-preset", "f-speed", "opt-undo", "start-top", "start-bottom", "add-seat"} <= ids
    assert {f"rule-{option.name}" for option in rule_options()} <= ids
    seats = len(PlayConfig().seats)
    assert {f"seat-name-{i}" for i in range(seats)} | {f"f-seat-kind-{i}" for i in range(seats)} <= ids
    assert not RAW_KEY.search(words(tree, texts))
    for control in find(tree, data_on="change"):  # every field sends its change
        assert control.attr("data-act")


def test_the_set_up_shown_is_the_set_up_held() -> None:
    setup = Setup(PlayConfig())
    setup.act(tap("setup.preset", value="party"))
    tree = page(setup)
    preset = find(tree, id="f-preset")[0]
    assert [o.attr("value") for o in preset.walk() if o.attr("selected") is not None] == ["party"]
    assert find(tree, cls="resume-row") == []
    assert find(page(setup, has_game=True), data_act="setup.resume")


def test_seats_are_added_and_removed_within_limits_and_focus_stays_on_add() -> None:
    setup = Setup(PlayConfig())
    while len(setup.config.seats) < MAX_SEATS:
        effect = setup.act(tap("setup.add-seat"))
        assert effect.save and effect.render and effect.focus == "add-seat"
    assert not setup.act(tap("setup.add-seat")).save  # full: nothing changes
    assert find(page(setup), id="add-seat")[0].attr("disabled") == ""
    names = [seat.name for seat in setup.config.seats]
    assert len(set(names)) == len(names)
    while len(setup.config.seats) > MIN_SEATS:
        setup.act(tap("setup.remove-seat", seat=1))
    assert not setup.act(tap("setup.remove-seat", seat=0)).save
    assert find(page(setup), data_act="setup.remove-seat") == []


def test_a_name_is_trimmed_and_kept_without_a_redraw_that_would_lose_the_caret() -> None:
    setup = Setup(PlayConfig())
    effect = setup.act(tap("setup.seat-name", seat=0, value="  <b>Ana</b> " + "x" * 40))
    assert effect.save and not effect.render
    assert setup.config.seats[0].name == ("<b>Ana</b> " + "x" * 40)[:24]
    name = find(page(setup), id="seat-name-0")[0]
    assert name.attr("value") == setup.config.seats[0].name  # an attribute: shown as text, never HTML


def test_rules_change_from_the_controls_and_bad_numbers_are_refused_keeping_the_set_up() -> None:
    setup = Setup(PlayConfig())
    setup.act(tap("setup.rule", rule="stacking", checked=True))
    assert dict(setup.config.rules)["stacking"] is True and setup.config.preset == "custom"
    before = setup.config
    effect = setup.act(tap("setup.rule", rule="target", value="-5"))
    assert effect.render and not effect.save and setup.config == before
    shown = find(page(setup), id="setup-error")[0]
    assert words(shown) == EN("play.error.number") and shown.attr("hidden") is None
    assert find(page(setup), id="rule-target")[0].attr("value") == "-5"  # the field keeps what was typed
    setup.act(tap("setup.rule", rule="target", value="300"))
    assert dict(setup.config.rules)["target"] == 300 and setup.error == ""
    assert find(page(setup), id="rule-target")[0].attr("value") == "300"
    assert find(page(setup), id="setup-error")[0].attr("hidden") == ""  # kept in its place, empty and hidden
    assert setup.act(tap("setup.seat-kind", seat=99, value="bot")).render and setup.config == before.with_rule(
        "target", 300
    )
    setup.act(tap("setup.rule", rule="target", value="x"))
    setup.act(tap("setup.rule", rule="stacking", checked=False))  # another change: the refusal and its text go
    assert setup.error == "" and find(page(setup), id="rule-target")[0].attr("value") == "300"


def test_start_asks_the_glue_to_start_and_a_set_up_with_no_person_still_plays() -> None:
    setup = Setup(PlayConfig())
    effect = setup.act(tap("setup.start"))
    assert effect.start and effect.save
    session = setup.start(7)
    assert session is not None and session.game.seed == 7


@pytest.mark.parametrize("texts", [EN, ES], ids=["en", "es"])
def test_start_with_a_game_in_progress_asks_first(texts: Texts) -> None:
    setup = Setup(PlayConfig())
    setup.in_progress = True
    effect = setup.act(tap("setup.start"))
    assert not effect.start and effect.render and effect.focus == "start-ask-title"
    shown = page(setup, has_game=True)
    assert find(shown, data_act="setup.start") == []  # the question takes the Start buttons' place
    assert texts("play.setup.ask_title") in words(shown, texts) and texts("play.setup.ask_text") in words(shown, texts)
    assert len(find(shown, data_act="setup.start-sure")) == len(find(shown, data_act="setup.start-keep")) == 1
    assert RAW_KEY.findall(words(shown, texts)) == []
    kept = setup.act(tap("setup.start-keep"))
    assert not kept.start and kept.focus == "start-top" and len(find(page(setup), data_act="setup.start")) == 2
    setup.act(tap("setup.start"))
    setup.act(tap("setup.add-seat"))  # changing the set-up answers "not now"
    assert not setup.asking and find(page(setup), data_act="setup.start-sure") == []
    setup.act(tap("setup.start"))
    assert setup.act(tap("setup.start-sure")).start and not setup.asking


def test_start_without_a_game_in_progress_starts_at_once() -> None:
    setup = Setup(PlayConfig())
    setup.in_progress = False  # none, or a match that is over
    assert setup.act(tap("setup.start")).start and not setup.asking


@pytest.mark.parametrize("texts", [EN, ES], ids=["en", "es"])
def test_a_short_choice_label_is_explained_by_the_help_of_the_choice_made(texts: Texts) -> None:
    setup = Setup(PlayConfig())
    for name, choice in (("scoring", "penalty"), ("wd4_rule", "strict")):
        before = words(find(page(setup), id=f"rule-{name}-help")[0], texts)
        setup.act(tap("setup.rule", rule=name, value=choice))
        after = words(find(page(setup), id=f"rule-{name}-help")[0], texts)
        assert after == texts(f"play.rule.{name}.{choice}.help") != before
        assert not RAW_KEY.search(after)


def test_a_default_name_follows_the_language_and_a_chosen_one_stays() -> None:
    setup = Setup(PlayConfig())
    first = setup.config.seats[0].name
    assert setup.rename(first, "Jugador 1") and setup.config.seats[0].name == "Jugador 1"
    assert [s.name for s in setup.config.seats[1:]] == [s.name for s in PlayConfig().seats[1:]]
    setup.act(tap("setup.seat-name", seat=0, value="Lola"))
    assert not setup.rename("Jugador 1", "Player 1") and setup.config.seats[0].name == "Lola"


@pytest.mark.parametrize("texts", [EN, ES], ids=["en", "es"])
def test_each_bot_seat_says_what_its_level_plays_like(texts: Texts) -> None:
    setup = Setup(PlayConfig())
    bots = [index for index, seat in enumerate(setup.config.seats) if seat.is_bot]
    humans = [index for index, seat in enumerate(setup.config.seats) if not seat.is_bot]
    assert bots and humans
    for level in ("easy", "strategic", "expert"):
        setup.act(tap("setup.seat-level", seat=bots[0], value=level))
        tree = page(setup)
        (field,) = find(tree, id=f"f-seat-level-{bots[0]}")
        (described,) = find(tree, id=field.attr("aria-describedby") or "-")
        assert words(described, texts) == texts(f"play.level.{level}.help")
        assert not RAW_KEY.search(words(described, texts))
    assert not find(page(setup), id=f"seat-level-help-{humans[0]}")


def test_a_seat_may_be_played_on_a_guest_phone_and_an_unknown_kind_is_refused() -> None:
    setup = Setup(PlayConfig())
    options = [o.attr("value") for o in find(page(setup), id="f-seat-kind-1")[0].children if isinstance(o, El)]
    assert "phone" in options  # issue 50: a person on their own phone
    setup.act(tap("setup.seat-kind", seat=1, value="phone"))
    assert setup.config.seats[1].kind == "phone" and setup.config.phones == (1,)
    assert not setup.config.undo_allowed  # undo is for one person against bots only
    before = setup.config
    setup.act(tap("setup.seat-kind", seat=2, value="dragon"))
    assert setup.config == before
    session = setup.start(5)
    assert session is not None and session.phones == [1] and session.humans == [0] and session.viewer == 0


@pytest.mark.parametrize("texts", [EN, ES], ids=["en", "es"])
def test_a_turn_timer_is_a_choice_of_the_table_off_by_default(texts: Texts) -> None:
    setup = Setup(PlayConfig())
    field = find(page(setup), id="f-turn-timer")[0]
    options = [o for o in field.children if isinstance(o, El)]
    assert [o.attr("value") for o in options] == ["0", "30", "60", "120"]
    assert [o.attr("value") for o in options if o.attr("selected") is not None] == ["0"]  # off by default
    assert words(options[0], texts) == texts("play.setup.timer_off")
    assert words(options[1], texts) == texts("play.setup.timer_s", seconds=30)
    (help_text,) = find(page(setup), id=field.attr("aria-describedby") or "-")
    assert words(help_text, texts) == texts("play.setup.timer_help")
    effect = setup.act(tap("setup.timer", value="60"))
    assert effect.save and setup.config.turn_timer == 60
    chosen = find(page(setup), id="f-turn-timer")[0]
    assert [o.attr("value") for o in chosen.walk() if o.attr("selected") is not None] == ["60"]
    for bad in ("45", "", "sixty", "60.0"):  # not a choice: refused, the set-up as it was
        assert setup.act(tap("setup.timer", value=bad)).render and setup.config.turn_timer == 60
        assert setup.error == "play.error.config"
    session = Setup(setup.config).start(3)
    assert session is not None and session.config.turn_timer == 60
