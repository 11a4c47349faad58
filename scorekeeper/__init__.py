"""scorekeeper: keeps the score sheet of UNO games played with real cards (R-KEEP).

Pure Python on top of ``uno_core`` (card points, scoring and dealer rotation). Values are
immutable: every operation returns a new value or raises a ``KeeperError`` and changes nothing.
"""

from __future__ import annotations

from .entry import HandInput, Mode, RoundDraft, live_sum, parse_total, to_card
from .errors import EntryError, KeeperError, LoadError, RoundRejected, SetupError, SheetError
from .gains import EnteredRound, enter_round, preview_gains
from .library import Library, SavedSheet, SheetSummary, default_title, load_library
from .limits import (
    UNUSUAL_CARDS,
    Unusual,
    check_hands,
    max_typed_total,
    possible_totals,
    rank_in_deck,
    unusual_totals,
)
from .messages import message
from .model import Hand, Round
from .options import Options, parse_target
from .save import dumps, load, loads, save
from .share import (
    Announcement,
    Gain,
    HandLine,
    RoundSummary,
    ShareData,
    ShareLine,
    announcement,
    round_summary,
    share_data,
)
from .sheet import MAX_PLAYERS, MIN_PLAYERS, NAME_MAX, Sheet, clean_name, new_sheet
from .story import NOTES_MAX, PLACE_MAX, Story, clean_notes, clean_place
from .tally import RoundRow, Standing, Tally, tally
from .validation import (
    check_draft,
    check_round,
    check_tap,
    draft_from_round,
    live_errors,
    optional_seats,
    rank_entered,
    round_from_draft,
    taps_left,
)

__all__ = [
    "MAX_PLAYERS", "MIN_PLAYERS", "NAME_MAX", "NOTES_MAX", "PLACE_MAX", "UNUSUAL_CARDS",
    "Announcement", "EnteredRound", "EntryError", "Gain", "Hand", "HandInput", "HandLine", "KeeperError", "Library",
    "LoadError",
    "Mode", "Options", "Round", "RoundDraft", "RoundRejected", "RoundRow", "RoundSummary", "SavedSheet", "SetupError",
    "ShareData", "ShareLine", "Sheet", "SheetError", "SheetSummary", "Standing", "Story", "Tally", "Unusual",
    "announcement", "check_draft", "check_hands", "check_round", "check_tap", "clean_name", "clean_notes",
    "clean_place",
    "default_title", "draft_from_round", "dumps", "enter_round", "live_errors", "live_sum", "load", "load_library",
    "loads", "max_typed_total", "message", "new_sheet", "optional_seats", "parse_target", "parse_total",
    "possible_totals", "preview_gains", "rank_entered", "rank_in_deck",
    "round_from_draft", "round_summary", "save", "share_data", "tally", "taps_left", "to_card", "unusual_totals",
]  # fmt: skip
