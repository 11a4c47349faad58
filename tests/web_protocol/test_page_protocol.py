"""`shared.protocol`: every message between the page and the engine worker is named once, with its sender and
fields; `check` refuses the rest with its reason, the same on CPython (the worker, `app.link`) and inside
MicroPython (the page, `ui.page`, from the build's bytecode). Every op the code sends is one of its kinds."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from shared import bots, phones, protocol
from shared.schema import Choice, Flag, ListOf, MapOf, Maybe, Number, Record, Text, Type
from tools.build import MICROPYTHON as MICROPYTHON_PACKAGE
from tools.build import compile_ui, npm_version

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

GOOD: list[tuple[dict[str, Any], str]] = [
    ({"op": "intent", "act": "play.card", "card": "R5", "seq": 3, "blind": False, "enabled": True}, protocol.PAGE),
    ({"op": "intent", "act": "table.claim", "seat": None}, protocol.PAGE),
    ({"op": "route", "hash": "#/play"}, protocol.PAGE),
    ({"op": "saves-written", "id": 2, "error": ""}, protocol.PAGE),
    ({"op": "peer-failed", "link": None, "error": "no WebRTC"}, protocol.PAGE),
    ({"op": "draw", "root": "play", "html": "<p>", "lang": "en", "seen": 4}, protocol.ENGINE),
    ({"op": "batch", "messages": [{"op": "effect", "wake": True}]}, protocol.ENGINE),
    ({"op": "set", "marks": {"saves": "saved"}, "label": {"key": "saves.saved"}}, protocol.ENGINE),
    ({"op": "effect", "announce": {"region": "live", "text": "Ana won"}}, protocol.ENGINE),
    ({"op": "peer", "do": "send", "link": 1, "text": "{}"}, protocol.ENGINE),
    ({"op": "download", "path": "/x.wasm", "done": 0, "total": None, "encoded": True}, protocol.ENGINE),
]
BAD: list[tuple[Any, str, str]] = [
    (["not", "an", "object"], protocol.PAGE, "not an object"),
    ({"act": "card"}, protocol.PAGE, "no op"),
    ({"op": "teleport"}, protocol.PAGE, "unknown op 'teleport'"),
    ({"op": "draw", "root": "play"}, protocol.PAGE, "draw is sent by the engine, not the page"),
    ({"op": "intent", "card": "R5"}, protocol.PAGE, "intent lacks act"),
    ({"op": "intent", "act": 5}, protocol.PAGE, "intent.act is not text"),
    (
        {"op": "intent", "act": "play.card", "card": "R5", "seq": True},
        protocol.PAGE,
        "intent.seq is not a whole number",
    ),
    ({"op": "intent", "act": "play.fly"}, protocol.PAGE, "unknown act 'play.fly'"),
    ({"op": "intent", "act": "play.card"}, protocol.PAGE, "play.card lacks card"),
    (
        {"op": "intent", "act": "play.card", "card": "R5", "arg": "R5"},
        protocol.PAGE,
        "play.card has an unknown field arg",
    ),
    ({"op": "intent", "act": "play.swap", "seat": "2"}, protocol.PAGE, "play.swap.seat is not a whole number"),
    ({"op": "route", "hash": "#/", "from": "x"}, protocol.PAGE, "route has an unknown field from"),
    ({"op": "open", "section": "screen", "tree": []}, protocol.ENGINE, "open.tree is not an object"),
    ({"op": "effect", "download": ["a.json", "{}"]}, protocol.ENGINE, "effect.download is not an object"),
    ({"op": "peer", "do": "send", "link": 1}, protocol.PAGE, "peer is sent by the engine, not the page"),
    ({"op": "peer", "do": "send", "link": 1}, protocol.ENGINE, "send lacks text"),
    ({"op": "prepainted", "key": "s", "html": "<p>"}, protocol.PAGE, "unknown op 'prepainted'"),  # gone: no echo
]


def good_value(kind: Type) -> Any:
    """A value of the declared type (the smallest one)."""
    if isinstance(kind, Text):
        return "x"
    if isinstance(kind, Number):
        return kind.low if kind.low is not None else 0
    if isinstance(kind, Flag):
        return True
    if isinstance(kind, Choice):
        return kind.values[0]
    if isinstance(kind, Maybe):
        return None
    if isinstance(kind, ListOf):
        return []
    if isinstance(kind, MapOf):
        return {}
    if isinstance(kind, Record):
        return {name: good_value(inner) for name, inner in kind.required.items()}
    return {}


def bad_value(kind: Type) -> Any:
    """A value the declared type refuses."""
    if isinstance(kind, Maybe):
        return bad_value(kind.inner)
    return 3.5 if isinstance(kind, Text | Choice | Flag) else "3"


def intent_cases() -> list[tuple[dict[str, Any], str]]:
    """For every intent: the act with each required field of its type (taken), one field missing, one of the
    wrong type (refused, saying which)."""
    cases = []
    for act, kind in protocol.INTENTS.kinds.items():
        good = {"op": "intent", "act": act, **{name: good_value(t) for name, t in kind.required.items()}}
        cases.append((good, ""))
        for name, t in {**kind.required, **kind.optional}.items():
            cases.append(({**good, name: bad_value(t)}, f"{act}.{name} "))
        for name in kind.required:
            cases.append(({key: value for key, value in good.items() if key != name}, f"{act} lacks {name}"))
    cases.append(({"op": "intent", "act": "score.nothing"}, "unknown act 'score.nothing'"))
    return cases


INTENT_CASES = intent_cases()


def test_every_intent_is_taken_with_its_typed_fields_and_refused_with_the_reason() -> None:
    fields = sum(len(kind.required) + len(kind.optional) for kind in protocol.INTENTS.kinds.values())
    assert len(INTENT_CASES) > len(protocol.INTENTS.kinds) + fields  # each act taken, each field refused wrong
    for message, why in INTENT_CASES:
        got = protocol.check(message, protocol.PAGE)
        assert got.startswith(why) if why else got == "", (message, got)


def test_no_intent_field_takes_a_name_the_page_reads_for_something_else() -> None:
    for act, kind in protocol.INTENTS.kinds.items():
        assert not set(kind.required) & set(protocol.RESERVED), act
        assert not set(kind.optional) & set(protocol.RESERVED), act


def test_every_kind_names_its_sender_and_typed_fields() -> None:
    for schema, senders in (
        (protocol.MESSAGES, (protocol.PAGE, protocol.ENGINE)),
        (protocol.INTENTS, (protocol.PAGE,)),
        (bots.MESSAGES, (bots.ENGINE, bots.BOTS)),
        (phones.MESSAGES, (phones.HOST, phones.GUEST, phones.BOTH)),
    ):
        for name, kind in schema.kinds.items():
            assert kind.sender in senders, name
            assert not set(kind.required) & set(kind.optional), name
            assert all(isinstance(t, Type) for t in (*kind.required.values(), *kind.optional.values())), name
    assert set(protocol.DIRECT) | set(protocol.LOADING) <= set(protocol.KINDS)


@pytest.mark.parametrize(("message", "sender"), GOOD)
def test_well_formed_messages_pass(message: dict[str, Any], sender: str) -> None:
    assert protocol.check(message, sender) == ""


@pytest.mark.parametrize(("message", "sender", "why"), BAD)
def test_malformed_messages_are_refused_with_the_reason(message: Any, sender: str, why: str) -> None:
    assert protocol.check(message, sender) == why


SENT_PY = re.compile(r"""["']op["']: ["']([a-z-]+)["']""")
SENT_JS = re.compile(r"""\bop: ["']([a-z-]+)["']""")


def ops_in_code() -> dict[str, set[str]]:
    """Every op the code writes into a message, with the files that write it."""
    found: dict[str, set[str]] = {}
    web = ROOT / "web"
    sources = [*web.glob("engine/app/**/*.py"), *web.glob("page/ui/*.py"), *web.glob("*/*.js"), *web.glob("*/*.mjs")]
    for path in sources:
        if path.parts[-3:-1] == ("app", "peer") and path.name == "protocol.py":
            continue  # the phones' own protocol (app.peer.protocol), not the page's
        text = path.read_text()
        pattern = SENT_JS if path.suffix in (".js", ".mjs") else SENT_PY
        for op in pattern.findall(text):
            found.setdefault(op, set()).add(str(path.relative_to(ROOT)))
    return found


OTHER_BOUNDARIES = set(bots.MESSAGES.kinds)  # the bots' worker's (shared.bots)


def test_every_op_the_code_sends_is_a_kind_of_the_protocol() -> None:
    found = ops_in_code()
    assert {"intent", "draw", "saves-write", "hook", "peer-sdp"} <= set(found)  # the scan sees both sides
    unknown = {
        op: sorted(files) for op, files in found.items() if op not in protocol.KINDS | dict.fromkeys(OTHER_BOUNDARIES)
    }
    assert unknown == {}


@pytest.mark.skipif(shutil.which("node") is None or not MICROPYTHON.exists(), reason="needs node and npm ci")
def test_micropython_checks_as_cpython_does(tmp_path: Path) -> None:
    """The page's check: the build's bytecode of shared.protocol inside MicroPython gives the same reasons."""
    compile_ui(tmp_path / "ui", npm_version(MICROPYTHON_PACKAGE))
    cases = [[message, sender] for message, sender in GOOD] + [[message, sender] for message, sender, _ in BAD]
    cases += [[message, protocol.PAGE] for message, _ in INTENT_CASES]
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("mpy_check.mjs")), str(MICROPYTHON), str(tmp_path / "shared")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
    )
    got = [line.removeprefix("WHY ") for line in run.stdout.splitlines() if line.startswith("WHY")]
    assert got == [protocol.check(message, sender) for message, sender in cases], run.stdout[-2000:] + run.stderr
