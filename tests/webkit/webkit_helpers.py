"""Steps for the WebKit smoke tests (Selenium on WebKitGTK's MiniBrowser): explicit waits that fail with the page's
state.

Import in a test module of tests/webkit/ as `from webkit_helpers import ...`.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from selenium.common.exceptions import JavascriptException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
READY_TIMEOUT = 120.0  # WebKitGTK starts Pyodide slowly, and these machines are shared
STEP_TIMEOUT = 30.0


def dataset(driver: WebDriver) -> dict[str, str]:
    """The `data-*` markers of `<html>` (readiness, start path, saves, snapshot)."""
    try:
        return dict(driver.execute_script("return Object.assign({}, document.documentElement.dataset)"))
    except JavascriptException:
        return {}


def page_state(driver: WebDriver) -> str:
    """What the page shows, for a failure message: its markers, its URL and the error screen's details."""
    try:
        details = driver.execute_script(
            "const d = document.getElementById('error-details'); return d ? d.textContent : ''"
        )
        alerts = driver.execute_script(
            "return [...document.querySelectorAll('[role=alert], .sk-field-error')]"
            ".map((e) => e.textContent.trim()).filter(Boolean).join(' | ')"
        )
        url = driver.current_url
    except Exception as error:  # the session itself is in trouble
        return f"(page unreadable: {error})"
    return (
        f"url {url}, <html> {dataset(driver)}"
        + (f", error screen: {details.strip()}" if details else "")
        + (f", messages shown: {alerts}" if alerts else "")
    )


def shot(driver: WebDriver, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with contextlib.suppress(Exception):  # a screenshot is a courtesy; never hide the real failure
        driver.save_screenshot(str(ARTIFACTS / f"webkit-{re.sub(r'[^a-z0-9]+', '-', name.lower())}.png"))


def wait_js(driver: WebDriver, script: str, what: str, timeout: float = STEP_TIMEOUT, *args: Any) -> Any:
    """Wait until `script` (a function body that returns a value) returns something truthy; return it.

    On timeout: an AssertionError naming `what` and the page's state, and a screenshot in artifacts/.
    """
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.25, ignored_exceptions=(JavascriptException,)).until(
            lambda d: d.execute_script(script, *args)
        )
    except TimeoutException:
        shot(driver, what)
        raise AssertionError(f"WebKit: {what}: not within {timeout:.0f} s; {page_state(driver)}") from None


def settle(driver: WebDriver, script: str, timeout: float) -> bool:
    """Wait up to `timeout` s for `script` to return something truthy; False (no failure) if it never does."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.5, ignored_exceptions=(JavascriptException,)).until(
            lambda d: d.execute_script(script)
        )
    except TimeoutException:
        return False
    return True


# Scroll the element to the middle of the view; true when a tap at its centre reaches it (it, a child, the label
# or the ancestor that holds it), else a description of what is on top of it.
TAP_TARGET = """const el = document.querySelector(arguments[0]);
if (!el || !el.getClientRects().length) return "not shown";
el.scrollIntoView({ block: "center", inline: "nearest" });
const r = el.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
if (!hit) return "nothing at its centre";
const labels = [...(el.labels || [])];
if (hit === el || el.contains(hit) || hit.contains(el) || labels.some((l) => l.contains(hit))) return true;
return `${hit.tagName.toLowerCase()}#${hit.id}.${[...hit.classList].join(".")}`;"""


def tap(driver: WebDriver, css: str, timeout: float = STEP_TIMEOUT, until: str | None = None) -> None:
    """Tap the element `css` once a tap would reach it (WebDriver does not scroll to click in WebKit, and a
    re-render or a bar drawn over it meanwhile intercepts the click); on timeout, say what covered it.

    With `until` (only for a tap that may be repeated, such as choosing a radio button), tap again while the
    element `until` is not shown 5 s later, as a person taps again when a tap did not take (a click that landed
    while a loaded machine scrolled the page)."""
    deadline = time.monotonic() + timeout
    while True:
        while (found := driver.execute_script(TAP_TARGET, css)) is not True:
            if time.monotonic() > deadline:
                shot(driver, f"tap {css}")
                raise AssertionError(
                    f"WebKit: {css} not tappable within {timeout:.0f} s ({found}); {page_state(driver)}"
                )
            time.sleep(0.2)
        driver.find_element(By.CSS_SELECTOR, css).click()
        if until is None or _shown_within(driver, until, 5.0):
            return
        if time.monotonic() > deadline:
            wait_element(driver, until, 1.0)  # says what the page shows instead
            return


def _shown_within(driver: WebDriver, css: str, seconds: float) -> bool:
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.25).until(_shown(css))
    except TimeoutException:
        return False
    return True


def _shown(css: str) -> Callable[[WebDriver], WebElement | bool]:
    """A wait's condition: the first element matching `css`, once it is displayed."""

    def shown(d: WebDriver) -> WebElement | bool:
        try:
            found = d.find_elements(By.CSS_SELECTOR, css)
            return found[0] if found and found[0].is_displayed() else False
        except StaleElementReferenceException:
            return False

    return shown


def wait_element(driver: WebDriver, css: str, timeout: float = STEP_TIMEOUT) -> WebElement:
    """The first element matching `css` once it is displayed."""
    try:
        element = cast(WebElement, WebDriverWait(driver, timeout, poll_frequency=0.25).until(_shown(css)))
    except TimeoutException:
        shot(driver, css)
        raise AssertionError(f"WebKit: {css} not shown within {timeout:.0f} s; {page_state(driver)}") from None
    return element


def wait_ready(driver: WebDriver, timeout: float = READY_TIMEOUT) -> None:
    """Wait until Python reports the app interactive (`data-py-ready`); fail with the error screen's text."""
    state = wait_js(driver, "return document.documentElement.dataset.pyReady", "app ready (data-py-ready)", timeout)
    if state != "1":
        shot(driver, "error screen")
        raise AssertionError(f"WebKit: the app showed its error screen; {page_state(driver)}")


def interactive_ms(driver: WebDriver) -> float | None:
    """The page's `app-interactive` mark: ms from navigation to ready, as the page measured it."""
    value = driver.execute_script(
        "const m = performance.getEntriesByName('app-interactive')[0]; return m ? m.startTime : null"
    )
    return None if value is None else float(value)


def visit(driver: WebDriver, url: str | None = None) -> float:
    """Load `url` (or reload the page) and wait until ready; return the seconds it took.

    A marker on the old page's window tells the new document apart from the old one (both say ready).
    """
    driver.execute_script("window.__unoOldPage = true")
    started = time.monotonic()
    if url is None:
        driver.refresh()
    else:
        driver.get(url)
    wait_js(driver, "return !window.__unoOldPage", "the new page", READY_TIMEOUT)
    wait_ready(driver)
    return time.monotonic() - started


def go(driver: WebDriver, route: str) -> None:
    """Change the app's route in the page (no reload)."""
    driver.execute_script("location.hash = arguments[0]", route)


def texts(driver: WebDriver, css: str) -> list[str]:
    return [
        str(text).strip()
        for text in driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", css
        )
    ]


def play_state(driver: WebDriver) -> dict[str, Any]:
    """`window.unoPlay.state()` (web/engine/app/play/hook.py), parsed."""
    return dict(json.loads(driver.execute_script("return window.unoPlay.state()")) or {})


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))
