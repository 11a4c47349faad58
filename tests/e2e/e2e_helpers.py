"""Reusable checks for browser tests of any screen: readiness, axe-core, network guard, i18n, layout.

Import in a test module of tests/e2e/ as `from e2e_helpers import ...`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, BrowserType, Page

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]"}
LANGS = ("es", "en")
KEY_LIKE = re.compile(r"\b[a-z][a-z_]*\.[a-z_]+(?:\.[a-z_]+)*\b")  # how a raw catalogue key looks
MIN_TAP = 44


def wait_ready(page: Page, timeout: float = 120_000) -> None:
    """Wait until Python reports the app interactive; fail fast with the error screen's text."""
    page.wait_for_function("() => document.documentElement.dataset.pyReady", timeout=timeout)
    state = page.evaluate("document.documentElement.dataset.pyReady")
    if state != "1":
        details = page.locator("#error-details").text_content()
        raise AssertionError(f"the app showed its error screen: {details}")


def set_language(page: Page, lang: str) -> None:
    """Switch the UI language with the header's buttons and wait until it applied: the shell's texts at once,
    and once Python is ready, the controllers' redrawing too (attributes they translated, such as a tapped
    card's "Remove Skip", keep the old language until then)."""
    page.locator(f'.lang-switch [data-lang="{lang}"]').click()
    page.wait_for_function(
        """lang => { const root = document.documentElement;
            return root.lang === lang && (root.dataset.pyReady !== "1" || root.dataset.drawnLang === lang); }""",
        arg=lang,
    )


def settle_animations(page: Page) -> None:
    """Wait (at most 2 s) for the running finite animations and transitions to end: axe measures colours as
    painted, and a card fading in (the pile's landing card, a hand card turning playable) is paler meanwhile."""
    page.evaluate(
        """() => Promise.race([
            Promise.all(document.getAnimations()
                .filter(a => a.effect?.getComputedTiming().iterations !== Infinity)
                .map(a => a.finished.catch(() => null))),
            new Promise(done => setTimeout(done, 2000)),
        ])"""
    )


def check_axe(page: Page, label: str, tags: list[str] | None = None) -> None:
    """Run axe-core (served from node_modules, injected here) on the page; assert no violations."""
    settle_animations(page)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
        page.evaluate(AXE_JS.read_text() + "\n;undefined")
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        tags or AXE_TAGS,
    )
    violations = [
        f"{v['id']} ({v['impact']}): {v['help']} -> " + "; ".join(n["target"][0] for n in v["nodes"][:5])
        for v in result["violations"]
    ]
    assert not violations, f"axe violations on {label}:\n" + "\n".join(violations)


def untranslated(page: Page) -> list[str]:
    """Keys the shell could not translate, empty labelled elements, and key-like words on screen."""
    return list(
        page.evaluate(
            """keyRe => {
                const problems = [...window.unoShell.missing].map(k => 'missing: ' + k);
                for (const el of document.querySelectorAll('[data-i18n]')) {
                    if (el.closest('[hidden]')) continue;
                    if (!el.textContent.trim()) problems.push('empty: ' + el.dataset.i18n);
                }
                const words = document.body.innerText.match(new RegExp(keyRe, 'g')) || [];
                return problems.concat(words.map(w => 'raw key on screen: ' + w));
            }""",
            KEY_LIKE.pattern,
        )
    )


def small_targets(page: Page) -> list[str]:
    """Visible links, buttons and summaries smaller than 44x44 CSS px."""
    return list(
        page.evaluate(
            """min => [...document.querySelectorAll('a[href], button, summary, input, select, [role=button]')]
                .filter(el => el.offsetParent !== null && !el.classList.contains('skip-link'))
                .map(el => [el, el.getBoundingClientRect()])
                .filter(([el, r]) => r.width < min || r.height < min)
                .map(([el, r]) => `${el.outerHTML.slice(0, 80)} is ${r.width.toFixed(0)}x${r.height.toFixed(0)}`)""",
            MIN_TAP,
        )
    )


def horizontal_overflow(page: Page) -> int:
    """How many CSS px the page is wider than the viewport (0 when it fits)."""
    return int(page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth"))


@dataclass
class NetworkGuard:
    """Records every request a browser context makes (pages and, with the env flag, service workers)."""

    urls: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> NetworkGuard:
        context.on("request", lambda request: self.urls.append(request.url))
        return self

    def foreign(self) -> list[str]:
        """Requests to any host but the local server (data: and blob: URLs are local by nature)."""
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).hostname not in LOCAL_HOSTS
        ]


def catalogue(lang: str) -> dict[str, str]:
    """One language's message catalogue."""
    return dict(json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


READ_SAVE = """key => new Promise((resolve, reject) => {
    const open = indexedDB.open('uno-saves');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('saves')) { db.close(); resolve(null); return; }
        const get = db.transaction('saves').objectStore('saves').get(key);
        get.onsuccess = () => { db.close(); resolve(get.result ? get.result.data : null); };
        get.onerror = () => { db.close(); reject(get.error); };
    };
})"""


def stored(page: Page, key: str) -> str | None:
    """A save as IndexedDB holds it now (read in a fresh transaction, not through the app's code)."""
    value = page.evaluate(READ_SAVE, key)
    return value if isinstance(value, str) else None


def wait_saved(page: Page, timeout: float = 10_000) -> None:
    """Wait until the page says every change is saved (its IndexedDB transactions have completed)."""
    page.wait_for_function("() => document.documentElement.dataset.saves === 'saved'", timeout=timeout)


def browser_pids(profile: Path) -> list[int]:
    """The browser process of the Chromium running on `profile` (its helpers carry --type=...)."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        if f"--user-data-dir={profile}" in args and not any(arg.startswith("--type=") for arg in args):
            pids.append(int(proc.name))
    return pids


@dataclass
class KillableProfile:
    """A persistent Chromium profile that can be killed (SIGKILL, as a phone's OS does) and relaunched."""

    browser_type: BrowserType
    launch_args: dict[str, Any]
    folder: Path
    context: BrowserContext | None = None

    def page(self, url: str) -> Page:
        """Launch Chromium on the profile and open `url` with the app ready."""
        self.context = self.browser_type.launch_persistent_context(
            str(self.folder), **self.launch_args, viewport={"width": 390, "height": 844}, locale="en-US"
        )
        page = self.context.new_page()
        page.goto(url)
        wait_ready(page)
        return page

    def kill(self) -> None:
        """SIGKILL the browser process: no shutdown, nothing still in its memory reaches the disk."""
        pids = browser_pids(self.folder)
        assert pids, f"no Chromium runs on {self.folder}"
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 15
        while browser_pids(self.folder) and time.monotonic() < deadline:
            time.sleep(0.05)
        with contextlib.suppress(Exception):  # the browser is gone: Playwright may only say so
            assert self.context is not None
            self.context.close()
        self.context = None

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


def type_into(page: Page, selector: str, text: str, *, clear: bool = False) -> None:
    """Type `text` into the field `selector` as a person does: tap it, go to the end of what it holds and press
    each key (with `clear`, Backspace first over everything it holds). Playwright's `fill()` replaces the value
    in one go, where a person's keys add to what the field holds: a field the page failed to empty shows only
    this way. Enter, Tab and corrections are the test's own keys (`page.keyboard.press`)."""
    field = page.locator(selector)
    field.click()
    page.keyboard.press("End")
    if clear:
        for _ in range(len(field.input_value())):
            page.keyboard.press("Backspace")
        assert field.input_value() == "", f"{selector} still holds {field.input_value()!r} after Backspace"
    page.keyboard.type(text)
