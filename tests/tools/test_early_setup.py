"""The new game's set-up painted before Python (tools/early_setup.py, written into web/setup-prepaint.js): the
keeper's own first drawing of `#/score/new`, in each language, waiting for Python only to start the game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from app.score.keeper import Keeper
from app.score.pages import render
from app.score.store import SETUP_KEY, MemoryStorage
from app.score.where import Where
from app.tree import to_html
from scorekeeper import Sheet, load
from tools.early_setup import PLACEHOLDER, early_setup, write_script

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "web" / "page" / "setup-prepaint.template.js"


def texts_left_out(html: str) -> str:
    """The markup without its words: what both languages share."""
    return re.sub(r">[^<]+<", "><", html)


def test_the_picture_is_the_keepers_first_drawing_of_a_new_game() -> None:
    made = early_setup()
    keeper = Keeper(MemoryStorage(), clock=lambda: 0, new_id=str, rng=None, lang=lambda: "en", tr=lambda k, a: "")  # type: ignore[arg-type]
    keeper.enter(Where.parse(("new",)))
    drawn = texts_left_out(to_html(render(keeper.screen()), lambda key, args: "x"))
    waiting = '<p class="sk-hint sk-early-waiting" role="status" data-i18n="load.start"></p>'
    for lang in ("en", "es"):
        page = made["pages"][lang]
        # the same page, but start waits for Python, and says so
        as_python = (
            texts_left_out(page).replace(waiting, "").replace(' data-act="start" disabled=""', ' data-act="start"')
        )
        assert as_python == drawn and waiting in texts_left_out(page), lang
        assert 'id="score-name-new"' in page and 'data-act="newname" data-on="input"' in page
    assert "New player's name" in made["pages"]["en"] and "Preparing the game…" in made["pages"]["en"]
    assert "Nombre del nuevo jugador" in made["pages"]["es"] and "Add player" not in made["pages"]["es"]


def test_it_is_painted_only_while_the_saved_set_up_is_the_blank_one() -> None:
    storage = MemoryStorage()
    keeper = Keeper(storage, clock=lambda: 0, new_id=str, rng=None, lang=lambda: "en", tr=lambda k, a: "")  # type: ignore[arg-type]
    keeper.enter(Where.parse(("new",)))
    keeper.store.save_setup()
    blank = early_setup()["blank"]
    assert blank == storage.get(SETUP_KEY) and load(json.loads(blank)["sheet"]) == Sheet()
    keeper.act("target", value="200")  # another target is Python's to draw: a different save
    assert storage.get(SETUP_KEY) != blank


def test_the_build_writes_it_into_the_script(tmp_path: Path) -> None:
    assert PLACEHOLDER in TEMPLATE.read_text()
    target = tmp_path / "setup-prepaint.js"
    write_script(TEMPLATE, target)
    text = target.read_text()
    assert PLACEHOLDER not in text
    literal = re.search(r"const EARLY_JSON = (\".*\");\n", text)
    assert literal is not None and json.loads(json.loads(literal.group(1))) == early_setup()
