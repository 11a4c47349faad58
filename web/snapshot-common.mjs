// What the start-up snapshot's loader (the page, snapshot-loader.mjs) and maker (a worker,
// snapshot-maker.mjs) share: the snapshot's key, our wheels, the app's package and the Python that runs
// before a snapshot is taken and after one is restored. The build serves these three modules next to
// pyodide.mjs (runtime/pyodide-<version>/), so "../../" is the site's root.

const SITE = new URL("../../", import.meta.url);

/** The snapshot's key (Pyodide version + our wheels' hashes + build version), our wheels' URLs and
 *  the app package's archive (web/app.zip). */
export async function buildMeta(pyodideVersion) {
  const response = await fetch(new URL("build.json", SITE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  const info = await response.json();
  const wheels = Object.entries(info.files)
    .filter(([path]) => /^wheels\/.+\.whl$/.test(path))
    .map(([path, meta]) => ({ url: new URL(path, SITE).href, sha256: meta.sha256 }));
  const key = [`pyodide ${pyodideVersion}`, ...wheels.map((w) => `wheel ${w.sha256.slice(0, 16)}`), `build ${info.version}`]
    .join(" | ");
  return { key, wheels, appArchive: new URL(info.app_archive, SITE).href };
}

export function fetchWheels(wheels) {
  return Promise.all(wheels.map(async (wheel) => {
    const response = await fetch(wheel.url);
    if (!response.ok) throw new Error(`${wheel.url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
}

/** Unpack wheels into site-packages with Python's zipfile (no pyodide.loadPackage: it would leave a JS
 *  object in the interpreter's reference table, which makeMemorySnapshot refuses). */
export function installWheels(py, wheels, installer) {
  wheels.forEach((bytes, i) => py.FS.writeFile(`/tmp/uno-wheel-${i}.whl`, bytes));
  py.runPython(`
import glob, os, sysconfig, zipfile
for _path in sorted(glob.glob("/tmp/uno-wheel-*.whl")):
    with zipfile.ZipFile(_path) as _wheel:
        _wheel.extractall(sysconfig.get_path("purelib"))
        for _info in {_n.split("/")[0] for _n in _wheel.namelist() if _n.split("/")[0].endswith(".dist-info")}:
            with open(os.path.join(sysconfig.get_path("purelib"), _info, "INSTALLER"), "w") as _out:
                _out.write("${installer}\\n")
    os.remove(_path)
`, { globals: py.toPy({}) });
}

/** The app's package: its archive unpacked into the working directory (importable as `app`). */
export async function writeAppFiles(py, archiveURL) {
  const response = await fetch(archiveURL);
  if (!response.ok) throw new Error(`${archiveURL}: HTTP ${response.status}`);
  py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "." });
}

// Imported before the snapshot is taken: our wheels (every submodule), the stdlib modules the app and
// PyScript use, then each module of the app's own package that imports nothing JS-facing (`js`,
// `pyscript`...: blocked here, so such modules are left to the normal start).
export const PRELOAD = `
import importlib, pkgutil, sys
for _name in ("uno_core", "scorekeeper"):
    _pkg = importlib.import_module(_name)
    for _info in pkgutil.walk_packages(_pkg.__path__, _name + "."):
        importlib.import_module(_info.name)
import ast, asyncio, base64, bisect, codeop, collections, collections.abc, concurrent.futures, contextlib
import dataclasses, datetime, dis, email.message, email.parser, email.utils, enum, functools, hashlib, heapq, html
import html.parser, importlib.metadata, importlib.util, inspect, itertools, json, logging, math, pathlib, platform
import py_compile, random, re, shutil, socket, ssl, string, subprocess, tarfile, tempfile, textwrap, typing
import unicodedata, urllib.parse, uuid, zipfile
import pyodide.code, pyodide.ffi, pyodide.http, pyodide.webloop, pyodide._package_loader


class _NoJs:
    BLOCKED = {"js", "pyodide_js", "pyscript", "polyscript"}

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.BLOCKED:
            raise ImportError(f"{name} is not preloaded")
        return None


sys.meta_path.insert(0, _NoJs())
try:
    if importlib.util.find_spec("app") is not None:
        _app = importlib.import_module("app")
        for _info in pkgutil.walk_packages(_app.__path__, "app.", onerror=lambda name: None):
            try:
                importlib.import_module(_info.name)
            except Exception:
                pass
finally:
    del sys.meta_path[0]
importlib.invalidate_caches()
`;

// Files a snapshot cannot hold (the virtual file system is not in it), kept in its memory instead:
// - our wheels' installed files (site-packages) and the app's package: written back after a restore
//   (nothing to fetch or unzip), their metadata at once (the app reads its INSTALLER at start), the
//   sources once the app is ready (only tracebacks and the like read them);
// - bytecode of the modules the page imported from source files (the app's JS-facing modules, PyScript's
//   own package): they cannot be imported before the snapshot, but compiling them (about 70 ms of every
//   start, measured) is done once. The page hands over their packages' sources, every module, imported
//   yet or not (PAGE_SOURCES: a screen opened later needs its modules too); the maker compiles those
//   the preload did not import, and a finder first on sys.meta_path imports them from that bytecode
//   (no file is read: writing them out before the hand-over cost 40-70 ms of every start, measured).
//   The snapshot's key names the build, so the sources match.
// KEEP_FILES puts both in a module, _uno_files, and installs the finder; WRITE_METADATA and
// WRITE_SOURCES write out the kept files, the metadata at once, the sources later.
export const PAGE_SOURCES = `
import os, sys
_roots = set()
for _name, _module in list(sys.modules.items()):
    _origin = getattr(getattr(_module, "__spec__", None), "origin", None) or ""
    if _origin.endswith(".py") and not _origin.startswith("/lib/") and os.path.isfile(_origin):
        _top = sys.modules.get(_name.split(".")[0])
        _paths = list(getattr(_top, "__path__", None) or [])
        _roots.update(_paths or [_origin])
_sources = []
for _root in sorted(_roots):
    _files = [_root] if _root.endswith(".py") else sorted(
        os.path.join(_d, _n) for _d, _s, _ns in os.walk(_root) for _n in _ns if _n.endswith(".py"))
    for _path in _files:
        _rel = os.path.relpath(_path, os.path.dirname(_root))
        _name = _rel[:-3].replace(os.sep, ".").removesuffix(".__init__")
        try:
            with open(_path, encoding="utf-8") as _f:
                _sources.append((_name, _path, _f.read()))
        except (OSError, UnicodeDecodeError):
            pass
_sources
`;

export const KEEP_FILES = `
import importlib.machinery, marshal, os, py_compile, sys, sysconfig, types


class KeptBytecode:
    """Imports the page's modules from bytecode kept in this snapshot (name -> (origin, is package, pyc))."""

    def __init__(self, modules):
        self.modules = modules

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        origin, is_package, _pyc = self.modules[name]
        spec = importlib.machinery.ModuleSpec(name, self, origin=origin, is_package=is_package)
        spec.has_location = True  # __file__ is the source's path, as when imported from it
        if is_package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        _origin, _is_package, pyc = self.modules[module.__spec__.name]
        exec(marshal.loads(memoryview(pyc)[16:]), module.__dict__)


_keep = types.ModuleType("_uno_files")
_keep.FILES, _keep.MODULES = {}, {}
for _dir, _subdirs, _names in [*os.walk(sysconfig.get_path("purelib")), *os.walk(os.path.abspath("app"))]:
    _subdirs[:] = [_d for _d in _subdirs if _d != "__pycache__"]
    for _n in _names:
        with open(os.path.join(_dir, _n), "rb") as _f:
            _keep.FILES[os.path.join(_dir, _n)] = _f.read()
os.makedirs("/tmp/uno-bytecode", exist_ok=True)
for _i, (_name, _origin, _source) in enumerate(_page_sources):
    if _name in sys.modules:
        continue
    _src, _pyc = f"/tmp/uno-bytecode/{_i}.py", f"/tmp/uno-bytecode/{_i}.pyc"
    with open(_src, "w", encoding="utf-8") as _f:
        _f.write(_source)
    try:
        py_compile.compile(_src, cfile=_pyc, dfile=_origin, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError:
        continue
    with open(_pyc, "rb") as _f:
        _keep.MODULES[_name] = (_origin, os.path.basename(_origin) == "__init__.py", _f.read())
_keep.finder = KeptBytecode(_keep.MODULES)
sys.meta_path.insert(0, _keep.finder)
sys.modules["_uno_files"] = _keep
`;

/** Python that writes out the kept files for which `test` (on `_path`) holds. */
const writeKept = (test) => `
import os, sys
_keep = sys.modules["_uno_files"]
for _path, _data in _keep.FILES.items():
    if ${test}:
        os.makedirs(os.path.dirname(_path), exist_ok=True)
        with open(_path, "wb") as _f:
            _f.write(_data)
`;

/** Writes the wheels' .dist-info (read at start); answers how many modules' bytecode is kept. */
export const WRITE_METADATA = `${writeKept(`".dist-info/" in _path`)}len(_keep.MODULES)
`;

/** Writes everything else (the sources); answers how many modules were imported from kept bytecode. */
export const WRITE_SOURCES = `${writeKept(`".dist-info/" not in _path`)}sum(
    getattr(getattr(sys.modules.get(_name), "__spec__", None), "loader", None) is _keep.finder
    for _name in _keep.MODULES
)
`;
