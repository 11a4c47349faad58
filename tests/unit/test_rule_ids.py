"""Every rule ID of RULES.md (but R-KEEP, the score keeper's) is pinned by a unit test comment."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]  # the repo checkout
RULES = ROOT / "docs" / "RULES.md"  # the project's copy of the spec
SHARED = ROOT / ".." / "shared" / "RULES.md"  # the team's copy, where it is mounted next to the checkout
HERE = Path(__file__).resolve().parent

DEFINITION = re.compile(r"^\s*- (R-[A-Z0-9]+-[A-Z0-9]+)\b", re.MULTILINE)
COMMENT_IDS = re.compile(r"R-[A-Z0-9]+-[A-Z0-9]+")


def defined_ids(text: str) -> list[str]:
    return [rule for rule in DEFINITION.findall(text) if not rule.startswith("R-KEEP-")]


def pinned_ids() -> set[str]:
    found: set[str] = set()
    for path in sorted(HERE.rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            _, hash_, comment = line.partition("#")
            if hash_:
                found.update(COMMENT_IDS.findall(comment))
    return found


def test_every_rule_id_is_covered_by_a_unit_test() -> None:
    if not RULES.is_file():
        pytest.skip(f"RULES.md not found at {RULES} (docs/ is not shipped here, e.g. inside Pyodide)")
    ids = defined_ids(RULES.read_text(encoding="utf-8"))
    assert "R-DECK-1" in ids and "R-VAR-SKIPDRAW" in ids and "R-NOTE-4" in ids  # the parser works
    assert len(ids) == len(set(ids)), "duplicate IDs in RULES.md"
    missing = [rule for rule in ids if rule not in pinned_ids()]
    assert not missing, f"rule IDs without a test comment '# {missing[0]}' under tests/unit: {missing}"


def test_pinned_ids_exist_in_rules() -> None:
    if not RULES.is_file():
        pytest.skip(f"RULES.md not found at {RULES} (docs/ is not shipped here, e.g. inside Pyodide)")
    ids = set(defined_ids(RULES.read_text(encoding="utf-8")))
    unknown = sorted(pinned_ids() - ids)
    assert not unknown, f"test comments name rule IDs that RULES.md does not define: {unknown}"


def test_the_project_copy_is_the_shared_spec() -> None:
    if not SHARED.is_file() or not RULES.is_file():
        pytest.skip(f"no shared spec at {SHARED} to compare docs/RULES.md with")
    assert RULES.read_bytes() == SHARED.read_bytes(), "docs/RULES.md differs from ../shared/RULES.md: copy it again"
