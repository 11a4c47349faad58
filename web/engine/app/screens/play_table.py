"""The table (`#/play/table`) in the browser (glue): opens the controller (`app.play.controller`) on the
saved game, passes its frames to the page's side (`app.link`, `ui.host`; the cues to `ui.fx`) and the page's
intents back. State, bots and saves live in the controller; the keyboard moves, the file reading and the
download are the page side's; no rule lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.browser import after, spawn
from app.link import Link
from app.play.brain_client import BrainClient
from app.play.controller import PlayController
from app.play.phones import PlayShare
from app.play.presenter import Frame
from app.play.store import PlayStore
from app.storage.page_saves import PageStorage
from app.tree import El, el, to_data
from shared.messages import FromPage, is_play_intent

HAND_CARD = '.hand .card[tabindex="0"]'


class PlayTable:
    """The game screen's glue; `self.table` is its controller."""

    static_id: str | None = None

    def __init__(
        self,
        link: Link,
        store: PlayStore,
        brain: BrainClient,
        storage: PageStorage,
        share: PlayShare | None = None,
        drew: Callable[[], None] = lambda: None,
        resume: Callable[[], None] = lambda: None,
    ) -> None:
        """`share`: this phone's game as guest phones see it (this screen's controller drives it while shown);
        `drew()` after each drawing (the phones draw again); `resume()` hosts the phones again after a reload."""
        self.link, self.store, self.brain, self.storage = link, store, brain, storage
        self.share, self.drew, self.resume = share, drew, resume
        self.table = PlayController(store, self.show, lambda: link.texts, brain.ask, spawn, later=after)
        self.shown = False
        self.unsubscribe: Any = lambda: None  # from the saves' news of other tabs

    def frame(self) -> El | None:
        return table_frame()

    def mount(self) -> None:
        self.shown = True
        self.link.listen(self.receive)
        self.unsubscribe = self.storage.saves().subscribe(self.others_saved)
        self.brain.start()
        if self.share is not None:
            self.share.table = self.table
        self.table.load(self.store.current())
        self.resume()

    def unmount(self) -> None:
        self.shown = False
        self.table.close()
        self.unsubscribe()
        self.link.listen(None)

    def relabel(self) -> None:
        self.table.render()

    def others_saved(self, keys: frozenset[str]) -> None:
        if self.store.GAME_KEY in keys:
            self.table.others_saved()

    def receive(self, message: FromPage) -> None:
        if not is_play_intent(message):
            return
        if message["act"] == "play.export":
            found = self.table.export()
            if found:
                self.link.to_page(
                    {"op": "effect", "download": {"name": found[0], "text": found[1], "type": "application/json"}}
                )
        elif message["act"] == "play.import":
            self.table.import_text(message["text"])
        else:
            self.table.intent(message)

    def show(self, frame: Frame) -> None:
        if not self.shown:
            return
        draw_frame(self.link, frame)
        self.drew()


def table_frame() -> El:
    """The table's page: its root and its live region (this device's, and a guest phone's in play)."""
    return el(
        "div",
        el("div", id="play", cls="play"),
        el("div", id="play-live", cls="sr-only", aria_live="polite", role="status"),
    )


def draw_frame(link: Link, frame: Frame, again: bool = True) -> None:
    """One drawing of the table to `link`'s page, then its cues. `again` False: nothing when the page shows it
    already (a guest phone, drawn again whenever anything of the table may have changed: nothing crosses)."""
    tree = to_data(frame.tree)
    if not again and not (frame.announce or frame.cues or frame.focus) and link.unchanged("play", tree):
        return
    link.to_page(
        {
            "op": "draw",
            "root": "play",
            "tree": tree,
            "live": {"region": "play-live", "text": frame.announce},
            "focus": HAND_CARD if frame.focus == "hand" else "",
            "refocus": {"prefix": "card:", "selector": HAND_CARD},
        }
    )
    # after every drawing, even with no cue: the page's motion carries on over the redrawn elements
    link.to_page({"op": "effect", "cues": list(frame.cues), "sound": frame.sound, "motion": frame.motion})
