"""`dist/site/_headers`: the response headers `tools.serve` sends, for hosts that read that file (Netlify,
Cloudflare Pages). GitHub Pages ignores it (and the precompressed copies): there the page's `<meta>` policy
applies, without `frame-ancestors`.

Every response gets the Content-Security-Policy (`/*`); each file of the site gets its own Cache-Control rule
(an exact path, so that no two Cache-Control rules match one URL: both hosts would join their values). The
site's root `/` is its index.html. tests/tools/test_headers.py checks the file against the server's answers.
"""

from __future__ import annotations

from pathlib import Path

from tools.compress import ENCODINGS
from tools.serve import cache_control, page_policy

NAME = "_headers"
MAX_RULES = 100  # Cloudflare Pages reads at most this many rules


def site_paths(site: Path) -> list[str]:
    """The URL paths of the site's files (not the precompressed copies, which these hosts make themselves)."""
    paths = ["/"]
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.name != NAME and path.suffix not in ENCODINGS.values():
            paths.append("/" + path.relative_to(site).as_posix())
    return paths


def headers_text(site: Path) -> str:
    """The `_headers` file of the site in `site`."""
    policy = page_policy(site)
    lines = ["# Written by tools/build.py from tools/serve.py's headers (tools/headers.py): do not edit.", "/*"]
    if policy:
        lines.append(f"  Content-Security-Policy: {policy}")
    for url in site_paths(site):
        lines += ["", url, f"  Cache-Control: {cache_control(url)}"]
    rules = sum(1 for line in lines if line.startswith("/"))
    if rules > MAX_RULES:
        raise SystemExit(f"build: {NAME} would have {rules} rules; Cloudflare Pages reads {MAX_RULES}")
    return "\n".join(lines) + "\n"


def write_headers(site: Path) -> Path:
    target = site / NAME
    target.write_text(headers_text(site))
    return target


def parse(text: str) -> dict[str, dict[str, str]]:
    """`_headers` as {path: {header: value}} (the hosts' format: a path line, then indented `Name: value`)."""
    rules: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            current = rules.setdefault(line.strip(), {})
            continue
        if current is None or ":" not in line:
            raise ValueError(f"not a header line: {line!r}")
        name, value = line.strip().split(":", 1)
        current[name.strip()] = value.strip()
    return rules
