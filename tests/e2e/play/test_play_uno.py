"""UNO at the table: forgetting it gets you caught by a bot; a bot that forgets can be caught;
pass-and-play never shows a hand before the person confirms they hold the device."""

from __future__ import annotations

import pytest
from play_e2e import do, scenario, start, state, wait_idle, wait_log
from playwright.sync_api import Page, expect

from uno_core import DRAW, parse_action

pytestmark = pytest.mark.e2e
REDS = "R1 R2 R3 R4 R5 R6 R7"
OTHERS = "G8 G9 Y8 Y9 B8 B9 GS"
NOT_RED = "G8 Y8 B8 G9 Y9 B9 GV YV BV GS YS BS"  # never matches a red 1-7 on top
ME = {"kind": "human", "name": "Me"}


def test_forgetting_uno_gets_you_caught_by_a_bot(page: Page) -> None:
    ben = {"kind": "bot", "name": "Ben", "level": "basic", "options": {"miss_catch": 0.0}}
    start(
        page,
        {
            "config": {"seats": [ME, ben], "preset": "official", "speed": "instant", "reaction_ms": 400},
            "scenario": scenario([REDS, OTHERS], "R9", NOT_RED),
        },
    )
    for card in ("R7", "R6", "R5", "R4", "R3"):
        data = do(page, parse_action(f"play {card}"))
        assert data["log"][-1] == "1 draw"
    expect(page.locator('[data-act="play.uno"]')).to_be_enabled()  # two cards: UNO could be said with the play
    data = do(page, parse_action("play R2"))  # ...but is not
    assert "1 catch 0" in data["log"] and data["hand_sizes"][0] == 1 + 2
    expect(page.locator(".log-lines")).to_contain_text("Ben")


def test_catching_a_bot_that_forgot(page: Page) -> None:
    ben = {"kind": "bot", "name": "Ben", "level": "basic", "options": {"forget_uno": 1.0, "miss_catch": 1.0}}
    start(
        page,
        {
            "config": {"seats": [ME, ben], "preset": "official", "speed": "instant", "reaction_ms": 8000},
            "scenario": scenario([OTHERS, REDS], "R9", NOT_RED),
        },
    )
    for _ in range(5):
        data = do(page, DRAW)
    assert data["hand_sizes"][1] == 2
    length = len(data["log"])
    page.locator('.actions [data-move="draw"]').click()
    catch = page.locator('.reactions [data-move="catch 1"]')
    expect(catch).to_be_visible()
    catch.click()
    data = wait_log(page, length + 2)
    assert "0 catch 1" in data["log"] and data["hand_sizes"][1] == 1 + 2


def test_pass_and_play_never_shows_a_hand_before_confirmation(page: Page) -> None:
    seats = [
        {"kind": "human", "name": "Ana"},
        {"kind": "human", "name": "Ben"},
        {"kind": "bot", "name": "Cai", "level": "basic"},
    ]
    data = start(
        page, {"config": {"seats": seats, "preset": "official", "speed": "instant", "reaction_ms": 0}, "seed": 21}
    )
    confirmed: list[int] = []
    for _ in range(12):
        if data["screen"] == "handoff":
            assert data["shown"] is None
            expect(page.locator(".hand")).to_have_count(0)
            expect(page.locator(".card:not(.card-back)")).to_have_count(0)
            expect(page.locator('[data-key="play.log.draw_own"], [data-key="play.log.draw_own_many"]')).to_have_count(0)
            name = seats[data["handoff"]]["name"]
            expect(page.locator('[data-panel="handoff"] h2')).to_contain_text(name)
            page.locator('[data-act="play.handoff"]').click()
            expect(page.locator(".hand")).to_be_visible()
            data = wait_idle(page)
            confirmed.append(data["shown"])
        assert data["screen"] == "table" and data["shown"] == data["current"]
        data = (
            do(page, DRAW)
            if page.locator('.actions [data-move="keep"]').count() == 0
            else do(page, parse_action("keep"))
        )
        if data["screen"] == "drawn":  # the drawn card that ended the turn, seen before the hand-off
            expect(page.locator('[data-panel="drawn"] .reveal-card')).to_be_visible()
            page.locator('[data-act="play.reveal"]').click()
            data = wait_idle(page)
        if len(set(confirmed)) == 2 and data["screen"] == "handoff":
            break
    assert set(confirmed) == {0, 1}
    assert state(page)["screen"] == "handoff"
