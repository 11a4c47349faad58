"""``uno_core`` imports nothing but the standard library (the browser imports every module of it)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import uno_core

PACKAGE = Path(uno_core.__file__).resolve().parent


def test_every_uno_core_module_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"uno_core", "__future__"}
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] not in allowed:
                    found.setdefault(str(path.relative_to(PACKAGE)), set()).add(name)
    assert not found, f"uno_core must stay dependency-free: {found}"
