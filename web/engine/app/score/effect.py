"""What a step of the keeper asks to be done (`Effects`): a value; the score screen's desk performs it
(`app.screens.score.KeeperDesk.perform`: storage, the page, navigation)."""

from __future__ import annotations

from dataclasses import dataclass

from app.tree import El

from .texts import Said


@dataclass(frozen=True, slots=True)
class Effects:
    render: bool = True  # draw the screen again
    go: str | None = None  # a new location hash
    focus: str | None = None  # id of the element to focus after drawing
    announce: Said = ()  # words for the live region
    download: tuple[str, str] | None = None  # (file name, JSON text)
    share: Said = ()  # text to share (Web Share API, else the clipboard)
    picture: tuple[str, El] | None = None  # (file name, SVG): shared as a PNG, else downloaded
    pick_file: bool = False  # open the file chooser of the import
    refused: str = ""  # a message the keeper does not know or cannot read: its code; nothing changed
    writes: frozenset[str] = frozenset()  # storage keys whose values changed (`store.SHELF_KEYS`): written now
    typing: str = ""  # a sheet whose drafts were typed into: written once the typing pauses
