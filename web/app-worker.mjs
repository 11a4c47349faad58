// The engine worker (issue 14): the controllers, the engine and the score keeper run here, in Pyodide, so
// nothing heavy ever runs on the page's thread. The page's side is web/ui/ (MicroPython); the Python here
// is web/app/worker.py, which documents the messages (one JSON text each way).
//
// Start-up: from the start-up snapshot when one is stored for this build (read through a snapshot store
// worker, web/snapshot-store.js, restored only if its SHA-256 matches), else a plain start with our wheels
// and the app's package; after a plain start, once the app is ready, a snapshot is made (snapshot-maker.mjs)
// and stored for the next visit. Messages from the page that arrive meanwhile wait in a queue.
// The build serves this file next to pyodide.mjs (runtime/pyodide-<version>/uno-app.mjs).

import { loadPyodide, version } from "./pyodide.mjs";
import { buildMeta, fetchWheels, installWheels, startup, writeAppFiles } from "./snapshot-common.mjs";

const INDEX_URL = new URL("./", import.meta.url).href;
const STORE_URL = new URL("../../web/snapshot-store.js", import.meta.url);
const MAKER_URL = new URL("./snapshot-maker.mjs", import.meta.url);
const started = performance.now();
const queue = [];
let receive = null;
const post = (message) => postMessage(JSON.stringify(message));

self.onmessage = ({ data }) => {
  if (receive) receive(String(data));
  else queue.push(String(data));
};

function storeWorker() {
  const store = new Worker(STORE_URL);
  let last = 0;
  const ask = (op, args = {}, transfer = []) => new Promise((resolve, reject) => {
    const id = ++last;
    store.onmessage = ({ data }) => (data.id === id ? (data.error ? reject(new Error(data.error)) : resolve(data))
      : undefined);
    store.onerror = (event) => { event.preventDefault(); reject(new Error(event.message || "store failed")); };
    store.postMessage({ id, op, ...args }, transfer);
  });
  return { ask, close: () => store.terminate() };
}

/** The stored snapshot's bytes if it belongs to this build and its SHA-256 matches, else null. */
async function storedSnapshot(key) {
  if (typeof indexedDB === "undefined" || typeof Worker !== "function") return null;
  const store = storeWorker();
  try {
    const found = await store.ask("read");
    if (!found.found || found.meta.key !== key || found.bytes.byteLength !== found.meta.size) return null;
    if (found.meta.sha256 && (await store.ask("checksum")).sha256 !== found.meta.sha256) return null;
    return new Uint8Array(found.bytes);
  } finally {
    store.close();
  }
}

async function restored(meta) {
  const image = await storedSnapshot(meta.key);
  if (!image) return null;
  post({ op: "progress", stage: "load.app" });
  const py = await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: image });
  startup(py, "write_kept(metadata=True)");
  return py;
}

async function plain(meta) {
  post({ op: "progress", stage: "load.runtime" });
  const [py, wheels] = await Promise.all([loadPyodide({ indexURL: INDEX_URL }), fetchWheels(meta.wheels)]);
  post({ op: "progress", stage: "load.packages" });
  installWheels(py, wheels, "uno-app");
  await writeAppFiles(py, meta.appArchive);
  post({ op: "progress", stage: "load.app" });
  return py;
}

/** Make a snapshot in a worker of its own and store it (after a plain start, once the app is ready). */
async function makeSnapshot(py, meta) {
  const sources = startup(py, "page_sources()");
  const maker = new Worker(MAKER_URL, { type: "module" });
  const made = await new Promise((resolve, reject) => {
    maker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    maker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message || "maker failed")); };
    maker.postMessage({ key: meta.key, wheels: meta.wheels, appArchive: meta.appArchive, sources: sources.toJs() });
  }).finally(() => { maker.terminate(); sources.destroy(); });
  const store = storeWorker();
  try {
    await store.ask("put", { record: made }, [made.data]);
  } finally {
    store.close();
  }
  post({ op: "set", marks: { snapshot: "stored", "snapshot-bytes": String(made.size) } });
}

try {
  const meta = await buildMeta(version);
  let path = "snapshot";
  let py = await restored(meta).catch((err) => {
    console.warn("uno: snapshot not used:", err);
    return null;
  });
  if (!py) {
    path = "plain";
    py = await plain(meta);
  }
  post({ op: "set", marks: { "start-path": path, "worker-ms": String(Math.round(performance.now() - started)) } });
  const worker = py.pyimport("app.worker");
  worker.attach((text) => postMessage(text));
  receive = (text) => worker.receive(text);
  for (const text of queue.splice(0)) receive(text);
  if (path === "plain" && typeof indexedDB !== "undefined") {
    setTimeout(() => makeSnapshot(py, meta).catch((err) => {
      post({ op: "set", marks: { snapshot: "failed" } });
      console.warn("uno: no start-up snapshot:", err);
    }), 1000);
  }
} catch (err) {
  post({ op: "fatal", error: String(err?.stack || err) });
}
