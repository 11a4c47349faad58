"""Entry script (run by PyScript): start the router, show the engine version, report ready."""

from __future__ import annotations

from importlib import metadata

import uno_core
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import i18n
from app.router import Router
from app.screens import ROUTES


def load_path() -> str:
    """How our wheel got installed: 'micropip' (its INSTALLER file) or 'files' (unpacked by PyScript)."""
    try:
        installer = metadata.distribution("uno-core").read_text("INSTALLER")
    except metadata.PackageNotFoundError:
        return "missing"
    return (installer or "files").strip() or "files"


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


ROUTER = start()
