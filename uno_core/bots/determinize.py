"""Determinization: a full ``Game`` in the position a seat sees, with the hidden cards filled in.

The search bot samples the cards it cannot see (``sample_hidden``: the other hands and the
draw pile order, consistent with what it has seen) and builds a ``Game`` from its ``SeatView``
plus that sample (``determinize``), then plays continuations on it with the engine.

This is the one place outside ``game.py`` that knows ``Game``'s internal fields: ``base_game``
sets exactly the attributes ``Game.__init__`` sets and ``scratch_copy`` copies the mutable
ones as ``Game.copy`` does. Keep both in step with ``game.py``;
``tests/bots/test_determinize.py`` checks that a game determinized with the true hidden cards
has the same future as the real one, and that a scratch copy plays like a real copy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import events as ev
from ..cards import WILD_DRAW_FOUR, Card, Colour, shuffle
from ..game import Game, Phase
from ..rules import WD4Rule
from ..view import SeatView
from .knowledge import Ban, Knowledge, allowed


def base_game(view: SeatView, history: Sequence[ev.Event] = (), seed: int = 0) -> Game:
    """A ``Game`` holding the public state of ``view``; other hands empty and the draw pile empty.

    Fill the hidden cards with ``with_hidden``. ``history`` (the seat's) only provides the past
    round results; the log and history of the new game start empty.
    """
    n = len(view.hand_sizes)
    game = Game.__new__(Game)
    game.rules = view.rules
    game.names = view.names
    game.n = n
    game.seed = seed
    game.first_dealer = view.dealer
    game.fixed_deck = None
    game.sides = view.sides
    game.rng = random.Random(seed)
    game.log = []
    game.history = []
    game.totals = list(view.totals)
    game.round_no = view.round_no
    game.round_results = [event for event in history if isinstance(event, ev.RoundOver)]
    game.winner_side = view.winner_side
    game.hands = [list(view.hand) if seat == view.seat else [] for seat in range(n)]
    game.draw_pile = []
    game.discard = list(view.discard)
    game.direction = view.direction
    game.current = view.current
    game.phase = view.phase
    game.active = view.active_colour
    game.pending = view.pending_draw
    game.drawn = view.drawn
    game.wd4_by = view.wd4_by
    game.wd4_bluff = False
    game.wd4_colour = view.wd4_colour
    game.going_out = view.going_out
    game.said_uno = list(view.said_uno)
    game.exposed = set(view.exposed)
    game._legal_cache = {}
    game.dealer = view.dealer
    return game


def scratch_copy(game: Game, rng: random.Random | None = None) -> Game:
    """A copy for one playout: like ``Game.copy`` but cheaper (search runs thousands).

    The copy shares ``rng`` (default: the original's generator object) and starts with an
    empty log and history; every other mutable field is copied as ``Game.copy`` does.
    """
    return game.copy(rng=game.rng if rng is None else rng, with_log=False)


def with_hidden(base: Game, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card], seed: int = 0) -> Game:
    """A copy of ``base`` (from ``base_game``) with every hand and the draw pile (top last) given."""
    game = scratch_copy(base, random.Random(seed))
    game.hands = [list(hand) for hand in hands]
    game.draw_pile = list(draw_pile)
    if game.phase is Phase.CHALLENGE and game.wd4_by is not None and game.wd4_colour is not None:
        colour = game.wd4_colour
        game.wd4_bluff = any(card.colour is colour for card in game.hands[game.wd4_by])
    if game.phase is Phase.DRAWN and game.drawn is None:
        # Someone else drew a playable card and has not decided yet: it is one of their cards.
        hand = game.hands[game.current]
        playable = [card for card in hand if game.is_playable(card)]
        if game.rules.wd4_rule is WD4Rule.STRICT and not game.wd4_is_legal(game.current):
            playable = [card for card in playable if card is not WILD_DRAW_FOUR]
        if playable:
            game.drawn = playable[-1]
        else:
            game.phase = Phase.TURN
    return game


def determinize(view: SeatView, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card], seed: int = 0) -> Game:
    """The ``Game`` of ``view`` with the hidden cards as given (``hands[view.seat]`` is the view's hand)."""
    return with_hidden(base_game(view, (), seed), hands, draw_pile, seed)


def sample_hidden(
    view: SeatView,
    know: Knowledge,
    rng: random.Random,
    extra: dict[int, Ban] | None = None,
    force: tuple[int, Colour] | None = None,
) -> tuple[list[list[Card]], list[Card]]:
    """Deal the unseen cards: to each opponent by hand size, respecting known cards and bans, the rest to the pile.

    Known cards are placed first; then the most constrained unknown slots take a random
    card that fits their bans (``extra[seat]`` adds one ban to every unknown slot of a seat);
    a slot no remaining card fits takes any card (the bans were inferences). The draw pile is
    the remaining cards in random order. ``force`` = (seat, colour) puts at least one card of
    that colour in the seat's hand when the unseen cards allow it.
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
    if force is not None:
        seat, colour = force
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
