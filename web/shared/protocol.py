"""Every message between the page (`ui.page`, MicroPython) and the engine worker (`app.worker`, Pyodide), declared
with `shared.schema`: `MESSAGES` (kinds named by "op") and the page's intents, `INTENTS` (named by "act").

The receiving side calls `check(message, sender)` first: a message that is not one of these kinds, comes from the
wrong side, lacks a field or holds one of the wrong type is refused with the reason and changes nothing. The
page checks its own intents before it sends them (`intent_fields` says which fields an act takes).

An intent names its act and carries that act's own fields, typed: ``{"op": "intent", "act": "play.card",
"card": "R5"}``. A control says which with `data-act` and one `data-<field>` attribute per field (`app.tree.sends`
writes them; `ui.host` reads each by its type); a field adds its `value`, a checkbox its `checked`, a file input its
file's `text`, each only where its act declares it. Acts are named `<screen>.<verb>`; each screen's controller reads
them typed (`shared.messages`). No field of an intent may take the name of another `data-` attribute the page
reads (`RESERVED`).

A turn's messages from the engine go as one ``batch`` (one crossing): the page applies them in order.
"""

from shared.schema import (
    Choice,
    Flag,
    Json,
    Kind,
    ListOf,
    MapOf,
    Maybe,
    MessageOf,
    Number,
    Record,
    Schema,
    Text,
    Type,
)

try:
    from collections.abc import Mapping
    from typing import Any
except ImportError:
    pass

PAGE = "page"  # sent by the page's side (web/page/: ui/, engine-start.js, peer-relay.mjs, storage-state.js)
ENGINE = "engine"  # sent by the engine worker (app/, web/engine/app-worker.mjs)

TEXT = Text()
NAME = Text(200)  # an id, a key, a selector, a route
NUMBER = Number()
COUNT = Number(0)
FLAG = Flag()
SEAT = Number(0, 9)
PERSON = Text(64)  # a regular's id (`scorekeeper.sheet.PERSON_MAX`)
LINK = Number(1)  # a link between phones, numbered by the engine
MAX_FILE_CHARS = 2_000_000  # a chosen file's text (web/page/ui/host.py reads at most this many bytes)

# ----- the page's intents --------------------------------------------------------------------------------------


def _act(required: "Mapping[str, Type] | None" = None, optional: "Mapping[str, Type] | None" = None) -> Kind:
    return Kind(PAGE, required, optional)


VALUE = {"value": Text(2000)}
CHECKED = {"checked": FLAG}
FILE = {"text": Text(MAX_FILE_CHARS)}
COLOURS = ("red", "yellow", "green", "blue")
# the score keeper's choices: each is its `scorekeeper` / `uno_core` value (tests/web_score checks they agree)
MODES = ("total", "cards")  # a hand typed as a total or tapped card by card (`scorekeeper.Mode`)
FACES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S", "V", "+2", "W", "W+4")  # the keypad (R-NOTE-1)
SCORINGS = ("standard", "penalty", "single_round")  # `uno_core.rules.Scoring`
ROTATIONS = ("left", "winner")  # `uno_core.rules.DealerRotation`
DANGEROUS = ("delete-game", "delete-round")  # acts asked about first

INTENTS = Schema(
    "intents",
    "act",
    {
        # -- the table (`#/play/table`, app.play.controller) --
        "play.card": _act({"card": Text(4)}),  # a card of the hand tapped (also a disabled one: it is explained)
        "play.move": _act({"move": Text(40)}),  # a move in the engine's notation (R-NOTE): "draw", "color red"...
        "play.colour": _act({"colour": Choice(*COLOURS)}),  # the picker's question answered
        "play.count": _act({"count": Number(1, 4)}),
        "play.swap": _act({"seat": SEAT}),
        "play.cancel": _act(),
        "play.uno": _act(),
        "play.hint": _act(),
        "play.undo": _act(),
        "play.handoff": _act(),
        "play.reveal": _act(),
        "play.sound": _act(),
        "play.next-round": _act(),
        "play.new-match": _act(),
        "play.export": _act(),
        "play.import": _act(FILE),
        # -- the set-up (`#/play`, app.play.setup) --
        "setup.start": _act(),
        "setup.start-sure": _act(),
        "setup.start-keep": _act(),
        "setup.resume": _act(),
        "setup.add-seat": _act(),
        "setup.remove-seat": _act({"seat": SEAT}),
        "setup.seat-name": _act({"seat": SEAT, "value": Text(200)}),
        "setup.seat-kind": _act({"seat": SEAT, "value": Text(20)}),
        "setup.seat-level": _act({"seat": SEAT, "value": Text(20)}),
        "setup.preset": _act(VALUE),
        "setup.rule": _act({"rule": Text(40)}, {"value": Text(40), "checked": FLAG}),
        "setup.speed": _act(VALUE),
        "setup.undo": _act(CHECKED),
        "setup.timer": _act(VALUE),  # the turn timer's seconds ("0": off; `app.play.config.TURN_TIMERS_S`)
        # -- the table of phones (`#/table/...`, app.screens.table) --
        "table.invite": _act(),
        "table.code": _act({"value": Text(2000), "link": Maybe(LINK)}),  # an answer typed (for this invitation)
        "table.accept": _act({"link": Maybe(LINK)}),  # the answer typed for this invitation (None: the newest)
        "table.scan": _act({"link": Maybe(LINK)}),  # the camera, for this invitation's answer
        "table.unscan": _act(),
        "table.stop": _act(),
        "table.claim": _act({"seat": Maybe(SEAT)}),
        "table.stand-in": _act(CHECKED),  # a game on phones: a bot plays a seat whose phone is away past the grace
        "table.grace": _act(VALUE),  # a game on phones: the grace's seconds (`app.play.config.GRACES_S`)
        "table.big": _act(CHECKED),  # a guest's big screen: the standings alone, in large type
        # -- the score keeper (`#/score...`, app.score.step) --
        # the list: a sheet file or a backup imported, a pasted link opened, the iOS card dismissed
        "score.import": _act(),  # opens the file chooser
        "score.file": _act(FILE),  # the chosen file's text
        "score.link-text": _act(VALUE),  # a key in the pasted link's field
        "score.open-link": _act(),
        "score.ios-done": _act(),
        # the set-up (`#/score/new`, `#/score/<id>/setup`)
        "score.new-name": _act(VALUE),  # a key in the next player's name
        "score.add": _act(),
        "score.rename": _act({"seat": SEAT, "value": Text(200)}),
        "score.move": _act({"seat": SEAT, "step": Number(-1, 1)}),  # up (-1) or down (1) the list
        "score.remove": _act({"seat": SEAT}),
        "score.teams": _act(CHECKED),
        "score.target": _act(VALUE),  # the target as typed (`scorekeeper.parse_target` reads it)
        "score.scoring": _act({"scoring": Choice(*SCORINGS)}),
        "score.wild": _act({"points": Number(40, 50)}),
        "score.rotation": _act({"rotation": Choice(*ROTATIONS)}),
        "score.dealer": _act({"seat": SEAT}),
        "score.draw": _act(),  # draw the first dealer
        "score.start": _act(),
        # the regulars (`scorekeeper.people`): tapped at set-up, managed on `#/score/people`, their record
        "score.pick": _act({"person": PERSON}),  # a regular tapped: they take the next seat
        "score.add-new": _act(),  # the typed name as a new person, though a regular has that name
        "score.person-name": _act({"person": PERSON, "value": Text(200)}),  # a regular renamed
        "score.person-merge": _act({"person": PERSON, "value": Text(200)}),  # ... is the same as the chosen one
        "score.person-split": _act({"person": PERSON}),
        "score.person-forget": _act({"person": PERSON}),
        "score.person-remember": _act({"person": PERSON}),
        "score.join": _act(),  # a sheet from elsewhere: its players are the regulars of their names
        "score.record-include": _act(CHECKED),  # the game in progress counts in the record
        "score.record-who": _act(VALUE),  # whose evenings the chart shows
        "score.versus": _act({"side": Choice("a", "b"), "value": Text(200)}),  # head to head: who
        # a sheet (`#/score/<id>`)
        "score.undo": _act(),
        "score.share": _act(),  # the standings, as text
        "score.summary": _act(),  # the summary of the round just saved, as text
        "score.picture": _act(),  # a finished sheet's card, as a picture
        "score.export": _act(),
        "score.again": _act(),
        "score.ask": _act({"what": Choice(*DANGEROUS)}),  # before a dangerous act: asks first
        "score.cancel": _act({"what": Choice(*DANGEROUS, "sure")}),  # no to a question asked
        "score.delete-game": _act(),
        "score.no-copy": _act(),  # "not now" to "Keep a copy"
        "score.place": _act({"value": Text(400)}),  # the evening's place, as the person left the field
        "score.notes": _act({"value": Text(8000)}),  # its notes, likewise
        # a round (`#/score/<id>/round`, `#/score/<id>/round/<n>`); a hand's acts also come from guest phones
        "score.winner": _act({"seat": SEAT}),
        "score.mode-all": _act({"mode": Choice(*MODES)}),
        "score.hand-mode": _act({"seat": SEAT, "mode": Choice(*MODES)}),
        "score.hand-total": _act({"seat": SEAT, "value": Text(2000)}),
        "score.hand-face": _act({"seat": SEAT, "face": Choice(*FACES)}),  # a card face tapped
        "score.hand-chip": _act({"seat": SEAT, "index": Number(0, 200)}),  # a tapped card taken back
        "score.save": _act(),
        "score.save-sure": _act(),  # saved though a total was asked about
        "score.discard": _act(),  # leave an edit unsaved
        "score.delete-round": _act(),
        # links: a sheet's (`#/score/<id>/link`), an opened one, every sheet's (`#/score/all...`)
        "score.share-link": _act(),
        "score.keep": _act(),  # an opened link's sheet kept here
        "score.keep-update": _act(),  # ... as the update of its older copy
        "score.move-all": _act(),  # every sheet's link shared
        "score.keep-all": _act(),
        "score.move-file": _act(),  # every sheet in one file
    },
)


RESERVED = (
    "act",
    "on",
    "next",
    "clear",
    "roving",
    "shortcut",
    "key",
    "focus",
    "duration-ms",
    "i18n",
    "chooser",
    "fullscreen",
)
"""`data-` attributes the page reads for other things: no intent field is named so (a test checks)."""


# ----- what the engine draws ----------------------------------------------------------------------------------


class Changes(Type):
    """A drawing's changes, `app.diff`'s compact encoding: ``[op, path, ...]`` lists (op one of `OPS`)."""

    OPS = "atr+<-RHP"
    hint = "list[list[Any]]"

    def why(self, value: Any) -> str:
        if not isinstance(value, list):
            return "is not a list"
        for change in value:
            if not isinstance(change, list) or len(change) != 3 or change[0] not in self.OPS:
                return "holds a change that is not one"
        return ""


LABEL = Record("Label", {"key": NAME}, {"args": MapOf(Text(400))})  # an element bound to a catalogue key
SAID = Record("Said", {"region": NAME, "text": Text(4000)})  # words for a live region
DOWNLOAD = Record("Download", {"name": NAME, "text": Text(), "type": NAME})
PICTURE = Record("Picture", {"name": NAME, "svg": Text()})  # an SVG drawn into a PNG, shared or downloaded
REFOCUS = Record("Refocus", {"prefix": NAME, "selector": NAME})  # a lost `data-focus` with `prefix` goes there
CUE = Record(  # one motion, sound or buzz of the table (`app.play.cues`), played by `ui.fx`
    "Cue",
    {"kind": NAME, "at": COUNT, "sound": NAME, "buzz": NAME},
    {
        "seat": SEAT,
        "mine": FLAG,
        "card": Text(4),
        "face": Text(8),
        "colour": Text(10),
        "count": COUNT,
        "penalty": FLAG,
        "direction": Number(-1, 1),
    },
)

PEER_DO = Schema(
    "peer-do",
    "do",
    {
        "offer": Kind(ENGINE, {"link": LINK}),  # a new link as host: answered peer-sdp {link, kind: "offer"}
        "answer": Kind(ENGINE, {"link": LINK, "sdp": Text(8000)}),  # a new link as guest to a host's offer
        "accept": Kind(ENGINE, {"link": LINK, "sdp": Text(8000)}),  # the guest's answer to the host's link
        "send": Kind(ENGINE, {"link": LINK, "text": Text(64_000)}),
        "close": Kind(ENGINE, {"link": LINK}),
        "scan": Kind(ENGINE, {"video": NAME}),  # the camera into <video id=video> until a code is read
        "stop-scan": Kind(ENGINE),
        "probe": Kind(ENGINE),  # answered peer-support
    },
)

MESSAGES: Schema = Schema("page and engine", "op", {})

MESSAGES.kinds.update(
    {
        # -- from the page --------------------------------------------------------------------------------------
        # the first message, read by web/engine/app-worker.mjs itself: whether a start-up snapshot is stored, and
        # the page's time origin (the worker's start marks count from it)
        "boot": Kind(PAGE, {}, {"hint": Maybe(NAME), "origin": Number()}),
        # the first message for Python (`app.application.App.start`): the route, the language, its catalogue, what
        # the saves hold (`ui.saves.hello`, read by `app.storage.opening`) and the typing journal's intents not saved
        # before a reload (`ui.journal`)
        "start": Kind(
            PAGE,
            {"hash": TEXT, "lang": NAME},
            {
                "typing": ListOf(Json("app.application.App.start: each taken as a message from the page")),
                "catalogue": MapOf(TEXT),
                "saves": Json("app.storage.opening.open_saves"),
            },
        ),
        # a person's act on a control with `data-act` (`ui.host`): the act's own fields are `INTENTS`'s. seq: its
        # number (`ui.journal`); blind: sent before the page showed the answer to the previous one; enabled: false
        # for a disabled control (a card that cannot be played is still explained)
        "intent": Kind(PAGE, {"act": NAME}, {"seq": COUNT, "blind": FLAG, "enabled": FLAG}, by="act", sub=INTENTS),
        "route": Kind(PAGE, {"hash": TEXT}),  # the person changed the location's hash (back button, a link)
        "lang": Kind(PAGE, {"lang": NAME}, {"catalogue": MapOf(TEXT)}),  # a language switch (the shell relabelled)
        "redraw": Kind(PAGE, {"root": NAME}),  # a drawing's changes did not fit the page: send that root whole
        # after an effect's `share` (shared, copied, or failed: its text) or `picture` (shared, or downloaded)
        "shared": Kind(PAGE, {"how": Choice("shared", "copied", "downloaded", "failed")}, {"text": TEXT}),
        "saves-written": Kind(PAGE, {"id": COUNT}, {"error": TEXT}),  # a `saves-write` is on disk (error: it failed)
        "saves-others": Kind(PAGE, {}, {"records": Maybe(Json("app.storage.core.Saves.refresh"))}),  # another tab's
        "saves-export": Kind(PAGE),  # the saves' warning's export button
        "hidden": Kind(PAGE),  # the page is hidden (another app, a closed tab): write what waits to be written
        "shown": Kind(PAGE),  # the page is shown again (a guest phone then catches up in one drawing)
        "storage": Kind(  # web/page/storage-state.js
            PAGE, {}, {"ua": TEXT, "touch": COUNT, "standalone": FLAG, "persisted": Maybe(FLAG)}
        ),
        # the test hook `window.unoPlay` (web/page/engine-start.js, `app.play.hook`): call hook `name` with `arg`
        "hook": Kind(PAGE, {"id": COUNT, "name": NAME}, {"arg": TEXT}),
        # the links between phones, from web/page/peer-relay.mjs (`app.peer.relay`)
        "peer-sdp": Kind(PAGE, {"link": LINK, "kind": Choice("offer", "answer"), "sdp": Text(8000)}),
        "peer-in": Kind(PAGE, {"link": LINK, "text": TEXT}),
        "peer-state": Kind(PAGE, {"link": LINK, "state": Choice("connecting", "open", "closed")}),
        "peer-scanned": Kind(PAGE, {}, {"text": TEXT, "error": NAME}),
        "peer-support": Kind(PAGE, {"webrtc": FLAG, "camera": FLAG}),
        "peer-failed": Kind(PAGE, {"error": NAME}, {"link": Maybe(LINK)}),
        # -- from the engine ------------------------------------------------------------------------------------
        # a turn's messages, applied in order (each checked as a message of its own)
        "batch": Kind(ENGINE, {"messages": ListOf(MessageOf(MESSAGES, ENGINE, "dict[str, Any]"))}),
        "ready": Kind(ENGINE, {"engineVersion": NAME, "loadPath": NAME}),  # the first screen is drawn
        # show section `section` of <main>; the shared section `screen` gets the tree's children as its containers
        "open": Kind(ENGINE, {"section": NAME}, {"tree": Maybe(MapOf(Json("app.tree"))), "focus_main": FLAG}),
        # `<html data-name>` marks; an element shown, hidden or bound to a catalogue key
        "set": Kind(ENGINE, {}, {"marks": MapOf(TEXT), "id": NAME, "hidden": FLAG, "label": LABEL}),
        # `#root`'s children: whole (`html`, `attrs`) or as changes (`changes`, `fields`: `app.diff`)
        "draw": Kind(
            ENGINE,
            {"root": NAME},
            {
                "tree": Json("app.link"),  # only inside the worker: `app.link` turns it into html or changes
                "html": TEXT,
                "attrs": MapOf(TEXT),
                "changes": Changes(),
                "fields": ListOf(ListOf(Json("app.diff.fields: [tag, value, checked]"))),
                "lang": NAME,
                "focus": NAME,
                "refocus": REFOCUS,
                "live": SAID,
                "seen": COUNT,
            },
        ),
        # what the page does besides drawing: download, go (a location hash the worker has already shown: the page
        # does not report it back), share, pick, focus, announce, wake, jump, top, cues (with sound, motion)
        "effect": Kind(
            ENGINE,
            {},
            {
                "download": DOWNLOAD,
                "picture": PICTURE,
                "go": NAME,
                "share": TEXT,
                "pick": NAME,
                "focus": NAME,
                "announce": SAID,
                "wake": FLAG,
                "jump": NAME,
                "top": FLAG,
                "cues": ListOf(CUE),
                "sound": FLAG,
                "motion": FLAG,
                "seen": COUNT,
            },
        ),
        # one IndexedDB transaction (`ui.saves`), answered by `saves-written` once it completed; then the page itself
        # copies the keys of `mirror` to localStorage, marks the saves saved and tells the other tabs the keys
        # written. upto: the last intent it holds (`ui.journal`)
        "saves-write": Kind(
            ENGINE,
            {"id": COUNT, "puts": MapOf(Json("app.storage.core")), "deletes": ListOf(NAME)},
            {"upto": COUNT, "mirror": ListOf(NAME)},
        ),
        # records the page shows and the engine writes later (a typed total, once the typing pauses): if the page
        # goes first, web/page/saves.js copies them with the writes in flight to the fallback copy (`keepUnsaved`)
        "saves-hold": Kind(ENGINE, {"puts": MapOf(Json("app.storage.core"))}),
        "local": Kind(ENGINE, {}, {"set": MapOf(TEXT), "remove": ListOf(NAME)}),  # localStorage writes
        "hook-answer": Kind(ENGINE, {"id": COUNT, "result": TEXT}),  # the answer to a `hook`
        # the table's state for `unoPlay.state()` after each table drawing, while a test follows (hook "follow")
        "play-state": Kind(ENGINE, {"state": TEXT}, {"seen": COUNT}),
        "peer": Kind(ENGINE, {"do": NAME}, {}, by="do", sub=PEER_DO),  # web/page/peer-relay.mjs
        # the loading shell's (web/page/shell.js), from web/engine/app-worker.mjs before Python runs
        "progress": Kind(ENGINE, {"stage": NAME}),
        "download": Kind(ENGINE, {"path": NAME}, {"done": COUNT, "total": Maybe(COUNT), "encoded": FLAG}),
        "fetch-failed": Kind(ENGINE, {"path": NAME}, {"reason": TEXT}),
        "fatal": Kind(ENGINE, {"error": TEXT}),
    }
)

KINDS = MESSAGES.kinds
DIRECT = ("peer", "hook-answer", "play-state")  # sent on their own, never in a batch: JS on the page routes them
LOADING = ("progress", "download", "fetch-failed", "fatal")  # web/page/shell.js's; the page's Python skips them


def check(message: Any, sender: str) -> str:
    """Why `message` is not a message `sender` may send ("" when it is one)."""
    return MESSAGES.why(message, sender)
