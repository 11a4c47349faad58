"""The set-up form's acts (`#/score/new`, `#/score/<id>/setup`): players, options and the first dealer.
A new game's set-up is saved as it is typed; a saved game's changes go to its sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scorekeeper import KeeperError, SetupError, Sheet, clean_name, parse_target
from scorekeeper.people import fresh_person, regulars, used_ids
from shared.messages import (
    ScoreAddIntent,
    ScoreDealerIntent,
    ScoreDrawIntent,
    ScoreMoveIntent,
    ScoreNewNameIntent,
    ScoreRemoveIntent,
    ScoreRenameIntent,
    ScoreRotationIntent,
    ScoreScoringIntent,
    ScoreStartIntent,
    ScoreTargetIntent,
    ScoreTeamsIntent,
    ScoreWildIntent,
)

from . import ids
from .effect import Effects
from .turn import Act, Turn
from .where import sheet_hash

# the field key of a `SetupError`'s field
SETUP_FIELDS = {
    "players": ids.PLAYERS,
    "teams": ids.TEAMS,
    "target": ids.TARGET,
    "scoring": ids.SCORING,
    "wild_points": ids.WILD,
    "dealer_rotation": ids.ROTATION,
    "dealer": ids.DEALER,
}


def _set_setup(turn: Turn, sheet: Sheet) -> None:
    if turn.where.page == "new":
        turn.set_setup(sheet, turn.shelf.setup_name)
    else:
        turn.put(turn.where.sheet_id, sheet)


def _setup_error(turn: Turn, error: KeeperError, fallback: str) -> Effects:
    if error.field == "name":
        fid = ids.NAME_NEW if error.seat is None or fallback == ids.NAME_NEW else ids.name_key(error.seat)
    else:
        fid = SETUP_FIELDS.get(error.field or "", fallback)
    turn.errors = {fid: [error]}
    typed = fid.startswith("name") or fid == ids.TARGET  # a text field keeps the focus on itself
    return Effects(focus=ids.field(fid) if typed else None)


def _change(turn: Turn, change: Callable[[Sheet], Sheet], fid: str, focus: str | None = None) -> Effects:
    """The set-up changed by `change`, or the error under field `fid` (nothing changed)."""
    try:
        sheet = change(turn.setup_sheet())
    except KeeperError as error:
        return _setup_error(turn, error, fid)
    turn.errors = {}
    turn.pending.pop(fid, None)
    _set_setup(turn, sheet)
    return Effects(focus=focus)


def new_name(turn: Turn, intent: ScoreNewNameIntent) -> Effects:
    if turn.where.page == "new":
        turn.set_setup(turn.shelf.setup, intent["value"])
    else:
        turn.pending[ids.NAME_NEW] = intent["value"]
    # the regulars offered follow the typed letters (none offered: nothing to draw)
    return Effects(render=bool(turn.shelf.library.entries))


def seated(turn: Turn, sheet: Sheet) -> set[str]:
    """The regulars (resolved) already at `sheet`."""
    roster = turn.shelf.library.roster
    return {roster.resolve(person) for person in sheet.people if person is not None}


def person_of_name(turn: Turn, name: str) -> str:
    """Who a typed name is: the one regular of that name not seated yet, else a new person. Two or more regulars of
    that name: `SetupError("which_person")` (the person taps the one playing, or adds a new one)."""
    try:
        text = clean_name(name)
    except KeeperError:
        return ""  # the sheet refuses the name itself, with its own message
    taken = seated(turn, turn.setup_sheet())
    library = turn.shelf.library
    same = [
        regular.id
        for regular in regulars(library, library.roster)
        if regular.name.casefold() == text.casefold() and regular.id not in taken
    ]
    if len(same) > 1:
        raise SetupError("which_person", field="name", name=text)
    return same[0] if same else new_person(turn, text)


def new_person(turn: Turn, name: str, *more: str | None) -> str:
    """A new person's id (`scorekeeper.people.fresh_person`), taken by nobody here nor at the set-up's seats."""
    return fresh_person(name, used_ids(turn.shelf.library, turn.setup_sheet().people, more))


def add(turn: Turn, intent: ScoreAddIntent) -> Effects:
    """The typed name takes the next seat: the regular of that name, else a new person."""
    name = turn.new_name()
    try:
        person = person_of_name(turn, name)
    except KeeperError as error:
        effects = _setup_error(turn, error, ids.NAME_NEW)
        turn.refused = (name, {fid: tuple(found) for fid, found in turn.errors.items()})
        return effects
    return added(turn, name, person or None)


def added(turn: Turn, name: str, person: str | None) -> Effects:
    """`name` at the next seat as `person`; the name field emptied, or its error under it."""
    effects = _change(turn, lambda sheet: sheet.add_player(name, person), ids.NAME_NEW, ids.field(ids.NAME_NEW))
    if turn.errors:
        turn.refused = (name, {fid: tuple(found) for fid, found in turn.errors.items()})  # see `keep_refusal`
        return effects
    _set_new_name(turn, "")
    return effects


def keep_refusal(turn: Turn, name: str, errors: Mapping[str, tuple[KeeperError, ...]]) -> None:
    """A name refused among those typed before Python was ready, whose message a later one's success wiped before the
    person could see it: the message is back, and the refused name is back in the field if it is empty."""
    turn.errors = {fid: list(found) for fid, found in errors.items()}
    if not turn.new_name():
        _set_new_name(turn, name)


def _set_new_name(turn: Turn, name: str) -> None:
    if turn.where.page == "new":
        turn.set_setup(turn.shelf.setup, name)
    if name:
        turn.pending[ids.NAME_NEW] = name
    else:
        turn.pending.pop(ids.NAME_NEW, None)


def rename(turn: Turn, intent: ScoreRenameIntent) -> Effects:
    seat, name = intent["seat"], intent["value"]
    turn.pending[ids.name_key(seat)] = name
    return _change(turn, lambda sheet: sheet.rename_player(seat, name), ids.name_key(seat))


def move(turn: Turn, intent: ScoreMoveIntent) -> Effects:
    seat, step = intent["seat"], intent["step"]
    sheet = turn.setup_sheet()
    to = seat + step
    if not 0 <= to < len(sheet.players):
        return Effects(render=False)
    up = step < 0
    # keep the focus on the same button of the moved player (or the other one at an end)
    if (up and to == 0) or (not up and to == len(sheet.players) - 1):
        up = not up
    return _change(turn, lambda s: s.move_player(seat, to), ids.PLAYERS, (ids.up if up else ids.down)(to))


def remove(turn: Turn, intent: ScoreRemoveIntent) -> Effects:
    seat = intent["seat"]
    for fid in list(turn.pending):
        if fid.startswith("name-") and fid != ids.NAME_NEW:  # the rows move up: their refusals go
            del turn.pending[fid]
    return _change(turn, lambda sheet: sheet.remove_player(seat), ids.PLAYERS, ids.field(ids.NAME_NEW))


def teams(turn: Turn, intent: ScoreTeamsIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.set_options(teams=intent["checked"]), ids.TEAMS)


def target(turn: Turn, intent: ScoreTargetIntent) -> Effects:
    turn.pending[ids.TARGET] = intent["value"]
    return _change(turn, lambda sheet: sheet.set_options(target=parse_target(intent["value"])), ids.TARGET)


def scoring(turn: Turn, intent: ScoreScoringIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.set_options(scoring=intent["scoring"]), ids.SCORING)


def wild(turn: Turn, intent: ScoreWildIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.set_options(wild_points=intent["points"]), ids.WILD)


def rotation(turn: Turn, intent: ScoreRotationIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.set_options(dealer_rotation=intent["rotation"]), ids.ROTATION)


def dealer(turn: Turn, intent: ScoreDealerIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.choose_dealer(intent["seat"]), ids.DEALER)


def draw(turn: Turn, intent: ScoreDrawIntent) -> Effects:
    return _change(turn, lambda sheet: sheet.draw_dealer(turn.world.rng), ids.DEALER, ids.DRAW)


def start(turn: Turn, intent: ScoreStartIntent) -> Effects:
    """A new game's first round (its set-up slot then free for the next game), or back to a saved one."""
    sheet = turn.setup_sheet()
    problems = sheet.setup_problems()
    if problems:
        turn.errors = {}
        for problem in problems:
            turn.errors.setdefault(SETUP_FIELDS.get(problem.field or "", ids.START), []).append(problem)
        return Effects(focus=ids.error_line(ids.START))
    if turn.where.page != "new":
        return Effects(render=False, go=sheet_hash(turn.where.sheet_id))
    sheet_id = turn.world.new_id()
    turn.put(sheet_id, sheet)
    turn.set_setup(Sheet(options=sheet.options, entry_mode=sheet.entry_mode), "")
    return Effects(render=False, go=sheet_hash(sheet_id, "round"))


ACTS: dict[str, Act] = {
    "score.new-name": new_name,
    "score.add": add,
    "score.rename": rename,
    "score.move": move,
    "score.remove": remove,
    "score.teams": teams,
    "score.target": target,
    "score.scoring": scoring,
    "score.wild": wild,
    "score.rotation": rotation,
    "score.dealer": dealer,
    "score.draw": draw,
    "score.start": start,
}
