"""Play mode in Chromium: a seeded round against three bots played by clicks, checked against the engine;
axe on the set-up, table and round-end screens; screenshots of the table (phone, desktop, es, en)."""

from __future__ import annotations

import pytest
from e2e_helpers import (
    catalogue,
    check_axe,
    horizontal_overflow,
    set_language,
    small_targets,
    type_into,
    untranslated,
    wait_ready,
    wait_saved,
)
from play_e2e import ARTIFACTS, do, game_of, start, state, wait_idle
from play_policy import Flags, choose
from playwright.sync_api import BrowserContext, Page, expect

from app.i18n import Texts
from app.play import describe
from app.play.config import PlayConfig
from app.play.session import Session
from app.play.table_state import log_lines
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e
SEED = 160  # with play_policy: a wild, a draw-then-keep, an UNO press and a challenge in round 1
# the whole set-up: a partial one would take the rest from the set-up an earlier test left remembered
SETUP = PlayConfig().to_dict() | {"speed": "instant", "reaction_ms": 0}


def twin() -> Session:
    """The same round in CPython: the same session code, seed and policy."""
    session = Session.new(PlayConfig.from_dict(SETUP), SEED)
    flags = Flags()
    while True:
        step = session.next_step()
        if step.kind == "bot":
            session.bot_step()
        elif step.kind == "window":
            session.window_over()
        elif step.why == "human":
            action = choose(session.legal(), flags)
            assert action is not None
            session.apply(action)
        else:
            return session


def test_setup_screen_defaults_and_axe(page: Page) -> None:
    page.evaluate("localStorage.removeItem('uno.play.setup')")
    page.evaluate("location.hash = '#/'")
    page.evaluate("location.hash = '#/play'")
    page.wait_for_selector("#play-setup")
    for lang in ("es", "en"):
        set_language(page, lang)
        expect(page.locator("#play-setup h1")).to_have_text(catalogue(lang)["play.setup.title"])
        expect(page.locator(".seat-row")).to_have_count(4)
        assert untranslated(page) == [], lang
        assert horizontal_overflow(page) == 0
        assert small_targets(page) == [], lang
        check_axe(page, f"set-up ({lang})")
    page.screenshot(path=str(ARTIFACTS / "play-setup-phone-en.png"), full_page=True)


def test_the_first_persons_default_name_follows_the_language(fresh_context: BrowserContext, server: SiteServer) -> None:
    page = fresh_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    page.wait_for_selector("#play-setup")
    name = page.locator("#seat-name-0")
    for lang in ("es", "en", "es"):
        set_language(page, lang)
        expect(name).to_have_value(catalogue(lang)["play.default_name"].format(n=1))
    type_into(page, "#seat-name-0", "Lola", clear=True)
    page.keyboard.press("Tab")  # the field sends its name when the person leaves it
    set_language(page, "en")
    wait_saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#seat-name-0")).to_have_value("Lola")  # a name chosen stays, in any language


def test_seeded_round_by_clicks_matches_the_engine(page: Page) -> None:
    data = start(page, {"config": SETUP, "seed": SEED})
    flags = Flags()
    checked_axe = revealed = False
    for _ in range(200):
        if data["screen"] != "table":
            break
        game = game_of(data)
        assert game.digest() == data["digest"]
        action = choose(game.legal_actions(0), flags)
        assert action is not None, data
        if not checked_axe and data["phase"] == "turn":
            check_axe(page, "table")
            assert untranslated(page) == []
            checked_axe = True
        data = do(page, action)
        if str(action) == "challenge":
            expect(page.locator('[data-panel="revealed"] .card').first).to_be_visible()
            revealed = True
    assert data["screen"] == "round-end", data
    assert flags.done == {"challenge", "keep", "uno", "wild"} and revealed
    log = data["log"]
    assert any(line.startswith("0 play W blue") for line in log)
    assert "0 keep" in log and "0 challenge" in log
    assert any(line.startswith("0 play") and line.endswith(" uno") for line in log)
    assert log == [f"{s} {a}" for s, a in twin().game.log]
    assert game_of(data).digest() == data["digest"]
    expect(page.locator('[data-panel="round-end"] h2')).to_contain_text("1")
    check_axe(page, "round end")
    page.screenshot(path=str(ARTIFACTS / "play-round-end-phone-en.png"), full_page=True)
    page.locator('[data-act="play.next-round"]').click()
    data = wait_idle(page)
    assert data["round_no"] == 2 and data["screen"] == "table"


def test_table_screenshots_phone_and_desktop_in_both_languages(page: Page) -> None:
    start(page, {"config": SETUP, "seed": 7})
    for lang in ("en", "es"):
        set_language(page, lang)
        for name, size in (("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800})):
            page.set_viewport_size(size)
            page.wait_for_timeout(150)
            assert horizontal_overflow(page) == 0, (lang, name)
            assert small_targets(page) == [], (lang, name)
            page.screenshot(path=str(ARTIFACTS / f"play-table-{name}-{lang}.png"))
        assert untranslated(page) == []
    check_axe(page, "table (es, desktop)")
    page.set_viewport_size({"width": 390, "height": 844})
    set_language(page, "en")
    assert state(page)["screen"] == "table"


def test_a_language_switch_relabels_the_log_lines_that_name_cards(page: Page) -> None:
    """A log line is a catalogue text naming cards and colours, themselves catalogue texts: the shell relabels
    each line whole (the controllers' redrawing after the switch changes none of them), in both directions."""
    data = start(page, {"config": SETUP, "seed": 7})
    session = Session.from_save(data["save"])  # the same game in CPython: seat 0 the person, names as saved
    lines = page.locator("#play .log-lines li")
    for lang in ("es", "en", "es"):
        set_language(page, lang)
        texts = Texts(lang, catalogue(lang))
        expected = [describe.render(item, texts, 0) for item in log_lines(session)]
        assert any(item.arg("card") is not None for item in log_lines(session))  # a card named in a line
        assert lines.all_text_contents() == expected, lang
        assert lines.evaluate_all("items => items.every(item => item.dataset.i18n)")  # bound: the shell relabels
    assert untranslated(page) == []
