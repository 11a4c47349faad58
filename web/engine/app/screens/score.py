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
from typing import TYPE_CHECKING, Protocol

from app import browser
from app.link import Link
from app.score import ids
from app.score.keeper import Effect, Keeper
from app.score.keepsafe import Facts
from app.score.pages import render
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, PREPAINT_KEY, SETUP_KEY, Store
from app.score.where import Where
from app.storage.page_saves import PageStorage
from app.tree import El, el, to_data
from shared.messages import EffectMessage, FromPage, is_score_intent

if TYPE_CHECKING:
    from app.peer.sessions import Sessions

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
    """A keeper on the page's saves (`app.storage`, opened at start), which tells `desk` what other tabs save."""
    saves = desk.storage.saves()
    saves.subscribe(desk.others_saved)
    link = desk.link
    return Keeper(
        saves,
        clock=lambda: int(time.time() * 1000),
        new_id=lambda: str(uuid.uuid4()),
        rng=random.SystemRandom(),
        lang=link.lang,
        tr=lambda key, args: link.texts.tr(key, args),
        base=site_base,
    )


class KeeperDesk:
    """The page's one keeper, opened at its first use, and the score screen on show, which is drawn again when
    the keeper's sheets change from outside (another tab, a guest phone, the page's storage facts). It writes a
    typed total's drafts once the typing pauses (`TYPING_PAUSE_S`); meanwhile the page holds a copy (`hold`)."""

    def __init__(
        self,
        link: Link,
        storage: PageStorage,
        open_keeper: Callable[[KeeperDesk], Keeper] = page_keeper,
        after: After = browser.after,
        hold: Callable[[str, str], None] | None = None,
    ) -> None:
        self.link, self.storage = link, storage
        self.hold = hold or storage.hold
        self.open_keeper = open_keeper
        self.after = after
        self._keeper: Keeper | None = None
        self.shown: ScoreScreen | None = None
        self.pending: Cancellable | None = None  # the held drafts' write, once the typing pauses

    def write_soon(self) -> None:
        """Write the held drafts after a pause in the typing (each key moves it on); the page keeps them meanwhile,
        in case it goes first."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = self.after(TYPING_PAUSE_S, self.write_held)
        if self._keeper is not None:
            self.hold(DRAFTS_KEY, self._keeper.store.drafts_text())

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

    def storage_facts(self, message: FromPage) -> None:
        """The page's facts about this browser's storage (`web/page/storage-state.js`): the list page says them."""
        if message["op"] == "storage":
            self.keeper().facts = Facts.from_message(dict(message))
            self.redraw()


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

    def __init__(self, params: tuple[str, ...], link: Link, desk: KeeperDesk, sessions: Sessions) -> None:
        self.where = Where.parse(params)
        self.link, self.desk, self.sessions = link, desk, sessions
        self.shown = False

    # -- router interface ---------------------------------------------------------------------

    def frame(self) -> El | None:
        return el("div", el("div", id=ids.ROOT, cls="score-root"))

    def mount(self) -> None:
        self.keeper = self.desk.keeper()
        self.keeper.enter(self.where)
        self.desk.shown = self
        self.shown = True
        self.link.listen(self.receive)
        self.render()
        self.link.to_page({"op": "effect", "wake": bool(self.where.sheet_id)})

    def unmount(self) -> None:
        self.shown = False
        self.link.listen(None)
        self.desk.write_held()  # leaving the page: what was typed is written now
        if self.desk.shown is self:
            self.desk.shown = None
        if self.where.sheet_id:
            self.link.to_page({"op": "effect", "wake": False})

    def relabel(self) -> None:
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        if not self.shown:
            return
        screen = dataclasses.replace(self.keeper.screen(), phones=self.sessions.phones(self.where.sheet_id))
        tree = el("div", render(screen), cls="score-root", id=ids.ROOT)
        data = to_data(tree)
        self.link.to_page({"op": "draw", "root": ids.ROOT, "tree": data, "focus": f"#{focus}" if focus else ""})
        if self.where.page == "sheet" and self.keeper.saved() is not None:
            self.paint(data)
        self.sessions.keeper_drew()

    def paint(self, data: object) -> None:
        """Keep the sheet as drawn: the picture shown before Python runs (web/page/score-prepaint.js). It goes with a
        save of the sheet, or on its own when none of this sheet is kept: a drawing that saves nothing (a reload,
        the storage facts arriving) writes nothing."""
        kept = _painted_sheet(self.keeper.store.storage.get(PREPAINT_KEY))
        if kept == self.where.sheet_id and self.desk.storage.saves().state != "saving":
            return
        painted = "".join(self.link.html(child) for child in (data.get("c", ()) if isinstance(data, dict) else ()))
        picture = {"id": self.where.sheet_id, "lang": self.link.lang(), "html": painted}
        self.keeper.store.storage.set(PREPAINT_KEY, json.dumps(picture))

    # -- the page's messages --------------------------------------------------------------------

    def receive(self, message: FromPage) -> None:
        if is_score_intent(message):
            if message["act"] == "file":
                self.apply(self.keeper.import_text(message["text"]))
            else:
                self.apply(
                    self.keeper.act(
                        message["act"],
                        message.get("arg", ""),
                        message.get("value", ""),
                        message.get("checked", False),
                        self.link.replaying,
                    )
                )
        elif message["op"] == "shared":
            self.apply(self.keeper.shared(message["how"], message.get("text", "")))

    def apply(self, effect: Effect) -> None:
        if self.keeper.store.held:
            self.desk.write_soon()
        if effect.refused:  # an intent no page of the keeper sends: said, and nothing changed
            print(f"uno: the score keeper refused an intent: {effect.refused}", file=sys.stderr)
            return
        page: EffectMessage = {"op": "effect"}
        if effect.announce:
            page["announce"] = {"region": ids.LIVE, "text": effect.announce}
        if effect.download:
            page["download"] = {"name": effect.download[0], "text": effect.download[1], "type": "application/json"}
        if effect.go:
            page["go"] = effect.go
        if len(page) > 1:
            self.link.to_page(page)
        if effect.go:
            return
        if effect.render:
            self.render(effect.focus)
        elif effect.focus:
            self.link.to_page({"op": "effect", "focus": effect.focus})
        if effect.share:
            self.link.to_page({"op": "effect", "share": effect.share})
        if effect.pick_file:
            self.link.to_page({"op": "effect", "pick": ids.IMPORT_FILE})
