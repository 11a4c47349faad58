"""What the score keeper keeps in the browser's storage, as pure values.

Keys (all JSON text, in the page's saves, `app.storage`: IndexedDB, written through after every change):

- `uno.score.library`: every sheet (`scorekeeper.Library.to_data()`).
- `uno.score.drafts`: per sheet id, the round being entered and the round being edited.
- `uno.score.setup`: the new game being set up (a sheet save, plus the name being typed).
- `uno.score.prepaint`: the last sheet screen as drawn (mirrored to `localStorage` once saved, where
  `web/page/score-prepaint.js` shows it before Python is ready).

A library that cannot be read is never overwritten: its text is first copied to
`uno.score.library.damaged`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.storage.core import SCORE_DRAFTS, SCORE_LIBRARY, SCORE_LIBRARY_DAMAGED, SCORE_PREPAINT, SCORE_SETUP
from scorekeeper import Library, LoadError, RoundDraft, Sheet, load, load_library, save
from scorekeeper.errors import KeeperError

LIBRARY_KEY = SCORE_LIBRARY
DAMAGED_KEY = SCORE_LIBRARY_DAMAGED
DRAFTS_KEY = SCORE_DRAFTS
SETUP_KEY = SCORE_SETUP
PREPAINT_KEY = SCORE_PREPAINT


class Storage(Protocol):
    """The page's saves (`app.storage.core.Saves`) in the browser, a dict in tests."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...


class MemoryStorage:
    """A `Storage` in a dict."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value


@dataclass
class Drafts:
    """Typed but not yet saved for one sheet: the next round, and a past round being edited."""

    next: RoundDraft | None = None
    edit_round: int | None = None
    edit: RoundDraft | None = None

    def to_data(self) -> dict[str, Any]:
        edit = None if self.edit is None else {"round": self.edit_round, "draft": self.edit.to_dict()}
        return {"next": None if self.next is None else self.next.to_dict(), "edit": edit}

    @classmethod
    def from_data(cls, data: Any) -> Drafts:
        if not isinstance(data, dict):
            return cls()
        drafts = cls()
        try:
            if isinstance(data.get("next"), dict):
                drafts.next = RoundDraft.from_dict(data["next"])
            edit = data.get("edit")
            if isinstance(edit, dict) and type(edit.get("round")) is int and isinstance(edit.get("draft"), dict):
                drafts.edit_round, drafts.edit = edit["round"], RoundDraft.from_dict(edit["draft"])
        except (KeeperError, TypeError, AttributeError):
            pass  # an unreadable draft is dropped; saved rounds are never affected
        return drafts


@dataclass
class Store:
    """The library, the drafts and the game being set up, written at each change (a typed total's drafts once
    the typing pauses: `hold_drafts`)."""

    storage: Storage
    library: Library = field(default_factory=Library)
    drafts: dict[str, Drafts] = field(default_factory=dict)
    setup: Sheet = field(default_factory=Sheet)
    setup_name: str = ""
    problems: list[str] = field(default_factory=list)  # what could not be read at start
    held: set[str] = field(default_factory=set)  # sheets whose drafts changed and are not written yet

    @classmethod
    def open(cls, storage: Storage) -> Store:
        store = cls(storage)
        raw = storage.get(LIBRARY_KEY)
        if raw:
            try:
                store.library, errors = load_library(json.loads(raw))
            except (ValueError, LoadError):
                errors = (LoadError("not_json"),)
            if errors:
                storage.set(DAMAGED_KEY, raw)  # keep the unreadable text before anything is rewritten
                store.problems.append("library")
        store.drafts = _read_drafts(storage.get(DRAFTS_KEY))
        setup = _read_json(storage.get(SETUP_KEY))
        if isinstance(setup, dict):
            try:
                store.setup = load(setup.get("sheet"))
            except KeeperError:
                store.setup = Sheet()
            name = setup.get("name")
            store.setup_name = name if isinstance(name, str) else ""
        return store

    # -- writing ----------------------------------------------------------------------------

    def save_library(self) -> None:
        self.storage.set(LIBRARY_KEY, json.dumps(self.library.to_data(), ensure_ascii=False, separators=(",", ":")))

    def save_drafts(self) -> None:
        self.storage.set(DRAFTS_KEY, self.drafts_text())
        self.held.clear()

    def drafts_text(self) -> str:
        """The drafts as saved under `DRAFTS_KEY`."""
        data = {sheet_id: drafts.to_data() for sheet_id, drafts in self.drafts.items() if _has_any(drafts)}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def hold_drafts(self, sheet_id: str) -> None:
        """`sheet_id`'s drafts changed but are written later (`write_held`): a typed total's keys, which the
        page's journal keeps meanwhile, are written once the typing pauses, not at every key."""
        self.held.add(sheet_id)

    def write_held(self) -> None:
        if self.held:
            self.save_drafts()

    def save_setup(self) -> None:
        data = {"sheet": save(self.setup), "name": self.setup_name}
        self.storage.set(SETUP_KEY, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    # -- helpers ----------------------------------------------------------------------------

    def drafts_of(self, sheet_id: str) -> Drafts:
        return self.drafts.setdefault(sheet_id, Drafts())

    def put(self, sheet_id: str, sheet: Sheet, now: int, touch: bool = True) -> None:
        """Store `sheet` under `sheet_id` and write the library at once. Its title is the players' names
        (they follow renames), numbered when another sheet has them; `touch=False` keeps "last played"."""
        title = self.library.title_for(sheet_id, sheet)
        self.library = self.library.put(sheet_id, sheet, now, title=title, touch=touch)
        self.save_library()

    def remove(self, sheet_id: str) -> None:
        self.library = self.library.remove(sheet_id)
        self.drafts.pop(sheet_id, None)
        self.save_library()
        self.save_drafts()


def _has_any(drafts: Drafts) -> bool:
    return drafts.next is not None or drafts.edit is not None


def _read_json(raw: str | None) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _read_drafts(raw: str | None) -> dict[str, Drafts]:
    data = _read_json(raw)
    if not isinstance(data, dict):
        return {}
    return {str(key): Drafts.from_data(value) for key, value in data.items()}
