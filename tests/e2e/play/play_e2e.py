"""Helpers for play mode's browser tests: start games through `window.unoPlay`, read state, click."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from e2e_helpers import stored
from playwright.sync_api import Page

from app.storage.core import PLAY_GAME
from uno_core import CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, Game, Play, save
from uno_core.scenario import stacked_deck

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts"
FAST = {"speed": "instant"}


def start(page: Page, spec: dict[str, Any]) -> dict[str, Any]:
    """Start a game in the page (see web/engine/app/play/hook.py) and wait until the bots stop."""
    if page.evaluate("location.hash") != "#/play/table":
        page.evaluate("location.hash = '#/play/table'")
        page.wait_for_selector("#play")
    result = page.evaluate("spec => window.unoPlay.start(spec)", json.dumps(spec))
    assert result == "ok", result
    return wait_idle(page)


def scenario(hands: list[str], first: str, draws: str = "", dealer: int | None = None) -> dict[str, Any]:
    """A fixed deck for `start`: seat 0 begins (the last seat deals) unless `dealer` says otherwise."""
    dealer = len(hands) - 1 if dealer is None else dealer
    stacked_deck(hands, first, draws, dealer)  # fail early here, not in the page
    return {"hands": hands, "first": first, "draws": draws, "dealer": dealer}


def state(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("window.unoPlay.state()")))


def wait_idle(page: Page, timeout: float = 30_000) -> dict[str, Any]:
    """Wait until no bot is about to move (a person must act, or a panel waits), then return the state."""
    page.wait_for_function(
        "() => { const s = JSON.parse(window.unoPlay.state()); return s && !s.busy; }", timeout=timeout
    )
    return state(page)


def wait_stored(page: Page, data: dict[str, Any], timeout: float = 10.0) -> None:
    """Wait until IndexedDB holds the game as `data` shows it (its digest), read outside the app's code.

    A move counts as saved only once its transaction has completed; the page saves each move after drawing it,
    so a reload a few milliseconds after a bot's move may resume from the save before it."""
    deadline = time.monotonic() + timeout
    while True:
        text = stored(page, PLAY_GAME)
        if text is not None and json.loads(text)["game"]["digest"] == data["digest"]:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the game shown ({data['digest']}) was not saved within {timeout} s")
        page.wait_for_timeout(50)


def game_of(data: dict[str, Any]) -> Game:
    """The engine's replay of the page's log (checked against the page's digest by `loads`)."""
    return save.from_dict(data["save"])


def wait_log(page: Page, length: int) -> dict[str, Any]:
    """Wait until the page's log is longer than `length`, then until the bots stop."""
    try:
        page.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length > n", arg=length, timeout=15_000)
    except Exception as error:
        notice = page.locator(".notice").all_text_contents()
        raise AssertionError(f"nothing happened: {notice} {state(page)}") from error
    return wait_idle(page)


def click_and_wait(page: Page, selector: str) -> dict[str, Any]:
    length = len(state(page)["log"])
    page.locator(selector).first.click()
    return wait_log(page, length)


def do(page: Page, action: Action) -> dict[str, Any]:
    """Perform seat 0's `action` by clicking the page's controls, as a person would."""
    if action is DRAW:
        return click_and_wait(page, '.actions [data-move="draw"]')
    if action in (KEEP, CHALLENGE):
        return click_and_wait(page, f'.actions [data-move="{action}"]')
    if action is SAY_UNO:
        return click_and_wait(page, '[data-act="play.uno"]')
    if isinstance(action, Catch):
        return click_and_wait(page, f'[data-move="{action}"]')
    assert isinstance(action, Play), action
    length = len(state(page)["log"])
    if action.uno:
        page.locator('[data-act="play.uno"]').click()
        page.wait_for_selector('[data-act="play.uno"][aria-pressed="true"]')
    page.locator(f'.hand [data-card="{action.card.code}"]').first.click()
    if len(action.cards) == 2:
        page.locator('[data-act="play.count"][data-count="2"]').click()
    elif page.locator('[data-act="play.count"]').count():
        page.locator('[data-act="play.count"][data-count="1"]').click()
    if action.colour is not None:
        page.locator(f'[data-act="play.colour"][data-colour="{action.colour}"]').click()
    if action.swap is not None and page.locator('[data-act="play.swap"]').count():
        page.locator(f'[data-act="play.swap"][data-seat="{action.swap}"]').click()
    return wait_log(page, length)
