"""Helpers of the score keeper's CPython tests: real catalogues, a fake clock and ids, navigation."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path

from app.score.keeper import Keeper  # re-exported for conftest
from app.score.store import MemoryStorage
from app.score.where import Where

ROOT = Path(__file__).resolve().parents[2]


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


class Translator:
    """The shell's `t()` on the real catalogues; records keys it does not know."""

    def __init__(self) -> None:
        self.lang = "en"
        self.tables = {lang: catalogue(lang) for lang in ("en", "es")}
        self.missing: set[str] = set()

    def __call__(self, key: str, args: Mapping[str, str]) -> str:
        text = self.tables[self.lang].get(key)
        if text is None:
            self.missing.add(key)
            return key
        for name, value in args.items():
            text = text.replace("{" + name + "}", value)
        return text


class Ids:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> str:
        self.count += 1
        return f"id{self.count}"


def make_keeper(storage: MemoryStorage, tr: Translator) -> Keeper:
    clock = iter(range(1_000, 10**9, 1_000))
    return Keeper(storage, clock=lambda: next(clock), new_id=Ids(), rng=random.Random(4), lang=lambda: tr.lang, tr=tr)


def go(keeper: Keeper, hash_: str) -> None:
    """Navigate like the router: `#/score/abc/round` -> Where."""
    parts = tuple(part for part in hash_.lstrip("#").split("/") if part)
    keeper.enter(Where.parse(parts[1:]))
