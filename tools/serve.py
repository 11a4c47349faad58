"""Serve the built site on 127.0.0.1 with the right MIME types (`python -m tools.serve`).

Sends the page's Content-Security-Policy (the one in index.html's `<meta http-equiv>`) as a header on every
response too: a worker's or the service worker's script gets its policy only from its own response's header,
and `frame-ancestors` (no framing) works only in a header.

Serves a file's precompressed copy (`x.js.br`, `x.js.gz`, written by the build: tools/compress.py) with
`Content-Encoding` when the request's `Accept-Encoding` allows it (brotli preferred, then gzip), with the
original's `Content-Type` and `Vary: Accept-Encoding`. A copy older than its original is never served.

Also used in-process by the end-to-end tests and the benchmark (`SiteServer`), which can
count the bytes served and stop the server at will.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
import urllib.parse
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

from tools.compress import ENCODINGS

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "dist" / "site"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
    ".py": "text/x-python",
}


@dataclass
class Traffic:
    """What the server sent: requests and body bytes (thread-safe)."""

    requests: list[tuple[str, int, int]] = field(default_factory=list)  # (path, status, body bytes)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.requests.append((path, status, size))

    def total_bytes(self) -> int:
        with self.lock:
            return sum(size for _, _, size in self.requests)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()


def accepted_encoding(accept_encoding: str | None, available: list[str]) -> str | None:
    """The content coding of `available` (in order of preference) to send for this `Accept-Encoding`, or None.

    Follows RFC 9110 12.5.3: the highest q-value wins (ties go to the earlier of `available`), `q=0`
    refuses, `*` stands for codings not named, and no header means identity.
    """
    if not accept_encoding:
        return None
    weights: dict[str, float] = {}
    for part in accept_encoding.split(","):
        coding, *params = (item.strip() for item in part.split(";"))
        if not coding:
            continue
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[coding.lower()] = q
    if "x-gzip" in weights and "gzip" not in weights:
        weights["gzip"] = weights["x-gzip"]
    best, best_q = None, 0.0
    for coding in available:
        q = weights.get(coding, weights.get("*", 0.0))
        if q > best_q:
            best, best_q = coding, q
    return best


CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
FRAME_ANCESTORS = "frame-ancestors 'none'"  # ignored in a <meta>: header only


def page_policy(directory: Path) -> str | None:
    """The Content-Security-Policy header for the site in `directory`: index.html's policy, no framing."""
    found = CSP_META.search((directory / "index.html").read_text())
    return f"{found.group(1)}; {FRAME_ANCESTORS}" if found else None


IMMUTABLE = re.compile(r"^/(?:.*/)?runtime/pyodide-[^/]+/[^/]+\.wasm$")
"""URL paths whose content never changes under the same path."""


def cache_control(url_path: str) -> str:
    """The Cache-Control of a URL path: revalidate on every use (cheap 304s: a rebuilt file is never served
    stale), except Pyodide's .wasm, in a folder named by its version and kept by the browser's HTTP cache (not
    the service worker, see web/offline/sw.template.js): no round trip for it on a warm start."""
    return "public, max-age=31536000, immutable" if IMMUTABLE.match(url_path.split("?", 1)[0]) else "no-cache"


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, `no-cache` revalidation, precompressed copies, no directory listings."""

    # typeshed declares it per instance; http.server reads it from the class, as here
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # type: ignore[misc]
    traffic: Traffic | None = None
    quiet = False
    precompressed = True  # serve the build's .br/.gz copies (off: only to measure without them)
    policy: str | None = None  # the Content-Security-Policy header
    _status = 0
    _sent = 0
    _variants = False  # this resource has precompressed copies: responses vary by Accept-Encoding
    _encoding: str | None = None  # the copy served in this response, by its Content-Encoding
    _file: str | None = None  # ... and its path
    _type: str | None = None  # ... and the original's Content-Type

    def send_head(self) -> Any:
        self._variants, self._encoding, self._file, self._type = False, None, None, None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if self.precompressed and os.path.isfile(path):
            original = os.stat(path).st_mtime
            copies = {
                encoding: path + suffix
                for encoding, suffix in ENCODINGS.items()
                if os.path.isfile(path + suffix) and os.stat(path + suffix).st_mtime >= original
            }
            self._variants = bool(copies)
            encoding = accepted_encoding(self.headers.get("Accept-Encoding"), list(copies))
            if encoding is not None:
                self._encoding, self._file, self._type = encoding, copies[encoding], self.guess_type(path)
        return super().send_head()  # opens self._file instead (translate_path), with the original's type

    def translate_path(self, path: str) -> str:
        return self._file or super().translate_path(path)

    def guess_type(self, path: Any) -> str:
        return self._type or super().guess_type(path)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status, self._sent = code, 0
        super().send_response(code, message)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        if self.policy:
            self.send_header("Content-Security-Policy", self.policy)
        if self._variants and self._status in (200, 304):
            self.send_header("Vary", "Accept-Encoding")
        if self._encoding and self._status == 200:
            self.send_header("Content-Encoding", self._encoding)
        super().end_headers()

    def copyfile(self, source: BinaryIO, outputfile: Any) -> None:  # type: ignore[override]
        while block := source.read(1 << 16):
            outputfile.write(block)
            self._sent += len(block)

    def list_directory(self, path: Any) -> None:
        self.send_error(404, "No directory listings")
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if not self.quiet:
            super().log_request(code, size)

    def log_error(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_error(format, *args)

    def handle_one_request(self) -> None:
        self._status = 0
        self._variants, self._encoding, self._file, self._type = False, None, None, None
        super().handle_one_request()
        if self.traffic is not None and self._status:
            self.traffic.add(self.path, self._status, self._sent)


class QuietOnDisconnect(ThreadingHTTPServer):
    """Says nothing when a browser goes away mid-answer (a cancelled fetch, a closed tab, a test's page
    closed while a sound was loading): that is no error of ours. Anything else is reported as before."""

    request_queue_size = 64  # several phones' first loads at once (the table tests): more than listen's 5

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError...
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server of `directory` on 127.0.0.1; port 0 picks a free port."""

    def __init__(
        self, directory: Path = DEFAULT_DIR, port: int = 0, quiet: bool = True, precompressed: bool = True
    ) -> None:
        if not (directory / "index.html").exists():
            raise SystemExit(f"serve: {directory} has no index.html; build first (`./dev build`)")
        self.traffic = Traffic()
        attrs = {
            "traffic": self.traffic,
            "quiet": quiet,
            "precompressed": precompressed,
            "policy": page_policy(directory),
        }
        handler = type("Handler", (SiteHandler,), attrs)
        self.httpd = QuietOnDisconnect(("127.0.0.1", port), partial(handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def start(self) -> SiteServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread:
            self.thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args()
    server = SiteServer(args.dir.resolve(), args.port, quiet=args.quiet)
    print(f"Serving {args.dir} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()


if __name__ == "__main__":
    main()
