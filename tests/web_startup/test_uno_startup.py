"""The Python the start-up snapshot runs inside Pyodide (web/engine/uno_startup.py), on CPython: wheels
unpacked, JS-facing modules left out of the preload, the page's sources collected, modules imported
from kept bytecode and kept files written back."""

from __future__ import annotations

import sys
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import uno_startup


@pytest.fixture
def clean_imports() -> Iterator[None]:
    """Undo what a test adds to sys.modules, sys.meta_path and sys.path."""
    modules, meta_path, path = dict(sys.modules), list(sys.meta_path), list(sys.path)
    yield
    for name in set(sys.modules) - set(modules):
        del sys.modules[name]
    sys.meta_path[:] = meta_path
    sys.path[:] = path


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_wheels_are_unpacked_with_their_installer_and_removed(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo/__init__.py", "VALUE = 1\n")
        archive.writestr("demo-1.0.dist-info/METADATA", "Name: demo\n")
    site = tmp_path / "site"
    assert uno_startup.install_wheels(str(tmp_path / "*.whl"), str(site), "uno-snapshot") == 1
    assert (site / "demo" / "__init__.py").read_text() == "VALUE = 1\n"
    assert (site / "demo-1.0.dist-info" / "INSTALLER").read_text() == "uno-snapshot\n"
    assert not wheel.exists()


def test_preload_imports_the_js_free_modules_only(tmp_path: Path, clean_imports: None) -> None:
    write(
        tmp_path,
        {
            "fakeapp/__init__.py": "",
            "fakeapp/pure.py": "import json\nVALUE = 2\n",
            "fakeapp/page.py": "from pyscript import document\n",
            "fakeapp/sub/__init__.py": "",
            "fakeapp/sub/glue.py": "import js\n",
            "fakepkg/__init__.py": "",
            "fakepkg/rules.py": "RULE = 3\n",
        },
    )
    sys.path.insert(0, str(tmp_path))
    imported = uno_startup.preload(packages=("fakepkg",), app="fakeapp")
    assert sorted(imported) == ["fakeapp.pure", "fakeapp.sub"]
    assert "fakepkg.rules" in sys.modules
    assert "fakeapp.page" not in sys.modules and "fakeapp.sub.glue" not in sys.modules
    assert not any(isinstance(finder, uno_startup._NoJs) for finder in sys.meta_path)


def test_page_sources_are_every_module_of_the_imported_packages(tmp_path: Path) -> None:
    write(tmp_path, {"pkg/__init__.py": "", "pkg/a.py": "A = 1\n", "pkg/deep/__init__.py": "", "pkg/deep/b.py": "B\n"})
    package = types.ModuleType("pkg")
    package.__path__ = [str(tmp_path / "pkg")]
    imported = types.ModuleType("pkg.a")
    imported.__spec__ = types.SimpleNamespace(origin=str(tmp_path / "pkg" / "a.py"))  # type: ignore[assignment]
    stdlib = types.ModuleType("json")
    stdlib.__spec__ = types.SimpleNamespace(origin="/lib/python3.14/json/__init__.py")  # type: ignore[assignment]
    sources = uno_startup.page_sources({"pkg": package, "pkg.a": imported, "json": stdlib})
    assert [(name, text) for name, _path, text in sources] == [
        ("pkg", ""),
        ("pkg.a", "A = 1\n"),
        ("pkg.deep", ""),
        ("pkg.deep.b", "B\n"),
    ]


def test_kept_bytecode_imports_without_files_and_kept_files_are_written_back(
    tmp_path: Path, clean_imports: None
) -> None:
    site = tmp_path / "site"
    write(
        site,
        {
            "lib_a/__init__.py": "X = 1\n",
            "lib_a/util.py": "Y = 2\n",
            "lib_a-1.0.dist-info/METADATA": "Name: lib_a\n",
        },
    )
    origin = tmp_path / "gone" / "keptmod" / "__init__.py"  # the source file is not there at import time
    sources = [["keptmod", str(origin), "VALUE = 40 + 2\n"], ["keptmod.broken", str(origin), "def (:\n"]]
    kept = uno_startup.keep_files(sources, folders=[str(site)], scratch=str(tmp_path / "scratch"))
    assert set(kept.MODULES) == {"keptmod"}  # a module that does not compile is left to the normal import
    for path in list(site.rglob("*")):
        if path.is_file():
            path.unlink()
    import keptmod  # type: ignore[import-not-found]

    assert keptmod.VALUE == 42 and keptmod.__file__ == str(origin)
    assert uno_startup.kept_bytecode() == [1, 1]  # one module kept as bytecode, and imported from it
    assert uno_startup.write_kept(metadata=True) == 0
    assert (site / "lib_a-1.0.dist-info" / "METADATA").exists() and not (site / "lib_a" / "__init__.py").exists()
    assert uno_startup.write_kept(metadata=False, limit=1) == 1  # a few at a time: one written, one left
    assert len(list(site.rglob("*.py"))) == 1
    assert uno_startup.write_kept(metadata=False, limit=1) == 0
    assert (site / "lib_a" / "__init__.py").read_text() == "X = 1\n"
    assert (site / "lib_a" / "util.py").read_text() == "Y = 2\n"
    assert uno_startup.write_kept(metadata=False) == 0  # nothing written twice, nothing left


def test_the_build_embeds_this_module_in_the_snapshot_modules() -> None:
    from tools.build import STARTUP_PLACEHOLDER, runtime_module

    text = runtime_module("snapshot/snapshot-common.mjs")
    assert STARTUP_PLACEHOLDER not in text and "def keep_files(" in text
    maker = Path(uno_startup.__file__).parents[1] / "snapshot" / "snapshot-maker.mjs"
    assert runtime_module("snapshot/snapshot-maker.mjs") == maker.read_text(encoding="utf-8")
