"""WebKit smoke-test fixtures: a local server of a copy of dist/site, Xvfb + WebKitWebDriver, one MiniBrowser.

Every test of the session shares one MiniBrowser window (so a reload is a return visit to the same storage).
The fixtures start and stop their own processes (free display, free ports). When WebKit is not installed the
tests fail saying how to install it (`./dev test` installs it): they never skip.
What the tests observe (times, start path, saves) is printed in the terminal summary and written to
artifacts/webkit-smoke.json.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.serve import SiteServer
from tools.webkit import WebKit, WebKitMissing

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "dist" / "site"
OBSERVED: dict[str, Any] = {}


@pytest.fixture(scope="session")
def webkit_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private copy of the built site (built here when missing; `./dev test` always builds first)."""
    if not (SITE / "build.json").exists():
        from tools.build import build

        build(SITE)
    copy = tmp_path_factory.mktemp("webkit-site") / "site"
    shutil.copytree(SITE, copy)
    return copy


@pytest.fixture(scope="session")
def webkit_server(webkit_site: Path) -> Iterator[SiteServer]:
    srv = SiteServer(webkit_site).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def webkit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebKit]:
    """Xvfb and WebKitWebDriver, started for this session and stopped after it."""
    try:
        runner = WebKit(tmp_path_factory.mktemp("webkit-logs")).start()
    except WebKitMissing as error:
        missing = str(error)
    else:
        missing = ""
    if missing:
        pytest.fail(missing, pytrace=False)  # outside the except block: the message once, no traceback
    yield runner
    runner.stop()


@pytest.fixture(scope="session")
def driver(webkit: WebKit) -> Iterator[Any]:
    """One Selenium session (a MiniBrowser window) shared by the smoke tests."""
    try:
        session = webkit.new_session()
    except Exception as error:
        problem = f"WebKit: no WebDriver session: {error}\n{webkit.logs()}"
    else:
        problem = ""
    if problem:
        pytest.fail(problem, pytrace=False)
    OBSERVED["browser"] = f"{session.capabilities.get('browserName')} {session.capabilities.get('browserVersion')}"
    yield session
    session.quit()


@pytest.fixture
def observed() -> dict[str, Any]:
    """What the tests saw of WebKit, reported at the end of the run."""
    return OBSERVED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not OBSERVED:
        return
    terminalreporter.section("WebKit smoke: observed")
    for key, value in OBSERVED.items():
        terminalreporter.write_line(f"{key}: {value}")
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "webkit-smoke.json").write_text(json.dumps(OBSERVED, indent=2) + "\n", encoding="utf-8")
