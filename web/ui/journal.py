"""What was typed and not saved yet, kept in this tab's `sessionStorage` so that a reload loses none of it.

A value a person types or picks (an intent sent on `input` or `change`: setting a field, choosing a radio or
an option, ticking a box) is the same whenever it is applied again, so it can be replayed: the page numbers
every intent (``"seq"``), notes those in the journal, and drops them once a save that includes them has
completed (the controllers put the last intent they had seen on each ``saves-write`` as ``"upto"``). At the
next start the page sends what is left for its location with its hello (``"typing"``), and the controllers
replay it once the screen is open (`app.start`). Runs in MicroPython."""

import json

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

KEY = "uno.typing"
REPLAYED = ("input", "change")  # the events whose intents are values (the same when applied twice)


class Journal:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.entries: list[Any] = []  # intents with their "seq" and "hash", oldest first
        try:
            stored = json.loads(str(window.sessionStorage.getItem(KEY) or "[]"))
            self.entries = [entry for entry in stored if isinstance(entry, dict) and isinstance(entry.get("seq"), int)]
        except Exception:  # storage blocked, or not ours: nothing to replay
            self.entries = []
        self.seq = max([entry["seq"] for entry in self.entries] + [0])

    def number(self, intent: Any, kind: str) -> None:
        """Give `intent` its number; note it when it is a value (`kind`: the event that sent it)."""
        self.seq += 1
        intent["seq"] = self.seq
        if kind not in REPLAYED:
            return
        entry = dict(intent)
        entry["hash"] = str(self.window.location.hash)
        same = (entry["hash"], entry.get("act"), entry.get("arg"))
        self.entries = [old for old in self.entries if (old.get("hash"), old.get("act"), old.get("arg")) != same]
        self.entries.append(entry)
        self.store()

    def confirmed(self, upto: Any) -> None:
        """A save that includes every intent up to number `upto` has completed."""
        if not isinstance(upto, int) or not self.entries:
            return
        kept = [entry for entry in self.entries if entry["seq"] > upto]
        if len(kept) != len(self.entries):
            self.entries = kept
            self.store()

    def pending(self) -> list[Any]:
        """What is left for this location (to replay), oldest first; the rest is dropped."""
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
