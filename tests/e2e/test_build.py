"""The built site (no browser): self-contained, manifest and icons, precache list, pinned micropip, MIME types."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tools import compress, precache, wheels
from tools.classic_factory import classic_factory
from tools.serve import SiteServer


def test_manifest_is_installable_with_192_512_and_maskable_icons(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    for field in ("name", "short_name", "start_url", "display", "theme_color", "background_color", "icons"):
        assert manifest[field], field
    assert manifest["display"] == "standalone"
    found = set()
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        found.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= found


def test_service_worker_precaches_every_file_under_a_content_version(site: Path) -> None:
    sw = (site / "sw.js").read_text()
    listed = set(json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1)))  # type: ignore[union-attr]
    on_disk = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {"./sw.js"}
    copies = {name for name in on_disk if compress.is_precompressed_copy(site / name)}  # x.js.br: x.js, encoded
    assert copies and listed == on_disk - copies
    info = json.loads((site / "build.json").read_text())
    assert f'const VERSION = "{info["version"]}"' in sw
    assert info["version"] == precache.content_version(precache.site_files(site))


def test_self_contained_no_source_maps_no_foreign_urls_in_config(site: Path) -> None:
    assert not list(site.rglob("*.map"))
    runtime = site / json.loads((site / "build.json").read_text())["runtime"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (runtime / name).exists(), name
    config = json.loads((site / "pyscript.json").read_text())
    assert site / config["interpreter"] == runtime / "uno-loader.mjs"  # wraps pyodide.mjs (snapshots, issue 7)
    assert f'src="{config["interpreter"]}"' in (site / "index.html").read_text()  # started before PyScript
    assert all(p.startswith("./") for p in [*config["packages"], *config.get("files", {})])
    assert (site / json.loads((site / "build.json").read_text())["app_archive"]).is_file()  # the loader's


def test_served_lock_names_the_pinned_micropip_wheel(site: Path) -> None:
    runtime = site / json.loads((site / "build.json").read_text())["runtime"]
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = runtime / entry["file_name"]
    assert entry["sha256"] == wheels.MICROPIP.sha256 == wheels.sha256_of(wheel)


def test_server_sends_the_right_mime_types(site: Path) -> None:
    srv = SiteServer(site).start()
    try:
        runtime = json.loads((site / "build.json").read_text())["runtime"]
        expected = {
            f"{runtime}/pyodide.asm.wasm": "application/wasm",
            f"{runtime}/pyodide.mjs": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "": "text/html",
        }
        for path, mime in expected.items():
            with urllib.request.urlopen(srv.url + path) as response:
                assert response.headers["Content-Type"].split(";")[0] == mime, path
    finally:
        srv.stop()


def test_server_lets_browsers_keep_the_versioned_wasm_and_revalidates_the_rest(site: Path) -> None:
    srv = SiteServer(site).start()
    try:
        runtime = json.loads((site / "build.json").read_text())["runtime"]
        for path, expected in {
            f"{runtime}/pyodide.asm.wasm": "public, max-age=31536000, immutable",
            f"{runtime}/uno-loader.mjs": "no-cache",  # our code, same folder: must never go stale
            "index.html": "no-cache",
        }.items():
            with urllib.request.urlopen(srv.url + path) as response:
                assert response.headers["Cache-Control"] == expected, path
    finally:
        srv.stop()


# Runs the built pyodide.asm.js as a classic script (no module syntax allowed) with the one thing a page
# gives it, document.currentScript; prints what it published.
RUN_CLASSIC_JS = """
const vm = require("vm");
const source = require("fs").readFileSync(process.argv[1], "utf8");
const context = { document: { currentScript: { src: "https://example.test/runtime/pyodide.asm.js" } } };
context.globalThis = context;
vm.createContext(context);
new vm.Script(source, { filename: "pyodide.asm.js" }).runInContext(context);
console.log(JSON.stringify(Object.keys(context).filter((k) => !["document", "globalThis"].includes(k))
  .map((k) => [k, typeof context[k], context[k].name])));
"""


def test_runtime_factory_is_a_classic_script_that_publishes_only_pyodides_factory(site: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (npm ci needs it)")
    runtime = site / json.loads((site / "build.json").read_text())["runtime"]
    script = runtime / "pyodide.asm.js"
    assert "import.meta" not in script.read_text()
    result = subprocess.run([node, "-e", RUN_CLASSIC_JS, str(script)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [["unoCreatePyodideModule", "function", "_createPyodideModule"]]
    tag = f'<script defer src="./{runtime.relative_to(site).as_posix()}/pyodide.asm.js"></script>'
    assert tag in (site / "index.html").read_text()


def test_classic_factory_refuses_a_module_of_unknown_shape() -> None:
    with pytest.raises(SystemExit, match="no longer ends with"):
        classic_factory("async function _createPyodideModule(){}\nexport { _createPyodideModule };\n")
    with pytest.raises(SystemExit, match=r"import\.meta\.url"):
        classic_factory("async function _createPyodideModule(){}\nexport default _createPyodideModule;\n")
    made = classic_factory(
        "async function _createPyodideModule(){ return import.meta.url }export default _createPyodideModule;"
    )
    assert "import.meta" not in made and "export" not in made
