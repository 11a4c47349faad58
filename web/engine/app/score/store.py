"""What the score keeper keeps in the browser's storage: the `Shelf`, a value (every sheet, the rounds being
typed, the game being set up, the keep-safe marks), and the `Store` that holds this phone's shelf and writes it.

Keys (all JSON text, in the page's saves, `app.storage`: IndexedDB, written through after every change):

- `uno.score.library`: every sheet (`scorekeeper.Library.to_data()`).
- `uno.score.drafts`: per sheet id, the round being entered and the round being edited.
- `uno.score.setup`: the new game being set up (a sheet save, plus the name being typed).
- `uno.score.kept`: when each sheet was last kept elsewhere (`keepsafe.Marks`).
- `uno.score.prepaint`: the last sheet screen as drawn (mirrored to `localStorage` once saved, where
  `web/page/score-prepaint.js` shows it before Python is ready).

A library that cannot be read is never overwritten: its text is first copied to
`uno.score.library.damaged`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.storage.core import SCORE_DRAFTS, SCORE_LIBRARY, SCORE_LIBRARY_DAMAGED, SCORE_PREPAINT, SCORE_SETUP
from scorekeeper import Library, LoadError, RoundDraft, SavedSheet, Sheet, load, load_library, save
from scorekeeper.errors import KeeperError

from .keepsafe import KEPT_KEY, Marks
from .where import Where

LIBRARY_KEY = SCORE_LIBRARY
DAMAGED_KEY = SCORE_LIBRARY_DAMAGED
DRAFTS_KEY = SCORE_DRAFTS
SETUP_KEY = SCORE_SETUP
PREPAINT_KEY = SCORE_PREPAINT
SHELF_KEYS = frozenset({LIBRARY_KEY, DRAFTS_KEY, SETUP_KEY, KEPT_KEY})  # what a `Shelf` is read from


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


@dataclass(frozen=True, slots=True)
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
        found: dict[str, Any] = {}
        try:
            if isinstance(data.get("next"), dict):
                found["next"] = RoundDraft.from_dict(data["next"])
            edit = data.get("edit")
            if isinstance(edit, dict) and type(edit.get("round")) is int and isinstance(edit.get("draft"), dict):
                found["edit"] = RoundDraft.from_dict(edit["draft"])
                found["edit_round"] = edit["round"]
        except (KeeperError, TypeError, AttributeError):
            pass  # an unreadable draft is dropped; saved rounds are never affected
        return cls(**found)

    @property
    def empty(self) -> bool:
        return self.next is None and self.edit is None


@dataclass(frozen=True, slots=True)
class Shelf:
    """Everything the keeper keeps on this phone, as one value that every screen of the keeper reads."""

    library: Library = field(default_factory=Library)
    drafts: Mapping[str, Drafts] = field(default_factory=dict)
    setup: Sheet = field(default_factory=Sheet)
    setup_name: str = ""  # the name typed for the new game's next player
    marks: Marks = field(default_factory=Marks)
    problems: tuple[str, ...] = ()  # what could not be read ("library": kept aside as damaged)

    def saved(self, sheet_id: str) -> SavedSheet | None:
        try:
            return self.library.get(sheet_id)
        except LoadError:
            return None

    def drafts_of(self, sheet_id: str) -> Drafts:
        return self.drafts.get(sheet_id, Drafts())

    def draft(self, where: Where) -> RoundDraft:
        """The round being entered at `where` (its saved draft, else a blank or the round as saved); KeeperError
        without its sheet."""
        sheet = self.library.get(where.sheet_id).sheet
        drafts = self.drafts_of(where.sheet_id)
        players = len(sheet.players)
        number = where.round
        if number is None:
            if drafts.next is not None and len(drafts.next.hands) == players:
                return drafts.next
            return sheet.blank_draft()
        if drafts.edit is not None and drafts.edit_round == number and len(drafts.edit.hands) == players:
            return drafts.edit
        return sheet.draft_of(number)

    def put(self, sheet_id: str, sheet: Sheet, now: int, touch: bool = True) -> Shelf:
        """`sheet` under `sheet_id`. Its title is the players' names (they follow renames), numbered when another
        sheet has them; `touch=False` keeps "last played"."""
        title = self.library.title_for(sheet_id, sheet)
        return dataclasses.replace(self, library=self.library.put(sheet_id, sheet, now, title=title, touch=touch))

    def removed(self, sheet_id: str) -> Shelf:
        drafts = {key: value for key, value in self.drafts.items() if key != sheet_id}
        return dataclasses.replace(self, library=self.library.remove(sheet_id), drafts=drafts)

    def with_drafts(self, sheet_id: str, drafts: Drafts) -> Shelf:
        return dataclasses.replace(self, drafts={**self.drafts, sheet_id: drafts})

    def text(self, key: str) -> str:
        """What storage holds under `key` (one of `SHELF_KEYS`) for this shelf."""
        if key == LIBRARY_KEY:
            return _json(self.library.to_data())
        if key == DRAFTS_KEY:
            return _json({sheet_id: drafts.to_data() for sheet_id, drafts in self.drafts.items() if not drafts.empty})
        if key == SETUP_KEY:
            return _json({"sheet": save(self.setup), "name": self.setup_name})
        if key == KEPT_KEY:
            return self.marks.to_text()
        raise ValueError(f"not a shelf key: {key!r}")


def read_shelf(storage: Storage) -> Shelf:
    """The shelf `storage` holds; an unreadable library's text is first copied aside (`DAMAGED_KEY`)."""
    library = Library()
    problems: tuple[str, ...] = ()
    raw = storage.get(LIBRARY_KEY)
    if raw:
        try:
            library, errors = load_library(json.loads(raw))
        except (ValueError, LoadError):
            errors = (LoadError("not_json"),)
        if errors:
            storage.set(DAMAGED_KEY, raw)  # keep the unreadable text before anything is rewritten
            problems = ("library",)
    setup, setup_name = Sheet(), ""
    found = _read_json(storage.get(SETUP_KEY))
    if isinstance(found, dict):
        try:
            setup = load(found.get("sheet"))
        except KeeperError:
            setup = Sheet()
        name = found.get("name")
        setup_name = name if isinstance(name, str) else ""
    return Shelf(
        library,
        _read_drafts(storage.get(DRAFTS_KEY)),
        setup,
        setup_name,
        Marks.from_text(storage.get(KEPT_KEY)),
        problems,
    )


class Store:
    """This phone's shelf and the storage it is kept in: the one writer of the keeper's keys. `keep` takes a step's
    new shelf and writes the keys the step changed; drafts typed into a total (`Effects.typing`) are held and
    written once the typing pauses (`write_held`), while the page's journal keeps the keys."""

    def __init__(self, storage: Storage, shelf: Shelf | None = None) -> None:
        self.storage = storage
        self.shelf = shelf if shelf is not None else read_shelf(storage)
        self.held: set[str] = set()  # sheets whose drafts changed and are not written yet

    @classmethod
    def open(cls, storage: Storage) -> Store:
        return cls(storage)

    @property
    def library(self) -> Library:
        return self.shelf.library

    @property
    def setup(self) -> Sheet:
        return self.shelf.setup

    def keep(self, shelf: Shelf, writes: Iterable[str] = (), typing: str = "") -> None:
        """The shelf after a step: `writes` are written now; `typing` names a sheet whose drafts wait."""
        self.shelf = shelf
        self.write(*writes)
        if typing and DRAFTS_KEY not in writes:
            self.held.add(typing)

    def write(self, *keys: str) -> None:
        for key in sorted(set(keys)):
            self.storage.set(key, self.shelf.text(key))
            if key == DRAFTS_KEY:
                self.held.clear()

    def write_held(self) -> None:
        if self.held:
            self.write(DRAFTS_KEY)

    def put(self, sheet_id: str, sheet: Sheet, now: int) -> None:
        """`sheet` stored under `sheet_id` and written at once."""
        self.keep(self.shelf.put(sheet_id, sheet, now), (LIBRARY_KEY,))

    def reread(self) -> None:
        """Another tab saved: read the shelf again, keeping the drafts typed here and not written yet (they are
        written after the pause, over the other tab's)."""
        held = {sheet_id: self.shelf.drafts_of(sheet_id) for sheet_id in self.held}
        shelf = read_shelf(self.storage)
        for sheet_id, drafts in held.items():
            shelf = shelf.with_drafts(sheet_id, drafts)
        self.shelf = shelf


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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
