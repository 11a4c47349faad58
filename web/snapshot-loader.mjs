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

// Imported before the snapshot is taken: pure Python only (no `js`, no asyncio event loop).
const PRELOAD = `
import importlib, pkgutil
for _name in ("uno_core", "scorekeeper"):
    _pkg = importlib.import_module(_name)
    for _info in pkgutil.walk_packages(_pkg.__path__, _name + "."):
        importlib.import_module(_info.name)
import collections, collections.abc, contextlib, dataclasses, datetime, enum, functools, html, itertools
import json, math, pathlib, random, re, string, textwrap, typing, unicodedata, uuid
del _name, _pkg, _info
`;

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

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
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
const metaPromise = buildMeta();
const snapshotPromise = (async () => {
  const { key } = await metaPromise;
  const record = await readRecord();
  if (!record) return { state: "none" };
  if (record.key !== key) { // another version's snapshot: never used, dropped
    await dropRecord();
    return { state: "stale" };
  }
  const bytes = await pipe(record.gz, new DecompressionStream("gzip")); // gzip's CRC catches damage
  if (bytes.length !== record.size) throw new Error(`snapshot size ${bytes.length} != ${record.size}`);
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
  // Unpacked by Python's zipfile: pyodide.loadPackage would leave a JS object in the interpreter's
  // reference table, and makeMemorySnapshot refuses that ("Unexpected hiwire entry").
  for (const [i, wheel] of wheels.entries()) {
    const response = await fetch(wheel.url);
    if (!response.ok) throw new Error(`${wheel.url}: HTTP ${response.status}`);
    py.FS.writeFile(`/tmp/wheel-${i}.whl`, new Uint8Array(await response.arrayBuffer()));
  }
  py.runPython(`
import glob, os, sysconfig, zipfile
for _path in sorted(glob.glob("/tmp/wheel-*.whl")):
    with zipfile.ZipFile(_path) as _wheel:
        _wheel.extractall(sysconfig.get_path("purelib"))
    os.remove(_path)
del _path, _wheel
`);
  py.runPython(PRELOAD);
  const raw = py.makeMemorySnapshot();
  const gz = await pipe(raw, new CompressionStream("gzip"));
  await writeRecord({ key, size: raw.length, gz, made: new Date().toISOString() });
  root.dataset.snapshot = "stored";
  root.dataset.snapshotBytes = String(gz.length);
  console.info(`uno: start-up snapshot stored: ${(raw.length / 1e6).toFixed(1)} MB raw, `
    + `${(gz.length / 1e6).toFixed(1)} MB gzipped, ${Math.round(performance.now() - started)} ms`);
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
  const found = await snapshotPromise;
  if (found.state === "ok") {
    try {
      const py = await plainLoadPyodide({ ...options, _loadSnapshot: found.bytes });
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
