"""The service worker's precache list and cache version, generated from the files written.

The version is a hash of every precached file's path and content: any change to any file
gives a new version (and so a new cache, and the "new version available" banner); an
unchanged rebuild gives the same version.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tools.compress import is_precompressed_copy
from tools.wheels import sha256_of

SW_NAME = "sw.js"
BUILD_INFO = "build.json"
APP_ONLY = ("runtime/pyodide-", "runtime/jsqr-", "wheels/", "web/app.zip", "web/sounds/", "web/snapshot-store.js")
"""What only the app's engine needs (Pyodide, our wheels, the controllers, the table's sounds, the camera's fallback
decoder): a phone that only joins a table as a guest (a screen of the host's engine) never fetches them. The
service worker precaches the rest at once and these once a page starts the engine (web/offline/sw.template.js)."""


def for_guests(rel: str) -> bool:
    """Whether a guest phone's page needs the site's file `rel`."""
    return not rel.startswith(APP_ONLY)


def site_files(site: Path) -> dict[str, dict[str, object]]:
    """Every file of the site except the service worker, build.json, precompressed copies and the static hosts'
    _headers (tools/headers.py: written last, never fetched by the app), with size and sha256."""
    files: dict[str, dict[str, object]] = {}
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and rel not in (SW_NAME, BUILD_INFO, "_headers") and not is_precompressed_copy(path):
            files[rel] = {"size": path.stat().st_size, "sha256": sha256_of(path)}
    return files


def content_version(files: dict[str, dict[str, object]]) -> str:
    """A short hash naming this exact set of file contents."""
    digest = hashlib.sha256()
    for rel, meta in sorted(files.items()):
        digest.update(f"{rel}\0{meta['sha256']}\n".encode())
    return digest.hexdigest()[:16]


def write_service_worker(site: Path, template: Path, extra: dict[str, str]) -> dict[str, object]:
    """Write build.json and sw.js (from `template`) into `site`; return build.json's content."""
    files = site_files(site)
    info: dict[str, object] = {"version": content_version(files), **extra, "files": files}
    (site / BUILD_INFO).write_text(json.dumps(info, indent=1))
    urls = ["./" + rel for rel in [*files, BUILD_INFO] if for_guests(rel)]
    rest = ["./" + rel for rel in files if not for_guests(rel)]
    source = template.read_text()
    for marker in ("__VERSION__", "__PRECACHE__", "__APP_FILES__"):
        if marker not in source:
            raise SystemExit(f"build: {template.name} lacks the marker {marker}")
    source = source.replace('"__VERSION__"', json.dumps(info["version"]))
    source = source.replace("__PRECACHE__", json.dumps(urls, indent=2))
    source = source.replace("__APP_FILES__", json.dumps(rest, indent=2))
    (site / SW_NAME).write_text(source)
    return info
