"""The ``strategic`` level: the advice of the rule texts ("Consejos y Estrategia") as a scoring rule.

Every candidate move gets a score from what the seat can know (``Knowledge``), weighted by
``StrategicBot.WEIGHTS``: save wild cards for when nothing else plays; at 3+ seats keep the colour
flowing; prefer colours and cards the next opponent probably cannot follow; aim Draw Two / Skip /
Wild Draw Four at a dangerous rival, never at a partner; dump high-point cards only when someone is
close to going out; keep a number's twins in other colours; heads-up, keep action cards that chain
into a finish; spend a wild card when a rival at one card plays next or points count; name the
colour held most; bluff a Wild Draw Four only when the victim is about to go out, and challenge one
when the odds say so. How each weight was tuned, with the figures, and what was measured and left
out: docs/decisions.md, "The strategic bot's weights".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..actions import Action, Catch, ChooseColour, Play
from ..cards import COLOURS, Card, Colour, Rank
from ..effects import skips_next
from ..events import Event
from ..legal import card_matches
from ..phase import Phase
from ..rules import Scoring, WD4Rule
from ..view import SeatView
from .base import Bot, BotOptions
from .common import ACCEPT_, CHALLENGE_, DRAW_, KEEP_, SAY_UNO_, colour_counts, distinct_moves, with_uno
from .knowledge import Knowledge


class Memory:
    """The bot's own past hands in the current round, by history length (it saw them when asked)."""

    __slots__ = ("hands", "round_no")

    def __init__(self) -> None:
        self.round_no = -1
        self.hands: dict[int, tuple[Card, ...]] = {}

    def note(self, view: SeatView, history: Sequence[Event]) -> dict[int, tuple[Card, ...]]:
        if view.round_no != self.round_no:
            self.round_no = view.round_no
            self.hands = {}
        self.hands[len(history)] = view.hand
        return self.hands


def danger(view: SeatView, seat: int) -> float:
    """How urgently ``seat`` should be slowed down: few cards, or a leading total."""
    size = view.hand_sizes[seat]
    base = {1: 3.0, 2: 2.0, 3: 1.2, 4: 0.8}.get(size, 0.5)
    totals = view.totals
    side = view.sides[seat]
    if view.rules.scoring is Scoring.STANDARD and len(totals) > 1 and totals[side] == max(totals) and totals[side] > 0:
        base += 0.3
    return base


def keeps_turn(card: Card) -> bool:
    """Heads-up: whether playing ``card`` makes the other player lose its turn, a coloured one so that the next
    card must match it (a Skip, Reverse or Draw Two: ``skips_next``)."""
    return card.colour is not None and skips_next(card.rank, 2)


def chains_out(cards: Sequence[Card], active: Colour | None, top: Card) -> bool:
    """Heads-up: whether ``cards`` can all be played in one turn on ``top`` (``active`` colour): each card
    matches the one before it and every card but the last keeps the turn (``keeps_turn``)."""
    if len(cards) == 1:
        return card_matches(cards[0], active, top)
    if len(cards) > 6 or sum(1 for card in cards if not keeps_turn(card)) > 1:
        return False
    return any(
        keeps_turn(card) and card_matches(card, active, top) and chainable_after(cards, i)
        for i, card in enumerate(cards)
    )


def chainable_after(cards: Sequence[Card], first: int) -> bool:
    """Whether the rest of ``cards`` goes out in one turn once ``cards[first]`` is played (``chains_out``)."""
    card = cards[first]
    return chains_out([*cards[:first], *cards[first + 1 :]], card.colour, card)


def chainable(cards: Sequence[Card]) -> bool:
    """Heads-up: whether ``cards`` (two or more) go out in one turn once their first card plays (``chains_out``)."""
    return len(cards) >= 2 and any(keeps_turn(card) and chainable_after(cards, i) for i, card in enumerate(cards))


class StrategicBot(Bot):
    """See the module docstring."""

    level = "strategic"

    DRAW_BELOW = -500.0
    """A play scored below this is worse than drawing (a Wild Draw Four bluff not worth its risk)."""

    WEIGHTS: ClassVar[dict[str, float]] = {
        "bluff_at": 2.0,
        "bridge": 1.0,
        "chain": 10.0,
        "double": 3.0,
        "follow": 2.0,
        "follow_heads_up": 0.0,
        "points": 1.0,
        "points_floor": 0.5,
        "attack": 1.0,
        "odds": 3.0,
        "uno_colour": 0.0,
        "match": 3.0,
        "pick_odds": 2.0,
        "save_wild_at": 6.0,
        "challenge_at": 0.3,
        "drawn_wild_at": 3.0,
        "wild": 40.0,
        "wild4": 40.0,
        "wild_at_uno": 1.0,
        "wild_at_size": 1.0,
    }

    def __init__(self, seed: int = 0, options: BotOptions | None = None) -> None:
        super().__init__(seed, options)
        self.memory = Memory()

    def knowledge(self, view: SeatView, history: Sequence[Event]) -> Knowledge:
        return Knowledge(view, history, self.memory.note(view, history))

    # ----- out of turn -------------------------------------------------------------------

    def _react(
        self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random
    ) -> Action | None:
        self.memory.note(view, history)
        if SAY_UNO_ in options:
            return SAY_UNO_
        me = view.seat
        assert me is not None
        catches = [a for a in options if isinstance(a, Catch) and view.sides[a.seat] != view.sides[me]]
        if catches and rng.random() >= self.miss_catch:
            return max(catches, key=lambda a: danger(view, a.seat))
        jumps = [a for a in options if isinstance(a, Play) and a.jump]
        if jumps:
            know = self.knowledge(view, history)
            return self._best(view, know, jumps, options, rng)
        return None

    # ----- the turn ----------------------------------------------------------------------

    def _act(self, view: SeatView, history: Sequence[Event], options: list[Action], rng: random.Random) -> Action:
        know = self.knowledge(view, history)
        phase = view.phase
        plays = [a for a in options if isinstance(a, Play)]
        if phase is Phase.FIRST_COLOUR:
            return ChooseColour(self.pick_colour(view, know, list(view.hand)))
        if phase is Phase.CHALLENGE:
            if plays:  # stack a Wild Draw Four back
                return self._best(view, know, plays, options, rng)
            if view.rules.wd4_rule is WD4Rule.NO_BLUFF_PENALTY:
                return CHALLENGE_  # a wrong challenge costs nothing more than accepting
            return CHALLENGE_ if know.bluff_odds() > self.WEIGHTS["challenge_at"] else ACCEPT_
        if phase is Phase.STACK:
            me = view.seat
            assert me is not None
            nxt = view.next_seat()
            if plays and view.sides[nxt] != view.sides[me]:
                return self._best(view, know, plays, options, rng)
            return DRAW_
        if phase is Phase.DRAWN:
            drawn = view.drawn
            worth = drawn is not None and (
                drawn.colour is not None or len(view.hand) <= self.WEIGHTS["drawn_wild_at"] or self._urgent(view)
            )
            if plays and worth:
                return self._best(view, know, plays, options, rng)
            return KEEP_
        if not plays:
            return DRAW_
        best = self._best(view, know, plays, options, rng, allow_draw=True)
        return best

    # ----- scoring -----------------------------------------------------------------------

    def _urgent(self, view: SeatView) -> bool:
        me = view.seat
        return any(view.hand_sizes[s] <= 2 for s in range(len(view.hand_sizes)) if view.sides[s] != view.sides[me or 0])

    def _best(
        self,
        view: SeatView,
        know: Knowledge,
        plays: list[Play],
        options: Sequence[Action],
        rng: random.Random,
        allow_draw: bool = False,
    ) -> Action:
        scored = self.rank_moves(view, know, plays)
        score, move = scored[0]
        if allow_draw and DRAW_ in options:
            if score < self.DRAW_BELOW:
                return DRAW_
            saving = move.card.colour is None and len(view.hand) >= self.WEIGHTS["save_wild_at"]
            if saving and not self._urgent(view):
                return DRAW_  # keep the wild card for later: nobody is close to going out
        return with_uno(move, options, rng.random() >= self.forget_uno)

    def rank_moves(self, view: SeatView, know: Knowledge, plays: Sequence[Action]) -> list[tuple[float, Play]]:
        """Candidate plays (with their colour / swap choice made) by score, best first."""
        seen: set[tuple[tuple[Card, ...], bool]] = set()
        scored: list[tuple[float, Play]] = []
        for action in distinct_moves(plays):
            assert isinstance(action, Play)
            key = (action.cards, action.jump)
            if key in seen:
                continue
            seen.add(key)
            move = self._complete(view, know, action)
            scored.append((self.score_play(view, know, move), move))
        scored.sort(key=lambda item: (-item[0], item[1].card.index, str(item[1])))
        return scored

    def _complete(self, view: SeatView, know: Knowledge, play: Play) -> Play:
        """Choose the colour of a wild and the seat a 7 swaps with."""
        rest = list(view.hand)
        for card in play.cards:
            rest.remove(card)
        colour = self.pick_colour(view, know, rest) if play.card.colour is None else None
        swap = self.pick_swap(view, know) if play.swap is not None else None
        return Play(play.cards, colour, swap, False, play.jump)

    def pick_colour(self, view: SeatView, know: Knowledge, rest: list[Card]) -> Colour:
        counts = colour_counts(rest)
        points = dict.fromkeys(COLOURS, 0)
        for card in rest:
            if card.colour is not None:
                points[card.colour] += card.points()
        me = view.seat
        assert me is not None
        nxt = view.next_seat()
        odds = know.colour_odds(nxt) if nxt != me else {}
        hostile = view.sides[nxt] != view.sides[me]

        def value(colour: Colour) -> float:
            v = counts[colour] * 3.0 + points[colour] / 40.0
            if hostile and odds:
                v -= odds.get(colour, 0.5) * self.WEIGHTS["pick_odds"] * danger(view, nxt)
            return v

        return max(COLOURS, key=lambda c: (value(c), -COLOURS.index(c)))

    def pick_swap(self, view: SeatView, know: Knowledge) -> int:
        me = view.seat
        assert me is not None
        seats = [s for s in range(len(view.hand_sizes)) if s != me]
        rivals = [s for s in seats if view.sides[s] != view.sides[me]] or seats
        return min(rivals, key=lambda s: (view.hand_sizes[s], -danger(view, s), s))

    def score_play(self, view: SeatView, know: Knowledge, play: Play) -> float:
        """The heuristic value of ``play`` (colour / swap chosen) on this seat's turn; higher is better."""
        me = view.seat
        assert me is not None
        w = self.WEIGHTS
        n = len(view.hand_sizes)
        card = play.card
        rank = card.rank
        rules = view.rules
        rest = list(view.hand)
        for c in play.cards:
            rest.remove(c)
        if not rest:
            return 1000.0  # going out
        colour = play.colour if card.colour is None else card.colour
        chain = w["chain"] if n == 2 and not rules.stacking and len(play.cards) == 1 else 0.0
        if chain and keeps_turn(card) and chains_out(rest, colour, card):
            return 900.0  # going out this turn: the rest follows while the other player is skipped
        counts = colour_counts(rest)
        side = view.sides[me]
        hostile = [s for s in range(n) if view.sides[s] != side]
        urgency = max((danger(view, s) for s in hostile), default=0.5)
        score = 10.0 + w["double"] * (len(play.cards) - 1)
        if chain and chainable(rest):  # heads-up, kept for a finish in one turn
            score += chain
        # keep the colour flowing: the colour we leave active is one we hold
        if colour is not None:
            score += (w["follow_heads_up"] if n == 2 else w["follow"]) * counts[colour]
        # dump points when someone is close to going out
        score += w["points"] * card.points() / 20.0 * max(0.0, urgency - w["points_floor"]) * len(play.cards)
        # keep a number's twins: the same number in another colour lets the hand change colour later
        if card.colour is not None and rank <= 9:
            score -= w["bridge"] * sum(1 for c in rest if c.rank is rank and c.colour is not card.colour)
        nxt, skips = view.victim(rank)
        if skips:
            pain = {Rank.DRAW_TWO: 2.0, Rank.WILD_DRAW_FOUR: 3.0}.get(rank, 1.0)
            if view.sides[nxt] != side:
                score += w["attack"] * pain * danger(view, nxt)
            else:
                score -= 3.0 * pain
            player = view.next_seat(nxt)  # who plays after the skipped seat
        else:
            player = nxt
        if colour is not None and view.sides[player] != side and player != me:
            odds = know.colour_odds(player).get(colour, 0.5)
            score -= w["odds"] * odds * danger(view, player)
            if w["match"]:  # the chance it can follow the card, by colour, number or symbol
                score -= w["match"] * know.match_odds(player, play.cards[-1], colour) * danger(view, player)
        uno_seats = [s for s in hostile if view.hand_sizes[s] == 1 and know.uno_colour[s] is not None]
        if colour is not None and any(know.uno_colour[s] is colour for s in uno_seats):
            score -= w["uno_colour"]  # never switch back to the colour an opponent went to UNO on
        if card.colour is None:
            others = any(c.colour is not None and view.is_playable(c) for c in rest)
            if others or len(rest) > 2:
                saved = w["wild"] if rank is Rank.WILD else w["wild4"]
                at_uno = [s for s in hostile if 1 <= view.hand_sizes[s] <= w["wild_at_size"]]
                if at_uno and (view.next_seat() in at_uno or rules.scoring is not Scoring.SINGLE_ROUND):
                    saved *= 1.0 - w["wild_at_uno"]  # spent now: a colour the rival may lack, 50 points not given
                score -= saved
            bluff = rank is Rank.WILD_DRAW_FOUR and not view.wd4_is_legal()
            if bluff and view.active_colour is not None:
                if rules.wd4_rule is WD4Rule.STRICT or danger(view, nxt) < w["bluff_at"]:
                    return self.DRAW_BELOW - 1.0  # rather draw than bluff
                score -= 2.0
        if rules.seven_zero and (rank is Rank.ZERO or (rank is Rank.SEVEN and play.swap is not None)):
            score += 2.5 * (len(rest) - view.sizes_after(play.cards, play.swap)[me])  # the hand we end up with
        return score
