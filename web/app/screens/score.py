"""The score keeper's page in the browser: draws `app.score` trees, sends events back as
actions, and does what needs browser APIs (storage, wake lock, download, file import, share,
live region). State and rules live in `app.score.keeper` and `scorekeeper`."""

from __future__ import annotations

import dataclasses
import json
import random
import time
import uuid
from typing import Any

from app import i18n, link
from app.peer.sessions import SESSIONS
from app.score.keeper import Effect, Keeper
from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, PREPAINT_KEY, SETUP_KEY, Store
from app.score.where import Where
from app.storage import bridge as storage
from app.tree import El, el, to_data

ROOT_ID = "score-root"
LIVE_ID = "score-live"


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


def site_base() -> str:
    """The app's address, from this worker's (`<site>/runtime/<pyodide>/uno-app.mjs`): what sheet links start with."""
    import js  # the worker's global scope

    return str(js.location.href).split("runtime/", 1)[0]


def redraw_keeper() -> None:
    """Something outside the keeper changed its sheets (a guest phone's hand): draw the screen again."""
    for screen in _mounted:
        screen.render()


def keeper() -> Keeper:
    """One keeper for the page, on the page's saves (`app.storage`, opened by main.py)."""
    global _keeper
    if _keeper is None:
        storage.saves().subscribe(others_saved)
        _keeper = Keeper(
            storage.saves(),
            clock=lambda: int(time.time() * 1000),
            new_id=lambda: str(uuid.uuid4()),
            rng=random.SystemRandom(),
            lang=i18n.lang,
            tr=lambda key, args: i18n.t(key, **args),
            base=site_base,
        )
    return _keeper


def storage_facts(message: dict[str, Any]) -> None:
    """The page's facts about this browser's storage (`web/storage-state.js`): the list page says them."""
    keeper().facts = Facts.from_message(message)
    for screen in _mounted:
        screen.render()


link.handle("storage", storage_facts)


def _painted_sheet(kept: str | None) -> str | None:
    """The sheet whose picture is kept (None: none, or not readable)."""
    try:
        found = json.loads(kept or "null")
    except ValueError:
        return None
    return str(found.get("id")) if isinstance(found, dict) else None


class ScoreScreen:
    """Every `#/score...` route: one screen object that draws whatever the keeper shows, through the page's
    side (`app.link`, `ui.host`), and hands the page's intents to the keeper."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...]) -> None:
        self.where = Where.parse(params)
        self.shown = False

    # -- router interface ---------------------------------------------------------------------

    def frame(self) -> El | None:
        return el("div", el("div", id=ROOT_ID, cls="score-root"))

    def mount(self) -> None:
        self.keeper = keeper()
        self.keeper.enter(self.where)
        _mounted[:] = [self]
        self.shown = True
        link.listen(self.receive)
        self.render()
        link.to_page({"op": "effect", "wake": bool(self.where.sheet_id)})

    def unmount(self) -> None:
        self.shown = False
        link.listen(None)
        if self in _mounted:
            _mounted.remove(self)
        if self.where.sheet_id:
            link.to_page({"op": "effect", "wake": False})

    def relabel(self) -> None:
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        if not self.shown:
            return
        screen = dataclasses.replace(self.keeper.screen(), phones=SESSIONS.phones(self.where.sheet_id))
        tree = el("div", render(screen), cls="score-root", id=ROOT_ID)
        data = to_data(tree)
        link.to_page({"op": "draw", "root": ROOT_ID, "tree": data, "focus": f"#{focus}" if focus else ""})
        if self.where.page == "sheet" and self.keeper.saved() is not None:
            self.paint(data)
        SESSIONS.keeper_drew()

    def paint(self, data: object) -> None:
        """Keep the sheet as drawn: the picture shown before Python runs (web/score-prepaint.js). It goes with a
        save of the sheet, or on its own when none of this sheet is kept: a drawing that saves nothing (a reload,
        the storage facts arriving) writes nothing."""
        kept = _painted_sheet(self.keeper.store.storage.get(PREPAINT_KEY))
        if kept == self.where.sheet_id and storage.saves().state != "saving":
            return
        painted = "".join(link.html(child) for child in (data.get("c", ()) if isinstance(data, dict) else ()))
        picture = {"id": self.where.sheet_id, "lang": i18n.lang(), "html": painted}
        self.keeper.store.storage.set(PREPAINT_KEY, json.dumps(picture))

    # -- the page's messages --------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "intent":
            act = str(message.get("act", ""))
            if act == "file":
                self.apply(self.keeper.import_text(str(message.get("text", ""))))
            else:
                self.apply(
                    self.keeper.act(
                        act, str(message.get("arg", "")), str(message.get("value", "")), bool(message.get("checked"))
                    )
                )
        elif op == "shared":
            self.apply(self.keeper.shared(str(message.get("how", "failed")), str(message.get("text", ""))))

    def apply(self, effect: Effect) -> None:
        page: dict[str, Any] = {"op": "effect"}
        if effect.announce:
            page["announce"] = [LIVE_ID, effect.announce]
        if effect.download:
            page["download"] = [*effect.download, "application/json"]
        if effect.go:
            page["go"] = effect.go
        if len(page) > 1:
            link.to_page(page)
        if effect.go:
            return
        if effect.render:
            self.render(effect.focus)
        elif effect.focus:
            link.to_page({"op": "effect", "focus": effect.focus})
        if effect.share:
            link.to_page({"op": "effect", "share": effect.share})
        if effect.pick_file:
            link.to_page({"op": "effect", "pick": "score-import-file"})
