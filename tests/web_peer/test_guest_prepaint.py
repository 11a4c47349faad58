"""web/page/guest-prepaint.mjs speaks for a guest's page until its Python listens: its constants are the ones the
Python sides use (the envelope's version, the link's size, the pulse, the token's key, the events `ui.host` takes)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from app.peer import protocol
from shared import phones

ROOT = Path(__file__).resolve().parents[2]
JS = (ROOT / "web" / "page" / "guest-prepaint.mjs").read_text()


def js_const(name: str) -> object:
    found = re.search(rf"^(?:export )?const {name} = (.+?);", JS, re.MULTILINE)
    assert found, name
    return ast.literal_eval(found.group(1))  # a number (16_000 reads the same), a text or a list of texts


def py_const(module: str, name: str) -> object:
    tree = ast.parse((ROOT / "web" / "page" / "ui" / f"{module}.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"ui.{module}.{name}")


def test_the_envelope_and_the_link_are_the_pythons() -> None:
    assert js_const("VERSION") == phones.VERSION
    assert js_const("MAX_BYTES") == protocol.MAX_BYTES


def test_the_pulse_the_token_and_the_events_are_the_pages() -> None:
    assert js_const("PING_MS") == py_const("remote", "PING_MS")
    assert js_const("TOKEN_KEY") == py_const("remote", "TOKEN_KEY")
    assert tuple(js_const("EVENTS")) == py_const("host", "EVENTS")  # type: ignore[arg-type]
