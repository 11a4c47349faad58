"""What was typed and not saved yet, kept in this tab's `sessionStorage` so that a reload loses none of it.

A value a person types or picks (an intent sent on `input` or `change`: setting a field, choosing a radio or
an option, ticking a box) is the same whenever it is applied again, so it can be replayed: the page numbers
every intent (``"seq"``), notes those in the journal, and drops them once a save that includes them has
completed (the controllers put the last intent they had seen on each ``saves-write`` as ``"upto"``). At the
next start the page sends what is left for its location with its hello (``"typing"``), and the controllers
replay it once the screen is open (`app.application.App.start`). Runs in MicroPython.

Until the controllers have drawn their first screen (`started`), every intent is noted, not only values: those
were made on the new game's set-up painted before Python (web/setup-prepaint.js, which notes its own here in
the same form before this side runs), and the worker holds them until it has started, so only the journal keeps
them over a reload. Each is replayed once: a save that holds it drops it. A value replaces the one noted just
before it for the same field (a name typed key by key), never an earlier one: what came between may depend on it.

The page may go (a reload, a closed tab) after a save reached the disk and before the page heard so: each
write therefore also stores this tab's ``upto`` in the same IndexedDB transaction (the record
``uno.typing.<tab>``, its ``at`` a day number), and the start drops what that record says was saved. The
tab's count of intents is kept too (``uno.typing.seq``), so numbers keep growing across reloads and a stored
``upto`` never hides newer typing. (Neither uses `Date.now()`: MicroPython's FFI cuts a JS integer above
2**31 to 32 bits.)
"""

import json

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

KEY = "uno.typing"
TAB_KEY = "uno.typing.tab"  # this tab's name (sessionStorage), for its record in the saves
SEQ_KEY = "uno.typing.seq"  # the last number this tab gave (sessionStorage)
RECORD_PREFIX = "uno.typing."  # saves records: the last intent a completed save of that tab held
STALE_DAYS = 7  # another tab's record older than this is deleted with the next write
REPLAYED = ("input", "change")  # the events whose intents are values (the same when applied twice)


class Journal:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.entries: list[Any] = []  # intents with their "seq" and "hash", oldest first
        self.stale: list[str] = []  # other tabs' old records, deleted with the next write
        try:
            stored = json.loads(str(window.sessionStorage.getItem(KEY) or "[]"))
            self.entries = [entry for entry in stored if isinstance(entry, dict) and isinstance(entry.get("seq"), int)]
        except Exception:  # storage blocked, or not ours: nothing to replay
            self.entries = []
        self.seq: int = max([int(entry["seq"]) for entry in self.entries] + [self.stored_seq()])
        self.tab = self.name()
        self.drawn = False  # the controllers have drawn their first screen (`started`)

    def started(self) -> None:
        """The controllers drew their first screen: from now on only values are noted (an act's answer is saved at
        once)."""
        self.drawn = True

    def stored_seq(self) -> int:
        try:
            return int(self.window.sessionStorage.getItem(SEQ_KEY) or 0)
        except Exception:  # blocked, or not a number
            return 0

    def today(self) -> int:
        """Days since 1970-01-01 (UTC), from the date's parts: `Date.now()` cannot cross into MicroPython,
        whose FFI cuts a JS integer above 2**31 to 32 bits."""
        date = self.window.Date.new()
        return days_from_civil(int(date.getUTCFullYear()), int(date.getUTCMonth()) + 1, int(date.getUTCDate()))

    def name(self) -> str:
        """This tab's name, kept over reloads (a blocked storage: a name for this page only)."""
        try:
            tab = self.window.sessionStorage.getItem(TAB_KEY)
            if tab:
                return str(tab)
            tab = str(self.window.Math.random())[2:12]
            self.window.sessionStorage.setItem(TAB_KEY, tab)
            return tab
        except Exception:
            return "page"

    def number(self, intent: Any, kind: str) -> int:
        """Give `intent` its number (returned); note it when it is a value (`kind`: the event that sent it), or when
        no screen is drawn yet."""
        self.seq += 1
        intent["seq"] = self.seq
        try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
            self.window.sessionStorage.setItem(SEQ_KEY, str(self.seq))
        except Exception:  # blocked: numbers restart at a reload, and nothing is replayed anyway
            pass
        value = kind in REPLAYED
        if not value and self.drawn:
            return self.seq
        entry = dict(intent)
        entry["hash"] = str(self.window.location.hash)
        last = self.entries[-1] if self.entries else None
        if value and last and field_of(last) == field_of(entry):
            self.entries[-1] = entry  # the same field again: its new value stands for both
        else:
            self.entries.append(entry)
        self.store()
        return self.seq

    def confirmed(self, upto: Any) -> None:
        """A save that includes every intent up to number `upto` has completed."""
        if not isinstance(upto, int) or not self.entries:
            return
        kept = [entry for entry in self.entries if entry["seq"] > upto]
        if len(kept) != len(self.entries):
            self.entries = kept
            self.store()

    def record(self, upto: int) -> "tuple[str, Any]":
        """The saves record that goes with a write holding every intent up to `upto` (same transaction)."""
        return RECORD_PREFIX + self.tab, {"v": 1, "at": self.today(), "data": json.dumps({"upto": upto})}

    def take_stale(self) -> "list[str]":
        stale, self.stale = self.stale, []
        return stale

    def pending(self, records: Any = None) -> "list[Any]":
        """What is left for this location (to replay), oldest first; the rest is dropped. `records` (the
        saves read at start) lose the journal's records, and this tab's says what was saved already."""
        if isinstance(records, dict):
            for key in [key for key in records if key.startswith(RECORD_PREFIX)]:
                record = records.pop(key)
                try:
                    if key == RECORD_PREFIX + self.tab:
                        self.confirmed(json.loads(record["data"])["upto"])
                    elif self.today() - int(record["at"]) > STALE_DAYS:
                        self.stale.append(key)
                except Exception:  # not ours after all: leave it
                    self.stale.append(key)
        here = str(self.window.location.hash)
        self.entries = [entry for entry in self.entries if entry.get("hash") == here]
        self.store()
        return [{name: entry[name] for name in entry if name != "hash"} for entry in self.entries]

    def store(self) -> None:
        try:
            if self.entries:
                self.window.sessionStorage.setItem(KEY, json.dumps(self.entries))
            else:
                self.window.sessionStorage.removeItem(KEY)
        except Exception:  # storage blocked or full: a reload may lose the last keystrokes, nothing else
            pass


def days_from_civil(year: int, month: int, day: int) -> int:
    """Days since 1970-01-01 of a Gregorian date (Howard Hinnant's `days_from_civil`)."""
    year -= 1 if month <= 2 else 0
    era = year // 400
    of_era = year - era * 400
    of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    return era * 146097 + of_era * 365 + of_era // 4 - of_era // 100 + of_year - 719468


NOT_THE_FIELD = ("op", "seq", "blind", "enabled", "value", "checked", "text")


def field_of(entry: Any) -> str:
    """Which field an intent's value is of: its location, its act and the act's other fields (a hand's seat), so a
    later value of the same field replaces the earlier one."""
    return json.dumps([[name, entry[name]] for name in sorted(entry) if name not in NOT_THE_FIELD])
