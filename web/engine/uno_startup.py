"""The Python that the start-up snapshot (a memory image of the started interpreter) runs inside Pyodide,
as a real module.

The build embeds this file's text in `snapshot-common.mjs` (`STARTUP_PY`, see tools/build.py); the
snapshot's JS registers it as the module `uno_startup` in an interpreter (`startupModule(py)`) and
calls one function at a time. Also imported by the CPython tests (tests/unit/test_uno_startup.py).

- In the snapshot maker's interpreter, before the snapshot: `install_wheels`, `preload`,
  `keep_files` (the files a snapshot cannot hold, and bytecode of the page's other modules).
- In the page's plain interpreter, for the maker: `page_sources`.
- In a restored interpreter: `write_kept` (the wheels' metadata at once, the sources later, a few at a
  time), `kept_bytecode`.
"""

from __future__ import annotations

import glob
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import marshal
import os
import pkgutil
import py_compile
import sys
import sysconfig
import types
import zipfile
from collections.abc import Iterable, Sequence
from typing import Any

KEPT = "_uno_files"  # the module that holds the kept files and bytecode, in the snapshot's memory
PACKAGES = ("uno_core", "scorekeeper")
STDLIB = (
    "ast",
    "asyncio",
    "base64",
    "bisect",
    "codeop",
    "collections",
    "collections.abc",
    "concurrent.futures",
    "contextlib",
    "dataclasses",
    "datetime",
    "dis",
    "email.message",
    "email.parser",
    "email.utils",
    "enum",
    "functools",
    "hashlib",
    "heapq",
    "html",
    "html.parser",
    "importlib.metadata",
    "importlib.util",
    "inspect",
    "itertools",
    "json",
    "logging",
    "math",
    "pathlib",
    "platform",
    "py_compile",
    "random",
    "re",
    "shutil",
    "socket",
    "ssl",
    "string",
    "subprocess",
    "tarfile",
    "tempfile",
    "textwrap",
    "typing",
    "unicodedata",
    "urllib.parse",
    "uuid",
    "zipfile",
)
"""The stdlib modules the app and PyScript use (imported before the snapshot: nothing to load at start)."""
PYODIDE = ("pyodide.code", "pyodide.ffi", "pyodide.http", "pyodide.webloop", "pyodide._package_loader")
JS_FACING = frozenset({"js", "pyodide_js", "pyscript", "polyscript"})


def install_wheels(pattern: str, site_packages: str, installer: str) -> int:
    """Unpack the wheels matching `pattern` into `site_packages` (no pyodide.loadPackage: it would leave a
    JS object in the interpreter's reference table, which makeMemorySnapshot refuses); return how many."""
    paths = sorted(glob.glob(pattern))
    for path in paths:
        with zipfile.ZipFile(path) as wheel:
            wheel.extractall(site_packages)
            infos = {name.split("/")[0] for name in wheel.namelist() if name.split("/")[0].endswith(".dist-info")}
            for info in infos:
                with open(os.path.join(site_packages, info, "INSTALLER"), "w") as out:
                    out.write(installer + "\n")
        os.remove(path)
    return len(paths)


class _NoJs:
    """Refuses JS-facing imports while preloading: such modules are left to the page's normal start."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.split(".")[0] in JS_FACING:
            raise ImportError(f"{name} is not preloaded")
        return None


APP_PACKAGES = ("app", "ui", "shared")  # unpacked from web/app.zip: the worker's side, the page's, what both import


def preload(packages: Sequence[str] = PACKAGES, app: str = "app") -> list[str]:
    """Import our wheels (every submodule), the stdlib the app uses, Pyodide's helpers, then each module
    of the app's package that imports nothing JS-facing; return the app modules imported."""
    for name in packages:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(info.name)
    for name in (*STDLIB, *(PYODIDE if sys.platform == "emscripten" else ())):
        importlib.import_module(name)
    imported: list[str] = []
    blocker = _NoJs()
    sys.meta_path.insert(0, blocker)
    try:
        if importlib.util.find_spec(app) is not None:
            package = importlib.import_module(app)
            for info in pkgutil.walk_packages(package.__path__, app + ".", onerror=lambda name: None):
                try:
                    importlib.import_module(info.name)
                except Exception:  # a JS-facing module (or one that needs the page): the page imports it
                    continue
                imported.append(info.name)
    finally:
        sys.meta_path.remove(blocker)
    importlib.invalidate_caches()
    return imported


def page_sources(modules: dict[str, types.ModuleType] | None = None) -> list[tuple[str, str, str]]:
    """(module name, path, source) of every module of each package the page imported from a source file
    outside the stdlib (`/lib/`): the app's JS-facing modules, PyScript's own package. Every module of
    those packages, imported yet or not: a screen opened later needs its modules too."""
    modules = dict(sys.modules if modules is None else modules)
    roots: set[str] = set()
    for name, module in modules.items():
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.endswith(".py") and not origin.startswith("/lib/") and os.path.isfile(origin):
            top = modules.get(name.split(".")[0])
            paths = list(getattr(top, "__path__", None) or [])
            roots.update(paths or [origin])
    sources: list[tuple[str, str, str]] = []
    for root in sorted(roots):
        if root.endswith(".py"):
            files = [root]
        else:
            files = sorted(os.path.join(d, n) for d, _s, names in os.walk(root) for n in names if n.endswith(".py"))
        for path in files:
            rel = os.path.relpath(path, os.path.dirname(root))
            name = rel[:-3].replace(os.sep, ".").removesuffix(".__init__")
            try:
                with open(path, encoding="utf-8") as file:
                    sources.append((name, path, file.read()))
            except (OSError, UnicodeDecodeError):
                continue
    return sources


class KeptBytecode(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the page's modules from bytecode kept in this snapshot (name -> (origin, is package, pyc))."""

    def __init__(self, modules: dict[str, tuple[str, bool, bytes]]) -> None:
        self.modules = modules

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.modules:
            return None
        origin, is_package, _pyc = self.modules[name]
        spec = importlib.machinery.ModuleSpec(name, self, origin=origin, is_package=is_package)
        spec.has_location = True  # __file__ is the source's path, as when imported from it
        if is_package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        _origin, _is_package, pyc = self.modules[module.__spec__.name]  # type: ignore[union-attr]
        exec(marshal.loads(memoryview(pyc)[16:]), module.__dict__)


def keep_files(
    sources: Iterable[Sequence[str]], folders: Sequence[str] | None = None, scratch: str = "/tmp/uno-bytecode"
) -> types.ModuleType:
    """Keep in memory what a snapshot cannot hold (its file system is not in it): the files of `folders`
    (default: site-packages and the app's packages, `APP_PACKAGES`) and unchecked-hash bytecode of the given
    module sources not imported yet; install the finder that imports them first. Returns the module `_uno_files`."""
    kept = types.ModuleType(KEPT)
    files: dict[str, bytes] = {}
    modules: dict[str, tuple[str, bool, bytes]] = {}
    default = (sysconfig.get_path("purelib"), *(os.path.abspath(name) for name in APP_PACKAGES if os.path.isdir(name)))
    for folder in folders if folders is not None else default:
        for directory, subdirs, names in os.walk(folder):
            subdirs[:] = [d for d in subdirs if d != "__pycache__"]
            for name in names:
                with open(os.path.join(directory, name), "rb") as file:
                    files[os.path.join(directory, name)] = file.read()
    os.makedirs(scratch, exist_ok=True)
    for index, (name, origin, source) in enumerate(sources):
        if name in sys.modules:
            continue
        src, pyc = os.path.join(scratch, f"{index}.py"), os.path.join(scratch, f"{index}.pyc")
        with open(src, "w", encoding="utf-8") as file:
            file.write(source)
        try:
            py_compile.compile(
                src,
                cfile=pyc,
                dfile=origin,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
        except py_compile.PyCompileError:
            continue
        with open(pyc, "rb") as file:
            modules[name] = (origin, os.path.basename(origin) == "__init__.py", file.read())
    finder = KeptBytecode(modules)
    kept.FILES, kept.MODULES, kept.finder = files, modules, finder  # type: ignore[attr-defined]
    sys.meta_path.insert(0, finder)
    sys.modules[KEPT] = kept
    return kept


def write_kept(metadata: bool, limit: int | None = None) -> int:
    """Write out kept files not written yet: the wheels' `.dist-info` (read at start), or everything else, the
    sources (tracebacks read them). At most `limit` per call (all without one), so that the engine worker can
    answer the page between calls; answers how many of that kind are left."""
    kept: Any = sys.modules[KEPT]
    written: set[str] = kept.__dict__.setdefault("WRITTEN", set())
    left = [path for path in kept.FILES if (".dist-info/" in path) == metadata and path not in written]
    for path in left[:limit]:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(kept.FILES[path])
        written.add(path)
    return len(left[limit:]) if limit is not None else 0


def kept_bytecode() -> list[int]:
    """[modules whose bytecode the snapshot keeps, modules imported from it so far]."""
    kept: Any = sys.modules[KEPT]
    imported = sum(
        getattr(getattr(sys.modules.get(name), "__spec__", None), "loader", None) is kept.finder
        for name in kept.MODULES
    )
    return [len(kept.MODULES), imported]
