"""A "coming soon" screen for modes not built yet."""

from __future__ import annotations

from typing import Any

from app.dom import h


class Placeholder:
    """A title, a short note and a way back to the landing page."""

    static_id: str | None = None

    def __init__(self, title_key: str, text_key: str) -> None:
        self.title_key = title_key
        self.text_key = text_key

    def mount(self, root: Any) -> None:
        root.append(
            h("div", h("a", cls="back-link", key="screen.back", attrs={"href": "#/"}), cls="screen-head"),
            h("h1", key=self.title_key),
            h("p", h("strong", key="screen.soon")),
            h("p", key=self.text_key),
        )

    def unmount(self) -> None:
        pass

    def relabel(self) -> None:
        pass
