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

from shared import protocol
from tools.build import MICROPYTHON as MICROPYTHON_PACKAGE
from tools.build import compile_ui, npm_version

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

GOOD: list[tuple[dict[str, Any], str]] = [
    ({"op": "intent", "act": "card", "arg": "R5", "seq": 3, "blind": False, "enabled": True}, protocol.PAGE),
    ({"op": "route", "hash": "#/play"}, protocol.PAGE),
    ({"op": "saves-written", "id": 2, "error": ""}, protocol.PAGE),
    ({"op": "peer-failed", "link": None, "error": "no WebRTC"}, protocol.PAGE),
    ({"op": "draw", "root": "play", "html": "<p>", "lang": "en", "seen": 4}, protocol.ENGINE),
    ({"op": "batch", "messages": [{"op": "effect", "wake": True}]}, protocol.ENGINE),
    ({"op": "set", "marks": {"saves": "saved"}}, protocol.ENGINE),
    ({"op": "download", "path": "/x.wasm", "done": 0, "total": None, "encoded": True}, protocol.ENGINE),
]
BAD: list[tuple[Any, str, str]] = [
    (["not", "an", "object"], protocol.PAGE, "not an object"),
    ({"act": "card"}, protocol.PAGE, "no op"),
    ({"op": "teleport"}, protocol.PAGE, "unknown op 'teleport'"),
    ({"op": "draw", "root": "play"}, protocol.PAGE, "draw is sent by the engine, not the page"),
    ({"op": "intent", "arg": "R5"}, protocol.PAGE, "intent lacks act"),
    ({"op": "intent", "act": 5}, protocol.PAGE, "intent.act is not str"),
    ({"op": "intent", "act": "card", "seq": True}, protocol.PAGE, "intent.seq is not int"),  # JSON true: no number
    ({"op": "route", "hash": "#/", "from": "x"}, protocol.PAGE, "route has an unknown field from"),
    ({"op": "open", "section": "screen", "tree": []}, protocol.ENGINE, "open.tree is not dict or null"),
    ({"op": "prepainted", "key": "s", "html": "<p>"}, protocol.PAGE, "unknown op 'prepainted'"),  # gone: no echo
]


def test_every_kind_names_its_sender_and_typed_fields() -> None:
    for op, (sender, required, optional) in protocol.KINDS.items():
        assert sender in (protocol.PAGE, protocol.ENGINE), op
        assert not set(required) & set(optional), op
        for types in (*required.values(), *optional.values()):
            assert types is protocol.ANY or all(isinstance(kind, type) for kind in types), op
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


OTHER_BOUNDARIES = {"choose", "hint"}  # the bots' worker's requests (app.play.brain)


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
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("mpy_check.mjs")), str(MICROPYTHON), str(tmp_path / "shared")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
    )
    got = [line.removeprefix("WHY ") for line in run.stdout.splitlines() if line.startswith("WHY")]
    assert got == [protocol.check(message, sender) for message, sender in cases], run.stdout[-2000:] + run.stderr
