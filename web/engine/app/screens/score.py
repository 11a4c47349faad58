"""The score keeper's page in the browser: `KeeperDesk` runs the keeper's step (`app.score.step`, pure) on this
phone's store and is the one place that performs what a step asks for: storage writes, the page's announcements,
downloads, shares, the file chooser, focus and navigation, and the wake lock; `ScoreScreen` draws
`app.score.pages` and hands the page's messages to the desk. State and rules live in `app.score` and
`scorekeeper`."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from app import browser
from app.link import Link
from app.score import ids
from app.score.effect import Effects
from app.score.keepsafe import Facts
from app.score.page_state import Screen
from app.score.pages import render
from app.score.showing import screen_of
from app.score.step import HandIntent, State, World, hand_step, step
from app.score.store import DRAFTS_KEY, PREPAINT_KEY, SHELF_KEYS, Shelf, Store
from app.score.texts import said_text
from app.score.visit import Visit
from app.score.where import Where
from app.storage.page_saves import PageStorage
from app.tree import El, el, to_data, to_html
from shared.messages import EffectMessage, FromPage, TableIntent, is_score_intent, is_table_intent

TYPING_PAUSE_S = 0.5  # a typed total's drafts are written this long after its last key (the journal keeps keys)


class Cancellable(Protocol):
    def cancel(self) -> None: ...


After = Callable[[float, Callable[[], None]], Cancellable | None]  # `browser.after`: a callback in some seconds


class Phones(Protocol):
    """The table of phones as the score screen sees it (`app.peer.sessions.Sessions`): how many phones follow a
    sheet, the rejoin codes of the phones that lost their link (drawn by themselves on the sheet's pages), the
    `table.*` intents of those codes, and `redraw`, called when only the table changed."""

    redraw: Callable[[], None]

    def phones(self, sheet_id: str) -> int: ...

    def keeper_drew(self) -> None: ...

    def rejoin_page(self, sheet_id: str, base: Callable[[], str]) -> El | None: ...

    def take(self, message: TableIntent) -> None: ...


class KeeperPage(Protocol):
    """A page the keeper's steps are for: its link, its visit (where it is, its errors...), its drawing. This
    phone's score screen is one; a guest phone's screen may be another, over the same store."""

    link: Link
    visit: Visit

    def render(self, focus: str | None = None) -> None: ...


def site_base() -> str:
    """The app's address, from this worker's (`<site>/runtime/<pyodide>/uno-app.mjs`): what sheet links start with."""
    import js  # the worker's global scope

    return str(js.location.href).split("runtime/", 1)[0]


def page_world() -> World:
    return World(
        clock=lambda: int(time.time() * 1000),
        new_id=lambda: str(uuid.uuid4()),
        rng=random.SystemRandom(),
        base=site_base,
    )


def page_store(desk: KeeperDesk) -> Store:
    """The store on the page's saves (`app.storage`, opened at start), which tells `desk` what other tabs save."""
    saves = desk.storage.saves()
    saves.subscribe(desk.others_saved)
    return Store.open(saves)


class KeeperDesk:
    """This phone's keeper: its store (opened at its first use), the visit of its own score screens (`visit`: kept
    from route to route, as a note follows a save to the sheet) and the facts the page told about its storage. The
    score screen on show (`shown`) is drawn again when the sheets change from outside (another tab, a guest phone,
    those facts). A typed total's drafts are written once the typing pauses (`TYPING_PAUSE_S`); meanwhile the page
    holds a copy (`hold`)."""

    def __init__(
        self,
        link: Link,
        storage: PageStorage,
        open_store: Callable[[KeeperDesk], Store] = page_store,
        world: World | None = None,
        after: After = browser.after,
        hold: Callable[[str, str], None] | None = None,
    ) -> None:
        self.link, self.storage = link, storage
        self.hold = hold or storage.hold
        self.open_store = open_store
        self.world = world if world is not None else page_world()
        self.after = after
        self.visit = Visit()
        self.facts = Facts()
        self._store: Store | None = None
        self.shown: ScoreScreen | None = None
        self.pending: Cancellable | None = None  # the held drafts' write, once the typing pauses

    def store(self) -> Store:
        if self._store is None:
            self._store = self.open_store(self)
        return self._store

    def screen(self, visit: Visit) -> Screen:
        """What a page at `visit` shows now."""
        return screen_of(State(self.store().shelf, visit), self.facts, self.world.base)

    # -- steps and their effects ------------------------------------------------------------------

    def run(self, page: KeeperPage, message: Mapping[str, Any]) -> None:
        """The page's message, stepped and performed (`replayed`: made before the page showed a screen)."""
        state, effects = step(State(self.store().shelf, page.visit), message, self.world, page.link.replaying)
        page.visit = state.visit
        self.perform(state.shelf, effects, page)

    def hand(self, page: KeeperPage, sheet_id: str, seat: int, intent: HandIntent) -> str:
        """A guest phone's act on `seat`'s own hand of `sheet_id` (`step.hand_step`), performed for its `page`: ""
        or why it was refused (nothing changed). This phone's screen draws again, without its own refusal of that
        hand."""
        state, effects = hand_step(State(self.store().shelf, page.visit), sheet_id, seat, intent, self.world)
        if effects.refused:
            return effects.refused
        page.visit = state.visit
        self.perform(state.shelf, effects, page)
        self.visit = self.visit.without_hand(seat)
        self.redraw()
        return ""

    def perform(self, shelf: Shelf, effects: Effects, page: KeeperPage) -> None:
        """What a step asked for: the store keeps the new shelf and writes what changed, and `page` is told."""
        store = self.store()
        store.keep(shelf, effects.writes, effects.typing)
        if store.held:
            self.write_soon()
        if effects.refused:  # an intent no page of the keeper sends: said, and nothing changed
            print(f"uno: the score keeper refused an intent: {effects.refused}", file=sys.stderr)
            return
        link = page.link
        told: EffectMessage = {"op": "effect"}
        if effects.announce:
            told["announce"] = {"region": ids.LIVE, "text": said_text(effects.announce, link.texts.tr)}
        if effects.download:
            told["download"] = {"name": effects.download[0], "text": effects.download[1], "type": "application/json"}
        if effects.go:
            told["go"] = effects.go
        if len(told) > 1:
            link.to_page(told)
        if effects.go:
            return
        if effects.render:
            page.render(effects.focus)
        elif effects.focus:
            link.to_page({"op": "effect", "focus": effects.focus})
        if effects.share:
            link.to_page({"op": "effect", "share": said_text(effects.share, link.texts.tr)})
        if effects.picture:
            name, picture = effects.picture
            link.to_page({"op": "effect", "picture": {"name": name, "svg": to_html(picture, link.texts.tr)}})
        if effects.pick_file:
            link.to_page({"op": "effect", "pick": ids.IMPORT_FILE})

    def wake(self, link: Link, on: bool) -> None:
        """Keep the phone's screen on (while a sheet is shown) or let it sleep again."""
        link.to_page({"op": "effect", "wake": on})

    # -- storage ------------------------------------------------------------------------------------

    def write_soon(self) -> None:
        """Write the held drafts after a pause in the typing (each key moves it on); the page keeps them meanwhile,
        in case it goes first."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = self.after(TYPING_PAUSE_S, self.write_held)
        if self._store is not None:
            self.hold(DRAFTS_KEY, self._store.shelf.text(DRAFTS_KEY))

    def write_held(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self._store is not None:
            self._store.write_held()

    def redraw(self) -> None:
        if self.shown is not None:
            self.shown.render()

    def others_saved(self, keys: frozenset[str]) -> None:
        """Another tab saved sheets, drafts, the set-up or the marks: take them (what was typed here and not written
        yet is kept, and written after the pause)."""
        if self._store is None or not keys & SHELF_KEYS:
            return
        self._store.reread()
        self.redraw()

    def storage_facts(self, message: FromPage) -> None:
        """The page's facts about this browser's storage (`web/page/storage-state.js`): the list page says them."""
        if message["op"] == "storage":
            self.facts = Facts.from_message(dict(message))
            self.redraw()


def _painted_sheet(kept: str | None) -> str | None:
    """The sheet whose picture is kept (None: none, or not readable)."""
    try:
        found = json.loads(kept or "null")
    except ValueError:
        return None
    return str(found.get("id")) if isinstance(found, dict) else None


class ScoreScreen:
    """Every `#/score...` route: one screen object that draws whatever the keeper shows at its location, through
    the page's side (`app.link`, `ui.host`), and hands the page's messages to the desk."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...], link: Link, desk: KeeperDesk, phones: Phones) -> None:
        self.where = Where.parse(params)
        self.link, self.desk, self.phones = link, desk, phones
        self.shown = False
        self.drawn_phones: object = to_data(self.phones_tree(None))  # what the frame holds

    @property
    def visit(self) -> Visit:
        """The visit of this phone's score screens (the desk keeps it from route to route)."""
        return self.desk.visit

    @visit.setter
    def visit(self, visit: Visit) -> None:
        self.desk.visit = visit

    # -- router interface ---------------------------------------------------------------------

    def frame(self) -> El | None:
        return el("div", self.phones_tree(None), el("div", id=ids.ROOT, cls="score-root"))

    def mount(self) -> None:
        self.visit = self.visit.entered(self.where)
        self.desk.shown = self
        self.shown = True
        self.link.listen(self.receive)
        self.phones.redraw = self.render_phones
        self.render()
        self.desk.wake(self.link, bool(self.where.sheet_id))

    def unmount(self) -> None:
        self.shown = False
        self.link.listen(None)
        if self.phones.redraw == self.render_phones:
            self.phones.redraw = lambda: None
        self.desk.write_held()  # leaving the page: what was typed is written now
        if self.desk.shown is self:
            self.desk.shown = None
        if self.where.sheet_id:
            self.desk.wake(self.link, False)

    def relabel(self) -> None:
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        if not self.shown:
            return
        screen = dataclasses.replace(self.desk.screen(self.visit), phones=self.phones.phones(self.where.sheet_id))
        tree = el("div", render(screen), cls="score-root", id=ids.ROOT)
        data = to_data(tree)
        self.link.to_page({"op": "draw", "root": ids.ROOT, "tree": data, "focus": f"#{focus}" if focus else ""})
        if self.where.page == "sheet" and screen.saved is not None:
            self.paint(data)
        self.render_phones()
        self.phones.keeper_drew()

    def phones_tree(self, panel: El | None) -> El:
        return el("div", panel, id=ids.PHONES, cls="score-phones")

    def render_phones(self) -> None:
        """The table's part of this sheet's pages (a lost phone's rejoin code), drawn only when it changes."""
        if not self.shown or not self.where.sheet_id:
            return
        data = to_data(self.phones_tree(self.phones.rejoin_page(self.where.sheet_id, self.desk.world.base)))
        if data != self.drawn_phones:
            self.drawn_phones = data
            self.link.to_page({"op": "draw", "root": ids.PHONES, "tree": data})

    def paint(self, data: object) -> None:
        """Keep the sheet as drawn: the picture shown before Python runs (web/page/score-prepaint.js). It goes with a
        save of the sheet, or on its own when none of this sheet is kept: a drawing that saves nothing (a reload,
        the storage facts arriving) writes nothing."""
        storage = self.desk.store().storage
        kept = _painted_sheet(storage.get(PREPAINT_KEY))
        if kept == self.where.sheet_id and self.desk.storage.saves().state != "saving":
            return
        painted = "".join(self.link.html(child) for child in (data.get("c", ()) if isinstance(data, dict) else ()))
        picture = {"id": self.where.sheet_id, "lang": self.link.lang(), "html": painted}
        storage.set(PREPAINT_KEY, json.dumps(picture))

    # -- the page's messages --------------------------------------------------------------------

    def receive(self, message: FromPage) -> None:
        if is_score_intent(message) or message["op"] == "shared":
            self.desk.run(self, message)
        elif is_table_intent(message):  # a lost phone's rejoin code on this sheet's page
            self.phones.take(message)
            self.render_phones()
