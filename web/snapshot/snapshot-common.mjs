// What the workers that start Pyodide (the engine worker app-worker.mjs, the bots' brain-worker.mjs, the
// snapshot maker snapshot-maker.mjs) share: the snapshot's key, our wheels, the app's package and the Python that runs
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

// The Python these modules run is web/engine/uno_startup.py: a real module (linted, typed, tested on CPython),
// whose text the build puts here. `startupModule(py)` registers it in an interpreter as `uno_startup`.
export const STARTUP_PY = "__UNO_STARTUP_PY__";

const registered = new WeakSet(); // the interpreters `uno_startup` is known to be registered in

/** Run `code` in `py` with `values` as its globals, a dict dropped afterwards (a PyProxy left alive holds
 *  its dict, and each call made a new one). */
function runWith(py, code, values) {
  const globals = py.toPy(values);
  try {
    return py.runPython(code, { globals });
  } finally {
    globals.destroy();
  }
}

/** Register web/engine/uno_startup.py as the module `uno_startup` in `py` (once). */
export function startupModule(py) {
  if (registered.has(py)) return;
  runWith(py, `
import sys, types
if "uno_startup" not in sys.modules:
    _module = types.ModuleType("uno_startup")
    _module.__file__ = "uno_startup.py"
    sys.modules["uno_startup"] = _module
    exec(compile(_source, "uno_startup.py", "exec"), _module.__dict__)
`, { _source: STARTUP_PY });
  registered.add(py);
}

/** Call `uno_startup.<call>` in `py` (arguments as globals); returns the result as Pyodide gives it. */
export function startup(py, call, args = {}) {
  startupModule(py);
  return runWith(py, `import uno_startup\nuno_startup.${call}`, args);
}

/** Unpack wheels into site-packages with Python's zipfile (no pyodide.loadPackage: it would leave a JS
 *  object in the interpreter's reference table, which makeMemorySnapshot refuses). */
export function installWheels(py, wheels, installer) {
  wheels.forEach((bytes, i) => py.FS.writeFile(`/tmp/uno-wheel-${i}.whl`, bytes));
  startup(py, "install_wheels('/tmp/uno-wheel-*.whl', __import__('sysconfig').get_path('purelib'), _installer)",
    { _installer: installer });
}

/** The app's package: its archive unpacked into the working directory (importable as `app`). */
export async function writeAppFiles(py, archiveURL) {
  const response = await fetch(archiveURL);
  if (!response.ok) throw new Error(`${archiveURL}: HTTP ${response.status}`);
  py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "." });
}

/** Run Pyodide's start-up (`start`) with tiny wasm modules shared: Emscripten wraps each JS function it
 *  puts in the wasm table in a module of its own, compiled afresh every time (262 of them at each start:
 *  60-90 ms of the page's main thread, measured), though their bytes differ only by signature. While
 *  `start` runs, `new WebAssembly.Module(bytes)` for up to 256 bytes returns one compiled module per
 *  distinct bytes (about 30): a module is immutable, and each caller still makes its own instance. */
export async function withSharedTinyModules(start) {
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

/** Run `start` (a `loadPyodide` call restoring `image`, a snapshot's bytes or a promise of them) with the
 *  runtime's memory grown to hold the image. Pyodide (314.0.7, pyodide/pyodide#6254) sizes the memory for a
 *  snapshot with a setting its build no longer reads: the memory starts at its compiled 30 MB, and restoring
 *  a larger image throws "offset is out of bounds" (ours passed 30 MB once the app grew). While `start` runs,
 *  an instance that exports its memory (the runtime's main module) gets it grown before Pyodide sees it. */
export async function withSnapshotMemory(image, start) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  async function grown(result) {
    const memory = (result.instance ?? result).exports?.memory;
    if (memory instanceof WebAssembly.Memory) {
      const bytes = await image;
      const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2); // [magic, where the memory's bytes start]
      const pages = Math.ceil((bytes.byteLength - header[1]) / 65536) - memory.buffer.byteLength / 65536;
      if (pages > 0) memory.grow(pages);
    }
    return result;
  }
  WebAssembly.instantiate = async (...args) => grown(await instantiate(...args));
  if (instantiateStreaming) WebAssembly.instantiateStreaming = async (...args) => grown(await instantiateStreaming(...args));
  try {
    return await start();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// The snapshot store (web/snapshot/snapshot-store.js, a worker of its own: the IndexedDB read and the SHA-256 run off
// the worker that starts Pyodide). `ask(op, args, transfer)` resolves with its answer or rejects with its
// error; `close()` ends it. Null where there is no IndexedDB or no worker inside a worker.
export function openSnapshotStore() {
  if (typeof indexedDB === "undefined" || typeof Worker !== "function") return null;
  let store;
  try {
    store = new Worker(new URL("../../web/snapshot-store.js", import.meta.url));
  } catch {
    return null;
  }
  const pending = new Map();
  let last = 0;
  let failure = null;
  store.onmessage = ({ data }) => pending.get(data.id)?.(data);
  store.onerror = (event) => {
    event.preventDefault();
    failure = event.message || "the snapshot store stopped";
    for (const answer of pending.values()) answer({ error: failure });
  };
  const ask = (op, args = {}, transfer = []) => new Promise((resolve, reject) => {
    const id = ++last;
    const answer = (data) => {
      pending.delete(id);
      if (data.error) reject(new Error(`snapshot store: ${data.error}`));
      else resolve(data);
    };
    if (failure) return answer({ error: failure });
    pending.set(id, answer);
    store.postMessage({ id, op, ...args }, transfer);
  });
  return { ask, close: () => store.terminate() };
}
