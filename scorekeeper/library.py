"""Many saved sheets: ids, titles and timestamps given by the caller (no clock in here).

Timestamps are ints chosen by the caller (e.g. JavaScript's ``Date.now()`` milliseconds);
ids are non-empty texts chosen by the caller (e.g. ``crypto.randomUUID()``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .chars import has_bad_char
from .errors import KeeperError, LoadError, SetupError
from .people import Roster
from .save import load, save
from .sheet import Sheet

FORMAT = "uno-scorekeeper-library"
VERSION = 2  # 2 adds "people", the regulars' roster (`scorekeeper.people`); 1 reads with an empty one
READS = (1, 2)
TITLE_MAX = 80


def default_title(sheet: Sheet) -> str:
    """The players' names joined by commas, shortened to fit a title."""
    title = ", ".join(sheet.players) or "UNO"
    return title if len(title) <= TITLE_MAX else title[: TITLE_MAX - 1] + "…"


def numbered(base: str, n: int) -> str:
    """``base`` with `` (n)`` after it, shortened to fit a title."""
    suffix = f" ({n})"
    room = TITLE_MAX - len(suffix)
    return (base if len(base) <= room else base[: room - 1] + "…") + suffix


def clean_title(title: str | None, sheet: Sheet) -> str:
    """A trimmed title (whitespace runs as one space); blank gives ``default_title``."""
    text = " ".join(title.split()) if isinstance(title, str) else ""
    if has_bad_char(text):
        raise SetupError("title_bad_char", field="title")
    if len(text) > TITLE_MAX:
        raise SetupError("title_too_long", field="title", limit=TITLE_MAX)
    return text or default_title(sheet)


@dataclass(frozen=True, slots=True)
class SheetSummary:
    """One line of the list of saved games."""

    id: str
    title: str
    created: int
    updated: int
    finished: bool
    players: tuple[str, ...]
    rounds: int
    leaders: tuple[str, ...]  # labels of the leading sides (the winner once finished)
    winner: str | None
    leader_total: int | None = None  # the leaders' (or winner's) total; None before round 1
    date: int = 0  # the evening's: its first round's time, else when the sheet was made (`SavedSheet.date`)
    place: str = ""


@dataclass(frozen=True, slots=True)
class SavedSheet:
    id: str
    title: str
    created: int
    updated: int
    sheet: Sheet

    def summary(self) -> SheetSummary:
        view = self.sheet.tally()
        winner = None if view.winner_side is None else view.side_labels[view.winner_side]
        leaders = (winner,) if winner is not None else tuple(view.side_labels[side] for side in view.leaders)
        best = view.winner_side if view.winner_side is not None else (view.leaders[0] if view.leaders else None)
        return SheetSummary(
            self.id, self.title, self.created, self.updated, view.finished,
            self.sheet.players, len(self.sheet.rounds), leaders, winner,
            None if best is None else view.totals[best], self.date, self.sheet.story.place,
        )  # fmt: skip

    @property
    def date(self) -> int:
        """The evening's date: when its first round was saved, else (before, or kept before that was noted) when the
        sheet was made."""
        started = self.sheet.story.started
        return self.created if started is None else started


@dataclass(frozen=True, slots=True)
class Library:
    """The saved sheets, by id, and what the person changed about the regulars. An immutable value like ``Sheet``."""

    entries: tuple[SavedSheet, ...] = ()
    roster: Roster = field(default_factory=Roster)

    def with_roster(self, roster: Roster) -> Library:
        return dataclasses.replace(self, roster=roster)

    def ids(self) -> tuple[str, ...]:
        return tuple(entry.id for entry in self.entries)

    def get(self, sheet_id: str) -> SavedSheet:
        for entry in self.entries:
            if entry.id == sheet_id:
                return entry
        raise LoadError("no_such_sheet", field="id", id=sheet_id)

    def put(self, sheet_id: str, sheet: Sheet, now: int, title: str | None = None, touch: bool = True) -> Library:
        """Add or update a sheet (``created`` kept, ``updated = now`` unless not ``touch``: a change
        that is no play, such as the remembered entry mode; title kept unless given). A sheet's first round saved
        notes the time in its story (``started``); a sheet that comes with rounds (a file, a link) keeps its own."""
        _check_id(sheet_id)
        _check_time(now, "now")
        old = next((entry for entry in self.entries if entry.id == sheet_id), None)
        if sheet.rounds and sheet.story.started is None and old is not None and not old.sheet.rounds:
            sheet = sheet.with_story(started=now)  # its first round, saved here: the evening's date
        if old is None:
            entry = SavedSheet(sheet_id, clean_title(title, sheet), now, now, sheet)
            return dataclasses.replace(self, entries=(*self.entries, entry))
        new_title = old.title if title is None else clean_title(title, sheet)
        entry = dataclasses.replace(old, title=new_title, updated=now if touch else old.updated, sheet=sheet)
        return dataclasses.replace(self, entries=tuple(entry if item.id == sheet_id else item for item in self.entries))

    def title_for(self, sheet_id: str, sheet: Sheet) -> str:
        """The players' names (``default_title``), numbered when another sheet has that title:
        "Ana, Ben (2)". A sheet keeps its number while it stays free."""
        base = default_title(sheet)
        taken = {entry.title for entry in self.entries if entry.id != sheet_id}
        mine = next((entry.title for entry in self.entries if entry.id == sheet_id), None)
        names = [base, *(numbered(base, n) for n in range(2, len(taken) + 3))]
        if mine in names and mine not in taken:
            return mine
        return next(name for name in names if name not in taken)

    def find_same(self, sheet: Sheet) -> SavedSheet | None:
        """A saved sheet of the same game (players, options, dealer and rounds), if there is one."""
        return next((entry for entry in self.entries if entry.sheet.same_game(sheet)), None)

    def remove(self, sheet_id: str) -> Library:
        self.get(sheet_id)
        return dataclasses.replace(self, entries=tuple(entry for entry in self.entries if entry.id != sheet_id))

    def listing(self, finished: bool | None = None) -> tuple[SheetSummary, ...]:
        """Summaries, last played (``updated``) first; ``finished`` filters (None: all)."""
        items = [entry.summary() for entry in self.entries]
        items = [item for item in items if finished is None or item.finished == finished]
        return tuple(sorted(items, key=lambda item: (-item.updated, item.id)))

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: each sheet in its own checked ``save`` form."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "sheets": [
                {"id": e.id, "title": e.title, "created": e.created, "updated": e.updated, "save": save(e.sheet)}
                for e in self.entries
            ],
            "people": self.roster.to_data(),
        }

    @classmethod
    def from_data(cls, data: Any) -> Library:
        """Strict inverse of ``to_data``: ``LoadError`` on the first damaged entry."""
        library, errors = load_library(data)
        if errors:
            raise errors[0]
        return library


def load_library(data: Any) -> tuple[Library, tuple[LoadError, ...]]:
    """Lenient load: every good sheet, plus an error per damaged one (so one bad sheet never
    hides the others). A wrong top level raises ``LoadError``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LoadError("not_a_sheet")
    if type(data.get("version")) is int and data["version"] > VERSION:
        raise LoadError("unsupported_version", version=data["version"], supported=VERSION)
    version = data.get("version")
    if type(version) is not int or version not in READS or not isinstance(data.get("sheets"), list):
        raise LoadError("bad_field", path="sheets", expected="a list")
    roster = Roster()
    if version >= 2:
        try:
            roster = Roster.from_data(data.get("people"))
        except LoadError as error:  # the sheets still load; the changes to the regulars are lost, and said so
            roster_error: tuple[LoadError, ...] = (error,)
        else:
            roster_error = ()
    else:
        roster_error = ()
    entries: list[SavedSheet] = []
    errors: list[LoadError] = []
    for index, item in enumerate(data["sheets"]):
        try:
            entry = _entry(item, index)
        except LoadError as error:
            errors.append(error)
            continue
        except Exception as error:  # whatever a damaged entry trips, the other sheets still load
            errors.append(LoadError("invalid_sheet", detail=f"sheets[{index}]: {type(error).__name__}"))
            continue
        if any(other.id == entry.id for other in entries):
            errors.append(LoadError("duplicate_id", id=entry.id))
            continue
        entries.append(entry)
    return Library(tuple(entries), roster), (*roster_error, *errors)


def _entry(item: Any, index: int) -> SavedSheet:
    path = f"sheets[{index}]"
    if not isinstance(item, dict) or set(item) != {"id", "title", "created", "updated", "save"}:
        raise LoadError("bad_field", path=path, expected="an object with id, title, created, updated, save")
    try:
        _check_id(item["id"])
        _check_time(item["created"], "created")
        _check_time(item["updated"], "updated")
        sheet = load(item["save"])
        if not isinstance(item["title"], str) or clean_title(item["title"], sheet) != item["title"]:
            raise LoadError("bad_field", path=f"{path}.title", expected="a title")
    except LoadError:
        raise
    except KeeperError as error:
        raise LoadError("bad_field", path=f"{path}.{error.field}", expected=str(error)) from None
    return SavedSheet(item["id"], item["title"], item["created"], item["updated"], sheet)


def _check_id(sheet_id: Any) -> None:
    if not isinstance(sheet_id, str) or not sheet_id or len(sheet_id) > 200:
        raise SetupError("bad_option", field="id", option="id", value=sheet_id, allowed="a non-empty text")


def _check_time(value: Any, field: str) -> None:
    if type(value) is not int or value < 0:
        raise SetupError("bad_option", field=field, option=field, value=value, allowed="a whole number >= 0")
