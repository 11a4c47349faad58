"""No sheet lost to browsers' storage rules: what the list page says about where the sheets are kept, whether
the iOS card is shown, which sheets are not kept anywhere else, and the once-an-evening "Keep a copy" offer.

Safari (every browser on iOS is WebKit) erases a site's script-writable storage after 7 days of use without a
visit, unless the site was added to the Home Screen, which keeps storage of its own. The facts come from the
page (`web/page/storage-state.js`): the user agent, its touch points, `navigator.standalone` / display-mode,
`storage.persisted()`.
Pure: no clock, no browser; the marks are JSON under `uno.score.kept`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from scorekeeper import Library

KEPT_KEY = "uno.score.kept"
EVENING_MS = 12 * 3600 * 1000  # "Keep a copy" is offered again only this long after the last offer

SheetState = Literal["none", "unplayed", "played"]
Status = Literal["kept", "ios_tab", "may_delete", "unknown"]

_IOS = re.compile(r"\b(iPhone|iPad|iPod)\b")
_MAC = re.compile(r"\bMacintosh\b")


def sheet_state(library: Library) -> SheetState:
    """ "played" once a sheet has a round, "unplayed" with sheets but no round yet, else "none"."""
    if any(entry.sheet.rounds for entry in library.entries):
        return "played"
    return "unplayed" if library.entries else "none"


def is_ios(user_agent: str, touch_points: int = 0) -> bool:
    """An iPhone, iPad or iPod browser (all WebKit). An iPad in desktop mode (iPadOS's default in Safari) says
    "Macintosh" but has a touch screen, which no Mac has."""
    return bool(_IOS.search(user_agent)) or (touch_points > 1 and bool(_MAC.search(user_agent)))


@dataclass
class Facts:
    """What the page told about this browser (`web/page/storage-state.js`); unknown until it does."""

    user_agent: str = ""
    standalone: bool = False
    persisted: bool | None = None
    touch_points: int = 0  # navigator.maxTouchPoints

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Facts:
        persisted, touch = message.get("persisted"), message.get("touch")
        return cls(
            str(message.get("ua", ""))[:500],
            message.get("standalone") is True,
            persisted if isinstance(persisted, bool) else None,
            touch if isinstance(touch, int) and not isinstance(touch, bool) and 0 <= touch <= 256 else 0,
        )

    @property
    def ios(self) -> bool:
        return is_ios(self.user_agent, self.touch_points)


def storage_status(facts: Facts) -> Status:
    """What the list page says: kept (persistent storage granted, or the iOS Home Screen app), an iOS browser
    tab (deleted after 7 days without a visit), may be deleted (not persisted), or unknown (no answer yet)."""
    if facts.ios:
        return "kept" if facts.standalone else "ios_tab"
    if facts.persisted is None:
        return "unknown"
    return "kept" if facts.persisted else "may_delete"


def ios_card(facts: Facts, state: SheetState) -> bool:
    """Whether to show how to add the app to the Home Screen: iOS, in a browser tab (not the Home Screen app),
    storage not persisted, and a sheet with a round to lose."""
    return facts.ios and not facts.standalone and facts.persisted is not True and state == "played"


@dataclass
class Marks:
    """When each sheet was last kept elsewhere (its link shared, a file exported) and last offered a copy."""

    kept: dict[str, int] = field(default_factory=dict)
    offered: dict[str, int] = field(default_factory=dict)
    card_dismissed: bool = False

    @classmethod
    def from_text(cls, text: str | None) -> Marks:
        try:
            data = json.loads(text or "{}")
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        return cls(_times(data.get("kept")), _times(data.get("offered")), data.get("card_dismissed") is True)

    def to_text(self) -> str:
        return json.dumps({"kept": self.kept, "offered": self.offered, "card_dismissed": self.card_dismissed})

    def only_here(self, library: Library) -> frozenset[str]:
        """Ids of sheets with rounds changed since they were last kept elsewhere (or never kept)."""
        return frozenset(
            entry.id for entry in library.entries if entry.sheet.rounds and self.kept.get(entry.id, -1) < entry.updated
        )

    def may_offer(self, sheet_id: str, now: int) -> bool:
        """Whether "Keep a copy" may be offered now (once an evening)."""
        last = self.offered.get(sheet_id)
        return last is None or now - last >= EVENING_MS


def _times(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {str(key): time for key, time in value.items() if type(time) is int}
