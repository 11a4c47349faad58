"""`window.unoPlay`: the documented hook for browser tests (and bug reports) to start and read games.

- `unoPlay.start(json)`: start a game at once and show the table. `json` (a string) may hold
  `config` (a set-up as `PlayConfig.to_dict`, partial: missing fields from the remembered
  set-up), `seed` (int, default 1), `first_dealer` (seat, "cut" or "random"), and a fixed
  deck: `deck` (108 card codes, top first) or `scenario` ({hands, first, draws, dealer}, as
  `uno_core.scenario.stacked_deck`; its dealer deals unless `first_dealer` is given).
  Returns "ok" or the error's text.
- `unoPlay.state()`: JSON of `Session.state()` (the engine save, digest, log, phase...) plus
  `screen` (table, handoff, round-end, match-end), `busy` (bots still to move), `bots` (the bots'
  worker's state, decisions searched in the engine worker, decisions dropped because a person acted first)
  and `bots_worker_messages` (the requests sent to the bots' worker and its answers).
- `unoPlay.follow(on)`: push that state after each table drawing (on at once under automation), or stop.
- `unoPlay.setup()`: the remembered set-up (JSON).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from app.link import Link
from app.play.brain_client import BrainClient
from app.play.config import PlayConfig
from app.play.controller import PlayController
from app.play.session import Session
from app.play.store import PlayStore
from uno_core.scenario import stacked_deck


class Hooks:
    """`window.unoPlay`'s functions (each takes and returns a string), on this page's play store; `table()` is the
    table's controller on screen, if any."""

    def __init__(
        self,
        link: Link,
        store: PlayStore,
        brain: BrainClient,
        table: Callable[[], PlayController | None],
        phones: Callable[[], object] = lambda: None,
    ) -> None:
        self.link, self.store, self.brain, self.table, self.phones = link, store, brain, table, phones

    def call(self, name: str, arg: str) -> str:
        found = {"start": self.start, "state": self.state, "setup": self.setup, "phones": self.phones_state}.get(name)
        return found(arg) if found is not None else f"error: no hook {name!r}"

    def start(self, text: str) -> str:
        """Start a game at once (see the module's doc) and show the table."""
        store = self.store
        try:
            spec = json.loads(str(text))
            config = _config(store, spec)
            first_dealer = spec.get("first_dealer", "cut")
            deck = spec.get("deck")
            scenario = spec.get("scenario")
            if scenario is not None:
                dealer = int(scenario.get("dealer", 0))
                cards = stacked_deck(scenario["hands"], scenario["first"], scenario.get("draws", ""), dealer)
                deck = " ".join(map(str, cards))
                first_dealer = spec.get("first_dealer", dealer)
            session = Session.new(config, int(spec.get("seed", 1)), deck, first_dealer)
        except Exception as error:
            return f"error: {error}"
        store.keep(session)
        table = self.table()
        if table is not None:
            table.load(session)
        else:
            self.link.to_page({"op": "effect", "go": "#/play/table"})
        return "ok"

    def state(self, text: str = "") -> str:
        session = self.store.current()
        if session is None:
            return json.dumps(None)
        data = session.state()
        table = self.table()
        data["screen"] = table.shown_page if table is not None else ""
        data["busy"] = bool(table is not None and (table.running or data["next"] != "idle"))
        data["bots"] = {
            "worker": self.brain.state,  # see app.play.brain_client
            "decided_here": table.decided_here if table is not None else 0,  # decisions searched in this worker
            "dropped": table.dropped if table is not None else 0,  # decisions dropped: a person acted meanwhile
        }
        data["bots_worker_messages"] = {"requests": self.brain.asked, "answers": self.brain.answered}
        return json.dumps(data)

    def phones_state(self, text: str = "") -> str:
        """The table of phones' own figures (bench.table): each drawing of the guests' pages, (pages, ms)."""
        return json.dumps(self.phones())

    def setup(self, text: str = "") -> str:
        return json.dumps((self.store.load_setup() or PlayConfig()).to_dict())


def _config(store: PlayStore, spec: dict[str, Any]) -> PlayConfig:
    remembered = store.load_setup() or PlayConfig()
    given = spec.get("config")
    if given is None:
        return remembered
    base = remembered.to_dict()
    if "preset" in given and "rules" not in given:
        del base["rules"]  # a preset named alone brings its own rules
    return PlayConfig.from_dict({**base, **given})
