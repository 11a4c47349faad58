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
// Stored in IndexedDB (not Cache Storage: the service worker owns the "uno-*" caches).
//
// Key: Pyodide version + wheel hashes + build version (build.json). A record with another key is
// deleted; a record that fails to read, unzip or restore is deleted and the page starts plainly, then
// makes a fresh one. <html data-start-path="snapshot|plain|plain-fallback"> tells which path ran.

import { loadPyodide as plainLoadPyodide, version } from "./pyodide.mjs";

export { version };

const DB = "uno-snapshot";
const STORE = "snapshots";
const RECORD = "current";
const BUILD_INFO = new URL("../../build.json", import.meta.url);
const INDEX_URL = new URL("./", import.meta.url).href;
const root = document.documentElement;
// Stored as is: gunzip cost 0.4-0.5 s of every start (measured), reading 31 MB costs about 0.08 s.
// Damage is caught by the size and a SHA-256 of the whole image (about 0.1 s).
const COMPRESS = false;

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

// The app's own Python files, where PyScript puts them (pyscript.json "files"), for the preload.
async function writeAppFiles(py) {
  const response = await fetch(new URL("../../pyscript.json", import.meta.url));
  if (!response.ok) return;
  const { files = {} } = await response.json();
  await Promise.all(Object.entries(files).filter(([, to]) => to.endsWith(".py")).map(async ([from, to]) => {
    const file = await fetch(new URL(`../../${from}`, import.meta.url));
    if (!file.ok) throw new Error(`${from}: HTTP ${file.status}`);
    const text = await file.text();
    const path = to.replace(/^\.\//, "");
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  }));
}

// ---------------------------------------------------------------- storage (IndexedDB)
function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore(mode, fn) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

const readRecord = () => withStore("readonly", (s) => s.get(RECORD));
const writeRecord = (record) => withStore("readwrite", (s) => s.put(record, RECORD));
const dropRecord = () => withStore("readwrite", (s) => s.delete(RECORD)).catch(() => {});

async function digest(bytes) {
  if (!crypto.subtle) return "";
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
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

// Started when PyScript imports this module, so it overlaps PyScript's own start-up.
performance.mark("loader-imported");
const metaPromise = buildMeta();
const snapshotPromise = (async () => {
  const { key } = await metaPromise;
  const record = await readRecord();
  if (!record) return { state: "none" };
  if (record.key !== key) { // another version's snapshot: never used, dropped
    await dropRecord();
    return { state: "stale" };
  }
  performance.mark("snapshot-read");
  const bytes = record.enc === "gzip" ? await pipe(record.data, new DecompressionStream("gzip"))
    : new Uint8Array(await record.data.arrayBuffer());
  if (bytes.length !== record.size) throw new Error(`snapshot size ${bytes.length} != ${record.size}`);
  if (record.sha256 && (await digest(bytes)) !== record.sha256) throw new Error("snapshot checksum mismatch");
  performance.mark("snapshot-checked");
  return { state: "ok", bytes };
})().catch((err) => ({ state: "damaged", error: err }));

function report(path, detail = "") {
  root.dataset.startPath = path;
  if (detail) console.warn(`uno: snapshot not used (${path}):`, detail);
}

// ---------------------------------------------------------------- make a fresh snapshot
async function makeSnapshot() {
  const started = performance.now();
  const { key, wheels } = await metaPromise;
  const py = await plainLoadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  installWheels(py, await fetchWheels(), "uno-snapshot");
  await writeAppFiles(py);
  py.runPython(PRELOAD);
  const raw = py.makeMemorySnapshot();
  const stored = COMPRESS ? await pipe(raw, new CompressionStream("gzip")) : raw;
  const record = { key, size: raw.length, sha256: await digest(raw), enc: COMPRESS ? "gzip" : "raw" };
  await writeRecord({ ...record, data: new Blob([stored]), made: new Date().toISOString() });
  root.dataset.snapshot = "stored";
  root.dataset.snapshotBytes = String(stored.length);
  console.info(`uno: start-up snapshot stored: ${(raw.length / 1e6).toFixed(1)} MB raw, `
    + `${(stored.length / 1e6).toFixed(1)} MB stored, ${Math.round(performance.now() - started)} ms`);
}

/** After the app is ready (and the page has had a moment), make and store a snapshot for next time. */
function scheduleSnapshot() {
  const start = () => setTimeout(() => makeSnapshot().catch((err) => {
    root.dataset.snapshot = "failed";
    console.warn("uno: no start-up snapshot:", err);
  }), 300);
  if (root.dataset.pyReady === "1") start();
  else window.addEventListener("uno:ready", start, { once: true });
}

// ---------------------------------------------------------------- PyScript's entry point
/** PyScript calls this with its options (indexURL, packages, lock, stdout/stderr). */
export async function loadPyodide(options = {}) {
  performance.mark("loader-called");
  const found = await snapshotPromise;
  if (found.state === "ok") {
    try {
      // The snapshot's interpreter has our wheels imported already; their files come back here, straight
      // from the (cached) wheels, rather than through Pyodide's package manager and PyScript's lock.
      const { packages, lockFileContents, ...rest } = options;
      const wheels = packages ? fetchWheels() : null;
      wheels?.catch(() => {}); // awaited below; no unhandled rejection if the restore fails first
      const py = await plainLoadPyodide({ ...rest, _loadSnapshot: found.bytes });
      performance.mark("snapshot-restored");
      if (wheels) installWheels(py, await wheels, "uno-snapshot");
      const answer = py.runPython("import sys, uno_core; 'uno_core' in sys.modules and uno_core.__version__");
      if (!answer) throw new Error("restored interpreter lacks uno_core");
      root.dataset.snapshot = "used";
      report("snapshot");
      return py;
    } catch (err) {
      await dropRecord();
      report("plain-fallback", err);
    }
  } else if (found.state === "damaged") {
    await dropRecord();
    report("plain-fallback", found.error);
  } else {
    report("plain");
  }
  const py = await plainLoadPyodide(options);
  if (typeof CompressionStream === "function" && typeof indexedDB !== "undefined") scheduleSnapshot();
  return py;
}
