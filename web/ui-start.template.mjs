// Start the page's side (web/ui/: MicroPython on the main thread; the build writes web/ui-start.mjs from this
// template with the runtime's path and the module list). The page's Python is bytecode (.mpy, compiled by the
// build with the runtime's mpy-cross), written into MicroPython's file system and imported: nothing is
// compiled on the page; each module is imported in a task of its own. A failure rejects, and the loading shell
// (web/shell.js) shows it.
import { loadMicroPython } from "__MICROPYTHON__";

const MODULES = __UI_MODULES__;

async function fetchModule(name) {
  const url = new URL(`./ui/${name}.mpy`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return [name, new Uint8Array(await response.arrayBuffer())];
}

const [micropython, modules] = await Promise.all([
  loadMicroPython({ linebuffer: true, stdout: (line) => console.log(line), stderr: (line) => console.error(line) }),
  Promise.all(MODULES.map(fetchModule)),
]);
micropython.FS.mkdirTree("/lib/ui");
for (const [name, bytes] of modules) micropython.FS.writeFile(`/lib/ui/${name}.mpy`, bytes);
// One module a task (a first run of MicroPython's code is slow while the browser compiles it): no long task.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
for (const name of MODULES.filter((name) => name !== "__init__")) {
  await nextTask();
  micropython.runPython(`import ui.${name}`);
}
await nextTask();
micropython.runPython("ui.page.main()");
