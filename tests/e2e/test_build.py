"""The built site (no browser): self-contained, manifest and icons, precache list, MIME types, cache headers."""

from __future__ import annotations

import json
import re
import struct
import urllib.request
from pathlib import Path

from tools import build, compress, precache
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
    """At once what a guest phone needs; the engine's files (Pyodide, our wheels, the controllers) when a page asks:
    together, every file."""
    sw = (site / "sw.js").read_text()
    guests = set(json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1)))  # type: ignore[union-attr]
    app = set(json.loads(re.search(r"const APP_FILES = (\[.*?\]);", sw, re.S).group(1)))  # type: ignore[union-attr]
    assert not guests & app and "./web/app.zip" in app and "./index.html" in guests
    assert not any(name.startswith("./runtime/pyodide-") for name in guests)
    assert any(name.startswith("./runtime/micropython-") for name in guests)
    listed = guests | app
    # sw.js itself, and _headers: the static hosts' headers file (tools/headers.py), never fetched by the app
    on_disk = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {
        "./sw.js",
        "./_headers",
    }
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
    page = (site / "index.html").read_text()
    # the engine worker (next to pyodide.mjs, which it imports) starts first; the page itself runs MicroPython
    worker = re.search(r'<script src="./web/engine-start.js" data-worker="./([^"]+)"></script>', page)
    assert worker and site / worker.group(1) == runtime / "uno-app.mjs", page[:2000]
    assert '<script type="module" src="./web/ui-start.mjs"></script>' in page
    start = (site / "web" / "ui-start.mjs").read_text()
    interpreter = re.search(r'import \{ loadMicroPython \} from "([^"]+)"', start)
    assert interpreter and (site / "web" / interpreter.group(1)).resolve().is_file(), start[:1000]
    modules = json.loads(re.search(r"const MODULES = (\[[^\]]*\]);", start).group(1))  # type: ignore[union-attr]
    assert "page" in modules and all((site / "web" / "ui" / f"{name}.mpy").is_file() for name in modules)
    assert not list((site / "web" / "ui").glob("*.py"))  # bytecode only: nothing compiled on the page
    assert "pyscript" not in page and "pyodide.asm.js" not in page  # no PyScript, no Pyodide on the page
    assert (site / json.loads((site / "build.json").read_text())["app_archive"]).is_file()  # the worker's


def test_the_runtime_files_the_engine_worker_takes_from_any_cache_are_npms_own(site: Path) -> None:
    """web/engine/app-worker.mjs reads RUNTIME_FILES from whichever of our caches holds them (caches.match): safe only
    because they are Pyodide's own bytes, in a folder named by Pyodide's version."""
    info = json.loads((site / "build.json").read_text())
    assert info["runtime"] == f"runtime/pyodide-{info['pyodide']}"
    runtime = site / info["runtime"]
    found = re.search(r"const RUNTIME_FILES = (\[[^\]]*\]);", (runtime / "uno-app.mjs").read_text())
    assert found, "RUNTIME_FILES not found in uno-app.mjs"
    names = json.loads(found.group(1))
    assert "pyodide.asm.wasm" in names and set(names) <= set(build.PYODIDE_FILES), names
    for name in names:
        assert (runtime / name).read_bytes() == (build.NODE / "pyodide" / name).read_bytes(), name


def test_the_pages_micropython_is_the_npm_runtime_with_v8s_compile_hint_first(site: Path) -> None:
    """The hint (`tools.build.COMPILE_HINT`) moves compiling MicroPython's JavaScript off the page's main thread;
    the runtime itself is served unchanged."""
    info = json.loads((site / "build.json").read_text())
    served = (site / "runtime" / f"micropython-{info['micropython']}" / "micropython.mjs").read_text()
    npm = (build.NODE / build.MICROPYTHON / "micropython.mjs").read_text()
    assert served.startswith("//# allFunctionsCalledOnLoad\n") and served == build.COMPILE_HINT + npm


def test_the_pages_qr_codes_import_npm_lean_qr_from_its_versioned_folder(site: Path) -> None:
    """web/qr.mjs (from web/page/qr.template.mjs) imports lean-qr's module, served as npm ships it, with its licence
    and nothing else of the package."""
    version = json.loads((site / "build.json").read_text())["lean-qr"]
    folder = site / "runtime" / f"lean-qr-{version}"
    served = {path.name for path in folder.iterdir() if not compress.is_precompressed_copy(path)}
    assert served == set(build.LEAN_QR_FILES)
    for name in served:
        assert (folder / name).read_bytes() == (build.NODE / build.LEAN_QR / name).read_bytes(), name
    assert f'from "../runtime/lean-qr-{version}/index.mjs";' in (site / "web" / "qr.mjs").read_text()
    assert not (site / "web" / "qr.template.mjs").exists()


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
            f"{runtime}/uno-app.mjs": "no-cache",  # our code, same folder: must never go stale
            "index.html": "no-cache",
        }.items():
            with urllib.request.urlopen(srv.url + path) as response:
                assert response.headers["Cache-Control"] == expected, path
    finally:
        srv.stop()
