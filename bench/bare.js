// The benchmark's reference (bench/bare.html): the same runtime files, nothing but loadPyodide() and one
// line of Python. A file of its own, not an inline script: the site's Content-Security-Policy allows
// only our origin's scripts.
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
document.body.textContent = pyodide.runPython("str(1 + 1)");
performance.mark("app-interactive");
document.documentElement.dataset.pyReady = "1";
