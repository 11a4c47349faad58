"""A position in the middle of a round (``Game.from_position``): checked against what a game can reach, then set.

Bots' determinization builds positions (the hidden cards dealt at random) and tests build them to
pin a rule; anything no game can reach raises ``PositionError`` (a ``ValueError``) quoting the problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain

from . import events as ev
from .cards import DECK_COUNTS, WILD_DRAW_FOUR, Card, Colour, Rank
from .errors import PositionError
from .legal import card_matches, wd4_legal
from .phase import Phase
from .rules import WD4Rule
from .state import State


def set_position(
    state: State,
    *,
    hands: Sequence[Sequence[Card]],
    draw_pile: Sequence[Card],
    discard: Sequence[Card],
    current: int,
    direction: int,
    phase: Phase,
    active: Colour | None,
    pending: int,
    drawn: Card | None,
    wd4_by: int | None,
    wd4_colour: Colour | None,
    wd4_bluff: bool | None,
    going_out: int | None,
    said_uno: Sequence[bool] | None,
    exposed: Sequence[int],
    dealer: int,
    round_no: int,
    totals: Sequence[int] | None,
    round_results: Sequence[ev.RoundOver],
) -> None:
    """Give ``state`` (just set up, no round dealt) the round in play described, or raise ``PositionError``.

    See ``Game.from_position`` for what each argument means and its default.
    """
    n = state.n
    rules = state.rules
    if not (type(dealer) is int and 0 <= dealer < n):
        raise PositionError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
    if not isinstance(phase, Phase) or phase is Phase.MATCH_OVER:
        raise PositionError(f"phase must be a Phase of a round in play, not {phase!r}")
    if len(hands) != n:
        raise PositionError(f"{len(hands)} hands for {n} players")
    if not discard:
        raise PositionError("the discard pile is empty: a round in play has a top card")
    try:
        counts: Counter[object] = Counter(chain(*hands, draw_pile, discard))
    except TypeError:  # something unhashable: the loop below names it
        counts = Counter()
    if not dict.__eq__(counts, DECK_COUNTS):
        for where, cards in (
            *((f"hand {seat}", hand) for seat, hand in enumerate(hands)),
            ("draw pile", draw_pile),
            ("discard pile", discard),
        ):
            for card in cards:
                if type(card) is not Card:
                    raise PositionError(f"{where}: {card!r} is not a card")
        wrong = [f"{card}: {counts[card]} (want {n})" for card, n in DECK_COUNTS.items() if counts[card] != n]
        raise PositionError(
            f"the hands and piles must hold the 108 cards of R-DECK; got {counts.total()}: " + ", ".join(wrong[:6])
        )
    top = discard[-1]
    if not (type(current) is int and 0 <= current < n):
        raise PositionError(f"current must be a seat 0..{n - 1}, not {current!r}")
    if direction not in (1, -1) or type(direction) is not int:
        raise PositionError(f"direction must be 1 or -1, not {direction!r}")
    if phase is Phase.FIRST_COLOUR:
        if top.rank is not Rank.WILD or len(discard) != 1 or active is not None:
            raise PositionError(f"FIRST_COLOUR needs a Wild as the only discard and no active colour (top {top})")
    elif active is None:
        if top.colour is None:
            raise PositionError(f"the top card {top} is wild: active must name the colour chosen")
        active = top.colour
    elif not isinstance(active, Colour) or (top.colour is not None and active is not top.colour):
        raise PositionError(f"active colour {active!r} does not fit the top card {top}")
    if type(pending) is not int or pending < 0:
        raise PositionError(f"pending must be a count of cards, not {pending!r}")
    if (pending > 0) != (phase is Phase.STACK or phase is Phase.CHALLENGE):
        raise PositionError(f"pending {pending} in phase {phase.name}: only STACK and CHALLENGE owe cards, and they do")
    if phase is Phase.STACK and (not rules.stacking or top.rank not in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)):
        raise PositionError(f"STACK needs stacking rules and a Draw Two or Wild Draw Four on top, not {top}")
    if phase is Phase.CHALLENGE:
        if rules.wd4_rule is WD4Rule.STRICT or top is not WILD_DRAW_FOUR:
            raise PositionError(f"CHALLENGE needs challengeable Wild Draw Fours and one on top, not {top}")
        if not (type(wd4_by) is int and 0 <= wd4_by < n and wd4_by != current) or not isinstance(wd4_colour, Colour):
            raise PositionError(
                f"CHALLENGE needs wd4_by (not seat {current}) and wd4_colour, not {wd4_by!r}, {wd4_colour!r}"
            )
    elif wd4_by is not None or wd4_colour is not None:
        raise PositionError(f"wd4_by / wd4_colour only mean something in CHALLENGE, not {phase.name}")
    if going_out is not None and (phase is not Phase.CHALLENGE or going_out != wd4_by or hands[going_out]):
        raise PositionError(
            f"going_out {going_out!r}: only the empty-handed player of the Wild Draw Four being answered"
        )
    if going_out is not None and wd4_bluff:
        raise PositionError("a Wild Draw Four played as the last card is never a bluff (R-CHAL-4, R-ACT-5)")
    empty = [seat for seat, hand in enumerate(hands) if not hand and seat != going_out]
    if empty:
        raise PositionError(f"seat {empty[0]} has no cards: the round would be over")
    if phase is Phase.DRAWN:
        if drawn is None or drawn not in hands[current]:
            raise PositionError(f"DRAWN needs the drawn card in seat {current}'s hand, not {drawn!r}")
        if not card_matches(drawn, active, top):
            raise PositionError(f"the drawn card {drawn} cannot be played on {top}")
    elif drawn is not None:
        raise PositionError(f"a drawn card ({drawn}) only in the DRAWN phase, not {phase.name}")
    said = [False] * n if said_uno is None else [bool(flag) for flag in said_uno]
    if len(said) != n:
        raise PositionError(f"said_uno has {len(said)} entries for {n} players")
    seen: set[int] = set()
    for seat in exposed:
        if not (type(seat) is int and 0 <= seat < n) or len(hands[seat]) != 1 or said[seat]:
            raise PositionError(f"exposed seat {seat!r} must hold one card and not have said UNO (R-UNO-2)")
        seen.add(seat)
    sides_count = max(state.sides) + 1
    points = [0] * sides_count if totals is None else list(totals)
    if len(points) != sides_count or any(type(p) is not int or p < 0 for p in points):
        raise PositionError(f"totals must be {sides_count} scores (one per side) of at least 0, not {totals!r}")
    if type(round_no) is not int or round_no < 1:
        raise PositionError(f"round_no must be at least 1, not {round_no!r}")
    state.totals = points
    state.round_no = round_no
    state.round_results = list(round_results)
    state.dealer = dealer
    state.first_dealer = dealer
    state.hands = [list(hand) for hand in hands]
    state.draw_pile = list(draw_pile)
    state.discard = list(discard)
    state.direction = direction
    state.current = current
    state.phase = phase
    state.active = active
    state.pending = pending
    state.drawn = drawn
    state.wd4_by = wd4_by
    state.wd4_colour = wd4_colour
    if wd4_bluff is None:
        wd4_bluff = wd4_by is not None and not wd4_legal(state.hands[wd4_by], wd4_colour)
    state.wd4_bluff = wd4_bluff
    state.going_out = going_out
    state.said_uno = said
    state.exposed = seen
