// The engine worker (issue 14): play mode's bots search here, in their own Pyodide, so a search never
// blocks the page. The page's side is web/app/play/brain_client.py; the Python here is
// web/app/play/brain.py, which documents the messages (one JSON text each way).
//
// Start-up: a plain Pyodide start with our wheels and the app's package (as the snapshot maker does),
// then one message {"ready": true, "ms": <start-up time>}; or {"fatal": "<why>"} if it cannot start.
// The build serves this file next to pyodide.mjs (runtime/pyodide-<version>/uno-brain.mjs).

import { loadPyodide, version } from "./pyodide.mjs";
import { buildMeta, fetchWheels, installWheels, writeAppFiles } from "./snapshot-common.mjs";

const INDEX_URL = new URL("./", import.meta.url).href;
const started = performance.now();
const queue = []; // requests that arrive before Python is ready
let handle = null;

self.onmessage = ({ data }) => {
  if (handle) postMessage(handle(String(data)));
  else queue.push(String(data));
};

try {
  const meta = await buildMeta(version);
  const [py, wheels] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL, stdout: () => {}, stderr: (line) => console.warn(`uno brain: ${line}`) }),
    fetchWheels(meta.wheels),
  ]);
  installWheels(py, wheels, "uno-brain");
  await writeAppFiles(py, meta.appArchive);
  const brain = py.runPython("from app.play.brain import Brain\nBrain()");
  handle = (text) => brain.handle(text);
  postMessage(JSON.stringify({ ready: true, ms: Math.round(performance.now() - started) }));
  for (const text of queue.splice(0)) postMessage(handle(text));
} catch (err) {
  postMessage(JSON.stringify({ fatal: String(err?.stack || err) }));
}
