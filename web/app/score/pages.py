"""The score keeper's pages: `render(screen)` is the page for the screen's location (a pure function)."""

from __future__ import annotations

from app.tree import El

from .pages_entry import entry_page
from .pages_list import list_page
from .pages_setup import setup_page
from .pages_sheet import sheet_page
from .screen import Screen

__all__ = ["render"]


def render(screen: Screen) -> El:
    """The page for `screen` (`Keeper.screen()` has settled which data the location has)."""
    if screen.where.page == "list":
        return list_page(screen)
    if screen.setup is not None:
        return setup_page(screen)
    if screen.draft is not None:
        return entry_page(screen)
    return sheet_page(screen)
