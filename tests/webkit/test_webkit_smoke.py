"""WebKit (Safari's engine) smoke test: the app works in WebKitGTK's MiniBrowser, driven by Selenium.

In order, in one browser window: the landing page gets ready and switches language; play mode starts a
game and a bot moves; the score keeper saves a round to IndexedDB that a reload still shows; a return
visit gets ready again. The start path of a reload is reported, not asserted: an automation session's
storage is ephemeral (it lives as long as the window), and the first visit's snapshot may or may not be
stored; a reload waits a while for it (a reload while it is being made costs a second plain start and a
second making). Each test also works alone (`-k`).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from webkit_helpers import (
    catalogue,
    dataset,
    go,
    interactive_ms,
    play_state,
    settle,
    tap,
    texts,
    visit,
    wait_element,
    wait_js,
)

from tools.serve import SiteServer
from uno_core.scenario import stacked_deck

pytestmark = pytest.mark.webkit
PLAYERS = ("Ana", "Ben")
# Two seats, Ana the bot begins (seat 0 deals): her one red card answers the red nine.
ME, BOT = {"kind": "human", "name": "Me"}, {"kind": "bot", "name": "Ana", "level": "basic"}
HANDS = ["G1 G2 G3 G4 G5 G6 B7", "R1 Y2 Y3 Y4 Y5 Y6 B8"]
FIRST, DEALER = "R9", 0
SNAPSHOT_WAIT = 60.0  # s the return visit waits for the first visit's snapshot to be stored (or to fail)


def ensure_app(driver: WebDriver, server: SiteServer, observed: dict[str, Any]) -> None:
    """Load the app if this window has not yet (the first test does it and reports the first visit)."""
    if driver.current_url.startswith(server.url) and dataset(driver).get("pyReady") == "1":
        return
    seconds = visit(driver, server.url)
    markers = dataset(driver)
    observed["first visit"] = (
        f"ready in {seconds:.1f} s (page mark {interactive_ms(driver) or 0:.0f} ms), "
        f"start path {markers.get('startPath')}, load path {markers.get('loadPath')}, "
        f"saves {markers.get('saves')}"
    )


def set_language(driver: WebDriver, lang: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'.lang-switch [data-lang="{lang}"]').click()
    wait_js(driver, "return document.documentElement.lang === arguments[0]", f"language {lang}", 10, lang)


def test_landing_is_ready_and_switches_language(
    driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]
) -> None:
    ensure_app(driver, webkit_server, observed)
    go(driver, "#/")
    wait_element(driver, "#landing-title")
    for lang in ("es", "en"):
        set_language(driver, lang)
        title = catalogue(lang)["landing.title"]
        wait_js(
            driver,
            "return document.getElementById('landing-title').textContent === arguments[0]",
            f"landing title in {lang}",
            10,
            title,
        )
        pressed = driver.find_element(By.CSS_SELECTOR, f'.lang-switch [data-lang="{lang}"]')
        assert pressed.get_attribute("aria-pressed") == "true", lang
        assert driver.find_element(By.CSS_SELECTOR, ".mode-title").text == catalogue(lang)["landing.play.title"]


def let_snapshot_settle(driver: WebDriver, observed: dict[str, Any]) -> None:
    """Before a reload: wait up to SNAPSHOT_WAIT s until the page's start-up snapshot is stored or failed."""
    markers = dataset(driver)
    if markers.get("snapshot") not in ("making", "restoring"):
        return
    started = time.monotonic()
    settled = settle(
        driver, "return !['making', 'restoring'].includes(document.documentElement.dataset.snapshot)", SNAPSHOT_WAIT
    )
    waited, after = time.monotonic() - started, dataset(driver)
    observed["snapshot made by the page"] = (
        f"{after.get('snapshot')} ({after.get('snapshotBytes', '?')} bytes) after waiting {waited:.1f} s"
        if settled
        else f"still {after.get('snapshot')} after {SNAPSHOT_WAIT:.0f} s (the reload interrupts it)"
    )


def wait_committed(driver: WebDriver, what: str) -> dict[str, str]:
    """Wait until the page says its saves are committed to IndexedDB (`data-saves="saved"`), not a fallback."""
    wait_js(
        driver,
        "const d = document.documentElement.dataset;"
        " return d.saves === 'fallback' || (d.saves === 'saved' && Number(d.savesCommits) > 0)",
        what,
    )
    markers = dataset(driver)
    assert markers.get("saves") == "saved", f"WebKit saves fell back to localStorage: {markers}"
    return markers


def test_play_mode_a_bot_moves(driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]) -> None:
    ensure_app(driver, webkit_server, observed)
    go(driver, "#/play/table")
    wait_element(driver, "#play")
    stacked_deck(HANDS, FIRST, "", DEALER)  # fail here, not in the page, if the deal is wrong
    spec = {
        "config": {"seats": [ME, BOT], "speed": "instant", "reaction_ms": 0},
        "scenario": {"hands": HANDS, "first": FIRST, "draws": "", "dealer": DEALER},
    }
    result = driver.execute_script("return window.unoPlay.start(arguments[0])", json.dumps(spec))
    assert result == "ok", result
    wait_js(
        driver,
        "const s = JSON.parse(window.unoPlay.state()); return s && s.log.length > 0 && !s.busy",
        "a bot move in the log",
    )
    state = play_state(driver)
    assert state["log"][0] == "1 play R1", state["log"]  # Ana's only red card
    assert state["current"] == 0 and state["screen"] == "table", state
    assert state["top"] == "R1", state
    wait_js(driver, "return document.querySelectorAll('.hand .card').length === 7", "my 7 cards on the table")
    wait_js(
        driver,
        "return ['ready', 'failed'].includes(document.documentElement.dataset.brain)",
        "the engine worker started (or failed: the bots then decide on the page)",
        60,
    )
    marks = dataset(driver)
    assert marks.get("brain") == "ready", marks  # the bots' engine worker runs in WebKit too
    observed["play mode"] = (
        f"bot move {state['log'][0]!r}, then my turn; saves {marks.get('saves')}; engine worker "
        f"{marks.get('brain')} in {marks.get('brainMs')} ms ({marks.get('brainPath')} start)"
    )


def test_score_keeper_round_survives_a_reload(
    driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]
) -> None:
    ensure_app(driver, webkit_server, observed)
    set_language(driver, "en")
    go(driver, "#/score/new")
    for count, name in enumerate(PLAYERS, 1):
        box = wait_element(driver, "#score-name-new")
        box.send_keys(name, Keys.ENTER)
        wait_js(
            driver,
            "return document.querySelectorAll('#score-players > li').length === arguments[0]",
            f"{count} players listed",
            10,
            count,
        )
    # each tap's effect is awaited before the next tap (a loaded CI machine is slow to re-render)
    tap(driver, "#score-dealer-0", until="#score-first-dealer")
    tap(driver, "#score-start")
    wait_element(driver, "#score-save")
    sheet = str(driver.execute_script("return location.hash.split('/')[2]"))
    assert sheet, driver.current_url

    # round 1: Ana goes out, Ben holds 25 points (typed)
    # the entry may be drawn just after the Save bar; Ana's hand folds, and Ben's switch moves up
    tap(driver, "#score-winner-0", until="#score-handbox-0.sk-hand-out")
    tap(driver, "#score-mode-1-total")
    wait_element(driver, "#score-hand-1").send_keys("25")
    tap(driver, "#score-save")
    wait_element(driver, ".sk-score-sheet")
    markers = wait_committed(driver, "the round saved")
    assert len(texts(driver, ".sk-rounds tbody tr")) == 1
    assert texts(driver, ".sk-rounds tfoot td") == ["25", "0"]

    let_snapshot_settle(driver, observed)
    seconds = visit(driver)  # a reload of #/score/<sheet>
    wait_element(driver, ".sk-score-sheet")
    assert str(driver.execute_script("return location.hash")).startswith(f"#/score/{sheet}")
    assert texts(driver, ".sk-rounds thead th")[1:] == list(PLAYERS)
    assert len(texts(driver, ".sk-rounds tbody tr")) == 1
    assert texts(driver, ".sk-rounds tfoot td") == ["25", "0"]
    after = dataset(driver)
    assert after.get("saves") == "saved", after
    observed["score keeper"] = (
        f"round committed (data-saves {markers.get('saves')}, "
        f"commits {markers.get('savesCommits')}); reload ready in {seconds:.1f} s "
        f"(start path {after.get('startPath')}), the round still there"
    )


def test_return_visit_gets_ready(driver: WebDriver, webkit_server: SiteServer, observed: dict[str, Any]) -> None:
    ensure_app(driver, webkit_server, observed)
    let_snapshot_settle(driver, observed)
    seconds = visit(driver)
    after = dataset(driver)
    assert after.get("pyReady") == "1"
    assert after.get("startPath") in ("snapshot", "plain", "plain-fallback"), after
    assert after.get("saves") == "saved", after
    observed["return visit"] = (
        f"ready in {seconds:.1f} s "
        f"(page mark {interactive_ms(driver) or 0:.0f} ms), start path "
        f"{after.get('startPath')}, load path {after.get('loadPath')}, "
        f"snapshot {after.get('snapshot')}, saves {after.get('saves')}"
    )
