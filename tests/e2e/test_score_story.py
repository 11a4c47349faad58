"""An evening's story on a phone, as a person types it: where it was played and notes on the sheet's page, kept when
the person leaves each field, there after a reload, and the place on the list of sheets; both languages at 360x640."""

from __future__ import annotations

import pytest
from e2e_helpers import horizontal_overflow, set_language, small_targets, untranslated, wait_ready, wait_saved
from playwright.sync_api import BrowserContext, expect
from score_helpers import fill_round, new_game, open_score, save_round, shot

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e


def test_the_evenings_place_and_notes_are_typed_kept_and_listed(
    app_context: BrowserContext, server: SiteServer
) -> None:
    page = app_context.new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    try:
        open_score(page, server.url)
        new_game(page, ["Ana", "Ben"], dealer=0)
        fill_round(page, 0, {1: 12})
        save_round(page)
        expect(page.locator("#score-story-date")).to_contain_text("Played on")
        page.locator("#score-place").click()
        page.keyboard.type("Casa de Bto")
        page.keyboard.press("Backspace")
        page.keyboard.press("Backspace")
        page.keyboard.type("eto")
        page.keyboard.press("Tab")  # leaving the field keeps it; the focus lands in the notes
        expect(page.locator("#score-notes")).to_be_focused()
        page.keyboard.type("Ana's birthday")
        page.keyboard.press("Enter")
        page.keyboard.type("Pizza at ten")
        page.locator("#score-story-title").click()  # a tap elsewhere leaves the notes
        wait_saved(page)
        page.reload()
        wait_ready(page)
        expect(page.locator("#score-place")).to_have_value("Casa de Beto")
        expect(page.locator("#score-notes")).to_have_value("Ana's birthday\nPizza at ten")
        page.locator("#score-place").click()
        page.keyboard.press("End")
        page.keyboard.type(", Madrid")
        page.keyboard.press("Enter")  # Enter on the place keeps it too
        wait_saved(page)
        for lang in ("en", "es"):
            set_language(page, lang)
            assert horizontal_overflow(page) <= 0 and small_targets(page) == [] and untranslated(page) == []
            shot(page, f"score-story-360x640-{lang}")
        set_language(page, "en")
        page.evaluate("location.hash = '#/score'")
        expect(page.locator(".sk-game-place").first).to_have_text("at Casa de Beto, Madrid")
    finally:
        page.close()
