"""Run the pure-Python tests inside Pyodide (CPython 3.14 on WebAssembly) under Node.

``tools/pyodide_tests.mjs`` loads the npm ``pyodide`` runtime, installs cached pure wheels of
pytest and hypothesis (``tools/pyodide_wheels.py``), mounts the repo and runs ``pytest.main``
on the pure test folders. This test fails, never skips, when that run fails or runs nothing;
it skips only when ``node`` is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "pyodide_tests.mjs"
# The folders of pure tests (no browser, no subprocess, no threads). Only those that exist run.
PURE_DIRS = ("tests/unit", "tests/scorekeeper", "tests/bots", "tests/pyodide/pure")
MIN_PASSED = 5  # tests/pyodide/pure alone has 5; every pure test folder adds to it
TIMEOUT_S = float(os.environ.get("UNO_PYODIDE_TIMEOUT", "1800"))


def _wheels_helper() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_pyodide_wheels", ROOT / "tools" / "pyodide_wheels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _summary_counts(output: str) -> dict[str, int]:
    """Counts from pytest's last summary line, e.g. ``== 12 passed, 1 skipped in 3.10s ==``."""
    lines = [line for line in output.splitlines() if re.search(r"\b\d+ \w+.* in [\d.]+s\b", line)]
    assert lines, f"no pytest summary line in the output:\n{output[-3000:]}"
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", lines[-1].split(" in ")[0])}
    if "error" in counts:
        counts["errors"] = counts.pop("error")
    return counts


def _tagged_json(output: str, tag: str) -> Any:
    found = [line[len(tag) + 1 :] for line in output.splitlines() if line.startswith(tag + " ")]
    assert found, f"the runner printed no {tag} line:\n{output[-3000:]}"
    return json.loads(found[-1])


def _cpython_collected(dirs: list[str]) -> set[str]:
    """Node ids plain CPython collects in the same folders (Pyodide must run the same tests)."""
    env = {k: v for k, v in os.environ.items() if k not in ("UNO_PYODIDE", "PYTEST_ADDOPTS")}
    cmd = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *dirs]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, f"CPython collection failed:\n{proc.stdout[-3000:]}{proc.stderr[-2000:]}"
    return {line.strip() for line in proc.stdout.splitlines() if "::" in line}


def test_pure_tests_pass_inside_pyodide() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the Pyodide run needs Node.js (20+) and `npm ci`")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (./dev test does it)")
    helper = _wheels_helper()
    try:
        helper.ensure_wheels()
    except helper.WheelError as exc:
        pytest.fail(f"could not get the wheels for Pyodide: {exc}")

    dirs = [d for d in PURE_DIRS if (ROOT / d).is_dir()]
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    env["PYODIDE_TESTS_IDS"] = "1"
    proc = subprocess.run(
        [node, str(RUNNER), *dirs],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"pytest inside Pyodide failed (exit {proc.returncode}):\n{output[-6000:]}"

    runner = _tagged_json(output, "PYODIDE-RUNNER")
    assert runner["platform"] == "emscripten", runner
    assert str(runner["python"]).startswith("3.14."), runner

    counts = _summary_counts(proc.stdout)
    result = _tagged_json(output, "PYODIDE-RESULT")
    assert counts.get("failed", 0) == 0 and counts.get("errors", 0) == 0, counts
    assert counts.get("passed", 0) >= MIN_PASSED, counts
    assert result["passed"] == counts["passed"], (result, counts)
    ran = set(_tagged_json(output, "PYODIDE-IDS"))
    assert result["selected"] == len(ran), result
    expected = _cpython_collected(dirs)  # after the run: a file added meanwhile shows up here, not silently
    assert ran == expected, (
        f"Pyodide ran {len(ran)} tests, CPython collects {len(expected)} in {dirs}; "
        f"only in CPython: {sorted(expected - ran)[:20]}; only in Pyodide: {sorted(ran - expected)[:20]}"
    )

    timing = [line for line in output.splitlines() if line.startswith("PYODIDE-TIMING")]
    print(f"Pyodide {runner['pyodide']} / Python {runner['python']}: {counts} over {dirs}; {timing[-1:]}")
