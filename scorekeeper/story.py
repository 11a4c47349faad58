"""An evening's story, kept with its sheet: where it was played, free notes, and when its first round was saved.

Times are ints chosen by the caller (milliseconds, as ``scorekeeper.library``); no clock in here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .chars import has_bad_char
from .errors import LoadError, SetupError

PLACE_MAX = 80
NOTES_MAX = 1000  # at most 4000 bytes of UTF-8: one text of a link (`scorekeeper.link`)
LINE_BREAKS = "\n"  # the one control character notes may hold (a "\r\n" typed is kept as "\n")


def clean_place(text: str) -> str:
    """A trimmed place, whitespace runs as one space; ``SetupError`` when too long or unsavable."""
    place = " ".join(text.split())
    if has_bad_char(place):
        raise SetupError("place_bad_char", field="place")
    if len(place) > PLACE_MAX:
        raise SetupError("place_too_long", field="place", limit=PLACE_MAX)
    return place


def clean_notes(text: str) -> str:
    """Notes as typed, line breaks kept (as "\\n"), trailing space trimmed; ``SetupError`` when too long or
    unsavable."""
    notes = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if has_bad_char(notes, LINE_BREAKS):
        raise SetupError("notes_bad_char", field="notes")
    if len(notes) > NOTES_MAX:
        raise SetupError("notes_too_long", field="notes", limit=NOTES_MAX)
    return notes


@dataclass(frozen=True, slots=True)
class Story:
    place: str = ""
    notes: str = ""
    started: int | None = None  # when the sheet's first round was saved (None: before, or a sheet kept before)

    def __post_init__(self) -> None:
        if not isinstance(self.place, str) or clean_place(self.place) != self.place:
            raise SetupError("place_bad_char", field="place")
        if not isinstance(self.notes, str) or clean_notes(self.notes) != self.notes:
            raise SetupError("notes_bad_char", field="notes")
        if self.started is not None and (type(self.started) is not int or self.started < 0):
            raise SetupError("bad_time", field="started")

    @property
    def empty(self) -> bool:
        return self == Story()

    def replace(self, **changes: Any) -> Story:
        return dataclasses.replace(self, **changes)

    def to_data(self) -> dict[str, Any]:
        """JSON-ready, only what is set."""
        data: dict[str, Any] = {}
        if self.place:
            data["place"] = self.place
        if self.notes:
            data["notes"] = self.notes
        if self.started is not None:
            data["started"] = self.started
        return data

    @classmethod
    def from_data(cls, data: Any, path: str = "story") -> Story:
        """Strict inverse of ``to_data``: ``LoadError`` on anything else."""
        if not isinstance(data, dict) or not set(data) <= {"place", "notes", "started"}:
            raise LoadError("bad_field", path=path, expected="an object with place, notes, started")
        place, notes, started = data.get("place", ""), data.get("notes", ""), data.get("started")
        if not isinstance(place, str) or not isinstance(notes, str):
            raise LoadError("bad_field", path=path, expected="texts")
        if started is not None and type(started) is not int:
            raise LoadError("bad_field", path=f"{path}.started", expected="a time")
        try:
            return cls(place, notes, started)
        except SetupError as error:
            raise LoadError("bad_field", path=f"{path}.{error.field}", expected="a place or notes") from None
