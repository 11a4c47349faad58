"""The "How to play" page in a real Chromium: both languages, section links, axe, phone and desktop layout."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from e2e_helpers import LANGS, ROOT, catalogue, check_axe, horizontal_overflow, set_language, untranslated
from playwright.sync_api import Page, expect

from app import howto_content  # pure data: the page's sections

pytestmark = pytest.mark.e2e
ARTIFACTS = ROOT / "artifacts"


def open_howto(page: Page, section: str = "") -> None:
    page.evaluate("hash => { location.hash = hash; }", howto_content.href(section))
    expect(page.locator("#howto-contents")).to_be_visible()


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(Path(ARTIFACTS, name)))


def heading_levels(page: Page) -> list[int]:
    script = "[...document.querySelectorAll('#screen h1, #screen h2, #screen h3')].map(h => +h.tagName[1])"
    return list(page.evaluate(script))


def test_howto_page_in_both_languages(app_page: Page) -> None:
    page = app_page
    open_howto(page)
    ids = page.evaluate("[...document.querySelectorAll('#screen [id^=howto-]')].map(e => e.id)")
    assert {f"howto-{sid}" for sid in howto_content.section_ids()} <= set(ids)
    levels = heading_levels(page)
    assert levels[0] == 1 and all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels
    for lang in LANGS:
        set_language(page, lang)  # relabels the page in place, no redraw
        texts = catalogue(lang)
        expect(page.locator("#screen h1")).to_have_text(texts["howto.title"])
        expect(page.locator("#howto-stacking h3")).to_have_text(texts["howto.stacking.title"])
        expect(page.locator("#howto-preset_party li").first).to_have_text(texts["howto.stacking.title"])
        assert untranslated(page) == [], lang
        assert horizontal_overflow(page) == 0, lang
        check_axe(page, f"how to play ({lang})")
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"howto-390x844-{lang}.png")


def test_section_links_move_to_the_section(app_page: Page) -> None:
    page = app_page
    set_language(page, "es")
    open_howto(page)
    # the table of contents, with the keyboard: focus the link, press Enter
    page.locator('#howto-contents a[href="#/howto/stacking"]').focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{page.url.split('#')[0]}#/howto/stacking")
    heading = page.locator("#howto-stacking h3")
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    shoot(page, "howto-390x844-es-stacking.png")
    # a "see also" link inside a section, then a link straight to a preset from another screen
    page.locator('#howto-deck a[href="#/howto/wild_points"]').click()
    expect(page.locator("#howto-wild_points h3")).to_be_focused()
    open_howto(page, "deck")
    expect(page.locator("#howto-deck h3")).to_be_in_viewport()
    expect(page.locator(".howto-points tbody tr")).to_have_count(4)
    shoot(page, "howto-390x844-es-deck.png")
    set_language(page, "en")
    shoot(page, "howto-390x844-en-deck.png")
    page.locator("#howto-rules .howto-up a").click()
    expect(page.locator("#howto-contents h2")).to_be_focused()


def test_desktop_layout(app_page: Page) -> None:
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 800})
    set_language(page, "en")
    open_howto(page, "preset_house")
    expect(page.locator("#howto-preset_house h3")).to_be_in_viewport()
    assert horizontal_overflow(page) == 0
    shoot(page, "howto-1280x800-en-presets.png")
