"""Layout at the sizes of phones, tablets and desktops, in both languages: no sideways overflow, no
control covered by another, no text cut in its box, and on phones the whole table on the first screen during a
turn. One browser context per language (its locale picks the language); each state is reached once and the
viewport resized around it. Screenshots go to artifacts/layout/.

States come from fixed decks through the page's test hook (`window.unoPlay`, web/engine/app/play/hook.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import wait_ready
from layout_checks import PHONES, VIEWPORTS, below_fold, broken_names, problems, settle, shot, small_hand_cards
from playwright.sync_api import Browser, Page, expect
from score_helpers import fill_round, new_game

from app.play.config import PlayConfig
from tools.serve import SiteServer
from uno_core.scenario import stacked_deck

pytestmark = pytest.mark.e2e

BASE = PlayConfig().to_dict() | {"speed": "instant", "reaction_ms": 0}
OFFICIAL = BASE["rules"]


def seats(lang: str, count: int = 4, level: str = "") -> list[dict[str, str]]:
    bots = [("Ana", level or "strategic"), ("Benedetta", level or "expert"), ("Cai", level or "random")]
    me = {"kind": "human", "name": "Tú" if lang == "es" else "You"}
    return [me, *({"kind": "bot", "name": name, "level": level} for name, level in bots[: count - 1])]


def deal(hands: list[str], first: str, draws: str = "", dealer: int | None = None) -> dict[str, Any]:
    dealer = len(hands) - 1 if dealer is None else dealer
    cards = stacked_deck(hands, first, draws, dealer)
    return {"deck": " ".join(map(str, cards)), "first_dealer": dealer}


SEVEN = ["R1 R2 G3 B4 Y5 W W+4", "G1 G2 G3 G4 G5 G6 G7", "B1 B2 B3 B4 B5 B6 B7", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"]
# drawing until a card plays (R-TURN-4): 13 cards come, the last one red, and the hand holds 20
TWENTY = ["G1 G2 G3 G4 G5 G6 G7", "Y5 Y6 Y7 Y8 Y9 G8 G9", "B9 Y9 G9 B8 G8 Y8 Y7", "R2 R3 R4 R5 R6 R7 R8"]
TWENTY_DRAWS = "B1 B2 B3 B4 B5 B6 B7 Y1 Y2 Y3 Y4 Y5 R1"
# Ana (basic: plays a wild when nothing else plays) begins with only a Wild Draw Four to play on the red 9
CHALLENGE = ["R1 R2 R3 G4 G5 B6 Y7", "W+4 B1 B2 B3 B4 B5 B6"]


@pytest.fixture(scope="module", params=["en", "es"])
def page(request: pytest.FixtureRequest, browser: Browser, server: SiteServer) -> Iterator[Page]:
    lang = str(request.param)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES" if lang == "es" else "en-US")
    page = context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    yield page
    context.close()


def lang_of(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def start(page: Page, spec: dict[str, Any]) -> dict[str, Any]:
    if page.evaluate("location.hash") != "#/play/table":
        page.evaluate("location.hash = '#/play/table'")
        # the table drew the saved game, if any, before a start replaces it (else the first drawing may come later)
        page.wait_for_function(
            "() => document.querySelector('#play[data-screen]') || (document.querySelector('#play h1')"
            " && JSON.parse(window.unoPlay.state()) === null)"
        )
    assert page.evaluate("spec => window.unoPlay.start(spec)", json.dumps(spec)) == "ok"
    return idle(page)


def idle(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => { const s = JSON.parse(window.unoPlay.state()); return s && !s.busy; }")
    return dict(json.loads(page.evaluate("window.unoPlay.state()")))


def game(
    lang: str, hands: list[str], first: str, draws: str = "", dealer: int | None = None, level: str = "", **rules: Any
) -> dict[str, Any]:
    config = BASE | {"seats": seats(lang, len(hands), level), "rules": OFFICIAL | rules}
    return {"config": config, **deal(hands, first, draws, dealer)}


def at_every_size(page: Page, name: str, scope: str = "body", fit: bool = False) -> None:
    """Resize the page through the viewports; check each (and that a turn fits a phone's screen); screenshot."""
    lang = lang_of(page)
    found: list[str] = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        settle(page)
        where = f"{name} at {width}x{height} ({lang})"
        found += [f"{where}: {problem}" for problem in problems(page, scope)]
        if fit and (width, height) in PHONES:
            found += [f"{where}: below the fold: {problem}" for problem in below_fold(page)]
        if page.locator("#play .hand").count():
            found += [f"{where}: {problem}" for problem in small_hand_cards(page) + broken_names(page)]
        shot(page, f"{name}-{width}x{height}-{lang}")
    page.set_viewport_size({"width": 390, "height": 844})
    assert not found, "\n".join(found)


def test_a_turn_with_seven_cards(page: Page) -> None:
    data = start(page, game(lang_of(page), SEVEN, "R9"))
    assert data["phase"] == "turn" and data["current"] == 0
    expect(page.locator("#play .hand .card")).to_have_count(7)
    at_every_size(page, "table-7", "#play", fit=True)
    lang = lang_of(page)
    for width, height in ((360, 640), (1280, 800)):  # the history: a sheet on a phone, beside the table on a desktop
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#play .log summary").click()
        expect(page.locator("#play .log-lines li").first).to_be_visible()
        settle(page)
        assert below_fold(page, "#play .log-lines, #play .log summary") == [], (width, lang)
        shot(page, f"history-{width}x{height}-{lang}")
        page.locator("#play .log summary").click()
        expect(page.locator("#play .log-lines")).to_be_hidden()
    page.set_viewport_size({"width": 390, "height": 844})


def test_the_colour_choice(page: Page) -> None:
    start(page, game(lang_of(page), SEVEN, "R9"))
    page.locator('#play .hand [data-card="W"]').click()
    expect(page.locator('#play .chooser[data-chooser="colour"]')).to_be_visible()
    at_every_size(page, "colour-choice", "#play", fit=True)
    page.locator('#play [data-act="play.cancel"]').click()
    expect(page.locator("#play .chooser")).to_have_count(0)


def test_a_hand_of_twenty_cards(page: Page) -> None:
    start(page, game(lang_of(page), TWENTY, "R9", TWENTY_DRAWS, draw_until_playable=True))
    page.locator('#play .actions [data-move="draw"]').click()
    expect(page.locator("#play .hand .card")).to_have_count(20)
    assert idle(page)["phase"] == "drawn"
    at_every_size(page, "table-20", "#play", fit=True)


def test_the_challenge(page: Page) -> None:
    data = start(page, game(lang_of(page), CHALLENGE, "R9", dealer=0, level="basic"))
    assert data["phase"] == "challenge", data["phase"]
    expect(page.locator('#play .actions [data-move="challenge"]')).to_be_visible()
    at_every_size(page, "challenge", "#play", fit=True)


def test_the_round_end(page: Page) -> None:
    bots = [{"kind": "bot", "name": name, "level": "basic"} for name in ("Ana", "Benedetta", "Cai", "Dolores")]
    start(page, {"config": BASE | {"seats": bots, "rules": OFFICIAL}, "seed": 5})
    expect(page.locator('#play [data-panel="round-end"]')).to_be_visible(timeout=60_000)
    at_every_size(page, "round-end", "#play")


def test_a_whole_round_on_a_phone_needs_no_scrolling(page: Page) -> None:
    """Played by taps as a person would (the first card that plays, the first colour, else draw); at every turn
    the whole table is on the first screen and every card shows a corner of at least 44x44 px."""
    lang = lang_of(page)
    width, height = (360, 640) if lang == "en" else (390, 844)
    page.set_viewport_size({"width": width, "height": height})
    single = BASE | {"seats": seats(lang), "rules": OFFICIAL | {"scoring": "single_round"}}
    data = start(page, {"config": single, "seed": 21})
    turns, found = 0, []
    while data["screen"] == "table" and turns < 200:
        settle(page)
        where = f"turn {turns} at {width}x{height} ({lang})"
        found += [f"{where}: {problem}" for problem in below_fold(page) + small_hand_cards(page)]
        if turns % 10 == 0:
            shot(page, f"round-{width}x{height}-{lang}-{turns:03d}")
        length = len(data["log"])
        for selector in (
            "#play .chooser-options .button:not([data-act='play.cancel'])",
            "#play .actions [data-move='accept']",
            "#play .hand .card.playable",
            "#play .actions [data-move='keep']",
            "#play .actions [data-move='draw']",
        ):
            target = page.locator(selector)
            if target.count():
                target.first.click()
                break
        try:
            page.wait_for_function(
                "n => JSON.parse(window.unoPlay.state()).log.length > n || document.querySelector('#play .chooser')",
                arg=length,
                timeout=10_000,
            )
        except Exception as error:
            shot(page, f"round-{width}x{height}-{lang}-stuck")
            last = data["log"][-3:]
            raise AssertionError(f"{where}: the tap on {selector} did nothing: {data['phase']} {last}") from error
        data = idle(page)
        turns += 1
    page.set_viewport_size({"width": 390, "height": 844})
    assert data["screen"] != "table", f"the round did not end in {turns} turns"
    assert not found, "\n".join(found)


def test_the_play_set_up(page: Page) -> None:
    page.evaluate("location.hash = '#/play'")
    page.wait_for_selector("#play-setup")
    at_every_size(page, "play-setup", "#play-setup")


def test_the_score_keeper(page: Page) -> None:
    page.evaluate("location.hash = '#/score'")
    expect(page.locator("#screen .sk-score")).to_be_visible()
    new_game(page, ["Ana", "Beto", "Caro", "Dani"], dealer=0)
    page.evaluate("location.hash = '#/score/' + location.hash.split('/')[2] + '/setup'")
    expect(page.locator("#score-teams")).to_be_visible()
    at_every_size(page, "score-setup", "#screen")
    page.locator("#score-start").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()
    page.locator("#score-enter").click()
    fill_round(page, 0, {1: 12, 2: ["5", "W", "+2"], 3: "abc"})
    at_every_size(page, "score-round", "#screen")
    page.locator("#score-hand-3").fill("8")  # not about typing: the forms' tests type
    page.locator("#score-save").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()
    at_every_size(page, "score-sheet", "#screen")
    page.evaluate("location.hash = '#/score'")
    expect(page.locator("#screen .sk-score")).to_be_visible()
    at_every_size(page, "score-list", "#screen")
