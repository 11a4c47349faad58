"""Helpers of the score keeper's CPython tests: real catalogues, a fake clock and ids, navigation, and `Keeper`,
the keeper's step run as the score screen's desk runs it, without a page."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.score import ids
from app.score.effect import Effects
from app.score.keepsafe import Facts
from app.score.page_state import Screen
from app.score.showing import screen_of
from app.score.step import State, World, step
from app.score.store import MemoryStorage, Storage, Store
from app.score.texts import said_text
from app.score.visit import Flash, Visit
from app.score.where import Where
from scorekeeper import KeeperError, RoundDraft, SavedSheet, Sheet

ROOT = Path(__file__).resolve().parents[2]

__all__ = ["Keeper", "MemoryStorage", "Translator", "go", "make_keeper"]


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


@dataclass(frozen=True)
class Done:
    """A step's effects as the page would be told them (announcements and shares in words)."""

    effects: Effects
    announce: str | None
    share: str | None

    @property
    def render(self) -> bool:
        return self.effects.render

    @property
    def go(self) -> str | None:
        return self.effects.go

    @property
    def focus(self) -> str | None:
        return self.effects.focus

    @property
    def download(self) -> tuple[str, str] | None:
        return self.effects.download

    @property
    def refused(self) -> str:
        return self.effects.refused


class Keeper:
    """One page's keeper without the page: its visit over a store, each message stepped (`app.score.step`) and its
    storage effects kept (`Store.keep`), as `app.screens.score.KeeperDesk` does."""

    def __init__(self, storage: Storage, tr: Translator, world: World) -> None:
        self.store = Store.open(storage)
        self.tr, self.world = tr, world
        self.visit = Visit()
        self.facts = Facts()

    def act(self, act: str, replayed: bool = False, **fields: object) -> Done:
        """The intent `act` with its typed fields, as a page sends it (`replayed`: before the page showed a screen)."""
        return self.take({"op": "intent", "act": act, **fields}, replayed)

    def take(self, message: Mapping[str, Any], replayed: bool = False) -> Done:
        state, effects = step(State(self.store.shelf, self.visit), message, self.world, replayed)
        self.visit = state.visit
        self.store.keep(state.shelf, effects.writes, effects.typing)
        announce = said_text(effects.announce, self.tr) if effects.announce else None
        share = said_text(effects.share, self.tr) if effects.share else None
        return Done(effects, announce, share)

    def import_text(self, text: str) -> Done:
        """A chosen file's text."""
        return self.act("score.file", text=text)

    def shared(self, how: str, text: str = "") -> Done:
        """The page's report on a share."""
        return self.take({"op": "shared", "how": how, **({"text": text} if text else {})})

    def enter(self, where: Where) -> None:
        self.visit = self.visit.entered(where)

    @property
    def where(self) -> Where:
        return self.visit.where

    @property
    def errors(self) -> Mapping[str, tuple[KeeperError, ...]]:
        return self.visit.errors

    @property
    def confirm(self) -> str:
        return self.visit.confirm

    @property
    def flash(self) -> Flash | None:
        return self.visit.flash

    def saved(self) -> SavedSheet | None:
        return self.store.shelf.saved(self.where.sheet_id)

    def sheet(self) -> Sheet:
        saved = self.saved()
        assert saved is not None
        return saved.sheet

    def new_name(self) -> str:
        """The name in the next player's field (a new game's is saved with its set-up)."""
        if self.where.page == "new":
            return self.store.shelf.setup_name
        return self.visit.pending.get(ids.NAME_NEW, "")

    def draft(self) -> RoundDraft:
        return self.store.shelf.draft(self.where)

    def screen(self) -> Screen:
        return screen_of(State(self.store.shelf, self.visit), self.facts, self.world.base)


def make_keeper(storage: Storage, tr: Translator) -> Keeper:
    clock = iter(range(1_000, 10**9, 1_000))
    return Keeper(storage, tr, World(clock=lambda: next(clock), new_id=Ids(), rng=random.Random(4)))


def go(keeper: Keeper, hash_: str) -> None:
    """Navigate like the router: `#/score/abc/round` -> Where."""
    parts = tuple(part for part in hash_.lstrip("#").split("/") if part)
    keeper.enter(Where.parse(parts[1:]))
