// The engine worker: the controllers, the engine and the score keeper run here, in Pyodide, so nothing
// heavy ever runs on the page's thread. The page's side is web/page/ui/ (MicroPython); the Python here is
// web/engine/app/worker.py; the messages (one JSON text each way) are web/shared/protocol.py's. web/page/engine-start.js starts
// this worker at the page's first moment; the build serves it next to pyodide.mjs
// (runtime/pyodide-<version>/uno-app.mjs), so "../../" is the site's root.
//
// Start-up. The page's first message, {"op": "boot", "hint", "origin"}, says whether the last visit stored a
// start-up snapshot (its key, kept in localStorage, which a worker cannot read).
// - A return visit: the restore starts at once. Pyodide reads its runtime (straight from the service worker's
//   cache: RUNTIME_FILES) while the snapshot store (a worker of its own, web/snapshot/snapshot-store.js) reads the image
//   and hashes it, and instantiates the runtime once it has the image (its size is the initial memory:
//   bench.load's steps show this path). An image whose SHA-256 does not match is never handed to Pyodide. The
//   files the snapshot keeps are written back (their metadata at once, the sources once the app is ready).
// - A first visit, or any trouble: a plain start with our wheels and the app's package; once the app is
//   ready, a snapshot is made (snapshot-maker.mjs, a worker) and stored for the next visit.
// Key: Pyodide version + wheel hashes + build version (build.json). A record with another key is deleted
// unused; a record that fails to read, check or restore is deleted and the worker starts plainly.
// What happened goes to the page as marks: <html data-start-path="snapshot|plain|plain-fallback">,
// data-snapshot (restoring, used, making, stored, failed), data-t-<step> (ms since the worker started),
// data-worker-start (when it started, in ms since the page's navigation, whose timeOrigin the boot message
// carries).
//
// Loading shell messages (web/page/shell.js, in web/shared/protocol.py): progress, download (the big files),
// fetch-failed (one of ours failed to arrive) and fatal. Messages from the page that arrive before Python is
// ready wait in a queue.

import { loadPyodide, version } from "./pyodide.mjs";
import {
  buildMeta, fetchWheels, installWheels, openSnapshotStore, startup, withSharedTinyModules, withSnapshotMemory,
  writeAppFiles,
} from "./snapshot-common.mjs";

const INDEX_URL = new URL("./", import.meta.url).href;
const MAKER_URL = new URL("./snapshot-maker.mjs", import.meta.url);
const HINT = "uno.snapshot";
const started = performance.now();
const post = (message) => postMessage(JSON.stringify(message));
const mark = (marks) => post({ op: "set", marks });
const stamp = (step) => mark({ [`t-${step}`]: String(Math.round(performance.now() - started)) });

// ---------------------------------------------------------------- messages from the page
const queue = [];
let receive = null;
let boot = null;
const booted = new Promise((resolve) => { boot = resolve; });
self.onmessage = ({ data }) => {
  const text = String(data);
  if (boot) { // the first message: {"op": "boot", "hint"}
    let message = null;
    try { message = JSON.parse(text); } catch { /* not the boot message */ }
    if (message?.op === "boot") {
      boot(message);
      boot = null;
      return;
    }
  }
  if (receive) receive(text);
  else queue.push(text);
};

// ---------------------------------------------------------------- the loading shell's view of our fetches
const BIG = /\.(wasm|zip|whl)(\?|$)/;
const realFetch = self.fetch.bind(self);
let loading = true;
let restoring = false; // while a snapshot is restored: no download progress to show

// Pyodide's own files, read at once from the service worker's cache when it holds them. Chromium 156 gives a
// dedicated worker's fetch() no static route: through the fetch handler, on the service worker's one thread
// with the page's requests, the 9.6 MB wasm arrived 280 ms after it was asked for in a traced warm start (on an
// idle browser 57-87 ms, against 20-32 ms from the Cache API). Their path names Pyodide's
// version, so any of our caches holds the same bytes; a miss (a first visit, no Cache API) is a plain fetch.
const RUNTIME_FILES = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const fromCache = new Map(RUNTIME_FILES.map((name) => {
  const url = new URL(name, INDEX_URL).href;
  const found = (async () => {
    const response = await self.caches?.match(url);
    return response?.ok ? response : null;
  })().catch(() => null);
  return [url, found];
}));

async function fetchOnce(url, input, init) {
  const cached = init?.integrity ? null : fromCache.get(url.href);
  fromCache.delete(url.href); // once: a later fetch of the same file asks the network as usual
  return (cached && (await cached)) || realFetch(input, init);
}

self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href);
  const ours = url.origin === self.location.origin;
  let response;
  try {
    response = await fetchOnce(url, input, init);
  } catch (err) {
    if (loading && ours) post({ op: "fetch-failed", path: url.pathname, reason: String(err) });
    throw err;
  }
  if (loading && ours && !response.ok) post({ op: "fetch-failed", path: url.pathname, reason: `HTTP ${response.status}` });
  else if (loading && ours && BIG.test(url.pathname) && response.body && !restoring) track(url.pathname, response.clone());
  return response;
};

async function track(path, response) {
  const encoded = (response.headers.get("content-encoding") || "identity") !== "identity";
  const total = encoded ? null : Number(response.headers.get("content-length")) || 0;
  const reader = response.body.getReader();
  let done = 0;
  let sent = 0;
  post({ op: "download", path, done, total, encoded });
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      done += chunk.value.byteLength;
      if (performance.now() - sent > 50) { // a few messages a second are enough for a progress bar
        sent = performance.now();
        post({ op: "download", path, done, total, encoded });
      }
    }
    post({ op: "download", path, done, total, encoded });
    if (path.endsWith(".wasm")) post({ op: "progress", stage: "load.python" }); // Pyodide compiles it now
  } catch { /* the real consumer reports errors */ }
}

// ---------------------------------------------------------------- the snapshot store (a worker)
const store = openSnapshotStore();
const ask = (op, args, transfer) => (store ? store.ask(op, args, transfer) : Promise.reject(new Error("no store")));
const dropRecord = () => {
  post({ op: "local", remove: [HINT] });
  return ask("drop").catch(() => {});
};

const metaPromise = buildMeta(version);
const snapshotPromise = (async () => {
  const [{ key }, found] = await Promise.all([metaPromise, ask("read")]);
  if (!found.found) return { state: "none" };
  const { meta, bytes: buffer, sha256 } = found;
  if (meta.key !== key) { // another version's snapshot: never used, dropped
    await dropRecord();
    return { state: "stale" };
  }
  stamp("snapshot-read");
  const bytes = new Uint8Array(buffer);
  if (bytes.length !== meta.size) throw new Error(`snapshot size ${bytes.length} != ${meta.size}`);
  // the store hashed what it read; a record stored without WebCrypto has no hash to compare
  if (meta.sha256 && sha256 !== meta.sha256) throw new Error("snapshot checksum mismatch");
  return { state: "ok", bytes, meta };
})().catch((err) => ({ state: store ? "damaged" : "none", error: err }));

// ---------------------------------------------------------------- the two starts

/** Restore the snapshot's interpreter and write back our wheels' metadata; any trouble rejects. */
async function restore() {
  restoring = true;
  mark({ snapshot: "restoring" });
  post({ op: "progress", stage: "load.app" });
  const image = snapshotPromise.then((found) => {
    if (found.state !== "ok") throw new Error(`no snapshot to restore (${found.state})`);
    return found.bytes;
  });
  image.catch(() => {}); // Pyodide awaits it; its rejection surfaces there
  try {
    const py = await withSharedTinyModules(() => withSnapshotMemory(image, () => loadPyodide({
      indexURL: INDEX_URL,
      _loadSnapshot: image, // only an image whose SHA-256 matched (snapshotPromise)
    })));
    stamp("snapshot-restored");
    startup(py, "write_kept(metadata=True)");
    if (!py.runPython("import sys, uno_core; 'uno_core' in sys.modules and uno_core.__version__")) {
      throw new Error("restored interpreter lacks uno_core");
    }
    return py;
  } finally {
    restoring = false;
  }
}

async function plain(meta) {
  post({ op: "progress", stage: "load.runtime" });
  const [py, wheels] = await Promise.all([
    withSharedTinyModules(() => loadPyodide({ indexURL: INDEX_URL })), fetchWheels(meta.wheels),
  ]);
  post({ op: "progress", stage: "load.packages" });
  installWheels(py, wheels, "uno-app");
  await writeAppFiles(py, meta.appArchive);
  post({ op: "progress", stage: "load.app" });
  return py;
}

/** The snapshot's interpreter when it can be used, else null, and the start path for the marks: "plain"
 *  when none was stored, "plain-fallback" when one was stored but could not be read, checked or restored
 *  (it is dropped; data-snapshot-refused says why). */
async function restored(hint) {
  if (!store) return { py: null, path: "plain" };
  let found = hint ? null : await snapshotPromise; // without the hint: restore only once one is found
  if (found && found.state !== "ok") return refused(found);
  try {
    const py = await restore();
    mark({ snapshot: "used" });
    return { py, path: "snapshot" };
  } catch (err) {
    mark({ snapshot: "" });
    found = await snapshotPromise;
    return refused(found.state === "ok" ? { state: "damaged", error: err } : found);
  }
}

async function refused(found) {
  if (found.state !== "damaged") return { py: null, path: "plain" };
  const why = String(found.error?.message || found.error);
  console.warn("uno: snapshot not used:", why);
  mark({ "snapshot-refused": why.slice(0, 200) });
  await dropRecord();
  return { py: null, path: "plain-fallback" };
}

// ---------------------------------------------------------------- after the app is ready
/** Make a snapshot in a worker of its own and store it (after a plain start, once the app is ready). */
async function makeSnapshot(py, meta) {
  mark({ snapshot: "making" });
  const found = startup(py, "page_sources()");
  const sources = found.toJs();
  found.destroy();
  const maker = new Worker(MAKER_URL, { type: "module" });
  const made = await new Promise((resolve, reject) => {
    maker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    maker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`snapshot maker: ${event.message || "failed to start"}`));
    };
    maker.postMessage({ key: meta.key, wheels: meta.wheels, appArchive: meta.appArchive, sources });
  }).finally(() => maker.terminate());
  await ask("put", { record: made }, [made.data]); // the image (31 MB) moved, not copied
  post({ op: "local", set: { [HINT]: meta.key } });
  mark({ snapshot: "stored", "snapshot-bytes": String(made.size) });
}

/** Once the app is ready: write out the sources a restored snapshot keeps (tracebacks read them), a few at a
 *  time (all at once held the worker 150-220 ms, measured), so that the page's messages are answered between. */
async function writeSources(py) {
  try {
    while (startup(py, "write_kept(metadata=False, limit=_limit)", { _limit: 16 }) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const counts = startup(py, "kept_bytecode()");
    const [kept, imported] = counts.toJs();
    counts.destroy();
    mark({ "snapshot-bytecode": String(kept), "snapshot-bytecode-imported": String(imported), "snapshot-sources": "written" });
  } catch (err) {
    console.warn("uno: the snapshot's source files were not written:", err);
  }
}

function afterReady(py, path, meta) {
  loading = false;
  if (path === "snapshot" || !store) {
    store?.close();
    if (path === "snapshot") setTimeout(() => writeSources(py), 500);
    return;
  }
  setTimeout(() => makeSnapshot(py, meta).catch((err) => {
    mark({ snapshot: "failed" });
    console.warn("uno: no start-up snapshot:", err);
  }).finally(() => store?.close()), 1000);
}

// ---------------------------------------------------------------- start
try {
  const { hint, origin } = await booted;
  // when the worker started, in ms since the page's navigation (the data-t-* steps count from it: bench.load)
  if (Number.isFinite(origin)) mark({ "worker-start": String(Math.round(performance.timeOrigin + started - origin)) });
  let { py, path } = await restored(hint);
  const meta = await metaPromise;
  if (!py) py = await plain(meta);
  mark({ "start-path": path, "worker-ms": String(Math.round(performance.now() - started)) });
  const worker = py.pyimport("app.worker").start_worker(
    (text) => postMessage(text), path === "snapshot" ? "snapshot" : "uno-app", () => afterReady(py, path, meta),
  );
  receive = (text) => worker.receive(text);
  for (const text of queue.splice(0)) receive(text);
} catch (err) {
  post({ op: "fatal", error: String(err?.stack || err) });
}
