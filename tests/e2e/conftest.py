"""Browser test fixtures: Debian's Chromium, one local server for the session, a warm app context.

Every e2e test starts its own servers (free ports); none relies on one started by hand.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parents[2]


# Service workers' own requests reach the network guard only with this flag (set before Playwright starts).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

SITE = ROOT / "dist" / "site"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private copy of the built site (built here when missing; `./dev test` always builds first).

    A copy, so that a rebuild of dist/site while the tests run cannot pull files from under them.
    """
    if not (SITE / "build.json").exists():
        from tools.build import build

        build(SITE)
    copy = tmp_path_factory.mktemp("site") / "site"
    shutil.copytree(SITE, copy)
    return copy


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[SiteServer]:
    """One local server of dist/site for the whole session."""
    srv = SiteServer(site).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def app_context(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """A persistent profile shared by the tests that only need a ready app (warm after the first load)."""
    context = browser_type.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), **browser_type_launch_args, viewport=PHONE, locale="en-US"
    )
    yield context
    context.close()


@pytest.fixture
def app_page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    """A page of the shared context with the app loaded and Python ready."""
    from e2e_helpers import wait_ready

    page = app_context.new_page()
    page.goto(server.url)
    wait_ready(page)
    yield page
    page.close()


@pytest.fixture
def fresh_context(browser: Browser) -> Iterator[BrowserContext]:
    """A new, empty browser context (no cache, no storage, no service worker) on a phone viewport."""
    context = browser.new_context(viewport=PHONE)
    yield context
    context.close()


@pytest.fixture
def killable_profile(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[Any]:
    """A persistent profile of its own that a test may SIGKILL and relaunch (e2e_helpers.KillableProfile)."""
    from e2e_helpers import KillableProfile

    profile = KillableProfile(browser_type, browser_type_launch_args, tmp_path / "profile")
    yield profile
    profile.close()
