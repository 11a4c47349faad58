"""`web/shared/messages.py` is generated from the schemas (`python -m tools.messages`): a schema changed without
running it leaves the screens' types stale, which mypy would not see."""

from __future__ import annotations

from pathlib import Path

from tools import messages

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "shared" / "messages.py"


def test_the_generated_types_match_the_schemas() -> None:
    assert MESSAGES.read_text(encoding="utf-8") == messages.source(), "run: python -m tools.messages"
