"""The web platform in a real Chromium: load, engine, network guard, language, a11y, layout, routes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_helpers import (
    LANGS,
    NetworkGuard,
    catalogue,
    check_axe,
    horizontal_overflow,
    set_language,
    small_targets,
    untranslated,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

import uno_core
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def test_cold_load_python_ready_engine_answers_only_local_requests(
    fresh_context: BrowserContext, server: SiteServer, site: Path
) -> None:
    guard = NetworkGuard().attach(fresh_context)
    page = fresh_context.new_page()
    page.goto(server.url)
    # the shell (header, mode choice, progress) shows before Python is ready
    expect(page.locator(".mode-play .mode-title")).not_to_be_empty()
    wait_ready(page)
    root = page.locator("html")
    expect(root).to_have_attribute("data-load-path", "uno-app")  # a first visit: our wheels unpacked in the worker
    expect(root).to_have_attribute("data-engine-version", uno_core.__version__)
    expect(page.locator("#engine-version")).to_contain_text(uno_core.__version__)
    expect(page.locator("#loading")).to_be_hidden()
    assert list(site.glob(f"wheels/*/uno_core-{uno_core.__version__}-py3-none-any.whl"))
    # walk the routes, let the service worker precache everything, then check every request's host
    page.locator(".mode-score").click()
    expect(page.locator("#screen")).to_have_js_property("hidden", False)
    expect(page.locator("#landing")).to_be_hidden()
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === '1'")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert len(guard.urls) > 20
    assert guard.foreign() == []


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("es-MX", "es"), ("en-GB", "en"), ("fr-FR", "en")])
def test_browser_language_is_the_default(browser: Browser, server: SiteServer, locale: str, lang: str) -> None:
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    expect(page.locator("#landing-title")).to_have_text(catalogue(lang)["landing.title"])
    context.close()


def test_language_switch_persists_and_nothing_is_untranslated(app_page: Page) -> None:
    for lang in (*LANGS, *reversed(LANGS)):
        set_language(app_page, lang)
        expect(app_page.locator("#landing-title")).to_have_text(catalogue(lang)["landing.title"])
        expect(app_page.locator("#engine-version")).to_have_text(
            catalogue(lang)["footer.engine"].format(version=uno_core.__version__)
        )
        assert untranslated(app_page) == [], lang
        assert app_page.title() == catalogue(lang)["app.title"]
    set_language(app_page, "es")
    app_page.reload()
    wait_ready(app_page)
    expect(app_page.locator("html")).to_have_attribute("lang", "es")
    expect(app_page.locator('[data-lang="es"]')).to_have_attribute("aria-pressed", "true")
    expect(app_page.locator("#landing-title")).to_have_text(catalogue("es")["landing.title"])


@pytest.mark.parametrize("route", ["play", "score"])
def test_mode_links_route_to_python_screens_and_back(app_page: Page, route: str) -> None:
    """The router mounts the mode's screen (whatever it draws) and the header's logo leads back."""
    set_language(app_page, "en")
    app_page.locator(f'.modes [data-route="{route}"]').click()
    expect(app_page.locator("#landing")).to_be_hidden()
    expect(app_page.locator("#screen")).to_have_js_property("hidden", False)
    expect(app_page.locator("#screen > *").first).to_be_attached()
    set_language(app_page, "es")
    assert [p for p in untranslated(app_page) if not p.startswith("raw key")] == []
    app_page.locator(".brand").click()
    expect(app_page.locator("#landing")).to_be_visible()
    expect(app_page.locator("#screen")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_no_axe_violations_on_the_landing_page(app_page: Page, lang: str) -> None:
    """Each mode's own tests run the same `check_axe` on their screens."""
    set_language(app_page, lang)
    check_axe(app_page, f"landing ({lang})")


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_phone_layout_fits_and_targets_are_large(app_page: Page, size: tuple[int, int]) -> None:
    app_page.set_viewport_size({"width": size[0], "height": size[1]})
    for lang in LANGS:
        set_language(app_page, lang)
        assert horizontal_overflow(app_page) <= 0, lang
        assert small_targets(app_page) == [], lang
    # the two modes are both on the first screen of a small phone
    app_page.evaluate("location.hash = '#/'")
    box = app_page.locator(".mode-score").bounding_box()
    assert box is not None and box["y"] + box["height"] <= size[1]


def test_landing_screenshots_on_a_phone(app_page: Page) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    app_page.set_viewport_size({"width": 390, "height": 844})
    app_page.evaluate("location.hash = '#/'")
    for lang in LANGS:
        set_language(app_page, lang)
        app_page.screenshot(path=str(ARTIFACTS / f"landing-390x844-{lang}.png"))
    assert re.search(r"\d+\.\d+", app_page.locator("#engine-version").text_content() or "")
