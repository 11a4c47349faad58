"""Words for cards, events and actions in both languages; the picker from a card to one legal play."""

from __future__ import annotations

import re

import pytest
from play_helpers import catalogue, translator

from app.play import describe
from app.play.picker import COLOUR, COUNT, SWAP, Picker, can_say_uno_with_play, playable_cards, plays_of
from uno_core import ALL_CARDS, Card, Colour, Game, Play, Rules, parse_action
from uno_core import events as ev
from uno_core.bots import make_bot, play_match
from uno_core.scenario import stacked_deck

C = Card.parse


@pytest.mark.parametrize(
    ("code", "en", "es"),
    [
        ("BS", "Blue Skip", "Salta azul"),
        ("R7", "Red 7", "7 rojo"),
        ("GV", "Green Reverse", "Cambio de sentido verde"),
        ("Y+2", "Yellow Draw Two", "Roba dos amarillo"),
        ("W", "Wild", "Comodín"),
        ("W+4", "Wild Draw Four", "Comodín roba cuatro"),
    ],
)
def test_card_names(code: str, en: str, es: str) -> None:
    assert translator("en").words(describe.card_phrase(C(code))) == en
    assert translator("es").words(describe.card_phrase(C(code))) == es


def test_every_card_has_a_face_and_a_shape() -> None:
    for card in ALL_CARDS:
        assert describe.face(card)
    assert len(set(describe.SHAPES.values())) == 4


def test_a_log_line_reads_naturally() -> None:
    played = ev.CardPlayed(0, (C("BS"),), Colour.BLUE)
    (line,) = describe.event_lines(played, ["Ana", "Ben"])
    assert describe.render(line, translator("en")) == "Ana plays Blue Skip."
    assert describe.render(line, translator("es")) == "Ana juega un Salta azul."


@pytest.mark.parametrize(
    ("event", "en", "es"),
    [
        (ev.Caught(1, 0, 2), "You catch Ben without UNO: 2 cards.", "Pillas a Ben sin decir UNO: 2 cartas."),
        (ev.Caught(0, 1, 2), "Ben catches you without UNO: 2 cards.", "Ben te pilla sin decir UNO: 2 cartas."),
        (ev.HandsSwapped(1, 0), "Ben swaps hands with you.", "Ben cambia la mano contigo."),
        (
            ev.ChallengeResult(1, 0, True, 0, 4),
            "Ben challenges: you were bluffing and draw 4.",
            "Ben desafía: ibas de farol y robas 4.",
        ),
    ],
)
def test_the_person_named_second_reads_as_you(event: ev.Event, en: str, es: str) -> None:
    (line, *_) = describe.event_lines(event, ["You", "Ben"])
    assert describe.render(line, translator("en"), you=0) == en
    assert describe.render(line, translator("es"), you=0) == es
    assert "You" in describe.render(line, translator("en"))  # without a person looking: the names


def test_every_event_of_whole_matches_has_words_in_both_languages() -> None:
    seen: set[str] = set()
    rules = Rules(stacking=True, seven_zero=True, jump_in=True, doubles=True, skipped_draws=True, target=60)
    for seed, players, r in ((3, 4, rules), (4, 4, Rules(teams=True, target=60)), (5, 3, Rules(target=60))):
        game = play_match(Game(players, r, seed), [make_bot("random", seed + s) for s in range(players)])
        for viewer in (None, 0):
            for event in game.history_for(viewer):
                for item in describe.event_lines(event, game.names, game.sides):
                    seen.add(item.key)
                    for lang in ("en", "es"):
                        text = describe.render(item, translator(lang))
                        assert "{" not in text and not re.search(r"\bplay\.[a-z_.]+", text), text
    assert {
        "play.log.play",
        "play.log.caught",
        "play.log.swapped",
        "play.log.rotated",
        "play.log.jump",
        "play.log.round_over",
        "play.log.match_over",
    } <= seen


def test_action_words_exist_for_every_kind_of_action() -> None:
    game = Game(
        ["A", "B"],
        Rules(seven_zero=True, doubles=True),
        1,
        first_dealer=1,
        deck=stacked_deck(["R7 R5 R5 W W+4 B1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"], "R3", dealer=1),
    )
    for action in [
        *game.legal_actions(0),
        *(parse_action(a) for a in ("keep", "challenge", "accept", "uno", "catch 1", "color red", "jump R5")),
    ]:
        item = describe.action_line(action, game.names)
        for lang in ("en", "es"):
            assert item.key in catalogue(lang)
            assert "{" not in describe.render(item, translator(lang))


def test_picker_asks_count_then_colour_then_swap() -> None:
    deck = stacked_deck(["R7 R7 R5 R5 W B1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "G1 G3 G4 G5 G6 G7 G8"], "R3", dealer=2)
    game = Game(["A", "B", "C"], Rules(seven_zero=True, doubles=True), 1, first_dealer=2, deck=deck)
    legal = game.legal_actions(0)
    assert playable_cards(legal) == {C("R7"), C("R5"), C("W")}
    wild = Picker(plays_of(legal, C("W")))
    assert wild.question() == (COLOUR, list(Colour))
    wild.answer(COLOUR, Colour.GREEN)
    assert str(wild.result()) == "play W green"
    seven = Picker(plays_of(legal, C("R7")))
    assert seven.question() == (COUNT, [1, 2])
    assert seven.result() is None
    seven.answer(COUNT, 2)
    assert seven.question() == (SWAP, [1, 2])
    seven.answer(SWAP, 2)
    assert str(seven.result()) == "play R7 R7 swap 2"
    with pytest.raises(ValueError):
        seven.answer(SWAP, 0)
    assert str(Picker(plays_of(legal, C("B1"))).result()) == "None"


def test_uno_follows_the_button() -> None:
    quiet, loud = Play((C("R5"),)), Play((C("R5"),), None, None, True)
    assert can_say_uno_with_play([quiet, loud]) and not can_say_uno_with_play([quiet])
    assert Picker([quiet, loud], uno=True).result() is loud
    assert Picker([quiet, loud], uno=False).result() is quiet
    assert Picker([quiet], uno=True).result() is quiet  # the button does nothing when UNO cannot be said
