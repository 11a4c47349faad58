// Run a module of this repo inside Pyodide (CPython 3.14 on WebAssembly) under Node, e.g.
//
//   node tools/pyodide_run.mjs bench.engine --seconds 3
//
// The repo is mounted at /repo with NODEFS and put on sys.path; the module runs as __main__
// with the remaining arguments in sys.argv. Used by the benchmarks' --pyodide mode.

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

async function main() {
  const [module, ...args] = process.argv.slice(2);
  if (!module) throw new Error("usage: node tools/pyodide_run.mjs <module> [args...]");
  if (!existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) throw new Error("run `npm ci` first (node_modules/pyodide)");
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep, env: { HOME: "/home/pyodide", UNO_PYODIDE: "1" } });
  const writer = (stream) => ({ write: (buf) => (stream.write(Buffer.from(buf)), buf.length), isatty: false });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));
  pyodide.mountNodeFS("/repo", ROOT);
  pyodide.globals.set("_argv", pyodide.toPy([module, ...args]));
  pyodide.runPython(`
import os, runpy, sys
os.chdir("/repo")
sys.path.insert(0, "/repo")
sys.dont_write_bytecode = True
sys.argv = list(_argv)
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
`);
}

main().catch((err) => {
  process.stderr.write(`pyodide_run: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
