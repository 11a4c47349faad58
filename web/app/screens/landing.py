"""The landing page: its HTML is in index.html (shown before Python); Python only re-enters it."""

from __future__ import annotations

from typing import Any


class Landing:
    """Mode choice "Play" / "Score keeper" (plain links to `#/play` and `#/score`)."""

    static_id: str | None = "landing"

    def mount(self, root: Any) -> None:
        pass

    def unmount(self) -> None:
        pass

    def relabel(self) -> None:
        pass
