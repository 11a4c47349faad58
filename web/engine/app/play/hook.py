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
from typing import Any

from app import link
from app.play.brain_client import brain
from app.play.config import PlayConfig
from app.play.session import Session
from app.play.store import store
from uno_core.scenario import stacked_deck


def _config(spec: dict[str, Any]) -> PlayConfig:
    remembered = store.load_setup() or PlayConfig()
    given = spec.get("config")
    if given is None:
        return remembered
    base = remembered.to_dict()
    if "preset" in given and "rules" not in given:
        del base["rules"]  # a preset named alone brings its own rules
    return PlayConfig.from_dict({**base, **given})


def start(text: Any) -> str:
    from app.screens.play_table import active

    try:
        spec = json.loads(str(text))
        config = _config(spec)
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
    table = active()
    if table is not None:
        table.table.load(session)
    else:
        link.to_page({"op": "effect", "go": "#/play/table"})
    return "ok"


def state(text: Any = "") -> str:
    from app.screens.play_table import active

    session = store.current()
    if session is None:
        return json.dumps(None)
    data = session.state()
    glue = active()
    table = glue.table if glue is not None else None
    data["screen"] = table.shown_page if table is not None else ""
    data["busy"] = bool(table is not None and (table.running or data["next"] != "idle"))
    data["bots"] = {
        "worker": brain().state,  # see app.play.brain_client
        "decided_here": table.decided_here if table is not None else 0,  # decisions searched in this worker
        "dropped": table.dropped if table is not None else 0,  # decisions dropped: a person acted meanwhile
    }
    data["bots_worker_messages"] = {"requests": brain().asked, "answers": brain().answered}
    return json.dumps(data)


def setup(text: Any = "") -> str:
    return json.dumps((store.load_setup() or PlayConfig()).to_dict())


HOOKS = {"start": start, "state": state, "setup": setup}
"""`window.unoPlay`'s functions: each takes and returns a string (installed by the page's glue)."""
