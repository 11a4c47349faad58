"""The keeper's step: `step(state, message, world) -> (state, effects)`, pure. Every intent a page of the keeper
sends (`shared.protocol.INTENTS`, "score.*") and the page's report on a share go through it; one act per intent
(`acts_*`, one module per screen). The step changes no storage and sends nothing: the score screen's desk performs
its effects (`app.screens.score.KeeperDesk`).

A message that is not one of the keeper's, or holds an argument no page sends, is refused with a code and
changes nothing; an error of `scorekeeper` is shown on the page and changes nothing else.

`hand_step` is one hand's act for a given sheet and seat, as a guest phone enters its own hand (`HAND_ACTS`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeGuard

from scorekeeper import KeeperError
from shared.messages import FromPage
from shared.protocol import PAGE, check

from . import acts_keepsafe, acts_link, acts_list, acts_people, acts_round, acts_setup, acts_sheet, acts_story, ids
from .acts_round import HandIntent
from .effect import Effects
from .turn import Act, State, Turn, World
from .where import Where

__all__ = ["ACTS", "HAND_ACTS", "HandIntent", "State", "World", "hand_step", "is_hand_intent", "step"]


def _table(*parts: Mapping[str, Act]) -> dict[str, Act]:
    table: dict[str, Act] = {}
    for part in parts:
        twice = table.keys() & part.keys()
        assert not twice, f"acts named twice: {sorted(twice)}"
        table.update(part)
    return table


ACTS: Mapping[str, Act] = _table(
    acts_list.ACTS,
    acts_setup.ACTS,
    acts_sheet.ACTS,
    acts_round.ACTS,
    acts_keepsafe.ACTS,
    acts_link.ACTS,
    acts_people.ACTS,
    acts_story.ACTS,
)
HAND_ACTS = frozenset({"score.hand-total", "score.hand-face", "score.hand-chip", "score.hand-mode"})


def is_hand_intent(message: FromPage) -> TypeGuard[HandIntent]:
    """Whether the page's message is an act on one hand of a round."""
    return message["op"] == "intent" and message["act"] in HAND_ACTS


def step(state: State, message: Mapping[str, Any], world: World, replayed: bool = False) -> tuple[State, Effects]:
    """The state after the page's `message` (a "score.*" intent, or its report on a share), and what to do.
    `replayed`: the person made it before the page showed anything (typed while Python was starting,
    `app.link.Link.replaying`), so a name refused among such intents keeps its message through a later one's success
    (`acts_setup.keep_refusal`)."""
    if message.get("op") == "shared":
        act: Act | None = acts_sheet.shared
    else:
        act = ACTS.get(str(message.get("act"))) if message.get("op") == "intent" else None
    if act is None:
        return state, Effects(render=False, refused="unknown_action")
    if check(dict(message), PAGE):  # a caller other than `app.link` (which checks first) sent it malformed
        return state, Effects(render=False, refused="bad_argument")
    if not replayed and state.visit.refused is not None:  # the person sees the page from now on
        state = dataclasses.replace(state, visit=dataclasses.replace(state.visit, refused=None))
    turn = Turn(state, world)
    unseen = turn.refused
    try:
        effects = act(turn, message)
        if unseen is not None and turn.refused is unseen and not turn.errors:
            acts_setup.keep_refusal(turn, *unseen)
    except KeeperError as error:  # anything unexpected from the logic: shown; the turn is dropped
        visit = dataclasses.replace(state.visit, errors={ids.PAGE: (error,)})
        return dataclasses.replace(state, visit=visit), Effects()
    except (ValueError, IndexError):  # an argument this sheet has no place for (a seat it lacks): the turn is dropped
        return state, Effects(render=False, refused="bad_argument")
    return turn.state(), dataclasses.replace(effects, writes=frozenset(turn.writes), typing=turn.typing)


def hand_step(state: State, sheet_id: str, seat: int, intent: HandIntent, world: World) -> tuple[State, Effects]:
    """`seat`'s own hand in the next round of `sheet_id`, entered by the keeper's own act (a guest phone's hand):
    refused ("not_your_hand") for another seat's, ("went_out") for the winner's, ("not_this_round") while that
    round cannot be entered."""
    if intent["act"] not in HAND_ACTS or intent["seat"] != seat:
        return state, Effects(render=False, refused="not_your_hand")
    saved = state.shelf.saved(sheet_id)
    if saved is None or saved.sheet.setup_problems() or saved.sheet.tally().finished:
        return state, Effects(render=False, refused="not_this_round")
    where = Where("round", sheet_id)
    if state.shelf.draft(where).winner == seat:
        return state, Effects(render=False, refused="went_out")
    return step(dataclasses.replace(state, visit=state.visit.entered(where)), intent, world)
