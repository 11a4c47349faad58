// PyScript's interpreter module (pyscript.json "interpreter"): Pyodide's own loadPyodide, started from a
// memory snapshot of a ready interpreter when this build has one (issue 7). The build serves this file
// next to pyodide.mjs (runtime/pyodide-<version>/uno-loader.mjs), so PyScript's indexURL (the folder of
// the interpreter module) and its package cache key stay those of the runtime. index.html imports it
// before PyScript, so the restore overlaps PyScript's own start-up; PyScript's import gets this module.
//
// A return visit: the store worker (web/snapshot-store.js, started by index.html) has been reading the
// image since the page's first moment; the restore starts at once (Pyodide fetches the runtime while the
// image arrives and is hashed; an image whose SHA-256 does not match is never restored), then
// PyScript gets it: the page's modules import from bytecode the snapshot keeps, and the files it keeps
// in memory (our wheels' files, the app's package) are written out, their metadata at once and the
// sources once the app is ready. A plain start unpacks the app's package (web/app.zip, named in
// build.json) itself.
// A first visit (or any trouble): a plain start; once the app is ready a worker (snapshot-maker.mjs)
// makes a fresh snapshot and the store keeps it.
//
// Key: Pyodide version + wheel hashes + build version (build.json). A record with another key is
// deleted unused; a record that fails to read, check or restore is deleted and the page starts
// plainly, then makes a fresh one. <html data-start-path="snapshot|plain|plain-fallback"> tells which
// path ran; data-snapshot says what happened to the snapshot (restoring, used, making, stored, failed).

import { loadPyodide as plainLoadPyodide, version } from "./pyodide.mjs";
import { buildMeta, startup, writeAppFiles } from "./snapshot-common.mjs";

export { version };

const INDEX_URL = new URL("./", import.meta.url).href;
const MAKER_URL = new URL("./snapshot-maker.mjs", import.meta.url);
const root = document.documentElement;

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

/** Send a request to the store worker; resolves with its answer, rejects with its error. */
function ask(op, args = {}, transfer = []) {
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    const answer = (data) => {
      pending.delete(id);
      if (data.error) reject(new Error(`snapshot store: ${data.error}`));
      else resolve(data);
    };
    if (storeFailure || !storeWorker) {
      answer({ error: storeFailure || "no worker" });
    } else {
      pending.set(id, answer);
      storeWorker.postMessage({ id, op, ...args }, transfer);
    }
  });
}

const writeRecord = (record) => ask("put", { record }, [record.data]); // the 31 MB move, not copied
const dropRecord = () => {
  writeHint(null);
  return ask("drop").catch(() => {});
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

// index.html imports this module right after the loading shell, so reading the snapshot and restoring
// the interpreter overlap PyScript's own start-up; PyScript's later import gets this same module.
performance.mark("loader-imported");
const metaPromise = buildMeta(version);
const snapshotPromise = (async () => {
  const [{ key }, found] = await Promise.all([metaPromise, ask("read")]);
  if (!found.found) return { state: "none" };
  const { meta, bytes: buffer } = found;
  if (meta.key !== key) { // another version's snapshot: never used, dropped
    await dropRecord();
    return { state: "stale" };
  }
  performance.mark("snapshot-read");
  const bytes = new Uint8Array(buffer);
  if (bytes.length !== meta.size) throw new Error(`snapshot size ${bytes.length} != ${meta.size}`);
  return { state: "ok", bytes, meta };
})().catch((err) => ({ state: "damaged", error: err }));

// Whether the image read matches the SHA-256 stored with it: the worker hashes a copy while Pyodide
// compiles its runtime, and Pyodide restores the image only once this says yes (see restore).
const checksumPromise = snapshotPromise.then(async (found) => {
  if (found.state !== "ok") return false;
  if (!found.meta.sha256) return true; // stored without WebCrypto: nothing to compare
  const { sha256 } = await ask("checksum");
  performance.mark("snapshot-hashed");
  return sha256 === found.meta.sha256;
}).catch(() => false);

// ---------------------------------------------------------------- Pyodide's start, with less compiling
/** Pyodide's factory, when index.html ran it as a classic script (runtime/.../pyodide.asm.js, see
 *  tools/classic_factory.py): V8 then compiles none of it at a start. Without it Pyodide imports
 *  pyodide.asm.mjs itself. */
const factory = () => (typeof globalThis.unoCreatePyodideModule === "function"
  ? { createPyodideModule: globalThis.unoCreatePyodideModule }
  : {});

/** Run Pyodide's start-up (`start`) with tiny wasm modules shared: Emscripten wraps each JS function it
 *  puts in the wasm table in a module of its own, compiled afresh every time (262 of them at each start:
 *  60-90 ms of the page's main thread, measured), though their bytes differ only by signature. While
 *  `start` runs, `new WebAssembly.Module(bytes)` for up to 256 bytes returns one compiled module per
 *  distinct bytes (about 30): a module is immutable, and each caller still makes its own instance. */
async function withSharedTinyModules(start) {
  const Module = WebAssembly.Module;
  const compiled = new Map(); // bytes joined -> WebAssembly.Module
  function SharedModule(bytes, ...rest) {
    if (!new.target || !(bytes instanceof Uint8Array) || bytes.length > 256 || rest.length) {
      return Reflect.construct(Module, [bytes, ...rest]);
    }
    const key = bytes.join();
    if (!compiled.has(key)) compiled.set(key, new Module(bytes));
    return compiled.get(key);
  }
  SharedModule.prototype = Module.prototype; // instanceof WebAssembly.Module holds
  Object.setPrototypeOf(SharedModule, Module); // and its static methods (exports, imports...) stay
  WebAssembly.Module = SharedModule;
  try {
    return await start();
  } finally {
    if (WebAssembly.Module === SharedModule) WebAssembly.Module = Module;
  }
}

// Output of the restored interpreter until PyScript hands over its own handlers.
const early = { stdout: [], stderr: [] };

/** A promise that never settles: a fresh one each time, so whatever waits on it can be collected. */
const never = () => new Promise(() => {});

/** Restore the snapshot's interpreter and write back our wheels' metadata; any trouble rejects.
 *  Pyodide takes the image as a promise: it fetches the runtime while the image is read. Its `fsInit`
 *  hook runs once the runtime is compiled, before the image is restored: there it waits for the checksum,
 *  and an image that does not match is never restored (that start stops there; the page starts plainly). */
async function restore() {
  root.dataset.snapshot = "restoring"; // the loading shell shows no download progress meanwhile
  const image = snapshotPromise.then((found) => {
    if (found.state !== "ok") throw new Error(`no snapshot to restore (${found.state})`);
    return found.bytes;
  });
  image.catch(() => {}); // Pyodide awaits it; its rejection surfaces there
  const mismatch = checksumPromise.then((matches) => {
    if (!matches) throw new Error("snapshot checksum mismatch");
    return never();
  });
  const py = await withSharedTinyModules(() => Promise.race([mismatch, plainLoadPyodide({
    indexURL: INDEX_URL,
    ...factory(),
    _loadSnapshot: image,
    fsInit: async () => { if (!(await checksumPromise)) await never(); },
    stdout: (line) => early.stdout.push(line),
    stderr: (line) => early.stderr.push(line),
  })]));
  performance.mark("snapshot-restored");
  root.dataset.snapshotBytecode = String(startup(py, "write_kept(metadata=True)"));
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
/** The sources of the packages the page's interpreter imported from files (for their bytecode). */
function pageSources(page) {
  const found = startup(page, "page_sources()");
  try {
    return found.toJs();
  } finally {
    found.destroy();
  }
}

/** Make a snapshot in a worker and store it; resolves once stored. */
async function makeSnapshot(page) {
  const started = performance.now();
  root.dataset.snapshot = "making";
  const { key, wheels, appArchive } = await metaPromise;
  const worker = new Worker(MAKER_URL, { type: "module" });
  const made = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`snapshot maker: ${event.message || "failed to start"}`));
    };
    worker.postMessage({ key, wheels, appArchive, sources: pageSources(page) });
  }).finally(() => worker.terminate());
  await writeRecord(made);
  writeHint(key);
  root.dataset.snapshot = "stored";
  root.dataset.snapshotBytes = String(made.size);
  console.info(`uno: start-up snapshot stored: ${(made.size / 1e6).toFixed(1)} MB, `
    + `${Math.round(performance.now() - started)} ms`);
}

/** Run `work` once the app is ready (the shell's uno:ready) and the page has had a moment. */
function afterReady(work, delay) {
  const start = () => setTimeout(work, delay);
  if (root.dataset.pyReady === "1") start();
  else window.addEventListener("uno:ready", start, { once: true });
}

/** After the app is ready, make and store a snapshot for next time; `page` is the page's interpreter. */
function scheduleSnapshot(page) {
  afterReady(() => makeSnapshot(page).catch((err) => {
    root.dataset.snapshot = "failed";
    console.warn("uno: no start-up snapshot:", err);
  }), 300);
}

/** After the app is ready, once the page is idle (the write takes 25-45 ms, measured: not in the way of a
 *  first tap), write out the sources the restored snapshot keeps (tracebacks read them). */
function scheduleSourceFiles(py) {
  const whenIdle = (work) => (window.requestIdleCallback ? requestIdleCallback(work, { timeout: 2000 }) : work());
  afterReady(() => whenIdle(() => {
    try {
      const imported = startup(py, "write_kept(metadata=False)");
      root.dataset.snapshotBytecodeImported = String(imported);
      root.dataset.snapshotSources = "written";
    } catch (err) {
      console.warn("uno: the snapshot's source files were not written:", err);
    }
  }), 0);
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
    scheduleSourceFiles(py);
    return py;
  }
  if (found.state === "damaged") {
    await dropRecord();
    report("plain-fallback", found.error);
  } else {
    report("plain");
  }
  const [py, { appArchive }] = await Promise.all([withSharedTinyModules(() => plainLoadPyodide({ ...options, ...factory() })), metaPromise]);
  await writeAppFiles(py, appArchive);
  if (typeof indexedDB !== "undefined" && typeof Worker === "function") scheduleSnapshot(py);
  return py;
}
