"""The keeper's one table of acts: every intent a page sends is in it and nothing else is; an unknown
act or an argument no page sends is refused with a code and changes nothing; element ids are spelt once."""

from __future__ import annotations

import re
from pathlib import Path

from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import new_game
from test_keepsafe import IPHONE_SAFARI

from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.step import ACTS
from app.score.store import MemoryStorage
from scorekeeper import RoundDraft, Sheet

ROOT = Path(__file__).resolve().parents[2]
FROM_THE_SCREEN: set[str] = set()  # every act a page sends is the step's (the chosen file's text too: "score.file")


def acts_shown(keeper: Keeper) -> set[str]:
    """The `data-act` of every element on the keeper's page now."""
    return {act for node in render(keeper.screen()).walk() if (act := node.attr("data-act"))}


def regulars_acts(keeper: Keeper) -> set[str]:
    """The regulars offered at set-up, their page (a merged one, a forgotten one), the record page."""
    seen: set[str] = set()
    go(keeper, "#/score/new")
    keeper.act("score.new-name", value="Ana")
    seen |= acts_shown(keeper)  # Ana offered, and another person called Ana
    keeper.act("score.new-name", value="")
    other = Sheet().add_player("Dee", "~dee").add_player("Eve", "~eve").choose_dealer(0)
    keeper.store.put("other", other.add_round(RoundDraft.blank(2).with_winner(0).with_text(1, "5")), 1)
    go(keeper, "#/score/people")
    keeper.act("score.person-merge", person="~dee", value="~ben")
    keeper.act("score.person-forget", person="~cai")
    seen |= acts_shown(keeper)
    go(keeper, "#/score/record")
    seen |= acts_shown(keeper)
    return seen


def every_act_of_an_evening(keeper: Keeper, tr: Translator) -> set[str]:
    """The actions a person can send on every page of a game played to its end, its link, another phone."""
    seen: set[str] = set()
    go(keeper, "#/score/new")
    for name in ("Ana", "Ben", "Cai"):
        keeper.act("score.new-name", value=name)
        keeper.act("score.add")
    seen |= acts_shown(keeper)
    keeper.act("score.target", value="30")
    keeper.act("score.dealer", seat=0)
    go(keeper, keeper.act("score.start").go or "")
    seen |= acts_shown(keeper)  # typed totals
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-total", seat=1, value="1000")
    keeper.act("score.hand-total", seat=2, value="3")
    keeper.act("score.save")
    seen |= acts_shown(keeper)  # "are you sure?" about a total far beyond a hand
    keeper.act("score.cancel", what="sure")
    keeper.act("score.mode-all", mode="cards")
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-face", seat=1, face="9")
    seen |= acts_shown(keeper)
    keeper.act("score.hand-face", seat=2, face="9")
    go(keeper, keeper.act("score.save").go or "")  # 18 of 30
    sheet_id = keeper.where.sheet_id
    seen |= acts_shown(keeper)  # the summary, the "Keep a copy" offer
    old_link = (keeper.act("score.share").share or "").splitlines()[-1]
    keeper.act("score.ask", what="delete-game")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/round/1")
    keeper.act("score.ask", what="delete-round")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/round")
    keeper.act("score.winner", seat=1)
    keeper.act("score.hand-face", seat=0, face="W")
    keeper.act("score.hand-face", seat=2, face="5")
    go(keeper, keeper.act("score.save").go or "")  # the match is over: play again
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/setup")
    seen |= acts_shown(keeper)
    go(keeper, f"#/score/{sheet_id}/link")
    seen |= acts_shown(keeper)
    link = keeper.act("score.share-link").share or ""
    seen |= regulars_acts(keeper)
    go(keeper, "#/score")
    keeper.facts = Facts(IPHONE_SAFARI, False, False)
    seen |= acts_shown(keeper)
    go(keeper, "#/score/all")
    seen |= acts_shown(keeper)
    all_link = keeper.act("score.move-all").share or ""
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#" + link.split("#", 1)[1])
    seen |= acts_shown(other)
    go(other, "#" + all_link.split("#", 1)[1])
    seen |= acts_shown(other)
    go(other, "#" + old_link.split("#", 1)[1])
    go(other, other.act("score.keep").go or "")
    seen |= acts_shown(other)  # a sheet from a link: "they are my regulars"
    go(other, "#" + link.split("#", 1)[1])
    seen |= acts_shown(other)  # an older copy of the game here: update it, or keep a new one
    return seen


def test_the_table_holds_exactly_the_actions_the_pages_send(keeper: Keeper, tr: Translator) -> None:
    seen = every_act_of_an_evening(keeper, tr)
    assert seen - FROM_THE_SCREEN == set(ACTS)


def test_an_unknown_action_is_refused_with_a_code_and_changes_nothing(keeper: Keeper, storage: MemoryStorage) -> None:
    new_game(keeper)
    before, screen = dict(storage.items), keeper.screen()
    for name in ("do_save", "import_text", "Save", "", "act", "score.Save", "play.card"):
        effect = keeper.act(name, seat=1, value="2", checked=True)
        assert (effect.refused, effect.render, effect.go) == ("unknown_action", False, None)
    assert storage.items == before and keeper.screen() == screen


def test_an_argument_no_page_sends_is_refused_and_changes_nothing(keeper: Keeper, storage: MemoryStorage) -> None:
    new_game(keeper)
    keeper.act("score.winner", seat=0)
    before, screen = dict(storage.items), keeper.screen()
    for name, fields in (
        ("score.winner", {"seat": "x"}),
        ("score.hand-face", {"seat": 1, "face": "Q"}),
        ("score.hand-face", {"seat": 1}),
        ("score.hand-mode", {"seat": 1, "mode": "dice"}),
        ("score.hand-chip", {"seat": 1}),
        ("score.hand-total", {"value": "5"}),
        ("score.hand-total", {"seat": 1, "value": "5", "arg": "1"}),
        ("score.winner", {"seat": 7}),  # a seat this sheet does not have
        ("score.hand-face", {"seat": 4, "face": "7"}),
    ):
        assert keeper.act(name, **fields).refused == "bad_argument", name
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
