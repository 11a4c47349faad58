"""Rounds and the match: the first dealer, the deal and the first card, and a round's end (R-SEAT-3,
R-SETUP, R-FIRST, R-SCORE).

``Game`` chooses the first dealer and deals the first round; the transitions call ``end_round`` when
a seat goes out, which scores the round (``uno_core.scoring``) and ends the match or deals the next
round. In a playout (``out`` is ``None``) a round's end only records the winner and the hand points.
"""

from __future__ import annotations

from . import events as ev
from .cards import ALL_CARDS, WILD_DRAW_FOUR, Card, Rank, full_deck, shuffle
from .drawing import SKIPPED, draw, skip
from .effects import next_seat
from .phase import Phase
from .rules import MAX_PLAYERS, WILD_POINTS
from .scoring import match_winner, next_dealer, round_points
from .state import FirstDealer, State

HAND_SIZE = 7  # R-SETUP-1

# Events are immutable values: the common ones are built once and shared (``uno_core.drawing``)
_DEALER_FIXED = tuple(ev.DealerChosen(seat, "fixed") for seat in range(MAX_PLAYERS))
_TURNED = {card: ev.CardTurned(card) for card in ALL_CARDS}  # a round's first card
_ROUND_STARTED: dict[tuple[int, int], ev.RoundStarted] = {}  # by (round, dealer)
# Card.points of every card, by the Wild's value (R-PTS; Rules allows 50 or 40)
_POINTS = {wild: {card: card.points(wild) for card in ALL_CARDS} for wild in WILD_POINTS}


def choose_dealer(state: State, first_dealer: FirstDealer, out: list[ev.Event]) -> int:
    """R-SEAT-3: a given seat, a random seat, or a cut: the highest number deals, ties redraw."""
    if isinstance(first_dealer, int):
        out.append(_DEALER_FIXED[first_dealer])
        return first_dealer
    if first_dealer == "random":
        dealer = state.rng.randrange(state.n)
        out.append(ev.DealerChosen(dealer, "random"))
        return dealer
    deck = full_deck()
    shuffle(deck, state.rng)
    contenders = list(range(state.n))
    cuts: list[tuple[tuple[int, Card], ...]] = []
    while True:
        if len(deck) < len(contenders):
            deck = full_deck()
            shuffle(deck, state.rng)
        drawn = tuple((seat, deck.pop()) for seat in contenders)
        cuts.append(drawn)
        values = {seat: (int(card.rank) if card.rank.is_number else -1) for seat, card in drawn}
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
        if len(contenders) == 1 and best >= 0:
            out.append(ev.DealerChosen(contenders[0], "cut", tuple(cuts)))
            return contenders[0]


def start_round(state: State, out: list[ev.Event]) -> None:
    """Deal the next round and turn its first card (R-SETUP-1/2 and R-FIRST-1..6)."""
    state.round_no += 1
    if state.round_no == 1 and state.fixed_deck is not None:
        pile = list(reversed(state.fixed_deck))  # R-NOTE-4: the first card given is the top
    else:
        pile = full_deck()
        shuffle(pile, state.rng)
    n, dealer = state.n, state.dealer
    # R-SETUP-1: one card at a time, starting left of the dealer: the j-th card popped goes to
    # the (j % n + 1)-th seat from the dealer (slices of the popped cards, in the order dealt)
    dealt = pile[: -HAND_SIZE * n - 1 : -1]
    del pile[-HAND_SIZE * n :]
    state.hands = [[] for _ in range(n)]
    for k in range(1, n + 1):
        state.hands[next_seat(dealer, 1, n, k)] = dealt[k - 1 :: n]
    state.draw_pile = pile
    state.discard = []
    state.direction = 1
    state.pending = 0
    state.drawn = None
    state.wd4_by = None
    state.wd4_bluff = False
    state.wd4_colour = None
    state.going_out = None
    state.said_uno = [False] * n
    state.exposed = set()
    key = (state.round_no, dealer)
    started = _ROUND_STARTED.get(key)
    if started is None:
        started = _ROUND_STARTED[key] = ev.RoundStarted(state.round_no, dealer, HAND_SIZE)
    out.append(started)
    card = pile.pop()
    while card is WILD_DRAW_FOUR:  # R-FIRST-1
        out.append(ev.CardTurned(card, returned=True))
        pile.append(card)
        shuffle(pile, state.rng)
        card = pile.pop()
    state.discard.append(card)
    out.append(_TURNED[card])
    state.active = card.colour
    state.phase = Phase.TURN
    left = next_seat(dealer, 1, n)  # R-FIRST-6: the player left of the dealer begins
    rank = card.rank
    if rank is Rank.WILD:  # R-FIRST-2
        state.phase = Phase.FIRST_COLOUR
        state.current = left
    elif rank is Rank.DRAW_TWO:  # R-FIRST-3, never stacked on (R-ACT-3)
        draw(state, left, 2, "first_card", out)
        out.append(SKIPPED[left])
        state.current = next_seat(left, 1, n)
    elif rank is Rank.SKIP:  # R-FIRST-4
        skip(state, left, out)
        state.current = next_seat(left, 1, n)
    elif rank is Rank.REVERSE:  # R-FIRST-5
        state.direction = -1
        out.append(ev.DirectionReversed(-1))
        state.current = dealer
    else:  # R-FIRST-6
        state.current = left


def end_round(state: State, winner: int, out: list[ev.Event] | None) -> None:
    """R-SCORE-1..6: ``winner`` went out; score the round, then end the match or deal the next round."""
    rules = state.rules
    card_points = _POINTS[rules.wild_points].__getitem__
    hand_points = tuple([sum(map(card_points, hand)) for hand in state.hands])
    if out is None:  # a playout plays one round: it stops here, with the round's end
        state.playout_result = (winner, hand_points)
        state.phase = Phase.MATCH_OVER
        return
    gained = round_points(hand_points, winner, rules.scoring, state.sides)
    for side, points in enumerate(gained):
        state.totals[side] += points
    result = ev.RoundOver(state.round_no, winner, hand_points, tuple(gained), tuple(state.totals))
    state.round_results.append(result)
    out.append(result)
    state.exposed = set()
    state.pending = 0
    state.going_out = None
    won = match_winner(state.totals, rules.target, rules.scoring, state.sides[winner])
    if won is not None:
        state.winner_side = won
        state.phase = Phase.MATCH_OVER
        out.append(ev.MatchOver(won, state.winners, tuple(state.totals)))
        return
    state.dealer = next_dealer(state.dealer, winner, state.n, rules.dealer_rotation)
    start_round(state, out)
