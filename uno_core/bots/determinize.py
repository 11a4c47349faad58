"""Determinization: a full ``Game`` in the position a seat sees, with the hidden cards filled in.

The search bot samples the cards it cannot see (``sample_hidden``: the other hands and the
draw pile order, consistent with what it has seen) and builds a ``Game`` from its ``SeatView``
plus that sample (``determinize``), then plays continuations on it with the engine.

The game is built with the engine's public, validated ``Game.from_position``: nothing here
knows ``Game``'s internal fields. ``tests/bots/test_determinize.py`` checks that a game
determinized with the true hidden cards has the same future as the real one, and that a
scratch copy plays like a real copy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import events as ev
from ..cards import Card, Colour, shuffle
from ..game import Game
from ..phase import Phase
from ..view import SeatView
from .knowledge import Ban, Knowledge, allowed


@dataclass(frozen=True, slots=True)
class Base:
    """The public part of a position: a seat's view and the round results it has seen."""

    view: SeatView
    round_results: tuple[ev.RoundOver, ...]
    seed: int


def base_game(view: SeatView, history: Sequence[ev.Event] = (), seed: int = 0) -> Base:
    """The public state of ``view``, to be completed with the hidden cards by ``with_hidden``.

    ``history`` (the seat's) only provides the past round results; the log and history of the
    games built from it start empty.
    """
    return Base(view, tuple(event for event in history if isinstance(event, ev.RoundOver)), seed)


def scratch_copy(game: Game, rng: random.Random | None = None) -> Game:
    """A copy for one playout: like ``Game.copy`` but cheaper (search runs thousands).

    The copy shares ``rng`` (default: the original's generator object) and starts with an
    empty log and history; every other mutable field is copied as ``Game.copy`` does.
    """
    return game.copy(rng=game.rng if rng is None else rng, with_log=False)


def with_hidden(base: Base, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card], seed: int = 0) -> Game:
    """The ``Game`` of ``base`` (from ``base_game``) with every hand and the draw pile (top last) given."""
    view = base.view
    phase = view.phase
    drawn = view.drawn
    if phase is Phase.DRAWN and drawn is None:
        # Someone else drew a playable card and has not decided yet: it is one of their cards.
        playable = view.playable_cards(hands[view.current])
        if playable:
            drawn = playable[-1]
        else:
            phase = Phase.TURN
    challenge = phase is Phase.CHALLENGE
    return Game.from_position(
        view.names,
        view.rules,
        hands=hands,
        draw_pile=draw_pile,
        discard=view.discard,
        current=view.current,
        direction=view.direction,
        phase=phase,
        active=view.active_colour,
        pending=view.pending_draw,
        drawn=drawn,
        wd4_by=view.wd4_by if challenge else None,
        wd4_colour=view.wd4_colour if challenge else None,
        going_out=view.going_out,
        said_uno=view.said_uno,
        exposed=view.exposed,
        dealer=view.dealer,
        round_no=view.round_no,
        totals=view.totals,
        round_results=base.round_results,
        seed=seed,
    )


def determinize(view: SeatView, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card], seed: int = 0) -> Game:
    """The ``Game`` of ``view`` with the hidden cards as given (``hands[view.seat]`` is the view's hand)."""
    return with_hidden(base_game(view, (), seed), hands, draw_pile, seed)


def sample_hidden(
    view: SeatView,
    know: Knowledge,
    rng: random.Random,
    extra: dict[int, Ban] | None = None,
    force: tuple[int, Colour] | None = None,
    hints: Sequence[tuple[int, Colour]] = (),
) -> tuple[list[list[Card]], list[Card]]:
    """Deal the unseen cards: to each opponent by hand size, respecting known cards and bans, the rest to the pile.

    Known cards are placed first; then the most constrained unknown slots take a random
    card that fits their bans (``extra[seat]`` adds one ban to every unknown slot of a seat);
    a slot no remaining card fits takes any card (the bans were inferences). The draw pile is
    the remaining cards in random order. ``force`` = (seat, colour) puts at least one card of
    that colour in the seat's hand when the unseen cards allow it; so does each of ``hints``
    (public-history guesses, e.g. a player holds the colour it named with a wild card).
    """
    me = view.seat
    assert me is not None
    pool = list(know.unseen.elements())
    shuffle(pool, rng)
    hands: list[list[Card]] = [[] for _ in range(know.n)]
    hands[me] = list(view.hand)
    jobs: list[tuple[int, int, tuple[Ban, ...]]] = []
    for seat in range(know.n):
        if seat == me:
            continue
        add = extra.get(seat) if extra else None
        for slot in know.slots[seat]:
            if slot.card is not None:
                hands[seat].append(slot.card)
            else:
                bans = slot.bans if add is None else (*slot.bans, add)
                jobs.append((len(bans), seat, bans))
    forced = ([force] if force is not None else []) + list(hints)
    for seat, colour in forced:
        unknown = [job for job in jobs if job[1] == seat]
        if unknown and not any(card.colour is colour for card in hands[seat]):
            for i, card in enumerate(pool):
                if card.colour is colour:
                    hands[seat].append(pool.pop(i))
                    jobs.remove(unknown[0])
                    break
    jobs.sort(key=lambda job: -job[0])
    for _, seat, bans in jobs:
        if not pool:
            break
        pick = 0
        if bans:
            for i, card in enumerate(pool):
                if allowed(card, bans):
                    pick = i
                    break
        hands[seat].append(pool.pop(pick))
    return hands, pool
