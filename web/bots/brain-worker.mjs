// The bots' worker: play mode's bots search here, in their own Pyodide, so a search never holds up the
// engine worker or the page. The engine worker's side is web/engine/app/play/brain_client.py; the Python here is
// web/engine/app/play/brain.py, which documents the messages (one JSON text each way: a request, its answer).
//
// Start-up: from the page's start-up snapshot when one is stored for this build (read through
// a snapshot store worker of its own, web/snapshot/snapshot-store.js, and restored only if its SHA-256 matches),
// else a plain start with our wheels and the app's package (as the snapshot maker does). Then one message
// {"op": "ready", "ms": <start-up time>, "path": "snapshot" | "plain"}; or {"op": "fatal", "error": "<why>"}
// (web/shared/bots.py declares every message).
// The build serves this file next to pyodide.mjs (runtime/pyodide-<version>/uno-brain.mjs).

import { loadPyodide, version } from "./pyodide.mjs";
import {
  buildMeta, fetchWheels, installWheels, openSnapshotStore, startup, withSnapshotMemory, writeAppFiles,
} from "./snapshot-common.mjs";

const INDEX_URL = new URL("./", import.meta.url).href;
const quiet = { stdout: () => {}, stderr: (line) => console.warn(`uno brain: ${line}`) };
const started = performance.now();
const queue = []; // requests that arrive before Python is ready
let handle = null;

self.onmessage = ({ data }) => {
  if (handle) postMessage(handle(String(data)));
  else queue.push(String(data));
};
// Its modules arrived: Chromium fires no "error" at a worker started from a worker whose script fails to
// load, so the client gives up on a worker that does not say this soon (app.play.brain_client).
postMessage(JSON.stringify({ op: "loaded" }));

/** The stored snapshot's bytes if it belongs to this build and its SHA-256 matches, else null. */
async function storedSnapshot(key) {
  const store = openSnapshotStore();
  if (!store) return null;
  try {
    const found = await store.ask("read");
    if (!found.found || found.meta.key !== key || found.bytes.byteLength !== found.meta.size) return null;
    if (found.meta.sha256 && found.sha256 !== found.meta.sha256) return null;
    return new Uint8Array(found.bytes);
  } finally {
    store.close();
  }
}

async function restored(meta) {
  const image = await storedSnapshot(meta.key);
  if (!image) return null;
  const py = await withSnapshotMemory(image, () => loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: image, ...quiet }));
  startup(py, "write_kept(metadata=True)");
  return py;
}

async function plain(meta) {
  const [py, wheels] = await Promise.all([loadPyodide({ indexURL: INDEX_URL, ...quiet }), fetchWheels(meta.wheels)]);
  installWheels(py, wheels, "uno-brain");
  await writeAppFiles(py, meta.appArchive);
  return py;
}

try {
  const meta = await buildMeta(version);
  let path = "snapshot";
  let py = await restored(meta).catch((err) => {
    console.warn("uno brain: snapshot not used:", err);
    return null;
  });
  if (!py) {
    path = "plain";
    py = await plain(meta);
  }
  const brain = py.runPython("from app.play.brain import Brain\nBrain()");
  handle = (text) => brain.handle(text);
  postMessage(JSON.stringify({ op: "ready", ms: Math.round(performance.now() - started), path }));
  for (const text of queue.splice(0)) postMessage(handle(text));
} catch (err) {
  postMessage(JSON.stringify({ op: "fatal", error: String(err?.stack || err) }));
}
