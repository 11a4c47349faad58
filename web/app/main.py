"""Entry script (run by PyScript): the page's side of the boundary (`ui.host`, `ui.saves`) linked to the
controllers (`app.start`) in this one interpreter; the test hook `window.unoPlay`; ready."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy, to_js

import uno_core
from app import link
from app.play.brain_client import brain
from app.play.hook import HOOKS
from app.start import start
from ui.host import Host
from ui.saves import PageSaves
from ui.saves import hello as saves_hello


def load_path() -> str:
    """How our wheel got installed: its dist-info's INSTALLER ('micropip', 'pyodide.loadPackage'...),
    or 'files' when PyScript unpacked it (no INSTALLER). Read directly: importlib.metadata costs ~0.1 s."""
    site_packages = Path(uno_core.__file__).parent.parent
    for installer in site_packages.glob("uno_core-*.dist-info/INSTALLER"):
        return installer.read_text().strip() or "files"
    return "files"


def install_hooks() -> list[Any]:
    """`window.unoPlay` (web/app/play/hook.py): the documented hook for browser tests and bug reports."""
    hook = window.Object.new()
    proxies = [create_proxy(func) for func in HOOKS.values()]
    for name, proxy in zip(HOOKS, proxies, strict=True):
        setattr(hook, name, proxy)
    window.unoPlay = hook
    return proxies


async def main() -> Any:
    host = Host(window, link.from_page)
    page_saves = PageSaves(window, link.from_page)
    for op in ("saves-write", "local", "saves-tell"):
        host.on(op, page_saves.receive)
    link.attach(host)
    proxies = install_hooks()
    language = host.language()
    hello = {"hash": str(window.location.hash), "lang": language["lang"], "catalogue": language["catalogue"],
             "saves": await saves_hello(window)}
    router = await start(hello)
    loader = window.document.querySelector('script[src*="uno-loader.mjs"]')
    if loader:  # the engine worker's module is served next to Pyodide's loader (tools/build.py)
        brain().allow(str(loader.src).replace("uno-loader.mjs", "uno-brain.mjs"))
    window.unoShell.ready(to_js({"loadPath": load_path(), "engineVersion": uno_core.__version__}))
    return router, host, page_saves, proxies


KEPT = await main()  # type: ignore[top-level-await]  # noqa: F704 (PyScript runs it with top-level await)
