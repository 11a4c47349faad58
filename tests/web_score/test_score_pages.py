"""The score keeper's pages are pure functions of a `Screen` (plain values): no keeper, no browser."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from score_ui_helpers import Translator

from app.score.page_state import Note, Screen
from app.score.pages import render
from app.score.where import Where
from app.tree import find, keys_of, text_of, to_html
from scorekeeper import SavedSheet, Sheet

ROOT = Path(__file__).resolve().parents[2]


def a_sheet(*names: str) -> Sheet:
    sheet = Sheet()
    for name in names:
        sheet = sheet.add_player(name)
    return sheet.choose_dealer(0)


def test_the_list_page_from_plain_values() -> None:
    screen = Screen(where=Where("list"), damaged=True, note=Note(key="score.imported_many", args={"n": 2}))
    page = render(screen)
    keys = keys_of(page)
    assert {"score.list.damaged", "score.list.empty", "score.imported_many"} <= keys
    assert render(screen) == page  # the same values give the same page


def test_the_finished_sheets_are_listed_month_by_month_the_latest_first() -> None:
    sheet = a_sheet("Ana", "Ben").set_options(target=10)
    sheet = sheet.add_round(sheet.blank_draft().with_winner(0).with_text(1, "10"))
    on = {name: int(datetime(2026, month, day, 21).timestamp() * 1000) for name, month, day in
          (("nov", 11, 27), ("dec1", 12, 4), ("dec2", 12, 1), ("playing", 10, 2))}  # fmt: skip
    listing = tuple(
        dataclasses.replace(SavedSheet(name, name, when, when, sheet).summary(), finished=name != "playing")
        for name, when in on.items()
    )
    page = render(Screen(where=Where("list"), listing=listing))
    tr = Translator()
    tr.lang = "es"
    months = [text_of(head, tr) for head in page.walk() if head.tag == "h3"]
    assert months == ["diciembre de 2026", "noviembre de 2026"]  # the sheet in progress is not among them
    finished = next(node for node in page.walk() if node.tag == "section" and "sk-months" in (node.attr("class") or ""))
    titles = [node.children[0] for node in finished.walk() if node.attr("class") == "sk-game-title"]
    assert titles == ["dec1", "dec2", "nov"]


def test_a_setup_page_shows_the_messages_and_refused_text_it_is_given() -> None:
    screen = Screen(
        where=Where("new"),
        setup=a_sheet("Ana", "Ben"),
        new_name="<b>Cai</b>",
        errors={"name-new": ("That name is taken.",)},
        pending={"target": "abc"},
    )
    page = render(screen)
    assert find(page, id="score-name-new")[0].attr("value") == "<b>Cai</b>"
    assert "&lt;b&gt;Cai&lt;/b&gt;" in to_html(page, Translator())  # text, never markup
    assert text_of(find(page, id="score-name-new-error")[0], Translator()) == "That name is taken."
    assert find(page, id="score-name-new")[0].attr("aria-invalid") == "true"
    assert find(page, id="score-target")[0].attr("value") == "abc"


def test_a_round_page_and_its_live_sum_from_a_draft() -> None:
    sheet = a_sheet("Ana", "Ben")
    saved = SavedSheet(id="s1", title="Ana, Ben", created=0, updated=0, sheet=sheet)
    draft = sheet.blank_draft().with_winner(0).with_text(1, "25")
    screen = Screen(where=Where("round", "s1"), saved=saved, draft=draft)
    page = render(screen)
    assert find(page, id="score-save")
    assert find(page, id="score-hand-1")[0].attr("value") == "25"
    assert "25" in text_of(find(page, id="score-live-1")[0], Translator())


def test_a_screen_is_a_value() -> None:
    screen = Screen(where=Where("list"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        screen.confirm = "delete-game"  # type: ignore[misc]


def test_the_keeper_builds_no_page() -> None:
    """The keeper (its step, and the Screen it shows) loads no page module."""
    code = (
        "import sys; import app.score.step, app.score.showing; "
        "print(sorted(m for m in sys.modules if m.startswith('app.score.pages')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT / "web" / "engine",
        env={**os.environ, "PYTHONPATH": str(ROOT / "web")},  # `shared`, as in the worker
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[]"
