"""The bots' worker: the bots' searches and the hints run here.

Runs in Pyodide inside a Web Worker of its own (web/bots/brain-worker.mjs), so a search never holds up the engine
worker; pure Python (no `js`), unit-tested on CPython. The engine worker's side is `app.play.brain_client`.

The messages are `shared.bots`'s, one JSON text each way: a request (``choose`` or ``hint``, made by
`Session.bot_request` / `Session.hint_request`) is answered ``chosen`` (None: no bot acts, or the seat and its move
in R-NOTE), ``hinted`` (None or the move's R-NOTE text) or ``refused`` (a code and an English detail: the request
was not one, its save could not be read...); nothing changes on a refusal.

The worker keeps one mirror of the game: a request whose log extends the mirror's applies only the new
actions (the bots go on with the same random state, as they would in the page); any other save
rebuilds it (a new game, an undo, another tab's game).
"""

from __future__ import annotations

import json
from typing import Any, Literal, cast

from shared import bots
from shared.messages import FromBots, ToBots
from uno_core import SaveError, UnoError, parse_action

from .session import Session, choice_data


class BrainUnavailable(Exception):
    """The worker cannot answer this request (not started, stopped, refused it, or too slow): the caller
    decides itself."""


Refusal = Literal["bad_json", "bad_request", "bad_save", "bad_op"]  # `shared.bots.REFUSALS`


class BrainError(Exception):
    """A request the worker cannot serve; `code` says which kind (see the module's doc)."""

    def __init__(self, code: Refusal, detail: str) -> None:
        super().__init__(detail)
        self.code: Refusal = code


def _header(save: dict[str, Any]) -> str:
    """A save without what moves during a match (log, digest, acknowledged rounds): two saves with the
    same header are the same match."""
    game = {k: v for k, v in (save.get("game") or {}).items() if k not in ("log", "digest")}
    rest = {k: v for k, v in save.items() if k != "ack_round"}
    return json.dumps({**rest, "game": game}, sort_keys=True)


class Brain:
    """Answers the page's requests, one at a time, keeping a mirror of the game between them."""

    def __init__(self) -> None:
        self.mirror: Session | None = None
        self.mirror_header = ""
        self.mirror_lines: list[str] = []  # the mirror's log as the save's lines, kept as it grows

    def handle(self, text: str) -> str:
        """One request's JSON text in, its answer's JSON text out. Never raises."""
        ident: Any = None
        answer: FromBots
        try:
            try:
                request = json.loads(text)
            except (TypeError, ValueError) as error:
                raise BrainError("bad_json", f"not JSON: {error}") from None
            ident = request.get("id") if isinstance(request, dict) else None
            why = bots.check(request, bots.ENGINE)
            if why:
                refusal: Refusal = "bad_op" if why.startswith("unknown op") else "bad_request"
                raise BrainError("bad_save" if why.endswith("lacks save") else refusal, why)
            answer = self.serve(cast(ToBots, request))
        except BrainError as error:
            known = ident if isinstance(ident, int) and not isinstance(ident, bool) and ident > 0 else None
            answer = {"op": "refused", "id": known, "error": error.code, "detail": str(error)}
        return json.dumps(answer)

    def serve(self, request: ToBots) -> FromBots:
        session = self.sync(request["save"], request["position"])
        if request["op"] == "choose":
            return {"op": "chosen", "id": request["id"], "move": choice_data(session.bot_choice())}
        seat = request["seat"]
        if seat >= session.game.n or session.is_bot(seat):
            raise BrainError("bad_request", f"no person at seat {seat!r}")
        hint = session.hint_for(seat)
        return {"op": "hinted", "id": request["id"], "action": None if hint is None else str(hint)}

    def sync(self, save: Any, position: int) -> Session:
        """The mirror brought to `save` (which must be `position` actions long)."""
        if not isinstance(save, dict) or not isinstance(save.get("game"), dict):
            raise BrainError("bad_save", "no saved game in the request")
        log = save["game"].get("log")
        if not isinstance(log, list) or len(log) != position:
            raise BrainError("bad_save", f"the save's log is not {position} actions long")
        header = _header(save)
        mirror = self.mirror
        if mirror is None or header != self.mirror_header or not self._extend(mirror, log):
            try:
                mirror = Session.from_save(save)
            except (SaveError, UnoError) as error:
                raise BrainError("bad_save", str(error)) from None
            self.mirror, self.mirror_header = mirror, header
            self.mirror_lines = [f"{seat} {action}" for seat, action in mirror.game.log]
        return mirror

    def _extend(self, mirror: Session, log: list[Any]) -> bool:
        """Apply the lines of `log` past the mirror's own; False if the mirror's log is not its prefix.

        The prefix is compared as a list of texts (one C-level comparison), not rebuilt from the game's log:
        a request's cost must not grow with the square of a long match."""
        game = mirror.game
        have = self.mirror_lines
        if len(have) != len(game.log) or len(have) > len(log) or log[: len(have)] != have:
            return False
        try:
            for line in log[len(have) :]:
                seat, _, text = str(line).partition(" ")
                game.apply(int(seat), parse_action(text))
                applied_seat, action = game.log[-1]
                have.append(f"{applied_seat} {action}")
        except (UnoError, ValueError):
            return False
        return True
