"""The new game's set-up painted before Python (tools/early_setup.py, written into web/setup-prepaint.js): the
keeper's own first drawing of `#/score/new`, in each language, waiting for Python only to start the game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.showing import screen_of
from app.score.step import State, World, step
from app.score.store import SETUP_KEY, MemoryStorage, Store
from app.score.visit import Visit
from app.score.where import Where
from app.tree import to_html
from scorekeeper import Sheet, load
from shared.protocol import INTENTS
from tools.early_setup import PLACEHOLDER, early_setup, write_script

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "web" / "page" / "setup-prepaint.template.js"


def texts_left_out(html: str) -> str:
    """The markup without its words: what both languages share."""
    return re.sub(r">[^<]+<", "><", html)


NEW_GAME = Visit(Where.parse(("new",)))


def test_the_picture_is_the_keepers_first_drawing_of_a_new_game() -> None:
    made = early_setup()
    shelf = Store.open(MemoryStorage()).shelf
    screen = screen_of(State(shelf, NEW_GAME), Facts(), lambda: "https://uno.invalid/")
    drawn = texts_left_out(to_html(render(screen), lambda key, args: "x"))
    waiting = '<p class="sk-hint sk-early-waiting" role="status" data-i18n="load.start"></p>'
    for lang in ("en", "es"):
        page = made["pages"][lang]
        # the same page, but start waits for Python, and says so
        as_python = (
            texts_left_out(page)
            .replace(waiting, "")
            .replace(' data-act="score.start" disabled=""', ' data-act="score.start"')
        )
        assert as_python == drawn and waiting in texts_left_out(page), lang
        assert 'id="score-name-new"' in page and 'data-act="score.new-name"' in page
    assert "New player's name" in made["pages"]["en"] and "Preparing the game…" in made["pages"]["en"]
    assert "Nombre del nuevo jugador" in made["pages"]["es"] and "Add player" not in made["pages"]["es"]


def test_the_script_is_told_each_acts_fields_and_how_to_read_them() -> None:
    """The painted controls send the typed intents ui.host sends: each act's fields as `shared.protocol` declares
    them, read from `data-<field>` (numbers and flags as such) or from the control's value or box."""
    acts = early_setup()["acts"]
    assert {"score.new-name", "score.add", "score.target", "score.teams", "score.scoring", "score.wild"} <= set(acts)
    for act, fields in acts.items():
        kind = INTENTS.kinds[act]
        assert set(fields) == set(kind.required) | set(kind.optional), act
    assert acts["score.wild"] == {"points": "number"} and acts["score.teams"] == {"checked": "flag"}
    assert acts["score.new-name"] == {"value": "text"} and acts["score.scoring"] == {"scoring": "text"}


def test_it_is_painted_only_while_the_saved_set_up_is_the_blank_one() -> None:
    storage = MemoryStorage()
    store = Store.open(storage)
    store.write(SETUP_KEY)
    blank = early_setup()["blank"]
    assert blank == storage.get(SETUP_KEY) and load(json.loads(blank)["sheet"]) == Sheet()
    world = World(clock=lambda: 0, new_id=str, rng=random.Random(0))
    message = {"op": "intent", "act": "score.target", "value": "200"}
    state, effects = step(State(store.shelf, NEW_GAME), message, world)
    store.keep(state.shelf, effects.writes)  # another target is Python's to draw: a different save
    assert storage.get(SETUP_KEY) != blank


def test_the_build_writes_it_into_the_script(tmp_path: Path) -> None:
    assert PLACEHOLDER in TEMPLATE.read_text()
    target = tmp_path / "setup-prepaint.js"
    write_script(TEMPLATE, target)
    text = target.read_text()
    assert PLACEHOLDER not in text
    literal = re.search(r"const EARLY_JSON = (\".*\");\n", text)
    assert literal is not None and json.loads(json.loads(literal.group(1))) == early_setup()
