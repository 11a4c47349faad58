"""A sheet's story: where the evening was played and its notes, each kept when the person leaves its field (its
`change`); a text that cannot be kept (too long, a control character) stays in the field with its message."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper import KeeperError, clean_notes, clean_place
from shared.messages import ScoreNotesIntent, ScorePlaceIntent

from . import ids
from .effect import Effects
from .turn import Act, Turn


def place(turn: Turn, intent: ScorePlaceIntent) -> Effects:
    return _keep(turn, ids.PLACE, intent["value"], clean_place, "place")


def notes(turn: Turn, intent: ScoreNotesIntent) -> Effects:
    return _keep(turn, ids.NOTES, intent["value"], clean_notes, "notes")


def _keep(turn: Turn, fid: str, text: str, clean: Callable[[str], str], part: str) -> Effects:
    saved = turn.saved()
    if saved is None:
        return Effects(render=False)
    try:
        sheet = saved.sheet.with_story(**{part: clean(text)})
    except KeeperError as error:
        turn.pending[fid] = text
        turn.errors = {fid: [error]}
        return Effects(focus=ids.field(fid))
    turn.pending.pop(fid, None)
    turn.errors = {}
    if sheet != saved.sheet:
        turn.put(saved.id, sheet, touch=False)  # no play: the list keeps its order
    return Effects()


ACTS: dict[str, Act] = {"score.place": place, "score.notes": notes}
