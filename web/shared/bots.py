"""Every message between the engine worker (`app.play.brain_client`) and the bots' worker (`app.play.brain`, started
by web/bots/brain-worker.mjs), declared with `shared.schema`; one JSON text each way.

The engine asks ``choose`` (which bot acts now, and how) or ``hint`` (the best move for a person's seat), with the
game's save and its log's length; the bots' worker answers ``chosen`` or ``hinted`` with the request's `id`, or
``refused`` (nothing changed). Before that it says ``loaded`` (its modules arrived), then ``ready`` or ``fatal``.
"""

from shared.schema import Choice, Json, Kind, Maybe, Number, Record, Schema, Text

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

ENGINE = "engine"
BOTS = "bots"

ID = Number(1)
SAVE = Json("app.play.session.Session.from_save")  # a game's save (`Session.to_save`), checked when it is read
POSITION = Number(0)  # the save's log length: the position the request is about
MOVE = Text(40)  # an action in the engine's notation (R-NOTE)
REFUSALS = ("bad_json", "bad_request", "bad_save", "bad_op")

MESSAGES = Schema(
    "engine and bots' worker",
    "op",
    {
        "choose": Kind(ENGINE, {"id": ID, "save": SAVE, "position": POSITION}),
        "hint": Kind(ENGINE, {"id": ID, "save": SAVE, "position": POSITION, "seat": Number(0, 9)}),
        "loaded": Kind(BOTS),  # its modules arrived (Chromium reports no error for a worker's script that never came)
        "ready": Kind(BOTS, {"ms": Number(0), "path": Choice("snapshot", "plain")}),
        "fatal": Kind(BOTS, {"error": Text()}),
        # no bot acts now (None), or which one and its move
        "chosen": Kind(BOTS, {"id": ID, "move": Maybe(Record("BotMove", {"seat": Number(0, 9), "action": MOVE}))}),
        "hinted": Kind(BOTS, {"id": ID, "action": Maybe(MOVE)}),
        "refused": Kind(BOTS, {"id": Maybe(ID), "error": Choice(*REFUSALS), "detail": Text()}),
    },
)


def check(message: Any, sender: str) -> str:
    """Why `message` is not one `sender` may send ("" when it is)."""
    return MESSAGES.why(message, sender)
