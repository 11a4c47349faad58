"""What a seat can know about the hidden cards, read from its view and the history it saw.

Nothing here looks at a ``Game``: the input is the seat's ``SeatView``, the events as that seat
saw them, and optionally its own past hands (which it saw when it was asked to decide).

Each opponent's hand is a list of ``Slot`` s, one per card: a slot is either a known card (a
hand revealed by a challenge, the seat's own old hand after a 7-0 swap) or an unknown card with
*bans*: sets of cards it is not, learnt from the engine's rules when the player drew instead of
playing or drew an unplayable card (no card matching the top card: ``legal.matching_cards``), or
played a Wild Draw Four that was not a bluff (no card of the colour: ``legal.cards_of_colour``).
Bans are inferences (a player may draw while holding a playable card), so the
sampler treats them as preferences it drops when they cannot all hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..cards import COLOURS, DECK_COUNTS, Card, Colour, Rank
from ..effects import rotate_hands
from ..events import (
    CardPlayed,
    CardsDrawn,
    CardTurned,
    ChallengeResult,
    ColourChosen,
    Event,
    HandsRotated,
    HandsSwapped,
    Kept,
    RoundStarted,
)
from ..legal import card_matches, cards_of_colour, matching_cards
from ..rules import WD4Rule
from ..view import SeatView

Ban = frozenset[Card]
"""The cards a slot is not."""


def allowed(card: Card, bans: Sequence[Ban]) -> bool:
    """Whether ``card`` is consistent with every ban."""
    return all(card not in ban for ban in bans)


def unmatched(active: Colour | None, top: Card) -> Ban:
    """The ban on a card held by a player who could not play on ``top`` under ``active`` (R-TURN-1/2)."""
    return matching_cards(active, top)


def lacked(colour: Colour) -> Ban:
    """The ban on a card held by a player whose Wild Draw Four was legal: none of ``colour`` (R-ACT-5)."""
    return cards_of_colour(colour)


class Slot:
    """One card of an opponent's hand: known, or unknown with bans."""

    __slots__ = ("bans", "card")

    def __init__(self, card: Card | None = None, bans: tuple[Ban, ...] = ()) -> None:
        self.card = card
        self.bans = bans

    def __repr__(self) -> str:
        return f"Slot({self.card}, {self.bans})"


class Knowledge:
    """The seat's picture of the current round (see the module docstring)."""

    def __init__(self, view: SeatView, history: Sequence[Event], own_hands: Mapping[int, tuple[Card, ...]]) -> None:
        me = view.seat
        assert me is not None
        self.me = me
        self.n = n = len(view.hand_sizes)
        self.slots: list[list[Slot]] = [[] for _ in range(n)]
        self.named: list[Colour | None] = [None] * n  # last colour each seat named with a wild
        self.drew_on: list[Colour | None] = [None] * n  # colour active when each seat last drew on its turn
        # the colour each seat named with its last play, if that play was a wild card and it has not drawn since
        self.fresh_named: list[Colour | None] = [None] * n
        self.uno_colour: list[Colour | None] = [None] * n  # the colour each seat's play down to one card left active
        # a Wild Draw Four not yet answered: (by, colour it had to lack, whether it answered another by stacking)
        self.open_wd4: tuple[int, Colour, bool] | None = None
        self._odds: dict[int, dict[Colour | None, float]] = {}
        self._match: dict[tuple[int, Card, Colour | None], float] = {}
        self.bluffs = [0] * n  # Wild Draw Four bluffs proven against each seat (the whole match)
        self.honest = [0] * n  # Wild Draw Fours proven legal
        self._read(view, history, own_hands)
        self._fit(view)
        self.unseen = self._unseen(view)

    # ----- reading the history -----------------------------------------------------------

    def _read(self, view: SeatView, history: Sequence[Event], own_hands: Mapping[int, tuple[Card, ...]]) -> None:
        me, n = self.me, self.n
        start = 0
        for index in range(len(history) - 1, -1, -1):
            if isinstance(history[index], RoundStarted):
                start = index
                break
        for event in history:
            if isinstance(event, ChallengeResult):
                if event.bluff:
                    self.bluffs[event.challenged] += 1
                else:
                    self.honest[event.challenged] += 1
        slots = self.slots
        strict = view.rules.wd4_rule is WD4Rule.STRICT
        top: Card | None = None
        active: Colour | None = None
        mine: list[Card] | None = None
        my_size = 0
        end = len(history)
        for index in range(start, end):
            if index in own_hands and index > start:
                mine = list(own_hands[index])
                my_size = len(mine)
            event = history[index]
            if isinstance(event, RoundStarted):
                for seat in range(n):
                    slots[seat] = [] if seat == me else [Slot() for _ in range(event.hand_size)]
                my_size = event.hand_size
                mine = None
            elif isinstance(event, CardTurned):
                if not event.returned:
                    top = event.card
                    active = event.card.colour
            elif isinstance(event, ColourChosen):
                active = event.colour
                self.named[event.seat] = event.colour
            elif isinstance(event, CardPlayed):
                seat = event.seat
                # a Wild Draw Four answering one (stacking) need not be legal: it shows nothing
                answer = self.open_wd4 is not None and not strict
                self._settle_wd4(None)
                if seat == me:
                    my_size -= len(event.cards)
                    if mine is not None:
                        for card in event.cards:
                            if card in mine:
                                mine.remove(card)
                else:
                    for card in event.cards:
                        self._remove(seat, card)
                    self.uno_colour[seat] = event.colour if len(slots[seat]) == 1 else None
                card = event.cards[0]
                self.fresh_named[seat] = event.colour if card.colour is None else None
                if card.colour is None:
                    self.named[seat] = event.colour
                    if card.rank is Rank.WILD_DRAW_FOUR and active is not None:
                        self.open_wd4 = (seat, active, answer)
                top = card
                active = event.colour
            elif isinstance(event, CardsDrawn):
                seat = event.seat
                self.uno_colour[seat] = None
                self.fresh_named[seat] = None
                if event.reason in ("draw_four", "stack"):
                    self._settle_wd4(None)
                if seat == me:
                    my_size += event.count
                    if mine is not None and event.cards is not None:
                        mine.extend(event.cards)
                    continue
                if event.count == 0:
                    continue
                if event.reason == "draw" and top is not None:
                    self.drew_on[seat] = active
                    lack = unmatched(active, top)
                    for slot in slots[seat]:
                        if slot.card is None:
                            slot.bans = (*slot.bans, lack)
                    follow = history[index + 1] if index + 1 < end else None
                    playable_last = follow is None or (isinstance(follow, CardPlayed | Kept) and follow.seat == seat)
                    for k in range(event.count):
                        last = k == event.count - 1
                        slots[seat].append(Slot() if last and playable_last else Slot(None, (lack,)))
                else:
                    slots[seat].extend(Slot() for _ in range(event.count))
            elif isinstance(event, ChallengeResult):
                self._settle_wd4(event)
                if event.revealed is not None and event.challenged != me:
                    slots[event.challenged] = [Slot(card) for card in event.revealed]
            elif isinstance(event, HandsSwapped):
                a, b = event.seat, event.other
                if me in (a, b):
                    other = b if a == me else a
                    given = [Slot(card) for card in mine] if mine is not None else [Slot() for _ in range(my_size)]
                    received = slots[other]
                    slots[other] = given
                    my_size = len(received)
                    mine = [slot.card for slot in received if slot.card is not None]
                    if len(mine) != my_size:
                        mine = None
                else:
                    slots[a], slots[b] = slots[b], slots[a]
            elif isinstance(event, HandsRotated):
                d = event.direction
                if mine is not None:
                    slots[me] = [Slot(card) for card in mine]
                else:
                    slots[me] = [Slot() for _ in range(my_size)]
                slots[:] = rotate_hands(slots, d)
                received = slots[me]
                slots[me] = []
                my_size = len(received)
                known = [slot.card for slot in received if slot.card is not None]
                mine = known if len(known) == my_size else None

    def _settle_wd4(self, result: ChallengeResult | None) -> None:
        """A Wild Draw Four was answered: unless shown to be a bluff, its player lacked the colour."""
        if self.open_wd4 is None:
            return
        by, colour, answer = self.open_wd4
        self.open_wd4 = None
        if answer or by == self.me or (result is not None and result.bluff):
            return
        ban = lacked(colour)
        for slot in self.slots[by]:
            if slot.card is None:
                slot.bans = (*slot.bans, ban)

    def _remove(self, seat: int, card: Card) -> None:
        """``seat`` played ``card``: drop the slot that held it (a known one, else the most constrained that fits)."""
        slots = self.slots[seat]
        for i, slot in enumerate(slots):
            if slot.card is card:
                del slots[i]
                return
        # Bans only ever grow on the cards already held, so older slots carry more of them. Dropping
        # the most constrained slot that fits keeps the rest sound whichever card it really was.
        best = -1
        for i, slot in enumerate(slots):
            if slot.card is None and allowed(card, slot.bans) and (best < 0 or len(slot.bans) > len(slots[best].bans)):
                best = i
        if best >= 0:
            del slots[best]
            return
        # Our inferences were wrong (e.g. a voluntary draw): forget the bans, drop an unknown slot.
        for i in range(len(slots) - 1, -1, -1):
            if slots[i].card is None:
                del slots[i]
                for slot in slots:
                    slot.bans = ()
                return
        slots[:] = [Slot() for _ in range(max(0, len(slots) - 1))]

    def _fit(self, view: SeatView) -> None:
        """Make the slot counts agree with the public hand sizes (they always should)."""
        for seat in range(self.n):
            if seat == self.me:
                self.slots[seat] = []
                continue
            slots = self.slots[seat]
            size = view.hand_sizes[seat]
            while len(slots) > size:
                unknown = [i for i, slot in enumerate(slots) if slot.card is None]
                del slots[unknown[-1] if unknown else -1]
            while len(slots) < size:
                slots.append(Slot())

    def _unseen(self, view: SeatView) -> Counter[Card]:
        """Cards this seat has not seen (full deck minus its hand and the discard pile) minus known opponent cards."""
        unseen = Counter(DECK_COUNTS)
        unseen.subtract(view.hand)
        unseen.subtract(view.discard)
        for seat_slots in self.slots:
            for slot in seat_slots:
                if slot.card is not None:
                    unseen[slot.card] -= 1
        bad = [card for card, count in unseen.items() if count < 0]
        if bad:  # a known card that cannot be there: stop trusting known cards
            for seat_slots in self.slots:
                for slot in seat_slots:
                    slot.card = None
            unseen = Counter(DECK_COUNTS)
            unseen.subtract(view.hand)
            unseen.subtract(view.discard)
        return +unseen

    # ----- estimates ---------------------------------------------------------------------

    def colour_odds(self, seat: int) -> dict[Colour | None, float]:
        """For each colour (``None``: wild cards), the chance ``seat`` holds at least one."""
        cached = self._odds.get(seat)
        if cached is None:
            cached = self._odds[seat] = self._colour_odds(seat)
        return cached

    def _colour_odds(self, seat: int) -> dict[Colour | None, float]:
        result: dict[Colour | None, float] = {}
        totals: Counter[Colour | None] = Counter()
        for card, count in self.unseen.items():
            totals[card.colour] += count
        pool = sum(totals.values()) or 1
        for colour in (*COLOURS, None):
            missing = 1.0
            for slot in self.slots[seat]:
                if slot.card is not None:
                    if slot.card.colour is colour:
                        missing = 0.0
                        break
                    continue
                if slot.bans:
                    fits = [(card, count) for card, count in self.unseen.items() if allowed(card, slot.bans)]
                    total = sum(count for _, count in fits)
                    if total:
                        share = sum(count for card, count in fits if card.colour is colour) / total
                    else:
                        share = totals[colour] / pool
                else:
                    share = totals[colour] / pool
                missing *= 1.0 - share
            result[colour] = 1.0 - missing
        return result

    def match_odds(self, seat: int, top: Card, active: Colour | None) -> float:
        """The chance ``seat`` holds a card that matches ``top`` under ``active`` (``card_matches``)."""
        key = (seat, top, active)
        cached = self._match.get(key)
        if cached is None:
            cached = self._match[key] = self._match_odds(seat, top, active)
        return cached

    def _match_odds(self, seat: int, top: Card, active: Colour | None) -> float:
        unseen = self.unseen
        fits = {card for card in unseen if card_matches(card, active, top)}
        pool = sum(unseen.values()) or 1
        plain = sum(count for card, count in unseen.items() if card in fits) / pool
        missing = 1.0
        for slot in self.slots[seat]:
            if slot.card is not None:
                if card_matches(slot.card, active, top):
                    return 1.0
                continue
            share = plain
            if slot.bans:
                allowed_cards = [(card, count) for card, count in unseen.items() if allowed(card, slot.bans)]
                total = sum(count for _, count in allowed_cards)
                if total:
                    share = sum(count for card, count in allowed_cards if card in fits) / total
            missing *= 1.0 - share
        return 1.0 - missing

    def bluff_odds(self, prior_bluff: float = 0.15, prior_legal: float = 0.8) -> float:
        """The chance that the Wild Draw Four being answered is a bluff (0 when none is open)."""
        if self.open_wd4 is None:
            return 0.0
        by, colour, answer = self.open_wd4
        held = self.colour_odds(by)[colour]
        if answer:
            return held  # played to pass the penalty on, whatever the colour
        bluffer = (1 + self.bluffs[by]) / (2 + self.bluffs[by] + self.honest[by])  # Laplace, from what was shown
        p_bluff = held * prior_bluff * 2 * bluffer
        p_legal = (1.0 - held) * prior_legal
        return p_bluff / (p_bluff + p_legal) if p_bluff + p_legal > 0 else 0.0
