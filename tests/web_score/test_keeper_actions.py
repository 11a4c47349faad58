"""The keeper's one table of actions: every action a page sends is in it and nothing else is; an unknown
action or an argument no page sends is refused with a code and changes nothing; element ids are spelt once."""

from __future__ import annotations

import re
from pathlib import Path

from score_ui_helpers import Translator, go, make_keeper
from test_keeper import new_game
from test_keepsafe import IPHONE_SAFARI

from app.score.actions import ACTIONS
from app.score.keeper import Keeper
from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.store import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
FROM_THE_SCREEN = {"file"}  # the chosen file's text: `screens.score` reads it and calls `Keeper.import_text`


def acts_shown(keeper: Keeper) -> set[str]:
    """The `data-act` of every element on the keeper's page now."""
    return {act for node in render(keeper.screen()).walk() if (act := node.attr("data-act"))}


def every_act_of_an_evening(keeper: Keeper, tr: Translator) -> set[str]:
    """The actions a person can send on every page of a game played to its end, its link, another phone."""
    seen: set[str] = set()
    go(keeper, "#/score/new")
    for name in ("Ana", "Ben", "Cai"):
        keeper.act("newname", value=name)
        keeper.act("add")
    seen |= acts_shown(keeper)
    keeper.act("target", value="30")
    keeper.act("dealer", "0")
    go(keeper, keeper.act("start").go or "")
    seen |= acts_shown(keeper)  # typed totals
    keeper.act("modeall", "cards")
    keeper.act("winner", "0")
    keeper.act("card", "1:9")
    seen |= acts_shown(keeper)
    keeper.act("card", "2:9")
    go(keeper, keeper.act("save").go or "")  # 18 of 30
    sheet_id = keeper.where.sheet_id
    seen |= acts_shown(keeper)  # the summary, the "Keep a copy" offer
    keeper.act("ask", "delete-game")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/round/1")
    keeper.act("ask", "delete-round")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/round")
    keeper.act("winner", "1")
    keeper.act("card", "0:W")
    keeper.act("card", "2:5")
    go(keeper, keeper.act("save").go or "")  # the match is over: play again
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/setup")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/link")
    seen |= acts_shown(keeper)
    link = keeper.act("sharelink").share or ""
    go(keeper, "#/score")
    keeper.facts = Facts(IPHONE_SAFARI, False, False)
    seen |= acts_shown(keeper)
    go(keeper, "#/score/all")
    seen |= acts_shown(keeper)
    all_link = keeper.act("moveall").share or ""
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#" + link.split("#", 1)[1])
    seen |= acts_shown(other)
    go(other, "#" + all_link.split("#", 1)[1])
    seen |= acts_shown(other)
    return seen


def test_the_table_holds_exactly_the_actions_the_pages_send(keeper: Keeper, tr: Translator) -> None:
    seen = every_act_of_an_evening(keeper, tr)
    assert seen - FROM_THE_SCREEN == set(ACTIONS)


def test_an_unknown_action_is_refused_with_a_code_and_changes_nothing(keeper: Keeper, storage: MemoryStorage) -> None:
    new_game(keeper)
    before, screen = dict(storage.items), keeper.screen()
    for name in ("do_save", "import_text", "Save", "", "act"):
        effect = keeper.act(name, "1", "2", True)
        assert (effect.refused, effect.render, effect.go) == ("unknown_action", False, None)
    assert storage.items == before and keeper.screen() == screen


def test_an_argument_no_page_sends_is_refused_and_changes_nothing(keeper: Keeper, storage: MemoryStorage) -> None:
    new_game(keeper)
    keeper.act("winner", "0")
    before, screen = dict(storage.items), keeper.screen()
    for name, arg in (
        ("winner", "x"),
        ("card", "1:Q"),
        ("card", "1"),
        ("mode", "1:dice"),
        ("uncard", "1"),
        ("total", ""),
    ):
        assert keeper.act(name, arg, "5").refused == "bad_argument", name
    assert storage.items == before and keeper.screen() == screen


def test_element_ids_are_spelt_only_in_ids() -> None:
    """The keeper, its pages and its screen name elements through `app.score.ids`, never by a literal."""
    spelt = re.compile(r"""(?<!cls=)["']#?score-[a-z]""")
    files = [*sorted((ROOT / "web/engine/app/score").glob("*.py")), ROOT / "web/engine/app/screens/score.py"]
    found = [
        f"{path.name}:{number}"
        for path in files
        if path.name != "ids.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if spelt.search(line)
    ]
    assert found == []
