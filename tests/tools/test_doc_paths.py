"""The README and docs/architecture.md name only what exists: every backticked source path is a file or folder of the
repository, and every backticked `module.Name` (of our packages: uno_core, scorekeeper, uno_rl, app, ui, shared,
tools, bench) is a module, or a name defined in one (read from its source, nothing imported)."""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "docs" / "architecture.md"]
PACKAGES = {  # import name -> the folder that holds it
    "uno_core": ROOT,
    "scorekeeper": ROOT,
    "uno_rl": ROOT,
    "tools": ROOT,
    "bench": ROOT,
    "app": ROOT / "web" / "engine",
    "ui": ROOT / "web" / "page",
    "shared": ROOT / "web",
}
EXTENSIONS = (".py", ".js", ".mjs", ".json", ".css", ".html", ".md", ".toml", ".yml", ".cjs", ".webmanifest")
TICKED = re.compile(r"`([^`\n]+)`")


def ticked(path: Path) -> list[str]:
    return TICKED.findall(path.read_text(encoding="utf-8"))


def is_path(token: str) -> bool:
    if token.startswith(("#", "http", "./dev", "python", "npm ", "pip ", "-")) or any(c in token for c in " <>*{}$|?"):
        return False
    return "/" in token and (token.endswith("/") or token.endswith(EXTENSIONS))


@cache
def catalogue_keys() -> frozenset[str]:
    return frozenset(json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")))


def is_dotted(token: str) -> bool:
    """A module or a module's name (not a catalogue key such as `app.title`, not a file name such as `app.zip`)."""
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", token) or token.split(".")[0] not in PACKAGES:
        return False
    return token not in catalogue_keys() and not token.endswith("." + ext.lstrip(".") for ext in (*EXTENSIONS, "zip"))


@cache
def module_source(dotted: str) -> Path | None:
    """The file of module `dotted` (a package's __init__.py), or None."""
    base = PACKAGES[dotted.split(".")[0]] / Path(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


@cache
def defined(path: Path) -> dict[str, ast.AST]:
    """The names a module defines at its top level (classes, functions, assignments, imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        names[name.id] = node
        elif isinstance(node, ast.ImportFrom | ast.Import):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
    return names


def exists(dotted: str) -> bool:
    """`dotted` is a module, or a module's name, or a class's attribute (`app.link.Link.to_page`)."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        source = module_source(".".join(parts[:split]))
        if source is None:
            continue
        rest = parts[split:]
        if not rest:
            return True
        node = defined(source).get(rest[0])
        if node is None:
            return False
        if len(rest) == 1 or not isinstance(node, ast.ClassDef):
            return len(rest) == 1 or isinstance(node, ast.ImportFrom | ast.Import)
        members = {m.name for m in node.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
        members |= {
            t.id for m in node.body if isinstance(m, ast.AnnAssign) for t in [m.target] if isinstance(t, ast.Name)
        }
        members |= {t.id for m in node.body if isinstance(m, ast.Assign) for t in m.targets if isinstance(t, ast.Name)}
        return rest[1] in members
    return False


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_source_path_named_exists(doc: Path) -> None:
    missing = sorted({token for token in ticked(doc) if is_path(token) and not (ROOT / token).exists()})
    assert missing == [], f"{doc.name} names paths that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_module_and_name_named_exists(doc: Path) -> None:
    missing = sorted({token for token in ticked(doc) if is_dotted(token) and not exists(token)})
    assert missing == [], f"{doc.name} names modules or names that do not exist: {missing}"
