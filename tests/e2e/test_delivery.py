"""Delivery: a missing file gives the error screen; offline reloads work; new versions wait for the user."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import check_axe, set_language, untranslated, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

import uno_core
from tools import precache
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def wait_for_service_worker(page: Page) -> None:
    """Wait until the service worker has precached everything and controls the page."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.offlineReady === '1'",
        timeout=120_000,
    )


@pytest.mark.parametrize(
    "missing",
    [
        "pyodide.asm.wasm",  # the engine worker's runtime, and its other files
        "python_stdlib.zip",
        "pyodide.asm.mjs",
        "pyodide-lock.json",
        "uno-app.mjs",  # the engine worker itself
        "web/ui-start.mjs",  # the page's side: MicroPython and web/ui's bytecode
        "micropython.wasm",
        "web/ui/host.mpy",
        "web/app.zip",
        f"uno_core-{uno_core.__version__}-py3-none-any.whl",
    ],
)
def test_missing_file_shows_error_screen_with_retry(
    fresh_context: BrowserContext, server: SiteServer, missing: str
) -> None:
    def not_found(route: Route) -> None:
        route.fulfill(status=404, body="not found")

    fresh_context.route(f"**/{missing}", not_found)  # the context's routes see the workers' requests too
    page = fresh_context.new_page()
    page.goto(server.url)
    page.wait_for_function("() => document.documentElement.dataset.pyReady === 'error'", timeout=60_000)
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#error-details")).to_contain_text(missing.rsplit("/", 1)[-1])
    expect(page.locator("#error-title")).not_to_be_empty()
    assert untranslated(page) == []
    if missing.endswith(".wasm"):  # once: the error screen is accessible and "Try again" recovers
        for lang in ("es", "en"):
            set_language(page, lang)
            check_axe(page, f"error screen ({lang})")
        fresh_context.unroute(f"**/{missing}")
        page.locator("#error-retry").click()
        wait_ready(page)


@pytest.fixture
def own_site(site: Path, tmp_path: Path) -> Iterator[tuple[Path, SiteServer]]:
    """A private copy of the site on its own server (its own origin), free to stop or redeploy."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    srv = SiteServer(copy).start()
    yield copy, srv
    srv.stop()


@pytest.mark.parametrize("how", ["offline", "server-gone"])
def test_offline_reload_still_starts(
    fresh_context: BrowserContext, own_site: tuple[Path, SiteServer], how: str
) -> None:
    """Offline (the browser knows) and server gone while the browser thinks it is online."""
    _, srv = own_site
    page = fresh_context.new_page()
    page.goto(srv.url)
    wait_ready(page)
    wait_for_service_worker(page)
    srv.stop()
    if how == "offline":
        fresh_context.set_offline(True)
    else:  # nothing in the browser's HTTP cache either: every file must come from the service worker
        fresh_context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-engine-version", uno_core.__version__)
    # Chromium has static routing: the page's scripts, styles and MicroPython came from the cache without a
    # fetch event (web/offline/sw.template.js's routes; the engine worker's module imports, listed here too, do not)
    sources = page.evaluate(
        r"""() => performance.getEntriesByType("resource")
            .filter((e) => /\/(web\/|runtime\/micropython)/.test(new URL(e.name).pathname))
            .map((e) => [new URL(e.name).pathname, e.workerMatchedSourceType])"""
    )
    assert len(sources) >= 10 and all(source == "cache" for _, source in sources), sources
    # the engine worker read Pyodide's runtime straight from the cache (web/engine/app-worker.mjs's RUNTIME_FILES): no
    # fetch for it, while its other files (build.json, the app's archive...) were fetched
    engine = next(worker for worker in page.workers if worker.url.endswith("/uno-app.mjs"))
    fetched = engine.evaluate("""() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)""")
    assert any(path.endswith("/build.json") for path in fetched), fetched
    runtime = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
    assert not [path for path in fetched if path.endswith(runtime)], fetched
    page.locator(".mode-play").click()
    expect(page.locator("#screen")).to_have_js_property("hidden", False)
    expect(page.locator("#screen > *").first).to_be_attached()
    page.goto(srv.url + "#/score")  # a fresh navigation too, not only a reload
    wait_ready(page)
    expect(page.locator("#screen")).to_have_js_property("hidden", False)
    expect(page.locator("#landing")).to_be_hidden()


def redeploy(site: Path) -> str:
    """Change one file of `site` and rebuild its service worker, as a new deployment would; return the version."""
    css = site / "web" / "style.css"
    css.write_text(css.read_text() + "\n/* new version */\n")
    old = json.loads((site / "build.json").read_text())
    extra = {k: v for k, v in old.items() if k not in ("version", "files")}  # runtime, app_archive...
    info = precache.write_service_worker(site, ROOT / "web" / "offline" / "sw.template.js", extra)
    return str(info["version"])


def test_new_version_is_offered_and_never_reloads_by_itself(
    browser: Browser, own_site: tuple[Path, SiteServer]
) -> None:
    copy, srv = own_site
    context = browser.new_context()
    page = context.new_page()
    page.goto(srv.url)
    wait_ready(page)
    wait_for_service_worker(page)
    old = page.evaluate("caches.keys()")
    page.evaluate("window.__stillTheSamePage = true")
    new_version = redeploy(copy)
    page.evaluate("window.unoShell.checkForUpdate()")
    expect(page.locator("#update-banner")).to_be_visible(timeout=60_000)
    page.wait_for_timeout(1500)  # nothing happens on its own: same page, old caches still in use
    assert page.evaluate("window.__stillTheSamePage") is True
    page.locator("#update-now").click()
    page.wait_for_function("() => window.__stillTheSamePage === undefined", timeout=60_000)
    wait_ready(page)
    page.wait_for_function("v => caches.keys().then(k => k.length === 1 && k[0] === 'uno-' + v)", arg=new_version)
    assert old != [f"uno-{new_version}"]
    expect(page.locator("#update-banner")).to_be_hidden()
    context.close()


def load_counting_navigations(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    page = context.new_page()
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    page.goto(url)
    return page, loads


def test_a_request_cut_by_the_network_reloads_the_page_once_by_itself(browser: Browser, server: SiteServer) -> None:
    """A phone moving between networks mid-load (Chromium's ERR_NETWORK_CHANGED) gets the app, not an error."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    cut: list[str] = []

    def cut_once(route: Route) -> None:
        if cut:
            route.continue_()
        else:
            cut.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/web/storage-state.js", cut_once)
    page, loads = load_counting_navigations(context, server.url + "#/score")
    wait_ready(page)
    assert len(cut) == 1 and len(loads) == 2
    expect(page.locator("#screen .sk-score")).to_be_visible()
    context.close()


def test_a_network_that_keeps_failing_shows_the_error_screen_after_one_reload(
    browser: Browser, server: SiteServer
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    context.route("**/web/ui/keys.mpy", lambda route: route.abort("internetdisconnected"))
    page, loads = load_counting_navigations(context, server.url)
    page.wait_for_function("() => document.documentElement.dataset.pyReady === 'error'", timeout=60_000)
    expect(page.locator("#error-details")).to_contain_text("keys.mpy")
    page.wait_for_timeout(1500)  # no third load
    assert len(loads) == 2
    context.close()
