"""Files the build draws or synthesizes in pure Python (icons, sounds), kept in a cache between builds."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path


def write_generated(
    folder: Path, makers: Mapping[str, Callable[[], bytes]], source: Path, cache: Path | None = None
) -> list[Path]:
    """Write `folder/<name>` with the bytes of each maker; return the paths.

    With `cache`, the files are kept there too, keyed by the hash of `source` (the module that makes them):
    a later build copies them instead of making them again.
    """
    folder.mkdir(parents=True, exist_ok=True)
    cached = cache / hashlib.sha256(source.read_bytes()).hexdigest()[:16] if cache else None
    written = []
    for name, make in makers.items():
        path = folder / name
        if cached and (cached / name).exists():
            shutil.copyfile(cached / name, path)
        else:
            path.write_bytes(make())
            if cached:
                cached.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, cached / name)
        written.append(path)
    return written
