// Makes the start-up snapshot (a memory image of the started interpreter) in a module worker, so the
// engine stays responsive meanwhile: booting a second interpreter and importing everything takes about 3 s
// of CPU, in long tasks.
// The engine worker (app-worker.mjs) starts it once the app is ready, sends {key, wheels, appArchive, sources} (the
// app's module sources, see uno_startup.page_sources) and gets back {key, size, data: ArrayBuffer} (moved, not copied) or
// {error}. An ArrayBuffer, not a Blob: WebKit refuses Blobs in IndexedDB in ephemeral sessions.
//
// The interpreter here holds only our packages and JS-free modules: Pyodide can restore only JS
// references it reaches by a path from globalThis, so nothing of PyScript or the page may be in it.

import { loadPyodide } from "./pyodide.mjs";
import { fetchWheels, installWheels, startup, writeAppFiles } from "./snapshot-common.mjs";

const INDEX_URL = new URL("./", import.meta.url).href;

async function make({ key, wheels, appArchive, sources }) {
  const py = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  installWheels(py, await fetchWheels(wheels), "uno-snapshot");
  await writeAppFiles(py, appArchive);
  startup(py, "preload()");
  startup(py, "keep_files(_page_sources)", { _page_sources: sources });
  const raw = py.makeMemorySnapshot();
  const data = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw.buffer : raw.slice().buffer;
  return { key, size: raw.length, data };
}

self.onmessage = async ({ data }) => {
  try {
    const made = await make(data);
    postMessage(made, [made.data]);
  } catch (err) {
    postMessage({ error: String(err?.stack || err) });
  }
};
