"""index.html's Content-Security-Policy and description, and the policy header tools.serve derives from it."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from tools.serve import FRAME_ANCESTORS, SiteServer, page_policy

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "index.html").read_text()


def directives(policy: str) -> dict[str, list[str]]:
    return {name: rest for name, *rest in (part.split() for part in policy.split(";") if part.strip())}


def test_policy_allows_our_origin_only() -> None:
    policy = page_policy(ROOT)
    assert policy is not None and policy.endswith(f"; {FRAME_ANCESTORS}")
    found = directives(policy)
    assert found["default-src"] == ["'self'"]
    # no eval (PyScript, which built its hooks with Function(), is gone); MicroPython compiles WebAssembly
    assert found["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert found["object-src"] == ["'none'"] and found["frame-ancestors"] == ["'none'"]
    assert found["img-src"] == ["'self'", "blob:"]  # the share card's SVG, read into a canvas (web/page/picture.mjs)
    sources = {source for values in found.values() for source in values}
    assert sources <= {"'self'", "'none'", "'wasm-unsafe-eval'", "blob:"}  # no host, no inline, no data:


def test_page_has_no_inline_script_or_style() -> None:
    for tag in re.findall(r"<script\b[^>]*>", PAGE):
        assert "src=" in tag, tag
    assert "<style" not in PAGE and " style=" not in PAGE
    assert re.search(r"<[^>]*\son[a-z]+=", PAGE) is None  # no onclick=...


def test_description_is_the_english_catalogues() -> None:
    found = re.search(r'<meta name="description" content="([^"]*)">', PAGE)
    assert found is not None
    assert found.group(1) == json.loads((ROOT / "web" / "i18n" / "en.json").read_text())["app.description"]


def test_server_sends_the_policy_on_every_response(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "worker.js").write_text("postMessage(1)")
    srv = SiteServer(tmp_path).start()
    try:
        for path in ("", "worker.js"):  # a worker's policy comes from its own script's response
            with urllib.request.urlopen(srv.url + path) as response:
                assert response.headers["Content-Security-Policy"] == page_policy(ROOT), path
    finally:
        srv.stop()
