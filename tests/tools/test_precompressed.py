"""Precompressed copies (tools/compress.py) and how tools.serve picks one by Accept-Encoding (no browser)."""

from __future__ import annotations

import gzip
import json
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest

from tools import compress, precache
from tools.serve import SiteServer, accepted_encoding

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("const cards = ['R1', 'G2', 'B3', 'Y4'];\n" * 400).encode()  # compresses well
NOISE = os.urandom(4000)  # does not


@pytest.fixture
def mini_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "runtime" / "pyodide-1").mkdir(parents=True)
    (site / "index.html").write_bytes(b"<!doctype html><title>t</title>" + b"<p>hello</p>" * 200)
    (site / "app.js").write_bytes(TEXT)
    (site / "runtime" / "pyodide-1" / "x.wasm").write_bytes(b"\0asm\1\0\0\0" + TEXT)
    (site / "noise.zip").write_bytes(NOISE)
    (site / "tiny.js").write_bytes(b"1")
    return site


@pytest.fixture
def served(mini_site: Path) -> Iterator[tuple[Path, SiteServer]]:
    compress.precompress_site(mini_site)
    srv = SiteServer(mini_site).start()
    yield mini_site, srv
    srv.stop()


def fetch(url: str, accept_encoding: str | None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url)
    if accept_encoding is not None:
        request.add_header("Accept-Encoding", accept_encoding)
    with urllib.request.urlopen(request) as response:  # urllib never decodes: we see the bytes sent
        return response.status, dict(response.headers.items()), response.read()


def test_copies_only_where_they_save_five_percent_and_are_reproducible(mini_site: Path, tmp_path: Path) -> None:
    written = compress.precompress_site(mini_site)
    assert set(written) == {"index.html", "app.js", "runtime/pyodide-1/x.wasm"}  # not the noise, not 1 byte
    assert not (mini_site / "noise.zip.gz").exists() and not (mini_site / "noise.zip.br").exists()
    for rel, sizes in written.items():
        original = (mini_site / rel).read_bytes()
        br, gz = (mini_site / f"{rel}.br").read_bytes(), (mini_site / f"{rel}.gz").read_bytes()
        assert brotli.decompress(br) == original and gzip.decompress(gz) == original
        assert sizes == {"br": len(br), "gzip": len(gz)}
        assert gz[4:8] == b"\0\0\0\0"  # gzip mtime 0: the same input gives the same bytes
    # Same input, same bytes: computed again, and through the content-hash cache (twice: miss, then hit).
    before = {p.name: p.read_bytes() for p in mini_site.rglob("*") if compress.is_precompressed_copy(p)}
    cache = tmp_path / "cache"
    for _ in range(2):
        for copy in [p for p in mini_site.rglob("*") if compress.is_precompressed_copy(p)]:
            copy.unlink()
        assert compress.precompress_site(mini_site, cache=cache) == written
        after = {p.name: p.read_bytes() for p in mini_site.rglob("*") if compress.is_precompressed_copy(p)}
        assert after == before
    assert len(list(cache.rglob("*.br"))) == 3


def test_copies_are_not_in_the_file_list_or_the_precache(mini_site: Path) -> None:
    compress.precompress_site(mini_site)
    files = precache.site_files(mini_site)
    assert set(files) == {"index.html", "app.js", "runtime/pyodide-1/x.wasm", "noise.zip", "tiny.js"}
    template = mini_site.parent / "sw.template.js"
    template.write_text(
        'const VERSION = "__VERSION__";\nconst PRECACHE = __PRECACHE__;\nconst APP_FILES = __APP_FILES__;\n'
    )
    precache.write_service_worker(mini_site, template, {})
    sw = (mini_site / "sw.js").read_text()
    assert ".br" not in sw and ".gz" not in sw
    assert set(json.loads((mini_site / "build.json").read_text())["files"]) == set(files)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("", None),
        ("identity", None),
        ("gzip", "gzip"),
        ("x-gzip", "gzip"),
        ("gzip, deflate, br, zstd", "br"),  # Chromium's
        ("deflate, gzip;q=1.0, *;q=0.5", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("BR;Q=0.2, GZIP;q=0.8", "gzip"),
        ("*", "br"),
        ("*;q=0", None),
        ("gzip;q=0, br;q=0", None),
        ("br;q=oops, gzip", "gzip"),
    ],
)
def test_accept_encoding(header: str | None, expected: str | None) -> None:
    assert accepted_encoding(header, ["br", "gzip"]) == expected


@pytest.mark.parametrize(
    ("accept", "encoding"), [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("identity", None), (None, None)]
)
@pytest.mark.parametrize(
    ("path", "mime"),
    [("", "text/html"), ("app.js", "text/javascript"), ("runtime/pyodide-1/x.wasm", "application/wasm")],
)
def test_server_sends_the_copy_the_request_accepts_with_the_originals_type(
    served: tuple[Path, SiteServer], accept: str | None, encoding: str | None, path: str, mime: str
) -> None:
    site, srv = served
    status, headers, body = fetch(srv.url + path, accept)
    original = (site / (path or "index.html")).read_bytes()
    assert status == 200
    assert headers["Content-type"] == mime
    assert headers["Vary"] == "Accept-Encoding"  # identity responses too: a cache must not mix them up
    assert headers.get("Content-Encoding") == encoding
    assert int(headers["Content-Length"]) == len(body)
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding](body)
    assert decoded == original
    if encoding:
        assert len(body) < len(original)


def test_files_without_copies_and_errors_are_sent_as_they_are(served: tuple[Path, SiteServer]) -> None:
    _site, srv = served
    status, headers, body = fetch(srv.url + "noise.zip", "gzip, deflate, br, zstd")
    assert (status, body, headers["Content-type"]) == (200, NOISE, "application/zip")
    assert "Content-Encoding" not in headers and "Vary" not in headers
    with pytest.raises(urllib.error.HTTPError) as error:
        fetch(srv.url + "missing.js", "br")
    assert error.value.code == 404 and "Content-Encoding" not in error.value.headers


def test_a_copy_older_than_its_original_is_never_served(served: tuple[Path, SiteServer]) -> None:
    """A file changed after the build (a hand edit, a partial deployment) is sent as it is now."""
    site, srv = served
    app = site / "app.js"
    app.write_bytes(b"// changed\n" + TEXT)
    stamp = (site / "app.js.br").stat().st_mtime + 5
    os.utime(app, (stamp, stamp))
    _status, headers, body = fetch(srv.url + "app.js", "gzip, deflate, br, zstd")
    assert "Content-Encoding" not in headers and body == app.read_bytes()


def test_revalidation_of_a_compressed_response(served: tuple[Path, SiteServer]) -> None:
    _site, srv = served
    _, headers, _ = fetch(srv.url + "app.js", "br")
    request = urllib.request.Request(srv.url + "app.js")
    request.add_header("Accept-Encoding", "br")
    request.add_header("If-Modified-Since", headers["Last-Modified"])
    with pytest.raises(urllib.error.HTTPError) as not_modified:  # urllib raises on 304
        urllib.request.urlopen(request)
    assert not_modified.value.code == 304
    assert not_modified.value.headers["Vary"] == "Accept-Encoding"


def test_the_built_site_has_copies_of_the_big_compressible_files() -> None:
    site = ROOT / "dist" / "site"
    if not (site / "build.json").exists():
        pytest.skip("no build in dist/site (./dev test builds first)")
    runtime = site / json.loads((site / "build.json").read_text())["runtime"]
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json"):
        assert (runtime / f"{name}.br").stat().st_size < (runtime / name).stat().st_size * 0.4, name
    for name in ("index.html", "web/shell.js", "web/style.css", "web/i18n/es.json", "sw.js", "build.json"):
        assert (site / f"{name}.br").is_file() and (site / f"{name}.gz").is_file(), name
    assert not (runtime / "python_stdlib.zip.br").exists()  # already compressed: saves 2%
    assert not list(site.rglob("*.whl.*"))
