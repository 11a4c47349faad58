"""The score keeper's element ids, defined once: the pages give them, the keeper moves the focus to them.

A field key (`hand-2`, `name-new`, `target`...) says where an error is shown: the keeper's `errors` are
keyed by it, the field's element is `field(key)` and its message line `error_line(key)`.
"""

from __future__ import annotations

ROOT = "score-root"  # what the screen draws into
PHONES = "score-phones"  # above the sheet: what the table of phones shows there (a lost phone's rejoin code)
LIVE = "score-live"  # the live region of announcements

# field keys
PAGE = "page"  # an error about the whole page
IMPORT = "import"
START = "start"
PLAYERS = "players"
TARGET = "target"
PLACE = "place"  # a sheet's story (`pages_story`)
NOTES = "notes"
STORY_TITLE = "score-story-title"
STORY_DATE = "score-story-date"
TEAMS = "teams"
SCORING = "scoring"
WILD = "wild"
ROTATION = "rotation"
DEALER = "dealer"
WINNER = "winner"
ROUND = "round"  # an error about the round as a whole
NAME_NEW = "name-new"
OPEN_LINK = "open-link"  # a sheet's link pasted on the list


def name_key(seat: int) -> str:
    return f"name-{seat}"


def hand_key(seat: int) -> str:
    return f"hand-{seat}"


def field(key: str) -> str:
    """The element of a field key."""
    return f"score-{key}"


def error_line(key: str) -> str:
    """The message line under a field (always there, empty while the field is fine)."""
    return f"score-{key}-error"


# every page
TITLE = "score-title"
FLASH = "score-flash"
OPEN_SAVED = "score-open-saved"
CONFIRM_TEXT = "score-confirm-text"
DEALER_BADGE = field(DEALER)  # the dealer line of the sheet and round pages (never beside the set-up's group)
EXPORT = "score-export"


def ask(act: str) -> str:
    """A dangerous action's first button."""
    return f"score-ask-{act}"


def confirm(act: str) -> str:
    """A dangerous action's "yes" once asked."""
    return f"score-confirm-{act}"


# the list
NEW = "score-new"
JOIN = "score-join"
IMPORT_FILE = "score-import-file"
STORAGE = "score-storage"
IOS_CARD = "score-ios-card"
IOS_DONE = "score-ios-done"
MOVE_ALL = "score-move-all"
MOVE_FILE = "score-move-file"

# the set-up
FIRST_DEALER = "score-first-dealer"
DRAW = "score-draw"


def up(seat: int) -> str:
    return f"score-up-{seat}"


def down(seat: int) -> str:
    return f"score-down-{seat}"


def remove(seat: int) -> str:
    return f"score-remove-{seat}"


def choice(key: str, value: object) -> str:
    """One radio of an option group (`choice(SCORING, "penalty")`, `choice(DEALER, 2)`)."""
    return f"score-{key}-{value}"


# the sheet
ROUNDS_TITLE = "score-rounds-title"
LEGEND_TITLE = "score-legend-title"
CHART_TITLE = "score-chart-title"
SUMMARY_TITLE = "score-summary-title"
SUMMARY_SHARE = "score-summary-share"
WINNER_TITLE = "score-winner-title"
AGAIN = "score-again"
ENTER = "score-enter"
UNDO = "score-undo"
SHARE = "score-share"
CARD = "score-card"  # the finished sheet's picture
LINK = "score-link"
INVITE = "score-invite"
SETUP = "score-setup"
COPY_OFFER = "score-copy-offer"
COPY_OFFER_TEXT = "score-copy-offer-text"

# a round's entry
ENTRY_FORM = "score-entry-form"
SAVE = "score-save"
PREVIEW = "score-preview"
MODEALL_LABEL = "score-modeall-label"
SURE_TITLE = "score-sure-title"
SURE_YES = "score-sure-yes"
SURE_FIX = "score-sure-fix"


def winner(seat: int) -> str:
    return f"score-winner-{seat}"


def modeall(mode: str) -> str:
    return f"score-modeall-{mode}"


def mode(seat: int, mode: str) -> str:
    return f"score-mode-{seat}-{mode}"


def handbox(seat: int) -> str:
    return f"score-handbox-{seat}"


def live(seat: int) -> str:
    return f"score-live-{seat}"


def face(seat: int, index: int) -> str:
    """A key of a hand's keypad (`index` in `faces.FACES`)."""
    return f"score-face-{seat}-{index}"


def chip(seat: int, index: int) -> str:
    """A card tapped in a hand (a tap removes it)."""
    return f"score-chip-{seat}-{index}"


def tapped(seat: int) -> str:
    return f"score-tapped-{seat}"


def used_reason(seat: int) -> str:
    return f"score-used-{seat}"


# a sheet's link, an opened link, an "all" link
QR_TITLE = "score-qr-title"
LINK_TEXT = "score-link-text"
LINK_STANDINGS = "score-link-standings"
LINK_ERROR = "score-link-error"
LINK_DIFFERS = "score-link-differs"
KEEP = "score-keep"
MOVED = "score-moved"
KEEP_ALL = "score-keep-all"


# the regulars: offered at set-up, managed on `#/score/people`, their record on `#/score/record`
PEOPLE = "people"  # an error about the regulars (their page's message line)
REGULARS = "score-regulars"  # the regulars offered at set-up
ADD_NEW = "score-add-new"
JOIN_PEOPLE = "score-join-people"  # a sheet from elsewhere: "they are my regulars"
PEOPLE_LINK = "score-people-link"
RECORD_LINK = "score-record-link"
RECORD_INCLUDE = "score-record-include"
RECORD_WHO = "score-record-who"
RECORD_TABLE = "score-record-table"
SHARE_CHART = "score-share-chart"
POINTS_CHART = "score-points-chart"
VERSUS_RESULT = "score-versus-result"


def regular(index: int) -> str:
    """The button of the regular offered `index`th at set-up."""
    return f"score-regular-{index}"


def person(index: int, part: str) -> str:
    """A control of the `index`th row of the regulars' page: "name", "merge", "split", "forget", "remember"."""
    return f"score-person-{index}-{part}"


def versus(side: str) -> str:
    return f"score-versus-{side}"
