"""The score keeper's pages: `render(screen)` is the page for the screen's location (a pure function)."""

from __future__ import annotations

from app.tree import El

from .page_state import Screen
from .pages_entry import entry_page
from .pages_keepsafe import moveall_page, openall_page
from .pages_link import link_page, open_page
from .pages_list import list_page
from .pages_people import people_page, record_page
from .pages_setup import setup_page
from .pages_sheet import sheet_page

__all__ = ["render"]


def render(screen: Screen) -> El:
    """The page for `screen` (`Keeper.screen()` has settled which data the location has)."""
    if screen.where.page == "list":
        return list_page(screen)
    if screen.where.page == "moveall":
        return moveall_page(screen)
    if screen.where.page == "openall":
        return openall_page(screen)
    if screen.where.page == "people":
        return people_page(screen)
    if screen.where.page == "record":
        return record_page(screen)
    if screen.found is not None:
        return open_page(screen, screen.found)
    if screen.where.page == "link" and screen.saved is not None:
        return link_page(screen)
    if screen.setup is not None:
        return setup_page(screen)
    if screen.draft is not None:
        return entry_page(screen)
    return sheet_page(screen)
