"""A finished sheet's share card (`app.score.card`): an SVG of the final standings with the date, in the page's
language, well-formed with any name (the page draws it into a PNG: web/page/picture.mjs)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime

from score_ui_helpers import Translator

from app.score.card import card, card_name
from app.tree import to_html
from scorekeeper import SavedSheet, new_sheet

SVG = "{http://www.w3.org/2000/svg}"
FRIDAY = int(datetime(2026, 12, 4, 22, 30).timestamp() * 1000)  # the device's local time, as `card` reads it


def finished() -> SavedSheet:
    sheet = new_sheet(["Ana", "<b>Beto</b> & co", "Caro"]).choose_dealer(0).set_options(target=50)
    sheet = sheet.add_round(sheet.blank_draft().with_winner(1).with_text(0, "30").with_text(2, "25"))
    return SavedSheet("s1", "Friday's game", FRIDAY, FRIDAY, sheet)


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # well-formed: a name's markup is text in it
    assert root.tag == f"{SVG}svg" and root.get("width") == "1080"
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def test_the_card_shows_the_winner_the_date_and_each_total_in_the_pages_language() -> None:
    saved = finished()
    tr = Translator()
    english = texts(to_html(card(saved), tr))
    assert english[:4] == [
        "UNO",
        "Friday's game",
        "<b>Beto</b> & co wins with 55 points",
        "4 December 2026 · rounds played: 1",
    ]
    assert english[4:-1] == ["1.", "<b>Beto</b> & co", "55", "2.", "Ana", "0", "2.", "Caro", "0"]
    assert english[-1] == "Kept with the UNO score keeper"
    tr.lang = "es"
    spanish = texts(to_html(card(saved), tr))
    assert spanish[2:4] == ["<b>Beto</b> & co gana con 55 puntos", "4 de diciembre de 2026 · rondas jugadas: 1"]
    assert not tr.missing


def test_the_card_is_as_tall_as_its_rows_and_a_long_name_is_cut() -> None:
    saved = finished()
    long = saved.sheet.rename_player(2, "Maximiliana Esperanza Ruiz")
    svg = to_html(card(SavedSheet("s1", "t", FRIDAY, FRIDAY, long)), Translator())
    assert "Maximiliana Esperanza R…" in texts(svg)
    ten = new_sheet([f"P{n}" for n in range(10)]).choose_dealer(0).set_options(target=10)
    draft = ten.blank_draft().with_winner(0)
    for seat in range(1, 10):
        draft = draft.with_text(seat, "2")
    ten = ten.add_round(draft)
    tall = ET.fromstring(to_html(card(SavedSheet("s2", "t", FRIDAY, FRIDAY, ten)), Translator()))
    assert int(tall.get("height") or 0) > int(ET.fromstring(svg).get("height") or 0)


def test_the_file_is_named_by_the_date_and_the_winner() -> None:
    assert card_name(finished()) == "uno-2026-12-04-b-beto-b-co.png"


def test_the_card_says_where_when_the_evening_has_a_place() -> None:
    saved = finished()
    there = SavedSheet("s1", "t", FRIDAY, FRIDAY, saved.sheet.with_story(place="Bar <Uno>", started=FRIDAY + 3_600_000))
    assert texts(to_html(card(there), Translator()))[3] == "4 December 2026 · Bar <Uno> · rounds played: 1"
