"""The table (`#/play/table`) in the browser (glue): opens the controller (`app.play.controller`) on the
saved game, passes its frames to the page's side (`app.link`, `ui.host`; the cues to `ui.fx`) and the page's
intents back. State, bots and saves live in the controller; the keyboard moves, the file reading and the
download are the page side's; no rule lives here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from app import i18n, link
from app.browser import spawn
from app.play.brain_client import brain
from app.play.controller import PlayController
from app.play.presenter import Frame
from app.play.store import store
from app.storage.page_saves import saves
from app.tree import El, el, to_data

HAND_CARD = '.hand .card[tabindex="0"]'


def active() -> PlayTable | None:
    """The table screen on the page now, if any (for the test hook)."""
    return PlayTable.mounted


class PlayTable:
    """The game screen's glue; `self.table` is its controller."""

    static_id: str | None = None
    mounted: ClassVar[PlayTable | None] = None  # the one on the page now

    def __init__(self) -> None:
        self.table = PlayController(self.show, i18n.texts, lambda request: brain().ask(request), spawn)
        self.shown = False
        self.unsubscribe: Any = lambda: None  # from the saves' news of other tabs

    def frame(self) -> El | None:
        return el(
            "div",
            el("div", id="play", cls="play"),
            el("div", id="play-live", cls="sr-only", aria_live="polite", role="status"),
        )

    def mount(self) -> None:
        self.shown = True
        PlayTable.mounted = self
        link.listen(self.receive)
        self.unsubscribe = saves().subscribe(self.others_saved)
        brain().start()
        self.table.load(store.current())

    def unmount(self) -> None:
        self.shown = False
        self.table.close()
        self.unsubscribe()
        link.listen(None)
        if PlayTable.mounted is self:
            PlayTable.mounted = None

    def relabel(self) -> None:
        self.table.render()

    def others_saved(self, keys: frozenset[str]) -> None:
        if store.GAME_KEY in keys:
            self.table.others_saved()

    def receive(self, message: dict[str, Any]) -> None:
        if message.get("op") != "intent":
            return
        act, arg = str(message.get("act", "")), str(message.get("arg", ""))
        if act == "export":
            found = self.table.export()
            if found:
                link.to_page({"op": "effect", "download": [found[0], found[1], "application/json"]})
        elif act == "import":
            self.table.import_text(str(message.get("text", "")))
        else:
            self.table.intent(act, arg, bool(message.get("enabled", True)), message.get("blind") is True)

    def show(self, frame: Frame) -> None:
        if not self.shown:
            return
        link.to_page(
            {
                "op": "draw",
                "root": "play",
                "tree": to_data(frame.tree),
                "live": ["play-live", frame.announce],
                "focus": HAND_CARD if frame.focus == "hand" else "",
                "refocus": ["card:", HAND_CARD],
            }
        )
        # after every drawing, even with no cue: the page's motion carries on over the redrawn elements
        link.to_page({"op": "effect", "cues": list(frame.cues), "sound": frame.sound, "motion": frame.motion})
