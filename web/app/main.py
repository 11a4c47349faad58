"""Entry script (run by PyScript): open the saves, start the router, show the engine version, report ready."""

from __future__ import annotations

from pathlib import Path

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

import uno_core
from app import i18n
from app.router import Router
from app.screens import ROUTES
from app.storage import browser as storage


def load_path() -> str:
    """How our wheel got installed: its dist-info's INSTALLER ('micropip', 'pyodide.loadPackage'...),
    or 'files' when PyScript unpacked it (no INSTALLER). Read directly: importlib.metadata costs ~0.1 s."""
    site_packages = Path(uno_core.__file__).parent.parent
    for installer in site_packages.glob("uno_core-*.dist-info/INSTALLER"):
        return installer.read_text().strip() or "files"
    return "files"


def show_engine_version(version: str) -> None:
    """The footer names the engine version that answered from inside the page."""
    label = document.getElementById("engine-version")
    i18n.bind(label, "footer.engine", version=version)
    label.hidden = False


def start() -> Router:
    """Route the current hash, follow hash changes and language switches; tell the shell we are ready."""
    router = Router(ROUTES, document)
    router.show(window.location.hash, move_focus=False)
    window.addEventListener("hashchange", create_proxy(lambda event: router.show(window.location.hash)))
    i18n.on_change(lambda lang: router.relabel())
    show_engine_version(uno_core.__version__)
    window.unoShell.ready(to_js({"loadPath": load_path(), "engineVersion": uno_core.__version__}))
    return router


await storage.start()  # type: ignore[top-level-await]  # noqa: F704 (PyScript runs it with top-level await)
ROUTER = start()
