"""The worker's messages to the page (app.worker.WorkerPage): characters go as UTF-8, never as \\u escapes, since
MicroPython's json reads an escaped surrogate pair (an emoji) as two broken characters (names with
emoji came back from a sheet link as six U+FFFD)."""

from __future__ import annotations

import json

from app.worker import WorkerPage


def test_an_emoji_crosses_as_utf8_text() -> None:
    sent: list[str] = []
    WorkerPage(sent.append, lambda: "null", lambda: 0).receive({"op": "set", "marks": {"name": "Zoë 🃏"}})
    (text,) = sent
    assert "🃏" in text and "\\u" not in text
    assert json.loads(text)["marks"]["name"] == "Zoë 🃏"
