"""Keyboard play, hint, undo, export and import of the game log."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import check_axe
from play_e2e import ARTIFACTS, game_of, start, state, wait_idle, wait_log
from playwright.sync_api import Page, expect

from uno_core import parse_action, save

pytestmark = pytest.mark.e2e
SEATS = [
    {"kind": "human", "name": "Me"},
    {"kind": "bot", "name": "Ana", "level": "basic"},
    {"kind": "bot", "name": "Ben", "level": "basic"},
]


def my_turn(page: Page, seed: int, preset: str = "official", undo: bool = False) -> dict[str, object]:
    data = start(
        page,
        {
            "config": {"seats": SEATS, "preset": preset, "undo": undo, "speed": "instant", "reaction_ms": 0},
            "seed": seed,
        },
    )
    assert data["current"] == 0 and data["phase"] == "turn", data
    return data


def test_keyboard_arrows_enter_and_shortcuts(page: Page) -> None:
    data = my_turn(page, 7)
    first = page.locator('.hand .card[tabindex="0"]')
    first.focus()
    start_key = first.get_attribute("data-focus")
    page.keyboard.press("End")
    last = page.evaluate("document.activeElement.dataset.focus")
    assert last != start_key and last == page.locator(".hand .card").last.get_attribute("data-focus")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.focus") == "card:1"
    playable = page.locator(".hand .card.playable").first
    code = playable.get_attribute("data-card")
    length = len(data["log"])
    playable.focus()
    page.keyboard.press("Enter")
    if page.locator(".chooser").count():
        page.locator('.chooser [data-act="play.colour"]').first.press("Enter")
    data = wait_log(page, length)
    assert data["log"][length].startswith(f"0 play {code}")
    if data["current"] == 0 and data["phase"] == "turn" and data["screen"] == "table":
        length = len(data["log"])
        page.keyboard.press("d")
        data = wait_log(page, length)
        assert data["log"][length] == "0 draw"


def test_hint_names_a_legal_move(page: Page) -> None:
    my_turn(page, 7)
    page.locator('[data-act="play.hint"]').click()
    hint = page.locator(".hint-line")
    expect(hint).to_be_visible()
    action = parse_action(str(hint.get_attribute("data-hint")))
    assert action in game_of(state(page)).legal_actions(0)


def test_undo_takes_back_my_last_move_against_bots(page: Page) -> None:
    before = my_turn(page, 7, preset="house", undo=True)
    undo = page.locator('[data-act="play.undo"]')
    expect(undo).to_be_disabled()
    page.locator('.actions [data-move="draw"]').click()
    data = wait_log(page, len(before["log"]))
    if data["phase"] == "drawn":
        page.locator('.actions [data-move="keep"]').click()
        data = wait_log(page, len(data["log"]))
    expect(undo).to_be_enabled()
    undo.click()
    page.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length === n", arg=len(before["log"]))
    after = wait_idle(page)
    assert after["log"] == before["log"] and after["digest"] == before["digest"]


def test_export_and_import_the_game_log(page: Page) -> None:
    data = my_turn(page, 7)
    page.locator(".table-menu summary").click()
    with page.expect_download() as info:
        page.locator('[data-act="play.export"]').click()
    path = info.value.path()
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["format"] == "uno_web.play" and save.from_dict(exported["game"]).digest() == data["digest"]
    other = my_turn(page, 11)
    assert other["digest"] != data["digest"]
    page.locator(".table-menu summary").click()
    page.locator("#play-import").set_input_files(path)
    page.wait_for_function("d => JSON.parse(window.unoPlay.state()).digest === d", arg=data["digest"])
    expect(page.locator(".notice")).to_be_visible()


def test_end_of_match_standings_and_a_new_match(page: Page) -> None:
    bots = [{"kind": "bot", "name": name, "level": "basic"} for name in ("Ana", "Ben", "Cai")]
    data = start(page, {"config": {"seats": bots, "preset": "quick", "speed": "instant", "reaction_ms": 0}, "seed": 4})
    assert data["screen"] == "round-end" and data["over"]
    page.locator('[data-act="play.next-round"]').click()
    expect(page.locator('[data-panel="match-end"] .standings li')).to_have_count(3)
    winner = game_of(state(page)).winners[0]
    expect(page.locator('[data-panel="match-end"] h2')).to_contain_text(bots[winner]["name"])
    check_axe(page, "match end")
    page.screenshot(path=str(ARTIFACTS / "play-match-end-phone-en.png"), full_page=True)
    old = state(page)["digest"]
    page.locator('[data-act="play.new-match"]').click()
    page.wait_for_function("d => JSON.parse(window.unoPlay.state()).digest !== d", arg=old)


def test_a_double_tap_on_a_slow_phone_plays_once_and_says_nothing(page: Page) -> None:
    """The second tap leaves before the page shows the first one's play: it is dropped unexplained (a tap on a
    card that cannot be played, made seeing the table, is still explained)."""
    data = my_turn(page, 7)
    length = len(data["log"])
    # every message to the worker arrives 1.5 s late, in order (a busy phone): the second tap surely leaves before
    # the first one's drawing comes back, even on a loaded test machine (0.4 s was not always enough there)
    page.evaluate("""() => {
        const engine = window.unoEngine, send = engine.send;
        engine.send = (text, seq, extra) => setTimeout(() => send(text, seq, extra), 1500);
    }""")
    card = page.locator('.hand .card.playable:not([data-card^="W"])').first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_timeout(60)
    card.click(force=True)  # the same card, still drawn as playable: the first tap's drawing is on its way
    data = wait_log(page, length)
    page.wait_for_timeout(800)
    data = wait_idle(page)
    mine = [entry for entry in data["log"][length:] if entry.startswith("0 ")]
    assert mine == [f"0 play {code}"], data["log"][length:]
    expect(page.locator(".notice")).to_have_count(0)
