"""The set-up form's actions (`#/score/new`, `#/score/<id>/setup`): players, options and the first dealer.
A new game's set-up is saved as it is typed; a saved game's changes go to its sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper import KeeperError, SetupError, Sheet
from scorekeeper.options import TARGET_MAX, TARGET_MIN

from . import ids
from .effect import Action, Effect, Intent
from .where import sheet_hash

if TYPE_CHECKING:
    from .keeper import Keeper

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


def _set_setup(keeper: Keeper, sheet: Sheet) -> None:
    if keeper.where.page == "new":
        keeper.store.setup = sheet
        keeper.store.save_setup()
    else:
        keeper.store.put(keeper.where.sheet_id, sheet, keeper.now())


def _setup_error(keeper: Keeper, error: KeeperError, fallback: str) -> Effect:
    if error.field == "name":
        fid = ids.NAME_NEW if error.seat is None or fallback == ids.NAME_NEW else ids.name_key(error.seat)
    else:
        fid = SETUP_FIELDS.get(error.field or "", fallback)
    keeper.errors = {fid: [error]}
    typed = fid.startswith("name") or fid == ids.TARGET  # a text field keeps the focus on itself
    return Effect(focus=ids.field(fid) if typed else None)


def _change(keeper: Keeper, change: Callable[[Sheet], Sheet], fid: str, focus: str | None = None) -> Effect:
    """The set-up changed by `change`, or the error under field `fid` (nothing changed)."""
    try:
        sheet = change(keeper.setup_sheet())
    except KeeperError as error:
        return _setup_error(keeper, error, fid)
    keeper.errors = {}
    keeper.pending.pop(fid, None)
    _set_setup(keeper, sheet)
    return Effect(focus=focus)


def newname(keeper: Keeper, intent: Intent) -> Effect:
    if keeper.where.page == "new":
        keeper.store.setup_name = intent.value
        keeper.store.save_setup()
    else:
        keeper.pending[ids.NAME_NEW] = intent.value
    return Effect(render=False)


def add(keeper: Keeper, intent: Intent) -> Effect:
    name = keeper.new_name()
    effect = _change(keeper, lambda sheet: sheet.add_player(name), ids.NAME_NEW, ids.field(ids.NAME_NEW))
    if keeper.errors:
        keeper.refused = (name, dict(keeper.errors))  # see `keep_refusal`
        return effect
    _set_new_name(keeper, "")
    return effect


def keep_refusal(keeper: Keeper, name: str, errors: dict[str, list[KeeperError]]) -> None:
    """A name refused among those typed before Python was ready, whose message a later one's success wiped before the
    person could see it: the message is back, and the refused name is back in the field if it is empty."""
    keeper.errors = dict(errors)
    if not keeper.new_name():
        _set_new_name(keeper, name)


def _set_new_name(keeper: Keeper, name: str) -> None:
    if keeper.where.page == "new":
        keeper.store.setup_name = name
        keeper.store.save_setup()
    if name:
        keeper.pending[ids.NAME_NEW] = name
    else:
        keeper.pending.pop(ids.NAME_NEW, None)


def rename(keeper: Keeper, intent: Intent) -> Effect:
    seat = int(intent.arg)
    keeper.pending[ids.name_key(seat)] = intent.value
    return _change(keeper, lambda sheet: sheet.rename_player(seat, intent.value), ids.name_key(seat))


def move(keeper: Keeper, intent: Intent) -> Effect:
    seat, step = (int(part) for part in intent.arg.split(":"))
    sheet = keeper.setup_sheet()
    to = seat + step
    if not 0 <= to < len(sheet.players):
        return Effect(render=False)
    up = step < 0
    # keep the focus on the same button of the moved player (or the other one at an end)
    if (up and to == 0) or (not up and to == len(sheet.players) - 1):
        up = not up
    return _change(keeper, lambda s: s.move_player(seat, to), ids.PLAYERS, (ids.up if up else ids.down)(to))


def remove(keeper: Keeper, intent: Intent) -> Effect:
    seat = int(intent.arg)
    for fid in list(keeper.pending):
        if fid.startswith("name-") and fid != ids.NAME_NEW:  # the rows move up: their refusals go
            del keeper.pending[fid]
    return _change(keeper, lambda sheet: sheet.remove_player(seat), ids.PLAYERS, ids.field(ids.NAME_NEW))


def teams(keeper: Keeper, intent: Intent) -> Effect:
    return _change(keeper, lambda sheet: sheet.set_options(teams=intent.checked), ids.TEAMS)


def target(keeper: Keeper, intent: Intent) -> Effect:
    text = intent.value.strip()
    keeper.pending[ids.TARGET] = intent.value
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        error = SetupError("bad_target", field="target", value=intent.value, minimum=TARGET_MIN, maximum=TARGET_MAX)
        return _setup_error(keeper, error, ids.TARGET)
    return _change(keeper, lambda sheet: sheet.set_options(target=int(text)), ids.TARGET)


def scoring(keeper: Keeper, intent: Intent) -> Effect:
    return _change(keeper, lambda sheet: sheet.set_options(scoring=intent.arg), ids.SCORING)


def wild(keeper: Keeper, intent: Intent) -> Effect:
    points = int(intent.arg)
    return _change(keeper, lambda sheet: sheet.set_options(wild_points=points), ids.WILD)


def rotation(keeper: Keeper, intent: Intent) -> Effect:
    return _change(keeper, lambda sheet: sheet.set_options(dealer_rotation=intent.arg), ids.ROTATION)


def dealer(keeper: Keeper, intent: Intent) -> Effect:
    seat = int(intent.arg)
    return _change(keeper, lambda sheet: sheet.choose_dealer(seat), ids.DEALER)


def draw(keeper: Keeper, intent: Intent) -> Effect:
    return _change(keeper, lambda sheet: sheet.draw_dealer(keeper.rng), ids.DEALER, ids.DRAW)


def start(keeper: Keeper, intent: Intent) -> Effect:
    """A new game's first round (its set-up slot then free for the next game), or back to a saved one."""
    sheet = keeper.setup_sheet()
    problems = sheet.setup_problems()
    if problems:
        keeper.errors = {}
        for problem in problems:
            keeper.errors.setdefault(SETUP_FIELDS.get(problem.field or "", ids.START), []).append(problem)
        return Effect(focus=ids.error_line(ids.START))
    if keeper.where.page != "new":
        return Effect(render=False, go=sheet_hash(keeper.where.sheet_id))
    sheet_id = keeper.new_id()
    keeper.store.put(sheet_id, sheet, keeper.now())
    keeper.store.setup, keeper.store.setup_name = Sheet(options=sheet.options, entry_mode=sheet.entry_mode), ""
    keeper.store.save_setup()
    return Effect(render=False, go=sheet_hash(sheet_id, "round"))


ACTIONS: dict[str, Action] = {
    "newname": newname,
    "add": add,
    "rename": rename,
    "move": move,
    "remove": remove,
    "teams": teams,
    "target": target,
    "scoring": scoring,
    "wild": wild,
    "rotation": rotation,
    "dealer": dealer,
    "draw": draw,
    "start": start,
}
