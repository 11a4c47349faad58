"""The score keeper's page in the browser: draws `app.score` trees, sends events back as
actions, and does what needs browser APIs (storage, wake lock, download, file import, share,
live region). State and rules live in `app.score.keeper` and `scorekeeper`."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any, Protocol

from app import browser, i18n, link
from app.peer.sessions import SESSIONS
from app.score import ids
from app.score.keeper import Effect, Keeper
from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, PREPAINT_KEY, SETUP_KEY, Store
from app.score.where import Where
from app.storage import page_saves as storage
from app.tree import El, el, to_data

SHARED_KEYS = frozenset({LIBRARY_KEY, DRAFTS_KEY, SETUP_KEY})  # not the prepaint: each tab draws its own
TYPING_PAUSE_S = 0.5  # a typed total's drafts are written this long after its last key (the journal keeps keys)


class Cancellable(Protocol):
    def cancel(self) -> None: ...


After = Callable[[float, Callable[[], None]], Cancellable | None]  # `browser.after`: a callback in some seconds


def site_base() -> str:
    """The app's address, from this worker's (`<site>/runtime/<pyodide>/uno-app.mjs`): what sheet links start with."""
    import js  # the worker's global scope

    return str(js.location.href).split("runtime/", 1)[0]


def page_keeper(desk: KeeperDesk) -> Keeper:
    """A keeper on the page's saves (`app.storage`, opened by main.py), which tells `desk` what other tabs save."""
    storage.saves().subscribe(desk.others_saved)
    return Keeper(
        storage.saves(),
        clock=lambda: int(time.time() * 1000),
        new_id=lambda: str(uuid.uuid4()),
        rng=random.SystemRandom(),
        lang=i18n.lang,
        tr=lambda key, args: i18n.t(key, **args),
        base=site_base,
    )


class KeeperDesk:
    """The page's one keeper, opened at its first use, and the score screen on show, which is drawn again when
    the keeper's sheets change from outside (another tab, a guest phone, the page's storage facts). It writes a
    typed total's drafts once the typing pauses (`TYPING_PAUSE_S`)."""

    def __init__(self, open_keeper: Callable[[KeeperDesk], Keeper] = page_keeper, after: After = browser.after) -> None:
        self.open_keeper = open_keeper
        self.after = after
        self._keeper: Keeper | None = None
        self.shown: ScoreScreen | None = None
        self.pending: Cancellable | None = None  # the held drafts' write, once the typing pauses

    def write_soon(self) -> None:
        """Write the held drafts after a pause in the typing (each key moves it on)."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = self.after(TYPING_PAUSE_S, self.write_held)

    def write_held(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self._keeper is not None:
            self._keeper.store.write_held()

    def keeper(self) -> Keeper:
        if self._keeper is None:
            self._keeper = self.open_keeper(self)
        return self._keeper

    def redraw(self) -> None:
        if self.shown is not None:
            self.shown.render()

    def others_saved(self, keys: frozenset[str]) -> None:
        """Another tab saved sheets, drafts or the set-up: take them (this tab's next save then keeps them)."""
        if self._keeper is None or not keys & SHARED_KEYS:
            return
        held = {sheet_id: self._keeper.store.drafts[sheet_id] for sheet_id in self._keeper.store.held}
        self._keeper.store = Store.open(self._keeper.store.storage)
        for sheet_id, drafts in held.items():  # typed here and not written yet: kept, written after the pause
            self._keeper.store.drafts[sheet_id] = drafts
            self._keeper.store.hold_drafts(sheet_id)
        self.redraw()

    def storage_facts(self, message: dict[str, Any]) -> None:
        """The page's facts about this browser's storage (`web/page/storage-state.js`): the list page says them."""
        self.keeper().facts = Facts.from_message(message)
        self.redraw()


DESK = KeeperDesk()
link.handle("storage", DESK.storage_facts)
link.handle("hidden", lambda message: DESK.write_held())  # a phone leaving the page: the typed total is written


def keeper() -> Keeper:
    """The page's keeper (`app.peer` shares its sheets)."""
    return DESK.keeper()


def redraw_keeper() -> None:
    """Something outside the keeper changed its sheets (a guest phone's hand): draw the screen again."""
    DESK.redraw()


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

    def __init__(self, params: tuple[str, ...], desk: KeeperDesk = DESK) -> None:
        self.where = Where.parse(params)
        self.desk = desk
        self.shown = False

    # -- router interface ---------------------------------------------------------------------

    def frame(self) -> El | None:
        return el("div", el("div", id=ids.ROOT, cls="score-root"))

    def mount(self) -> None:
        self.keeper = self.desk.keeper()
        self.keeper.enter(self.where)
        self.desk.shown = self
        self.shown = True
        link.listen(self.receive)
        self.render()
        link.to_page({"op": "effect", "wake": bool(self.where.sheet_id)})

    def unmount(self) -> None:
        self.shown = False
        link.listen(None)
        self.desk.write_held()  # leaving the page: what was typed is written now
        if self.desk.shown is self:
            self.desk.shown = None
        if self.where.sheet_id:
            link.to_page({"op": "effect", "wake": False})

    def relabel(self) -> None:
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        if not self.shown:
            return
        screen = dataclasses.replace(self.keeper.screen(), phones=SESSIONS.phones(self.where.sheet_id))
        tree = el("div", render(screen), cls="score-root", id=ids.ROOT)
        data = to_data(tree)
        link.to_page({"op": "draw", "root": ids.ROOT, "tree": data, "focus": f"#{focus}" if focus else ""})
        if self.where.page == "sheet" and self.keeper.saved() is not None:
            self.paint(data)
        SESSIONS.keeper_drew()

    def paint(self, data: object) -> None:
        """Keep the sheet as drawn: the picture shown before Python runs (web/page/score-prepaint.js). It goes with a
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
                        act,
                        str(message.get("arg", "")),
                        str(message.get("value", "")),
                        bool(message.get("checked")),
                        link.replaying(),
                    )
                )
        elif op == "shared":
            self.apply(self.keeper.shared(str(message.get("how", "failed")), str(message.get("text", ""))))

    def apply(self, effect: Effect) -> None:
        if self.keeper.store.held:
            self.desk.write_soon()
        if effect.refused:  # an intent no page of the keeper sends: said, and nothing changed
            print(f"uno: the score keeper refused an intent: {effect.refused}", file=sys.stderr)
            return
        page: dict[str, Any] = {"op": "effect"}
        if effect.announce:
            page["announce"] = [ids.LIVE, effect.announce]
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
            link.to_page({"op": "effect", "pick": ids.IMPORT_FILE})
