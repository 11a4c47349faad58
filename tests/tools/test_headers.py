"""`dist/site/_headers` (tools/headers.py) says what tools.serve sends: every file's Cache-Control and every
response's Content-Security-Policy (with frame-ancestors), parsed and compared with the server's answers, so
the two cannot drift. Exactly one Cache-Control rule matches each file."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path

import pytest

from tools.headers import MAX_RULES, headers_text, parse, site_paths, write_headers
from tools.serve import FRAME_ANCESTORS, SiteServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small site shaped like the build's: the page, a script, Pyodide's wasm, a precompressed copy."""
    (tmp_path / "web").mkdir()
    (tmp_path / "runtime" / "pyodide-314.0.7").mkdir(parents=True)
    shutil.copy(ROOT / "index.html", tmp_path / "index.html")
    (tmp_path / "web" / "shell.js").write_text("// shell\n")
    (tmp_path / "web" / "shell.js.br").write_bytes(b"\x00")
    (tmp_path / "runtime" / "pyodide-314.0.7" / "pyodide.asm.wasm").write_bytes(b"\x00asm")
    (tmp_path / "sw.js").write_text("// sw\n")
    write_headers(tmp_path)
    return tmp_path


def test_every_rule_is_what_the_server_sends(site: Path) -> None:
    rules = parse((site / "_headers").read_text())
    policy = rules["/*"]["Content-Security-Policy"]
    assert policy.endswith(FRAME_ANCESTORS)
    paths = [path for path in rules if path != "/*"]
    assert paths == ["/", "/index.html", "/runtime/pyodide-314.0.7/pyodide.asm.wasm", "/sw.js", "/web/shell.js"]
    server = SiteServer(site, quiet=True).start()
    try:
        for path in paths:
            with urllib.request.urlopen(server.url.rstrip("/") + path) as response:
                sent = response.headers
            assert rules[path] == {"Cache-Control": sent["Cache-Control"]}, path
            assert sent["Content-Security-Policy"] == policy, path
    finally:
        server.stop()
    assert rules["/runtime/pyodide-314.0.7/pyodide.asm.wasm"]["Cache-Control"].endswith("immutable")
    assert rules["/sw.js"]["Cache-Control"] == "no-cache"


def test_the_built_site_has_one_rule_per_file(tmp_path: Path) -> None:
    built = ROOT / "dist" / "site"
    if not (built / "_headers").exists():
        pytest.fail("no dist/site/_headers: build the site first (python -m tools.build)")
    text = (built / "_headers").read_text()
    assert text == headers_text(built)  # written from the site as built
    rules = parse(text)
    assert set(rules) == {"/*", *site_paths(built)}
    assert len(rules) <= MAX_RULES
    assert not any(path.endswith((".br", ".gz")) for path in rules)


def test_parse_refuses_a_header_outside_a_rule() -> None:
    with pytest.raises(ValueError):
        parse("  Cache-Control: no-cache\n")
