"""Wheels for the site: pinned downloads from PyPI (cached under .cache/) and our own wheel.

Every download is pinned by version and sha256 and kept in `.cache/`, so a rebuild needs
no network. Our wheel is built from a clean copy of the sources with `python -m build`
in an isolated environment whose build requirements come from the same cache.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"

# Reproducible zip timestamps: the same sources give the same wheel bytes (and cache version).
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip file can hold


@dataclass(frozen=True)
class Pin:
    """One wheel from PyPI, pinned by version and sha256."""

    name: str
    version: str
    sha256: str
    python_version: str | None = None  # for `pip download --python-version`

    @property
    def file_name(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


# Build requirements of pyproject.toml ("setuptools>=65", "wheel") and wheel's own dependency.
BUILD_REQUIREMENTS = (
    Pin("setuptools", "84.2.1", "ca140b45d5325a9478f880e351484f62fef15f336462e449ca0c03c873d589c2"),
    Pin("wheel", "0.48.0", "3217dcc807155e45db462d7ef2431f5ddda0d7273b700d05a67b271ceb1287ab"),
    Pin("packaging", "26.4", "81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2"),
)

# Pure-Python wheels the app itself imports in its workers, shipped beside ours (no CDN).
APP_WHEELS = (
    Pin("segno", "1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"),  # QR of sheet links
)


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_pinned(pin: Pin, folder: Path) -> Path:
    """Return the cached wheel of `pin`, downloading it once; refuse a wrong hash."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / pin.file_name
    if not path.exists():
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
        if pin.python_version:
            cmd += ["--python-version", pin.python_version]
        cmd += ["--dest", str(folder), f"{pin.name}=={pin.version}"]
        print(f"build: downloading {pin.file_name} from PyPI (cached in {folder.relative_to(ROOT)})")
        subprocess.run(cmd, check=True)
    actual = sha256_of(path)
    if actual != pin.sha256:
        path.unlink()
        raise SystemExit(f"build: {pin.file_name} has sha256 {actual}, expected {pin.sha256}; removed it")
    return path


def build_project_wheel(out_dir: Path) -> Path:
    """Build the `uno-core` wheel (uno_core + scorekeeper) from a clean copy of the sources."""
    wheelhouse = CACHE / "build-wheels"
    for pin in BUILD_REQUIREMENTS:
        fetch_pinned(pin, wheelhouse)
    with tempfile.TemporaryDirectory(prefix="uno-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, src / name)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        for package in ("uno_core", "scorekeeper"):
            shutil.copytree(ROOT / package, src / package, ignore=ignore)
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_NO_INDEX="1", PIP_FIND_LINKS=str(wheelhouse))
        result = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", str(Path(tmp) / "out"), str(src)],
            env=env,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            raise SystemExit("build: building the uno-core wheel failed")
        (wheel,) = (Path(tmp) / "out").glob("*.whl")
        out_dir.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy(wheel, out_dir / wheel.name))


def place_wheel(wheel: Path, wheels_dir: Path) -> Path:
    """Move or copy `wheel` into `wheels_dir/<first 16 hex of its sha256>/`: a new wheel is a new URL."""
    content_dir = wheels_dir / sha256_of(wheel)[:16]
    content_dir.mkdir(parents=True, exist_ok=True)
    target = content_dir / wheel.name
    if wheel.parent == wheels_dir:
        wheel.rename(target)
    else:
        shutil.copy(wheel, target)
    return target
