"""Precompressed copies of the site's files (`x.js` -> `x.js.br`, `x.js.gz`) for `tools.serve` and any static host.

A file gets a copy in an encoding only where that copy saves at least `MIN_SAVING` of its size (measured per
file: already-compressed files such as wheels, `app.zip` and Pyodide's `python_stdlib.zip` get none). The
copies are reproducible (gzip with mtime 0 and no file name; brotli is deterministic for one library version
and quality) and cached in `.cache/precompressed/` by content hash: brotli at its best quality takes about
a minute for Pyodide's 9.6 MB `.wasm`, so only the first build pays it.

The copies are not part of the build's file list (`build.json`) nor of the service worker's precache list:
they are other encodings of the same resources, chosen by the server from the request's `Accept-Encoding`.
"""

from __future__ import annotations

import gzip
import hashlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

ENCODINGS = {"br": ".br", "gzip": ".gz"}  # Content-Encoding -> file suffix, in order of preference
MIN_SAVING = 0.05
BROTLI_QUALITY = 11  # the wasm: 2.74 MB at 11, 2.79 MB at 10, 3.10 MB at 9 (9.6 MB raw)
GZIP_LEVEL = 9
CACHE_FORMAT = f"brotli-{brotli.__version__}-q{BROTLI_QUALITY}-gzip{GZIP_LEVEL}"


def compress(data: bytes, encoding: str) -> bytes:
    """`data` in `encoding` ("br" or "gzip"), the same bytes for the same input."""
    if encoding == "br":
        return bytes(brotli.compress(data, quality=BROTLI_QUALITY))
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
    raise ValueError(f"unknown encoding {encoding}")


def is_precompressed_copy(path: Path) -> bool:
    """Whether `path` is a precompressed copy of a file next to it (`x.js.br` beside `x.js`)."""
    return path.suffix in ENCODINGS.values() and path.with_suffix("").is_file()


def _cached(data: bytes, encoding: str, cache: Path | None) -> bytes:
    if cache is None:
        return compress(data, encoding)
    key = hashlib.sha256(data).hexdigest()
    entry = cache / CACHE_FORMAT / f"{key}{ENCODINGS[encoding]}"
    if entry.is_file():
        return entry.read_bytes()
    out = compress(data, encoding)
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = entry.with_name(entry.name + ".part")
    partial.write_bytes(out)
    partial.replace(entry)
    return out


def _precompress_file(path: Path, cache: Path | None) -> dict[str, int]:
    data = path.read_bytes()
    written: dict[str, int] = {}
    # gzip first: it is fast, and a file it cannot shrink by MIN_SAVING is not worth a minute of brotli.
    for encoding in ("gzip", "br"):
        out = _cached(data, encoding, cache)
        if len(out) > len(data) * (1 - MIN_SAVING):
            break
        path.with_name(path.name + ENCODINGS[encoding]).write_bytes(out)
        written[encoding] = len(out)
    return written


def precompress_site(site: Path, cache: Path | None = None) -> dict[str, dict[str, int]]:
    """Write the `.br` and `.gz` copies of every file of `site` that gains; return {path: {encoding: size}}."""
    files = [p for p in sorted(site.rglob("*")) if p.is_file() and not is_precompressed_copy(p)]
    files.sort(key=lambda p: -p.stat().st_size)  # the wasm first: it takes longest
    with ThreadPoolExecutor() as pool:  # brotli and zlib release the GIL while they compress
        sizes = list(pool.map(lambda p: _precompress_file(p, cache), files))
    written = {p.relative_to(site).as_posix(): s for p, s in zip(files, sizes, strict=True) if s}
    return dict(sorted(written.items()))
