"""The page's head: its Content-Security-Policy holds through a whole visit; the description follows the language."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import catalogue, check_axe, set_language, wait_ready
from playwright.sync_api import BrowserContext, Page, Route, expect
from score_helpers import fill_round, new_game, save_round
from test_delivery import wait_for_service_worker

from tools.serve import SiteServer

sys.path.insert(0, str(Path(__file__).resolve().parent / "play"))
from play_e2e import do, game_of, start
from play_policy import Flags, choose

from app.play.config import PlayConfig

pytestmark = pytest.mark.e2e

# Every violation the page sees (its own, and reports of its workers' that reach it), from the first moment.
WATCH_CSP = """window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`));"""


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__csp"), *console]


def watch(context: BrowserContext, page: Page, console: list[str]) -> None:
    """Collect console messages about the policy from the page and its workers."""

    def keep(text: str) -> None:
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            console.append(text)

    page.on("console", lambda message: keep(message.text))
    page.on("pageerror", lambda error: keep(str(error)))
    page.on("worker", lambda worker: worker.on("console", lambda message: keep(message.text)))


def play_a_round(page: Page) -> dict[str, Any]:
    """A seeded round against three bots, played by clicks (a wild, a keep, UNO and a challenge: test_play_round)."""
    data = start(page, {"config": PlayConfig().to_dict() | {"speed": "instant", "reaction_ms": 0}, "seed": 160})
    flags = Flags()
    for _ in range(200):
        if data["screen"] != "table":
            break
        action = choose(game_of(data).legal_actions(0), flags)
        assert action is not None, data
        data = do(page, action)
    assert data["screen"] == "round-end", data
    return data


def test_no_policy_violation_on_start_score_round_game_and_snapshot_start(
    fresh_context: BrowserContext, server: SiteServer
) -> None:
    fresh_context.add_init_script(WATCH_CSP)
    console: list[str] = []
    page = fresh_context.new_page()
    watch(fresh_context, page, console)
    response = page.goto(server.url)
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    wait_ready(page)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy
    wait_for_service_worker(page)  # the service worker precached everything under the header's policy
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=180_000)
    assert violations(page, console) == []  # plain start, PyScript, micropip, the snapshot maker's worker

    page.evaluate("location.hash = '#/score'")
    new_game(page, ["Ana", "Ben", "Cai"], dealer=0)
    fill_round(page, 1, {0: 12, 2: ["W", "7", "S"]})
    save_round(page)
    expect(page.locator(".sk-swatch.sk-c0").first).to_have_css("background-color", "rgb(185, 28, 28)")  # a class now
    check_axe(page, "score sheet under the policy")
    play_a_round(page)
    assert violations(page, console) == []

    page.reload()  # a return visit: the snapshot start, and the score sheet's prepaint
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.startPath") == "snapshot"
    page.evaluate("location.hash = '#/score'")
    page.wait_for_selector("#screen .sk-score")
    assert violations(page, console) == []


def test_meta_description_follows_the_language(app_page: Page) -> None:
    description = app_page.locator('meta[name="description"]')
    for lang in ("es", "en", "es"):
        set_language(app_page, lang)
        expect(description).to_have_attribute("content", catalogue(lang)["app.description"])
        assert app_page.title() == catalogue(lang)["app.title"]
    set_language(app_page, "en")


# Every text of the loading detail ("3.1 of 13.6 MB"), from the first moment.
WATCH_DETAIL = """window.__details = [];
new MutationObserver(() => {
    const text = document.getElementById("loading-detail")?.textContent;
    if (text && text !== window.__details.at(-1)) window.__details.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });"""


def test_download_progress_counts_decoded_bytes_of_compressed_downloads(
    fresh_context: BrowserContext, server: SiteServer
) -> None:
    """The .wasm comes brotli-encoded (its Content-Length is 2.7 MB, its body 9.6 MB): the bar uses real sizes."""
    fresh_context.add_init_script(WATCH_DETAIL)

    def late(route: Route) -> None:  # the engine worker starts first: let the shell listen before the .wasm comes
        time.sleep(1.5)
        route.continue_()

    fresh_context.route("**/pyodide.asm.wasm", late)
    page = fresh_context.new_page()
    encodings: dict[str, str | None] = {}
    page.on("response", lambda r: encodings.update({r.url: r.headers.get("content-encoding")}))
    page.goto(server.url)
    wait_ready(page)
    assert "br" in {encoding for url, encoding in encodings.items() if url.endswith(".wasm")}
    shown = [
        tuple(map(float, m.groups()))
        for text in page.evaluate("window.__details")
        if (m := re.fullmatch(r"([\d.]+) of ([\d.]+) MB", text))
    ]
    assert shown, page.evaluate("window.__details")
    assert all(done <= total for done, total in shown), shown
    assert max(total for _, total in shown) >= 9.6  # the .wasm's decoded size, not its 2.7 MB encoded
