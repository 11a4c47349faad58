"""Every message between phones at one table (the host's engine and a guest's page), declared with `shared.schema`.

A guest phone is a screen of the host's engine: its page's messages (`shared.protocol`, from the page) cross as
``page``, the host's drawings for it as ``engine``. Each message is one JSON text in an envelope:
``{"v": VERSION, "seq": n, "kind": name, ...fields}``; `seq` counts a sender's messages on one link from 1 (a
repeat or an older one is refused). A message longer than a data channel takes crosses in ``part``s: its fields as
JSON text, cut (the first part's `seq` is the `id` of them all). Both sides ``ping`` every second: a link silent for
4 s is reconnecting (shown within 6 s of a cut). The host's engine reads them in `app.peer.protocol`, a guest's page
in `ui.remote`.
"""

from shared import protocol, schema
from shared.schema import Kind, Maybe, MessageOf, Number, Schema, Text

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

VERSION = 2
HOST = "host"
GUEST = "guest"
BOTH = schema.BOTH

TOKEN = Text(64)

MESSAGES = Schema(
    "phones at one table",
    "kind",
    {
        # guest -> host
        "hello": Kind(GUEST, {"token": Maybe(TOKEN)}),  # a guest's page on a new link (token: its place before)
        "page": Kind(GUEST, {"message": MessageOf(protocol.MESSAGES, protocol.PAGE, "FromPage")}),
        "bye": Kind(GUEST),  # the guest leaves the table
        # host -> guest
        "welcome": Kind(HOST, {"token": TOKEN}),  # the guest's place: its token, to come back with
        "engine": Kind(HOST, {"message": MessageOf(protocol.MESSAGES, protocol.ENGINE, "dict[str, Any]")}),
        "ended": Kind(HOST),  # the host stopped sharing: the guest keeps its last page, read-only
        # both
        "part": Kind(BOTH, {"id": Number(1), "index": Number(0, 63), "count": Number(2, 64), "text": Text(4000)}),
        "ping": Kind(BOTH, {"at": Number(0)}),
    },
    common={"v": Number(1), "seq": Number(1)},
)


def check(message: Any, sender: str) -> str:
    """Why `message` is not one `sender` may send ("" when it is)."""
    return MESSAGES.why(message, sender)
