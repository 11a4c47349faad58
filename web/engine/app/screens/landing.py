"""The landing page: its HTML is in index.html (shown before Python); Python only re-enters it."""

from __future__ import annotations

from app.tree import El


class Landing:
    """Mode choice "Play" / "Score keeper" (plain links to `#/play` and `#/score`)."""

    static_id: str | None = "landing"

    def frame(self) -> El | None:
        return None

    def mount(self) -> None:
        pass

    def unmount(self) -> None:
        pass

    def relabel(self) -> None:
        pass
