"""Download and cache the pure-Python wheels that pytest and hypothesis need inside Pyodide.

The npm ``pyodide`` package ships the interpreter but no packages, and the Pyodide test run
must not touch the network. So the wheels are fetched once with pip (from PyPI or the local
index pip is configured with) into ``.cache/pyodide-wheels/`` (gitignored), checked against the
sha256 pinned below, and unpacked into Pyodide's site-packages by ``tools/pyodide_tests.mjs``.

Versions are the ones used on CPython (pyproject's ``dev`` extra) and resolve for Python 3.14.

    python tools/pyodide_wheels.py            # ensure the cache, print one wheel path per line
    python tools/pyodide_wheels.py --check    # verify the cache only; exit 1 if anything is missing
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = ROOT / ".cache" / "pyodide-wheels"
PYTHON_VERSION = "3.14"  # Pyodide 314.x runs CPython 3.14

# (filename, sha256). Pure-Python (``py3-none-any``) wheels only; the dependency closure of
# pytest 9.0.3 and hypothesis 6.155.2 on Python 3.14 (no exceptiongroup/tomli: those are < 3.11).
WHEELS: tuple[tuple[str, str], ...] = (
    ("pytest-9.0.3-py3-none-any.whl", "2c5efc453d45394fdd706ade797c0a81091eccd1d6e4bccfcd476e2b8e0ab5d9"),
    ("pluggy-1.7.0-py3-none-any.whl", "7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec"),
    ("iniconfig-2.3.1-py3-none-any.whl", "9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7"),
    ("packaging-26.4-py3-none-any.whl", "81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2"),
    ("pygments-2.21.0-py3-none-any.whl", "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    ("hypothesis-6.155.2-py3-none-any.whl", "c85ce6dcd630a90ce501f1d1dd1bc84b97f5649ca8a27e134c8cbf5aa480b1a5"),
    (
        "sortedcontainers-2.4.0-py2.py3-none-any.whl",
        "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0",
    ),
)


class WheelError(RuntimeError):
    """A wheel could not be downloaded or does not match its pinned hash."""


def _requirement(filename: str) -> str:
    name, version = filename.split("-")[:2]
    return f"{name}=={version}"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def missing(cache_dir: Path = CACHE_DIR) -> list[str]:
    """Filenames not present in ``cache_dir`` with the right hash."""
    return [
        filename
        for filename, digest in WHEELS
        if not (cache_dir / filename).is_file() or _sha256(cache_dir / filename) != digest
    ]


def ensure_wheels(cache_dir: Path = CACHE_DIR) -> list[Path]:
    """Make sure every pinned wheel is in ``cache_dir``; return their paths (in install order).

    Downloads only what is missing, with ``pip download --require-hashes --no-deps``, for
    Python 3.14 and platform ``any``. Raises :class:`WheelError` with pip's output on failure.
    """
    todo = missing(cache_dir)
    if todo:
        cache_dir.mkdir(parents=True, exist_ok=True)
        digests = dict(WHEELS)
        with tempfile.TemporaryDirectory() as tmp:
            reqs = Path(tmp) / "requirements.txt"
            reqs.write_text("".join(f"{_requirement(f)} --hash=sha256:{digests[f]}\n" for f in todo))
            for filename in todo:  # a stale file with a wrong hash would stop pip
                (cache_dir / filename).unlink(missing_ok=True)
            cmd = [
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--require-hashes",
                "--python-version", PYTHON_VERSION, "--platform", "any",
                "--implementation", "py", "--abi", "none",
                "--dest", str(cache_dir), "-r", str(reqs),
            ]  # fmt: skip
            proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if proc.returncode != 0:
                raise WheelError(
                    f"pip download failed (exit {proc.returncode}) for {', '.join(todo)}:\n{proc.stdout}{proc.stderr}"
                )
        still = missing(cache_dir)
        if still:
            raise WheelError(f"after pip download, missing or wrong hash in {cache_dir}: {', '.join(still)}")
    return [cache_dir / filename for filename, _ in WHEELS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=CACHE_DIR, help="cache folder (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="only verify the cache, download nothing")
    args = parser.parse_args(argv)
    if args.check:
        gone = missing(args.dir)
        for filename in gone:
            print(f"missing or wrong hash: {filename}", file=sys.stderr)
        return 1 if gone else 0
    try:
        paths = ensure_wheels(args.dir)
    except WheelError as exc:
        print(exc, file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
