// Run the pure-Python tests inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node.
//
//   node tools/pyodide_tests.mjs [test paths ...] [-- extra pytest args ...]
//
// Paths (or node ids) are host paths inside the repo, relative to the current folder or absolute;
// default: those of tests/unit tests/scorekeeper tests/pyodide/pure that exist. The exit code is pytest's. No network: pytest, hypothesis and their
// dependencies are pure wheels cached by tools/pyodide_wheels.py (run with Python, which may
// download them once with pip) and unpacked into Pyodide's site-packages; the repo is mounted
// at /repo with NODEFS. Before pytest starts, one line reports the interpreter:
//   PYODIDE-RUNNER {"platform": "emscripten", "python": "3.14.2", "pyodide": "314.0.7", ...}
// and after it ends one line reports the outcome counts from pytest's own stats:
//   PYODIDE-RESULT {"exit": 0, "passed": 12, "failed": 0, ...}
// Inside Python: UNO_PYODIDE=1 (tests/conftest.py then loads the "pyodide" hypothesis profile),
// HYPOTHESIS_PROFILE passed on from the host if set, hypothesis storage in the in-memory /tmp.
// Host env: PYTHON = the interpreter that runs tools/pyodide_wheels.py (default .venv, python3);
// PYODIDE_TESTS_IDS=1 adds a line PYODIDE-IDS [node ids of the selected tests].

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const DEFAULT_PATHS = ["tests/unit", "tests/scorekeeper", "tests/bots", "tests/pyodide/pure"];
const MOUNT = "/repo";
const scriptStart = performance.now();

function fail(message) {
  process.stderr.write(`pyodide_tests: ${message}\n`);
  process.exit(3);
}

function splitArgs(argv) {
  const dash = argv.indexOf("--");
  const paths = dash === -1 ? argv : argv.slice(0, dash);
  const extra = dash === -1 ? [] : argv.slice(dash + 1);
  // Host paths (relative to the current folder, or absolute) become paths relative to /repo.
  const toRepo = (arg) => {
    const [file, ...rest] = arg.split("::");
    const rel = path.relative(ROOT, path.resolve(file)).split(path.sep).join("/");
    if (rel.startsWith("..") || path.isAbsolute(rel)) fail(`${arg} is outside the repo ${ROOT}`);
    return [rel || ".", ...rest].join("::");
  };
  const chosen = paths.length ? paths : DEFAULT_PATHS.filter((p) => existsSync(path.join(ROOT, p)));
  return { paths: paths.length ? chosen.map(toRepo) : chosen, extra };
}

function hostPython() {
  if (process.env.PYTHON) return process.env.PYTHON;
  const venv = path.join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

function wheelPaths() {
  try {
    const out = execFileSync(hostPython(), [path.join(ROOT, "tools", "pyodide_wheels.py")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    return out.split("\n").filter(Boolean);
  } catch (err) {
    fail(`could not get the wheels (tools/pyodide_wheels.py): ${err.message}`);
  }
}

// Python source run after the wheels are in place; argv comes in as a JS array.
const RUN_PYTEST = `
import json, os, sys
import pytest

class _Stats:
    def __init__(self):
        self.counts = {}
        self.session = None
        self.ids = []
    def pytest_sessionstart(self, session):
        self.session = session
    def pytest_collection_finish(self, session):
        self.ids = [item.nodeid for item in session.items]
    def pytest_terminal_summary(self, terminalreporter):
        self.counts["selected"] = self.session.testscollected
        for key in ("passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected"):
            self.counts[key] = len(terminalreporter.stats.get(key, []))

def _run(argv, REPORT_IDS):
    stats = _Stats()
    code = int(pytest.main(list(argv), plugins=[stats]))
    sys.stdout.flush()
    print("PYODIDE-RESULT " + json.dumps({"exit": code, **stats.counts}), flush=True)
    if REPORT_IDS:
        print("PYODIDE-IDS " + json.dumps(stats.ids), flush=True)
    return code
_run
`;

async function main() {
  const { paths, extra } = splitArgs(process.argv.slice(2));
  if (!paths.length) fail("no test folders found");
  if (!existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    fail(`${PYODIDE_DIR} is missing: run \`npm ci\` (or ./dev test, which does it)`);
  }
  const wheels = wheelPaths();

  const started = performance.now();
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    env: {
      HOME: "/home/pyodide",
      UNO_PYODIDE: "1",
      HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis", // in-memory FS, never the host repo
      ...(process.env.HYPOTHESIS_PROFILE ? { HYPOTHESIS_PROFILE: process.env.HYPOTHESIS_PROFILE } : {}),
    },
  });
  const loaded = performance.now();
  // Pass output through unchanged (pytest writes partial lines: the progress dots). `buf` is a
  // view into wasm memory that gets reused: copy it.
  const writer = (stream) => ({ write: (buf) => (stream.write(Buffer.from(buf)), buf.length), isatty: false });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));

  const t0 = performance.now();
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
  }
  pyodide.mountNodeFS(MOUNT, ROOT);
  const info = pyodide.runPython(`
import json, os, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.dont_write_bytecode = True  # keep the host's __pycache__ free of wasm-built .pyc files
from importlib.metadata import version  # not importing pytest plugins here: pytest would warn
json.dumps({"platform": sys.platform, "python": "%d.%d.%d" % sys.version_info[:3],
            "pytest": version("pytest"), "hypothesis": version("hypothesis")})
`);
  const secs = (a, b) => +((b - a) / 1000).toFixed(2);
  const setupDone = performance.now();
  const meta = { ...JSON.parse(info), pyodide: pyodide.version, load_s: secs(started, loaded), setup_s: secs(t0, setupDone) };
  process.stdout.write(`PYODIDE-RUNNER ${JSON.stringify(meta)}\n`);

  // cacheprovider would write .pytest_cache into the host repo through the mount.
  const argv = ["-p", "no:cacheprovider", ...paths, ...extra];
  const run = pyodide.runPython(RUN_PYTEST);
  const code = run(argv, process.env.PYODIDE_TESTS_IDS === "1");
  run.destroy();
  const t1 = performance.now();
  process.stdout.write(
    `PYODIDE-TIMING load ${meta.load_s}s, wheels+mount ${meta.setup_s}s, pytest ${secs(setupDone, t1)}s, ` +
      `total ${secs(started, t1)}s (wheel check before load ${secs(scriptStart, started)}s)\n`,
  );
  process.exitCode = code;
}

main().catch((err) => fail(err && err.stack ? err.stack : String(err)));
