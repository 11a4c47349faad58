"""Checks a commit message's first line: under 72 characters, detail in the body after a blank line.

`python -m tools.commit_subject <message file>` (the pre-commit `commit-msg` hook) exits 1 with the reason."""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 72


def problems(message: str) -> list[str]:
    """What is wrong with `message` (git's text, comments included), or nothing."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        return ["the message is empty"]
    found = []
    if len(lines[0]) >= LIMIT:
        found.append(f"the subject has {len(lines[0])} characters: keep it under {LIMIT}, detail in the body")
    if len(lines) > 1 and lines[1].strip():
        found.append("put a blank line between the subject and the body")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.commit_subject <commit message file>", file=sys.stderr)
        return 2
    found = problems(Path(argv[0]).read_text(encoding="utf-8"))
    for problem in found:
        print(f"commit message: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
