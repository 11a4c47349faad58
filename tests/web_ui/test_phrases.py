"""Phrases as arguments (`app.tree.Phrase`): a text composed of catalogue entries (a log line naming a card)
crosses as keys, so the shell relabels it whole on a language switch; malformed ones are refused."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from app import diff
from app.tree import El, el, from_data, keys_of, phrase, text_of, to_data, to_html

TEXTS = {
    "en": {"log": "{name} plays {card}.", "card": "{colour} {value}", "red": "Red", "hand": "Hand: {cards}"},
    "es": {"log": "{name} juega un {card}.", "card": "{value} {colour}", "red": "rojo", "hand": "Mano: {cards}"},
}


def tr(lang: str) -> Any:
    def translate(key: str, args: Mapping[str, str]) -> str:
        return TEXTS[lang][key].format(**args)

    return translate


RED_7 = phrase("card", colour=phrase("red"), value=7)


def line() -> El:
    return el("li", key=phrase("log", name="Ana", card=RED_7), data_key="log")


def test_a_phrase_argument_is_translated_with_its_sentence() -> None:
    assert text_of(line(), tr("en")) == "Ana plays Red 7."
    assert text_of(line(), tr("es")) == "Ana juega un 7 rojo."
    hand = el("p", key=phrase("hand", cards=(RED_7, phrase("card", colour=phrase("red"), value=1))))
    assert text_of(hand, tr("en")) == "Hand: Red 7, Red 1"
    assert keys_of(hand) == {"hand", "card", "red"}


def test_the_html_binds_the_whole_phrase_for_the_shell() -> None:
    html = to_html(line(), tr("en"))
    assert ">Ana plays Red 7.</li>" in html
    args = {"name": "Ana", "card": {"k": "card", "g": {"colour": {"k": "red"}, "value": "7"}}}
    assert f'data-i18n-args="{json.dumps(args).replace(chr(34), "&quot;")}"' in html


def test_phrases_survive_the_trip_as_json_and_in_translated_attributes() -> None:
    tree = el(
        "div",
        line(),
        el("ol", t_attrs={"aria-label": phrase("hand", cards=(RED_7,))}),
        el("span", key="card", args={"colour": phrase("red"), "value": 3}),
    )
    assert from_data(json.loads(json.dumps(to_data(tree)))) == tree


@pytest.mark.parametrize(
    "bad",
    [
        {"t": "p", "k": "log", "g": [["card", 7]]},
        {"t": "p", "k": "log", "g": [["card", {"k": 3}]]},
        {"t": "p", "k": "log", "g": [["card", {"k": "card", "g": [["colour", "red"]]}]]},
        {"t": "p", "k": "log", "g": [["card", {"k": "card", "evil": 1}]]},
        {"t": "p", "x": [["title", "hand", [["cards", [None]]]]]},
    ],
)
def test_malformed_phrase_arguments_are_refused(bad: Any) -> None:
    with pytest.raises(ValueError):
        from_data(bad)


def test_a_language_switch_sets_translated_attributes_with_their_phrases_again() -> None:
    tree = to_data(el("div", el("ol", t_attrs={"aria-label": phrase("hand", cards=(RED_7,))})))
    assert isinstance(tree, dict)
    assert diff.retranslated(tree, tr("es")) == [["a", [0], [["aria-label", "Mano: 7 rojo"]]]]
