"""What a round adds to the sides: as entered so far (the entry page's preview), and the checks of a round
being saved (R-SCORE, R-KEEP-1/2). Codes and data only; the sentences are the app's."""

from __future__ import annotations

from dataclasses import dataclass

from uno_core.rules import Scoring
from uno_core.scoring import round_points

from .entry import HandInput, RoundDraft
from .limits import Unusual, unusual_totals
from .share import Gain
from .sheet import Sheet


def preview_gains(sheet: Sheet, draft: RoundDraft) -> tuple[Gain, ...]:
    """What the round as entered so far adds (blank or unreadable hands count 0): in penalty scoring every
    side, else the winner's side; ``()`` until someone went out."""
    if draft.winner is None:
        return ()
    view = sheet.tally()
    points = [
        0 if seat == draft.winner else (value or 0)
        for seat, value in enumerate(draft.live_points(sheet.options.wild_points))
    ]
    gained = round_points(points, draft.winner, sheet.options.scoring, view.sides)
    if sheet.options.scoring is Scoring.PENALTY:
        sides: tuple[int, ...] = tuple(range(len(gained)))
    else:
        sides = (view.sides[draft.winner],)
    return tuple(Gain(view.side_labels[side], gained[side], view.totals[side] + gained[side]) for side in sides)


@dataclass(frozen=True, slots=True)
class EnteredRound:
    """A round checked and put into its sheet, not yet saved anywhere."""

    sheet: Sheet  # the sheet with the round
    unusual: tuple[Unusual, ...]  # typed totals far beyond a normal hand: worth a question first
    ends_match: bool  # this round ends a match that was not over


def enter_round(sheet: Sheet, draft: RoundDraft, number: int | None = None) -> EnteredRound:
    """``draft`` as the next round (``number`` None) or as round ``number``; the winner's hand, hidden on the
    form, is ignored. Raises what ``Sheet.add_round`` and ``Sheet.replace_round`` raise."""
    if draft.winner is not None and 0 <= draft.winner < len(draft.hands):
        draft = draft.with_hand(draft.winner, HandInput())
    new = sheet.add_round(draft) if number is None else sheet.replace_round(number, draft)
    hands = new.rounds[-1 if number is None else number - 1].hands
    ends = new.tally().finished and not sheet.tally().finished
    return EnteredRound(new, unusual_totals(hands, sheet.options.wild_points), ends)
