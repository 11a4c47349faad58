"""Shared helpers for play mode's pure tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from app.i18n import Texts
from app.play.config import PlayConfig
from app.play.session import Session

CATALOGUES = Path(__file__).resolve().parents[2] / "web" / "i18n"


@cache
def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8")))


@cache
def translator(lang: str) -> Texts:
    """The catalogue of `lang` as the pages' `Texts` (a missing key shows as itself: the tests look for them)."""
    return Texts(lang, catalogue(lang))


def config(seats: list[dict[str, Any]] | None = None, **fields: Any) -> PlayConfig:
    data: dict[str, Any] = dict(fields)
    if seats is not None:
        data["seats"] = seats
    return PlayConfig.from_dict(data)


def human() -> dict[str, Any]:
    return {"kind": "human", "name": "Me"}


def bot(name: str, level: str = "basic", **options: Any) -> dict[str, Any]:
    return {"kind": "bot", "name": name, "level": level, "options": options}


def run_bots(session: Session, limit: int = 100_000, decide: Callable[[Session], object] | None = None) -> str:
    """Apply bot moves and end reaction windows until the session waits for a person; return why.
    `decide(session)` makes each bot move (default: `Session.bot_step`, deciding here)."""
    for _ in range(limit):
        step = session.next_step()
        if step.kind == "idle":
            return step.why
        if step.kind == "window":
            session.window_over()
        else:
            (decide or Session.bot_step)(session)
    raise AssertionError("the bots never stopped")


def tap(act: str, **fields: Any) -> Any:
    """The page's intent `act` with its fields (`shared.protocol.INTENTS`), as a controller receives it."""
    return {"op": "intent", "act": act, **fields}
