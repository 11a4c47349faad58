"""Every message between the page (`ui.page`, MicroPython) and the engine worker (`app.worker`, Pyodide).

Each message is one JSON object with an ``op``; `KINDS` names every op, who sends it and its fields. The
receiving side calls `check(message, sender)` first: a message that is not an object, has an unknown op, comes
from the wrong side, lacks a required field or holds a field of the wrong type is refused with the reason
(and changes nothing). Plain dicts and `isinstance` only: this module runs in MicroPython on the page too.

A turn's messages from the engine go as one ``batch`` (one crossing): the page applies them in order.
"""

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

PAGE = "page"  # sent by the page's side (web/page/: ui/, engine-start.js, peer-relay.mjs, storage-state.js)
ENGINE = "engine"  # sent by the engine worker (app/, web/engine/app-worker.mjs)

ANY = None  # a field of any JSON type
TEXT = (str,)
NUMBER = (int,)
FLAG = (bool,)
OBJECT = (dict,)
LIST = (list,)
TEXT_OR_NONE = (str, type(None))
NUMBER_OR_NONE = (int, type(None))
OBJECT_OR_NONE = (dict, type(None))
FLAG_OR_NONE = (bool, type(None))

# op -> (sender, required fields, optional fields); each field maps to its allowed types (ANY: any JSON value)
KINDS: "dict[str, tuple[str, dict[str, Any], dict[str, Any]]]" = {
    # -- from the page ------------------------------------------------------------------------------------------
    # the first message, read by web/engine/app-worker.mjs itself: whether a start-up snapshot is stored, and the page's
    # time origin (the worker's start marks count from it)
    "boot": (PAGE, {}, {"hint": TEXT_OR_NONE, "origin": ANY}),
    # the first message for Python (`app.start.start`): the route, the language, its catalogue, what the saves
    # hold (`ui.saves.hello`) and the typing journal's intents not saved before a reload (`ui.journal`)
    "start": (PAGE, {"hash": TEXT, "lang": TEXT}, {"typing": LIST, "catalogue": OBJECT, "saves": OBJECT}),
    # a person's act on a control with `data-act` (`ui.host`); a file input sends its file's `text`
    "intent": (
        PAGE,
        {"act": TEXT},
        {
            "arg": TEXT,
            "value": TEXT,
            "checked": FLAG,
            "enabled": FLAG,
            "seq": NUMBER,
            "blind": FLAG,
            "text": TEXT,
        },
    ),
    "route": (PAGE, {"hash": TEXT}, {}),  # the person changed the location's hash (back button, a link)
    "lang": (PAGE, {"lang": TEXT}, {"catalogue": OBJECT}),  # a language switch (the shell relabelled by then)
    "redraw": (PAGE, {"root": TEXT}, {}),  # a drawing's changes did not fit the page: send that root whole
    "shared": (PAGE, {"how": TEXT}, {"text": TEXT}),  # the answer to an effect's `share`
    "saves-written": (PAGE, {"id": NUMBER}, {"error": TEXT}),  # a `saves-write` is on disk (error: it failed)
    "saves-others": (PAGE, {}, {"records": OBJECT_OR_NONE}),  # another tab committed these records
    "saves-export": (PAGE, {}, {}),  # the saves' warning's export button
    "hidden": (PAGE, {}, {}),  # the page is hidden (another app, a closed tab): write what waits to be written
    "storage": (
        PAGE,
        {},
        {"ua": TEXT, "touch": NUMBER, "standalone": FLAG, "persisted": FLAG_OR_NONE},
    ),  # web/page/storage-state.js
    # the test hook `window.unoPlay` (web/page/engine-start.js, `app.play.hook`): call hook `name` with `arg`
    "hook": (PAGE, {"id": NUMBER, "name": TEXT}, {"arg": TEXT}),
    # the links between phones, from web/page/peer-relay.mjs (`app.peer.relay` reads their fields)
    "peer-sdp": (PAGE, {"link": NUMBER, "kind": TEXT, "sdp": TEXT}, {}),
    "peer-in": (PAGE, {"link": NUMBER, "text": TEXT}, {}),
    "peer-state": (PAGE, {"link": NUMBER, "state": TEXT}, {}),
    "peer-scanned": (PAGE, {}, {"text": TEXT, "error": TEXT}),
    "peer-support": (PAGE, {"webrtc": FLAG, "camera": FLAG}, {}),
    "peer-failed": (PAGE, {"error": TEXT}, {"link": NUMBER_OR_NONE}),
    # -- from the engine ----------------------------------------------------------------------------------------
    "batch": (ENGINE, {"messages": LIST}, {}),  # a turn's messages, applied in order (each checked on its own)
    "ready": (ENGINE, {"engineVersion": TEXT, "loadPath": TEXT}, {}),  # the first screen is drawn
    # show section `section` of <main>; the shared section `screen` gets the tree's children as its containers
    "open": (ENGINE, {"section": TEXT}, {"tree": OBJECT_OR_NONE, "focus_main": FLAG}),
    # `<html data-name>` marks; an element shown, hidden or bound to a catalogue key
    "set": (ENGINE, {}, {"marks": OBJECT, "id": TEXT, "hidden": FLAG, "label": LIST}),
    # `#root`'s children: whole (`html`, `attrs`) or as changes (`changes`, `fields`, `app.diff`)
    "draw": (
        ENGINE,
        {"root": TEXT},
        {
            "tree": OBJECT,  # only inside the worker: `app.link` turns it into html or changes
            "html": TEXT,
            "attrs": LIST,
            "changes": LIST,
            "fields": LIST,
            "lang": TEXT,
            "focus": TEXT,
            "refocus": LIST,
            "live": LIST,
            "seen": NUMBER,
        },
    ),
    # what the page does besides drawing: download, go (a location hash the worker has already shown: the page
    # does not report it back), share, pick, focus, announce, wake, jump, top, cues (with sound, motion)
    "effect": (
        ENGINE,
        {},
        {
            "download": LIST,
            "go": TEXT,
            "share": TEXT,
            "pick": TEXT,
            "focus": TEXT,
            "announce": LIST,
            "wake": FLAG,
            "jump": TEXT,
            "top": FLAG,
            "cues": LIST,
            "sound": FLAG,
            "motion": FLAG,
            "seen": NUMBER,
        },
    ),
    # one IndexedDB transaction (`ui.saves`), answered by `saves-written` once it completed; then the page itself
    # copies the keys of `mirror` to localStorage, marks the saves saved and tells the other tabs the keys written.
    # upto: the last intent it holds (`ui.journal`)
    "saves-write": (ENGINE, {"id": NUMBER, "puts": OBJECT, "deletes": LIST}, {"upto": NUMBER, "mirror": LIST}),
    # records the page shows and the engine writes later (a typed total, once the typing pauses): if the page
    # goes first, web/page/saves.js copies them with the writes in flight to the fallback copy (`keepUnsaved`)
    "saves-hold": (ENGINE, {"puts": OBJECT}, {}),
    "local": (ENGINE, {}, {"set": OBJECT, "remove": LIST}),  # localStorage writes
    "hook-answer": (ENGINE, {"id": ANY}, {"result": ANY}),  # the answer to a `hook`
    # the table's state for `unoPlay.state()` after each table drawing, while a test follows (hook "follow")
    "play-state": (ENGINE, {"state": TEXT}, {"seen": NUMBER}),
    "peer": (ENGINE, {"do": TEXT}, {"link": ANY, "sdp": ANY, "text": ANY, "video": ANY}),  # web/page/peer-relay.mjs
    # the loading shell's (web/page/shell.js), from web/engine/app-worker.mjs before Python runs
    "progress": (ENGINE, {"stage": TEXT}, {}),
    "download": (ENGINE, {"path": TEXT}, {"done": NUMBER, "total": NUMBER_OR_NONE, "encoded": FLAG}),
    "fetch-failed": (ENGINE, {"path": TEXT}, {"reason": TEXT}),
    "fatal": (ENGINE, {"error": TEXT}, {}),
}

DIRECT = ("peer", "hook-answer", "play-state")  # sent on their own, never in a batch: JS picks them out
LOADING = ("progress", "download", "fetch-failed", "fatal")  # web/page/shell.js's; the page's Python skips them


def _type_name(types: "tuple[type, ...]") -> str:
    return " or ".join("null" if kind is type(None) else kind.__name__ for kind in types)


def check(message: Any, sender: str) -> str:
    """Why `message` is not a message `sender` may send ("" when it is one)."""
    if not isinstance(message, dict):
        return "not an object"
    op = message.get("op")
    if not isinstance(op, str):
        return "no op"
    kind = KINDS.get(op)
    if kind is None:
        return "unknown op " + repr(op)
    if kind[0] != sender:
        return op + " is sent by the " + kind[0] + ", not the " + sender
    required, optional = kind[1], kind[2]
    for name in required:
        if name not in message:
            return op + " lacks " + name
    for field in message:
        name = str(field)
        if name == "op":
            continue
        if name not in required and name not in optional:
            return op + " has an unknown field " + name
        types = required[name] if name in required else optional[name]
        if types is not ANY and not _is(message[name], types):
            return op + "." + name + " is not " + _type_name(types)
    return ""


def _is(value: Any, types: "tuple[type, ...]") -> bool:
    if isinstance(value, bool) and bool not in types:
        return False  # JSON's true is not a number
    return isinstance(value, types)
