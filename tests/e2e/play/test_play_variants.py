"""Each house rule switched on in the set-up screen takes effect at the table (scripted decks)."""

from __future__ import annotations

import re

import pytest
from play_e2e import do, game_of, scenario, start, state, wait_idle
from playwright.sync_api import Page, expect

from uno_core import DRAW, Card, Play, parse_action

pytestmark = pytest.mark.e2e
ME = {"kind": "human", "name": "Me"}


def bots(*names: str) -> list[dict[str, str]]:
    return [{"kind": "bot", "name": name, "level": "basic"} for name in names]


def set_up(page: Page, check: str = "", select: tuple[str, str] | None = None) -> None:
    """In the set-up screen: official rules, then switch one option on."""
    page.evaluate("location.hash = '#/play'")
    page.wait_for_selector("#play-setup")
    page.select_option("#f-preset", "official")
    expect(page.locator("#f-preset")).to_have_value("official")
    # the official rules drawn back by the worker (asynchronous): a box ticked before that would be reset
    expect(page.locator("#play-setup input[data-act='setup.rule']:checked")).to_have_count(0)
    if check:
        page.locator(f"#rule-{check}").check()
        expect(page.locator(f"#rule-{check}")).to_be_checked()
    if select:
        page.select_option(f"#rule-{select[0]}", select[1])
    expect(page.locator("#f-preset")).to_have_value("official" if not (check or select) else "custom")


def play(page: Page, seats: list[dict[str, str]], deal: dict[str, object], reaction_ms: int = 0) -> dict[str, object]:
    return start(page, {"config": {"seats": seats, "speed": "instant", "reaction_ms": reaction_ms}, "scenario": deal})


def hand(page: Page) -> list[str]:
    return [str(code) for code in page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.code)")]


def test_stacking(page: Page) -> None:
    set_up(page, "stacking")
    data = play(page, [ME, *bots("Ana")], scenario(["R+2 R1 R2 R3 R4 R5 R6", "B+2 G1 G3 G4 G5 G6 G7"], "R9"))
    assert game_of(data).rules.stacking
    data = do(page, parse_action("play R+2"))
    assert data["log"] == ["0 play R+2", "1 play B+2"] and data["phase"] == "stack"
    expect(page.locator(".pending-badge")).to_contain_text("4")
    expect(page.locator('.actions [data-move="draw"]')).to_contain_text("4")
    data = do(page, DRAW)
    assert data["log"][2] == "0 draw" and data["hand_sizes"][0] == 6 + 4


def test_seven_zero_asks_whom_to_swap_with(page: Page) -> None:
    set_up(page, "seven_zero")
    deal = scenario(["R7 R1 R2 R3 R4 R5 R6", "G1 G2 G3 G4 G5 G6 G8", "Y1 Y2 Y3 Y4 Y5 Y6 Y8"], "R9", "B9 B8 G9")
    play(page, [ME, *bots("Ana", "Ben")], deal)
    page.locator('.hand [data-card="R7"]').click()
    expect(page.locator('[data-chooser="swap"] [data-act="play.swap"]')).to_have_count(2)
    page.locator('[data-act="play.swap"][data-seat="2"]').click()
    data = wait_idle(page)
    assert data["log"][0] == "0 play R7 swap 2"
    game = game_of(data)
    assert sorted(hand(page)) == sorted(map(str, game.hands[0]))
    assert all(code.startswith("Y") for code in hand(page))  # Ben's hand, now mine


def test_jump_in_within_the_reaction_window(page: Page) -> None:
    set_up(page, "jump_in")
    deal = scenario(["R1 R5 G6 G7 G8 Y6 Y7", "R5 B6 B7 B8 B9 G9 Y9", "B1 B2 B3 B4 G1 G2 G3"], "R9")
    play(page, [ME, *bots("Ana", "Ben")], deal, reaction_ms=6000)
    page.locator('.hand [data-card="R1"]').click()
    jump = page.locator('.reactions [data-act="play.card"][data-card="R5"]')
    expect(jump).to_be_visible()
    expect(page.locator(".window-bar")).to_be_attached()
    expect(page.locator(".window-bar")).to_have_css("animation-duration", "6s")  # set by the glue (no style attribute)
    jump.click()
    page.wait_for_function("() => JSON.parse(window.unoPlay.state()).log.includes('0 jump R5')")
    data = wait_idle(page)
    assert data["log"][:3] == ["0 play R1", "1 play R5", "0 jump R5"]


def test_doubles(page: Page) -> None:
    set_up(page, "doubles")
    play(page, [ME, *bots("Ana")], scenario(["R5 R5 R1 R2 R3 R4 R6", "G1 G2 G3 G4 G6 G7 G8"], "R9"))
    data = do(page, Play((Card.parse("R5"), Card.parse("R5"))))
    assert data["log"][0] == "0 play R5 R5" and data["hand_sizes"][0] >= 5


def test_teams(page: Page) -> None:
    set_up(page, "teams")
    data = start(
        page, {"config": {"seats": [ME, *bots("Ana", "Ben", "Cai")], "speed": "instant", "reaction_ms": 0}, "seed": 3}
    )
    assert len(data["totals"]) == 2 and game_of(data).sides == (0, 1, 0, 1)
    expect(page.locator('.seat[data-seat="0"] .seat-tags')).to_contain_text("A")
    expect(page.locator('.seat[data-seat="2"] .seat-tags')).to_contain_text("A")
    expect(page.locator('.seat[data-seat="1"] .seat-tags')).to_contain_text("B")


def test_no_bluffing_greys_out_an_illegal_wild_draw_four(page: Page) -> None:
    deal = scenario(["W+4 R1 R2 R3 R4 R5 R6", "G1 G2 G3 G4 G6 G7 G8"], "R9")
    set_up(page)
    play(page, [ME, *bots("Ana")], deal)
    expect(page.locator('.hand [data-card="W+4"]')).to_have_class(re.compile(r"\bplayable\b"))
    set_up(page, select=("wd4_rule", "strict"))
    play(page, [ME, *bots("Ana")], deal)
    card = page.locator('.hand [data-card="W+4"]')
    expect(card).to_have_attribute("aria-disabled", "true")
    card.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    expect(page.locator(".notice")).to_be_visible()
    assert state(page)["log"] == []
