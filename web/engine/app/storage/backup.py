"""One file with everything saved on this device (pure): offered when saves may not survive.

`{"format": "uno-backup", "version": 1, "exported": ms, "library": <score library>, "game": <play save>}`.
The score keeper's import takes it (every sheet of it is added); play mode's import takes its game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from app.storage.core import PLAY_GAME, SCORE_LIBRARY

FORMAT = "uno-backup"
VERSION = 1


def _parsed(text: str | None) -> Any:
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text  # kept as it is: a damaged save is still worth having


def backup_text(values: Mapping[str, str], now: int) -> str:
    """The backup of every save in `values` (the `Saves` in memory)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "exported": now,
        "library": _parsed(values.get(SCORE_LIBRARY)),
        "game": _parsed(values.get(PLAY_GAME)),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def backup_name(now: int) -> str:
    """`uno-backup-YYYYMMDD-HHMM.json` (UTC)."""
    return "uno-backup-" + time.strftime("%Y%m%d-%H%M", time.gmtime(now // 1000)) + ".json"


def read_backup(text: str) -> dict[str, Any] | None:
    """The backup's data if `text` is one (else None: another kind of file)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    return data


def game_of(text: str) -> str:
    """The play save inside a backup, as text; any other text unchanged (a plain game file)."""
    data = read_backup(text)
    if data is None:
        return text
    return json.dumps(data.get("game"), ensure_ascii=False)


def library_of(text: str) -> Any:
    """The score library inside a backup (JSON data), or None when `text` is not a backup."""
    data = read_backup(text)
    return None if data is None else data.get("library")
