"""What ``str(error)`` says for every error code: an English sentence for developers and logs.

Not the UI's text: the app shows ``web/i18n/*.json``'s ``score.err.<code>`` in the person's language,
filled from the same params. Templates use the error's params by name (``{limit}``).
Round numbers in params are 1-based, as shown to people; seats are 0-based indexes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import KeeperError

MESSAGES: dict[str, str] = {
    # setup
    "name_blank": "Enter a name.",
    "name_too_long": "A name can have at most {limit} characters.",
    "name_taken": "{name!r} is already playing.",
    "name_bad_char": "A name cannot contain control characters.",
    "too_many_players": "At most {limit} players.",
    "too_few_players": "At least {minimum} players are needed ({count} so far).",
    "teams_need_even": "Teams need an even number of players, at least 4 ({count} now).",
    "no_such_seat": "There is no player number {seat} (there are {count}).",
    "bad_order": "That is not an order of the {count} players.",
    "game_started": "Players can only be added, removed or reordered before the first round.",
    "no_dealer": "Choose who deals first.",
    "bad_option": "{option} cannot be {value!r}; allowed: {allowed}.",
    "bad_target": "The target must be a whole number from {minimum} to {maximum}.",
    "bad_wild_points": "A Wild is worth 50 or 40 points.",
    "title_too_long": "A title can have at most {limit} characters.",
    "title_bad_char": "A title cannot contain control characters.",
    "place_too_long": "A place can have at most {limit} characters.",
    "place_bad_char": "A place cannot contain control characters.",
    "notes_too_long": "Notes can have at most {limit} characters.",
    "notes_bad_char": "Notes cannot contain control characters other than line breaks.",
    "bad_time": "A time is a whole number of milliseconds.",
    "bad_person": "Each of the {count} seats needs a person id (a short text) or none.",
    "person_twice": "That person already has a seat.",
    "same_person": "Choose two different people to merge.",
    "played_together": "These two played together ({title}): they are two people.",
    "not_merged": "This person was not merged into another.",
    "which_person": "More than one regular is called {name}: tap the one who is playing, or add a new one.",
    # round entry
    "no_winner": "Choose who went out.",
    "wrong_hand_count": "{count} hands given for {players} players.",
    "blank_hand": "Enter this hand's points (0 is allowed) or its cards.",
    "not_a_number": "{text!r} is not a whole number of points.",
    "negative": "Points cannot be negative.",
    "not_a_card": "{text!r} is not a card.",
    "winner_hand_not_empty": "The player who went out has no cards left.",
    "too_many_copies": "{count} × {card} entered in this round; the deck has only {limit}.",
    "no_copy_left": "All {limit} × {card} of the deck are already entered in this round.",
    "too_many_cards": "{count} cards entered; the deck has {limit} besides the last card played.",
    "not_enough_cards": "Only {left} card(s) are left for {hands} typed hand(s) and the last card played.",
    "total_too_high": "{total} is more than the cards left can make (at most {max}).",
    "total_impossible": "No hand of the cards left adds up to exactly {total}.",
    "totals_too_high": "The hands add up to {total}; the cards left make at most {max}.",
    "totals_impossible": "These {hands} typed totals ({total} in all) cannot all be made from the cards left.",
    "round_rejected": "The round was not saved.",
    # sheet
    "match_over": "The match is over; start a new game to play on.",
    "no_rounds": "There is no round yet.",
    "no_such_round": "There is no round {round} (there are {count}).",
    "ends_match_early": "With this change the match would have ended after round {round}, "
    "before the {later} later round(s); delete those first.",
    # load
    "not_json": "This file is not a score sheet (it is not valid JSON).",
    "not_a_sheet": "This file is not an UNO score sheet.",
    "unsupported_version": "This sheet was saved by a newer version (format {version}); "
    "this app reads format {supported}.",
    "damaged": "This file is damaged (its checksum does not match its content).",
    "bad_field": "This file is damaged: {path} should be {expected}.",
    "invalid_sheet": "This file is damaged: {detail}",
    "duplicate_id": "Two saved games have the id {id!r}.",
    "no_such_sheet": "There is no saved game with the id {id!r}.",
    # links (scorekeeper.link)
    "link_empty": "Paste a sheet's link first.",
    "link_not_ours": "This is not a link to an UNO score sheet.",
    "link_newer": "This link was made by a newer version (format {version}); this app reads format {supported}.",
    "link_truncated": "This link is cut short: copy all of it.",
    "link_corrupt": "This link is damaged.",
}


def message(error: KeeperError) -> str:
    """The error as an English sentence (what ``str(error)`` returns)."""
    template = MESSAGES.get(error.code)
    if template is None:
        return error.code
    params: dict[str, Any] = {"seat": error.seat, **error.params}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return f"{error.code} {params}"
