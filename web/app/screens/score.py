"""The score keeper's page in the browser: draws `app.score` trees, sends events back as
actions, and does what needs browser APIs (storage, wake lock, download, file import, share,
live region). State and rules live in `app.score.keeper` and `scorekeeper`."""

from __future__ import annotations

import json
import random
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import i18n
from app.browser import WakeLock, download, spawn
from app.dom import Listeners, build
from app.score.keeper import Effect, Keeper
from app.score.pages import live_parts, render
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, PREPAINT_KEY, SETUP_KEY, Store
from app.score.where import Where
from app.storage import browser as storage
from app.tree import El

MAX_IMPORT_BYTES = 2_000_000
EVENTS = ("click", "input", "change", "submit")


_keeper: Keeper | None = None


_mounted: list[ScoreScreen] = []  # the screen on show, redrawn when another tab saves the sheets
SHARED_KEYS = frozenset({LIBRARY_KEY, DRAFTS_KEY, SETUP_KEY})  # not the prepaint: each tab draws its own


def others_saved(keys: frozenset[str]) -> None:
    """Another tab saved sheets, drafts or the set-up: take them (this tab's next save then keeps them)."""
    if _keeper is None or not keys & SHARED_KEYS:
        return
    _keeper.store = Store.open(_keeper.store.storage)
    for screen in _mounted:
        screen.render()


def keeper() -> Keeper:
    """One keeper for the page, on the page's saves (`app.storage`, opened by main.py)."""
    global _keeper
    if _keeper is None:
        storage.saves().subscribe(others_saved)
        _keeper = Keeper(
            storage.saves(),
            clock=lambda: int(window.Date.now()),
            new_id=lambda: str(window.crypto.randomUUID()),
            rng=random.SystemRandom(),
            lang=i18n.lang,
            tr=lambda key, args: i18n.t(key, **args),
        )
    return _keeper


WAKE = WakeLock()


def live_region() -> Any:
    """The polite live region (outside the screens, so it survives route changes)."""
    region = document.getElementById("score-live")
    if not region:  # JS null arrives as `jsnull` (falsy, not None)
        region = document.createElement("div")
        region.id = "score-live"
        region.className = "sk-sr-only"
        region.setAttribute("role", "status")
        region.setAttribute("aria-live", "polite")
        document.getElementById("main").append(region)
    return region


def announce(text: str) -> None:
    region = live_region()
    region.textContent = ""
    window.setTimeout(create_proxy(lambda: setattr(region, "textContent", text)), 120)


class ScoreScreen:
    """Every `#/score...` route: one screen object that draws whatever the keeper shows."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...]) -> None:
        self.where = Where.parse(params)
        self.box: Any = None
        self.listeners = Listeners()

    # -- router interface ---------------------------------------------------------------------

    def mount(self, root: Any) -> None:
        live_region()
        self.keeper = keeper()
        self.keeper.enter(self.where)
        _mounted[:] = [self]
        self.box = document.createElement("div")
        self.box.className = "score-root"
        root.append(self.box)
        for event in EVENTS:
            self.listeners.add(self.box, event, self.handle)
        self.render()
        if self.where.sheet_id:
            WAKE.start()
        else:
            WAKE.stop()

    def unmount(self) -> None:
        self.listeners.clear()
        if self in _mounted:
            _mounted.remove(self)
        if not self.where.sheet_id:
            return
        WAKE.stop()

    def relabel(self) -> None:
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        active = document.activeElement
        keep = focus or (str(active.id) if active and self.box.contains(active) and active.id else None)
        self.box.replaceChildren(build(render(self.keeper.screen())))
        if keep:
            target = document.getElementById(keep)
            if target:
                target.focus()
        if self.where.page == "sheet" and self.keeper.saved() is not None:
            self.keeper.store.storage.set(
                PREPAINT_KEY,
                json.dumps({"id": self.where.sheet_id, "lang": i18n.lang(), "html": str(self.box.innerHTML)}),
            )

    def patch(self, parts: tuple[El, ...]) -> None:
        for part in parts:
            old = document.getElementById(part.attr("id") or "")
            if old:
                old.replaceWith(build(part))

    # -- events -------------------------------------------------------------------------------

    def handle(self, event: Any) -> None:
        target = event.target.closest("[data-act]") if hasattr(event.target, "closest") else None
        if not target or not self.box.contains(target):
            return
        if event.type != (target.getAttribute("data-on") or "click"):
            return
        if event.type == "submit":
            event.preventDefault()
            if self.next_blank(event):
                return
        act = str(target.getAttribute("data-act"))
        if act == "file":
            spawn(self.read_file(target))
            return
        arg = str(target.getAttribute("data-arg") or "")
        value = str(target.value) if target.tagName in ("INPUT", "TEXTAREA", "SELECT") else ""
        checked = bool(target.checked) if target.tagName == "INPUT" else False
        self.apply(self.keeper.act(act, arg, value, checked))

    def next_blank(self, event: Any) -> bool:
        """Enter in a hand's total moves to the next empty total instead of saving (phones' "next")."""
        active = document.activeElement
        if getattr(event, "submitter", None) or not active or "sk-total-input" not in str(active.className):
            return False
        inputs = list(self.box.querySelectorAll(".sk-total-input"))
        ids = [str(item.id) for item in inputs]
        here = ids.index(str(active.id)) if str(active.id) in ids else -1
        for item in inputs[here + 1 :]:
            if not str(item.value).strip():
                item.focus()
                return True
        return False

    def apply(self, effect: Effect) -> None:
        if effect.live_seat is not None:
            self.patch(live_parts(self.keeper.screen(), effect.live_seat))
        if effect.announce:
            announce(effect.announce)
        if effect.download:
            download(*effect.download)
        if effect.go:
            window.location.hash = effect.go
            return
        if effect.render:
            self.render(effect.focus)
        elif effect.focus:
            target = document.getElementById(effect.focus)
            if target:
                target.focus()
        if effect.share:
            spawn(self.share(effect.share))
        if effect.pick_file:
            picker = document.getElementById("score-import-file")
            if picker:
                picker.click()

    async def share(self, text: str) -> None:
        navigator = window.navigator
        how = "failed"
        if hasattr(navigator, "share"):
            try:
                await navigator.share(to_js({"text": text}, dict_converter=window.Object.fromEntries))
                how = "shared"
            except Exception as error:
                if "AbortError" in str(error):
                    return  # the person closed the share sheet
        if how == "failed" and hasattr(navigator, "clipboard"):
            try:
                await navigator.clipboard.writeText(text)
                how = "copied"
            except Exception:  # no permission: show the text to copy by hand
                how = "failed"
        self.apply(self.keeper.shared(how, text))

    async def read_file(self, picker: Any) -> None:
        files = picker.files
        if not files or not files.length:
            return
        chosen = files.item(0)
        text = "" if int(chosen.size) > MAX_IMPORT_BYTES else str(await chosen.text())
        picker.value = ""
        self.apply(self.keeper.import_text(text))
