"""Every message between phones at one table (the host's engine and a guest), declared with `shared.schema`.

Each is one JSON text in an envelope: ``{"v": VERSION, "seq": n, "kind": name, ...fields}``. `seq` counts a
sender's messages on one connection from 1 (a repeat or an older one is refused: `app.peer.protocol`). The host's
state is the truth: a guest that was away catches up from the host's next ``state``, never from replayed messages.
"""

from shared.schema import Flag, Json, Kind, ListOf, Maybe, Number, Record, Schema, Text

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

VERSION = 1
HOST = "host"
GUEST = "guest"

SEAT = Number(0, 9)
TOKEN = Text(64)
# a hand as a guest enters it: `scorekeeper.entry.HandInput.to_dict`'s shape (the host reads it with
# `HandInput.from_dict`, which checks the cards and the mode)
HAND = Record("HandInput", {}, {"mode": Text(8), "text": Text(12), "cards": ListOf(Text(4), 120)})
ENTRY = Record(  # the round the host is entering
    "EntryView", {"open": Flag(), "round": Number(1), "draft": Json("scorekeeper.RoundDraft.from_dict")}
)
VIEW = Record(  # all a guest may see of the host's sheet (`app.peer.hosting.Hosting.current`), and its place
    "GuestView",
    {"title": Text(400), "sheet": Text(60_000), "entry": Maybe(ENTRY)},
    {"seat": Maybe(SEAT), "taken": Number(0)},  # taken: the seq of the guest's last hand the host took
)

MESSAGES = Schema(
    "phones at one table",
    "kind",
    {
        # guest -> host
        "hello": Kind(GUEST, {"name": Text(40), "token": Maybe(TOKEN)}),  # join, or rejoin with its token
        "claim": Kind(GUEST, {"seat": Maybe(SEAT)}),  # "I am this player" (None: just watching)
        "hand": Kind(GUEST, {"seat": SEAT, "round": Number(1), "hand": HAND}),  # its own hand, as entered
        "bye": Kind(GUEST),  # the guest leaves the table
        # host -> guest
        "welcome": Kind(HOST, {"token": TOKEN, "seat": Maybe(SEAT)}),  # the guest's place
        "state": Kind(HOST, {"rev": Number(0), "view": VIEW}),  # all it may see, whole
        "ended": Kind(HOST),  # the host stopped sharing: the guest keeps its last view, read-only
    },
    common={"v": Number(1), "seq": Number(1)},
)


def check(message: Any, sender: str) -> str:
    """Why `message` is not one `sender` may send ("" when it is)."""
    return MESSAGES.why(message, sender)
