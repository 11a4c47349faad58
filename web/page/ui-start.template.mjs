// Start the page's side (web/page/ui/: MicroPython on the main thread; the build writes web/ui-start.mjs from this
// template with the runtime's path and the module lists: web/ui's, and web/shared's, which both sides import).
// The page's Python is bytecode (.mpy, compiled by the build with the runtime's mpy-cross), written into
// MicroPython's file system and imported: nothing is compiled on the page; each step (the requests, MicroPython's start, each import) runs in a task of its own. A
// failure rejects, and the loading shell (web/page/shell.js) shows it.
import { loadMicroPython } from "__MICROPYTHON__";

const MODULES = __UI_MODULES__;
const PATHS = [...__SHARED_MODULES__.map((name) => `shared/${name}`), ...MODULES.map((name) => `ui/${name}`)];

async function fetchModule(name) {
  const url = new URL(`./${name}.mpy`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return [name, new Uint8Array(await response.arrayBuffer())];
}

// Each step below in a task of its own (a first run of MicroPython's code is slow while the browser compiles
// it): no long task. The modules' requests first (each costs the main thread a few ms), then MicroPython's start.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const fetched = Promise.all(PATHS.map(fetchModule));
fetched.catch(() => {}); // awaited below; a failure surfaces there
if (window.unoEngine?.pythonMayStart) { // a guest phone: MicroPython's runtime downloads while its start waits
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous" });
  link.href = new URL("__MICROPYTHON__".replace(/\.mjs$/, ".wasm"), import.meta.url).href;
  document.head.append(link);
}
await window.unoEngine?.pythonMayStart; // a guest phone: once its link's first steps are done (web/page/guest.mjs)
await nextTask();
const micropython = await loadMicroPython({
  linebuffer: true, stdout: (line) => console.log(line), stderr: (line) => console.error(line),
});
const modules = await fetched;
micropython.FS.mkdirTree("/lib/ui");
micropython.FS.mkdirTree("/lib/shared");
for (const [name, bytes] of modules) micropython.FS.writeFile(`/lib/${name}.mpy`, bytes);
for (const name of PATHS.filter((name) => !name.endsWith("/__init__"))) {
  await nextTask();
  micropython.runPython(`import ${name.replace("/", ".")}`);
}
await nextTask();
micropython.runPython("ui.page.main()");
performance.mark("ui-started"); // the page's side has asked the worker to start the app (bench.load)
