"""A start-up snapshot larger than the runtime's first memory restores (``withSnapshotMemory``, snapshot-common.mjs).

Pyodide 314.0.7 restores a snapshot into a memory of its compiled size (30 MB; pyodide/pyodide#6254), so an image
larger than that failed with "offset is out of bounds" and every return visit fell back to a plain start. Under
Node, with the npm runtime: a snapshot holding 40 MB more than a fresh interpreter is made, checked to be larger
than a fresh runtime's memory (so the growth is what this test exercises), restored through the helper, and its
data read back; then the restored interpreter still allocates.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import { loadPyodide } from "%(pyodide)s";
import { withSnapshotMemory } from "%(common)s";
const maker = await loadPyodide({ _makeSnapshot: true });
const fresh = maker._module.HEAP8.length;
maker.runPython("big = bytearray(40 * 1024 * 1024); big[-1] = 7");
const image = maker.makeMemorySnapshot();
try {
  const restored = await withSnapshotMemory(Promise.resolve(image), () => loadPyodide({ _loadSnapshot: image }));
  const read = restored.runPython("import json; json.dumps([len(big), big[-1]])");
  const more = restored.runPython("len(bytearray(50 * 1024 * 1024))");
  console.log(JSON.stringify({ fresh, image: image.length, read: JSON.parse(read), more }));
} catch (err) {
  console.log(JSON.stringify({ fresh, image: image.length, error: String(err?.message || err).slice(0, 300) }));
}
"""


def test_a_snapshot_larger_than_the_first_memory_restores(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the Pyodide run needs Node.js (20+) and `npm ci`")
    script = tmp_path / "restore.mjs"
    script.write_text(
        SCRIPT
        % {
            "pyodide": (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri(),
            "common": (ROOT / "web" / "snapshot" / "snapshot-common.mjs").as_uri(),
        },
        encoding="utf-8",
    )
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert "error" not in found, found
    assert found["image"] > found["fresh"] + 30 * 1024 * 1024  # more than a fresh runtime's memory holds
    assert found["read"] == [40 * 1024 * 1024, 7]
    assert found["more"] == 50 * 1024 * 1024
