"""What an action of the keeper is given (`Intent`) and what it asks of the view (`Effect`), and the note
an action leaves for one screen (`Flash`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .keeper import Keeper


@dataclass(frozen=True, slots=True)
class Intent:
    """The page's event for an action: its `data-arg`, the field's value, a checkbox's state."""

    arg: str = ""
    value: str = ""
    checked: bool = False


@dataclass
class Effect:
    """What the view does after an action."""

    render: bool = True  # redraw the screen
    go: str | None = None  # new location hash
    focus: str | None = None  # id of the element to focus after drawing
    announce: str | None = None  # text for the live region
    download: tuple[str, str] | None = None  # (file name, JSON text)
    share: str | None = None  # text to share (Web Share API, else the clipboard)
    pick_file: bool = False  # open the file chooser of the import
    refused: str = ""  # an action the keeper does not know or cannot read: its code; nothing changed


@dataclass
class Flash:
    """A note shown once on one screen (after save, undo, import...)."""

    where: str  # the hash it belongs to
    key: str = ""
    args: dict[str, object] = field(default_factory=dict)
    announce_round: int | None = None  # the announcement of this round (in the language shown)
    copy_text: str = ""  # text shown to copy by hand (sharing failed)
    open_id: str = ""  # a saved sheet the note offers to open (an import already saved)
    summary_round: int | None = None  # the round whose summary is shown (just saved)


Action = Callable[["Keeper", Intent], Effect]  # one entry of `actions.ACTIONS`
