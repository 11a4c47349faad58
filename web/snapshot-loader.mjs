// PyScript's interpreter module (pyscript.json "interpreter"): Pyodide's own loadPyodide, started from a
// memory snapshot of a ready interpreter when this build has one. The build copies this file next to
// pyodide.mjs (runtime/pyodide-<version>/uno-loader.mjs), so PyScript's indexURL (the folder of the
// interpreter module) and its package cache key stay those of the runtime.
//
// What a snapshot holds: Pyodide booted, our wheels imported (uno_core, scorekeeper and every submodule)
// and the stdlib modules the app uses. Nothing of PyScript: the snapshot is made by a separate,
// private interpreter after the app is ready, so no JS object or proxy of the page is in it
// (Pyodide can only restore JS references it reaches by a path from globalThis). The files of the
// virtual FS are not in a snapshot: PyScript installs the wheel (from its cached lock) and writes
// the app's files again on every start, as it does on a plain start.
// Stored in IndexedDB (not Cache Storage: the service worker owns the "uno-*" caches) by a worker,
// web/snapshot-store.js, which reads it off the main thread from the first moment of the page.
//
// Key: Pyodide version + wheel hashes + build version (build.json). A record with another key is
// deleted; a record that fails to read, unzip or restore is deleted and the page starts plainly, then
// makes a fresh one. <html data-start-path="snapshot|plain|plain-fallback"> tells which path ran.

import { loadPyodide as plainLoadPyodide, version } from "./pyodide.mjs";

export { version };

const BUILD_INFO = new URL("../../build.json", import.meta.url);
const INDEX_URL = new URL("./", import.meta.url).href;
const root = document.documentElement;
// Stored as is (not gzipped: gunzip cost 0.4-0.5 s of every start, measured; reading 31 MB costs about
// 0.1 s). Damage is caught by the size and a SHA-256 of the whole image.

// Imported before the snapshot is taken: our wheels (every submodule), the stdlib modules the app and
// PyScript use, then each module of the app's own package that imports nothing JS-facing (`js`,
// `pyscript`...: blocked here, so such modules are left to the normal start).
const PRELOAD = `
import importlib, pkgutil, sys
for _name in ("uno_core", "scorekeeper"):
    _pkg = importlib.import_module(_name)
    for _info in pkgutil.walk_packages(_pkg.__path__, _name + "."):
        importlib.import_module(_info.name)
import ast, asyncio, base64, bisect, codeop, collections, collections.abc, concurrent.futures, contextlib
import dataclasses, datetime, dis, email.message, email.parser, email.utils, enum, functools, hashlib, heapq, html
import html.parser, importlib.metadata, importlib.util, inspect, itertools, json, logging, math, pathlib, platform
import random, re, shutil, socket, ssl, string, subprocess, tarfile, tempfile, textwrap, typing, unicodedata
import urllib.parse, uuid, zipfile
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

// Bytecode of the modules the page imported from source files (the app's JS-facing modules, PyScript's
// own package): they cannot be imported before the snapshot, but their compiling (about 70 ms of every
// start, measured) can be done once. Compiled in the page's interpreter as unchecked-hash .pyc data
// (used without looking at the source: the snapshot's key names the build, so the sources match).
const PAGE_BYTECODE = `
import os, py_compile, sys
_out = "/tmp/uno-bytecode"
for _name, _module in list(sys.modules.items()):
    _origin = getattr(getattr(_module, "__spec__", None), "origin", None) or ""
    if _origin.endswith(".py") and not _origin.startswith("/lib/") and os.path.isfile(_origin):
        _cfile = os.path.join(_out, _name + ".pyc")
        py_compile.compile(_origin, cfile=_cfile, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(_cfile + ".origin", "w") as _f:
            _f.write(_origin)
`;

// In the snapshot's interpreter: that bytecode kept in memory (a module, _uno_bytecode), for the
// modules the preload did not import.
const KEEP_BYTECODE = `
import os, sys, types
_keep = types.ModuleType("_uno_bytecode")
_keep.PYC = {}
for _entry in os.listdir("/tmp/uno-bytecode"):
    if _entry.endswith(".pyc") and _entry[:-4] not in sys.modules:
        with open(f"/tmp/uno-bytecode/{_entry}.origin") as _f, open(f"/tmp/uno-bytecode/{_entry}", "rb") as _g:
            _keep.PYC[_f.read()] = _g.read()
sys.modules["_uno_bytecode"] = _keep
`;

// After a restore: that bytecode written where imports look for it (under sys.pycache_prefix).
const WRITE_BYTECODE = `
import importlib.util, os, sys
sys.pycache_prefix = "/tmp/uno-pycache"
_pyc = getattr(sys.modules.get("_uno_bytecode"), "PYC", {})
for _origin, _data in _pyc.items():
    _cfile = importlib.util.cache_from_source(_origin)
    os.makedirs(os.path.dirname(_cfile), exist_ok=True)
    with open(_cfile, "wb") as _f:
        _f.write(_data)
len(_pyc)
`;

/** Copy the files under `dir` from one interpreter's file system to another's. */
function copyTree(from, to, dir) {
  to.FS.mkdirTree(dir);
  for (const name of from.FS.readdir(dir)) {
    if (name !== "." && name !== "..") to.FS.writeFile(`${dir}/${name}`, from.FS.readFile(`${dir}/${name}`));
  }
}

// The app's own Python files, where PyScript puts them (pyscript.json "files"), for the preload: files
// and archives ("dest/*", unpacked there), as PyScript does.
async function writeAppFiles(py) {
  const response = await fetch(new URL("../../pyscript.json", import.meta.url));
  if (!response.ok) return;
  const { files = {} } = await response.json();
  await Promise.all(Object.entries(files).filter(([, to]) => to.startsWith("./")).map(async ([from, to]) => {
    const file = await fetch(new URL(`../../${from}`, import.meta.url));
    if (!file.ok) throw new Error(`${from}: HTTP ${file.status}`);
    if (to.endsWith("/*")) {
      py.unpackArchive(await file.arrayBuffer(), from.split(".").pop(), { extractDir: to.slice(0, -1) });
      return;
    }
    const path = to.replace(/^\.\//, "");
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, await file.text());
  }));
}

// ---------------------------------------------------------------- storage (a worker: web/snapshot-store.js)
// index.html starts the store worker before anything else loads, so it is reading the image already.
const STORE_URL = new URL("../../web/snapshot-store.js", import.meta.url);
const pending = new Map(); // request id -> (answer) => void
let lastId = 0;
let storeFailure = null;

const storeWorker = (() => {
  let worker = globalThis.unoSnapshotStore;
  try {
    if (!(worker instanceof Worker)) worker = new Worker(STORE_URL);
  } catch (err) {
    storeFailure = String(err);
    return null;
  }
  if (worker.failed) storeFailure = worker.failed; // it failed to start before this module ran
  worker.onmessage = ({ data }) => pending.get(data.id)?.(data);
  worker.onerror = (event) => {
    event.preventDefault();
    storeFailure = event.message || "the snapshot store stopped";
    for (const answer of pending.values()) answer({ error: storeFailure });
  };
  return worker;
})();

/** Send a request to the store worker; `count` promises, one per answer (a read has two). */
function ask(op, args = {}, count = 1) {
  const id = ++lastId;
  const settlers = [];
  const answers = Array.from({ length: count }, () => new Promise((resolve, reject) => settlers.push({ resolve, reject })));
  answers.forEach((answer) => answer.catch(() => {})); // each is awaited where it is used
  const answer = (data) => {
    if (data.error) settlers.splice(0).forEach((s) => s.reject(new Error(`snapshot store: ${data.error}`)));
    else settlers.shift()?.resolve(data);
    if (!settlers.length) pending.delete(id);
  };
  if (storeFailure || !storeWorker) {
    answer({ error: storeFailure || "no worker" });
  } else {
    pending.set(id, answer);
    storeWorker.postMessage({ id, op, ...args });
  }
  return answers;
}

const writeRecord = (record) => ask("put", { record })[0];
const dropRecord = () => {
  writeHint(null);
  return ask("drop")[0].catch(() => {});
};

// A hint that a snapshot is stored (its key), kept in localStorage: synchronous to read at start-up.
const HINT = "uno.snapshot";
function readHint() {
  try { return localStorage.getItem(HINT); } catch { return null; }
}
function writeHint(key) {
  try {
    if (key) localStorage.setItem(HINT, key);
    else localStorage.removeItem(HINT);
  } catch { /* no hint: the next start reads the image before restoring */ }
}

async function digest(bytes) {
  if (!crypto.subtle) return "";
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- wheels
async function fetchWheels() {
  const { wheels } = await metaPromise;
  return Promise.all(wheels.map(async (wheel) => {
    const response = await fetch(wheel.url);
    if (!response.ok) throw new Error(`${wheel.url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
}

/** Unpack wheels into site-packages with Python's zipfile (no pyodide.loadPackage: it would leave a JS
 *  object in the interpreter's reference table, which makeMemorySnapshot refuses). */
function installWheels(py, wheels, installer) {
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
del _path, _wheel, _info, _out
`);
}

// ---------------------------------------------------------------- key
async function buildMeta() {
  const response = await fetch(BUILD_INFO, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  const info = await response.json();
  const wheels = Object.entries(info.files)
    .filter(([path]) => /^wheels\/.+\.whl$/.test(path))
    .map(([path, meta]) => ({ url: new URL(`../../${path}`, import.meta.url).href, sha256: meta.sha256 }));
  const key = [`pyodide ${version}`, ...wheels.map((w) => `wheel ${w.sha256.slice(0, 16)}`), `build ${info.version}`]
    .join(" | ");
  return { key, wheels };
}

// index.html imports this module right after the loading shell, so reading the snapshot and restoring
// the interpreter overlap PyScript's own start-up; PyScript's later import gets this same module.
performance.mark("loader-imported");
const metaPromise = buildMeta();
const snapshotPromise = (async () => {
  const [readAnswer, hashAnswer] = ask("read", {}, 2);
  const [{ key }, found] = await Promise.all([metaPromise, readAnswer]);
  if (!found.found) return { state: "none" };
  const { meta, bytes: buffer } = found;
  if (meta.key !== key) { // another version's snapshot: never used, dropped
    await dropRecord();
    return { state: "stale" };
  }
  performance.mark("snapshot-read");
  const bytes = new Uint8Array(buffer);
  if (bytes.length !== meta.size) throw new Error(`snapshot size ${bytes.length} != ${meta.size}`);
  // The worker hashes the stored bytes while the interpreter is restored; checked before hand-over.
  const checked = hashAnswer.then((answer) => answer.sha256);
  checked.catch(() => {});
  return { state: "ok", bytes, sha256: meta.sha256 || "", checked };
})().catch((err) => ({ state: "damaged", error: err }));

// Output of the restored interpreter until PyScript hands over its own handlers.
const early = { stdout: [], stderr: [] };

/** Restore the snapshot's interpreter and put our wheels' files back; any trouble rejects.
 *  Pyodide takes the image as a promise: it fetches the runtime while the image is read. */
async function restore() {
  root.dataset.snapshot = "restoring"; // the loading shell shows no download progress meanwhile
  const image = snapshotPromise.then((found) => {
    if (found.state !== "ok") throw new Error(`no snapshot to restore (${found.state})`);
    return found.bytes;
  });
  image.catch(() => {}); // Pyodide awaits it; its rejection surfaces there
  const wheels = fetchWheels();
  wheels.catch(() => {}); // awaited below; no unhandled rejection if the restore fails first
  const py = await plainLoadPyodide({
    indexURL: INDEX_URL,
    _loadSnapshot: image,
    stdout: (line) => early.stdout.push(line),
    stderr: (line) => early.stderr.push(line),
  });
  performance.mark("snapshot-restored");
  const { sha256, checked } = await snapshotPromise;
  if (sha256 && (await checked) !== sha256) throw new Error("snapshot checksum mismatch");
  installWheels(py, await wheels, "uno-snapshot");
  root.dataset.snapshotBytecode = String(py.runPython(WRITE_BYTECODE, { globals: py.toPy({}) }));
  const answer = py.runPython("import sys, uno_core; 'uno_core' in sys.modules and uno_core.__version__");
  if (!answer) throw new Error("restored interpreter lacks uno_core");
  performance.mark("snapshot-checked");
  return py;
}

// When the last visit stored a snapshot (a hint in localStorage), the restore starts at once, before
// the image is read; otherwise only once a usable image is found (a first visit fetches nothing twice).
const restorePromise = (async () => {
  if (!readHint()) {
    const found = await snapshotPromise;
    if (found.state !== "ok") return found;
  }
  try {
    return { state: "restored", py: await restore() };
  } catch (err) {
    delete root.dataset.snapshot;
    const found = await snapshotPromise;
    return found.state === "ok" ? { state: "damaged", error: err } : found;
  }
})();

function report(path, detail = "") {
  root.dataset.startPath = path;
  if (detail) console.warn(`uno: snapshot not used (${path}):`, detail);
}

// ---------------------------------------------------------------- make a fresh snapshot
async function makeSnapshot(page) {
  const started = performance.now();
  const { key } = await metaPromise;
  const py = await plainLoadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  installWheels(py, await fetchWheels(), "uno-snapshot");
  await writeAppFiles(py);
  py.runPython(PRELOAD);
  page.runPython(PAGE_BYTECODE, { globals: page.toPy({}) });
  copyTree(page, py, "/tmp/uno-bytecode");
  py.runPython(KEEP_BYTECODE, { globals: py.toPy({}) });
  const raw = py.makeMemorySnapshot();
  const data = new Blob([raw]);
  await writeRecord({ key, size: raw.length, sha256: await digest(raw), data, made: new Date().toISOString() });
  writeHint(key);
  root.dataset.snapshot = "stored";
  root.dataset.snapshotBytes = String(raw.length);
  console.info(`uno: start-up snapshot stored: ${(raw.length / 1e6).toFixed(1)} MB, `
    + `${Math.round(performance.now() - started)} ms`);
}

/** After the app is ready (and the page has had a moment), make and store a snapshot for next time;
 *  `page` is the page's own interpreter. */
function scheduleSnapshot(page) {
  const start = () => setTimeout(() => makeSnapshot(page).catch((err) => {
    root.dataset.snapshot = "failed";
    console.warn("uno: no start-up snapshot:", err);
  }), 300);
  if (root.dataset.pyReady === "1") start();
  else window.addEventListener("uno:ready", start, { once: true });
}

// ---------------------------------------------------------------- PyScript's entry point
/** PyScript calls this with its options (indexURL, packages, lockFileContents, stdout, stderr). */
export async function loadPyodide(options = {}) {
  performance.mark("loader-called");
  const found = await restorePromise;
  if (found.state === "restored") {
    // The snapshot's interpreter has our wheels imported and their files back already, so PyScript's
    // packages and lock are not needed; it gets its own output handlers from here on.
    const { py } = found;
    for (const [name, set] of [["stdout", "setStdout"], ["stderr", "setStderr"]]) {
      if (typeof options[name] !== "function") continue;
      py[set]({ batched: options[name] });
      early[name].splice(0).forEach((line) => options[name](line));
    }
    root.dataset.snapshot = "used";
    report("snapshot");
    return py;
  }
  if (found.state === "damaged") {
    await dropRecord();
    report("plain-fallback", found.error);
  } else {
    report("plain");
  }
  const py = await plainLoadPyodide(options);
  if (typeof indexedDB !== "undefined") scheduleSnapshot(py);
  return py;
}
