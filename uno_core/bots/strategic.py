"""The ``strategic`` level: the advice of the rule texts ("Consejos y Estrategia") as a scoring rule.

Every candidate move gets a score from what the seat can know (``Knowledge``); the weights
(``StrategicBot.WEIGHTS``) were tuned by ``bench.bots``-style runs against ``basic`` (issue 18),
keeping what moved the win rate (paired runs on the bench's deals: 10,000 heads-up, 6,000 at 4 seats):

- save wild cards for when nothing else plays (the largest gain: about +1.5 points of win rate
  at 4 seats), and never draw instead of playing (only a Wild Draw Four bluff not worth its risk
  is worse than drawing), except: with ``save_wild_at`` (6) cards or more and nobody close to
  going out, draw rather than spend a wild card that is the only play (+1.1 heads-up, 0 at 4 seats;
  from 4 cards +0.7, from 8 +0.3); playing a legal Wild Draw Four as soon as it is legal lost 1.5;
- at 3+ seats keep the colour flowing: prefer moves after which the active colour is one it holds
  many of (-2.6 when reversed); heads-up this did not help (it lost 1.7 points) and is off;
- follow the visible colour trend: prefer colours the next opponent probably lacks (a player
  who drew on a colour, or whose Wild Draw Four was not a bluff, lacks it; -2.5 heads-up without),
  and cards it probably cannot follow by colour, number or symbol (``match``: +0.7 heads-up);
- time Draw Two / Skip / Wild Draw Four against a dangerous player (few cards, or the leader),
  never use them on a partner;
- dump high-point cards when someone is close to going out, and only then (``points_floor``: the points
  count by how far the most dangerous rival's ``danger`` exceeds 0.5, the value of a rival with 5 cards or more;
  57.2% [56.8, 57.5] against 56.8% [56.4, 57.1] heads-up on the same 80,000 deals, +0.4 and +0.3 on each half;
  at 4 seats 26.4% against 26.1% on 20,000; in 500-point matches within the noise, 2,000 each). Found by
  reading where ``expert`` overrules this level heads-up: 114 of its 182 overrules between two numbers kept
  the colour and played a lower number than this level's high-point one;
- of two numbers, play the one whose number the hand holds in no other colour: keep the twins, which let
  the hand change colour later (``bridge``: +1.4 heads-up, 56.4% [55.7, 57.0] against 55.0% [54.3, 55.7] on
  the same 20,000 deals; at 4 seats 26.1% against 26.3%, within the noise). Found by reading where ``expert``
  overrules this level: in 48 of its 52 overrules between two numbers of one colour that differ in this, it
  kept the twin;
- heads-up, keep Skips, Reverses and Draw Twos that chain into a finish (``chain``): each keeps the turn, so
  a hand of such cards, each matching the one before, plus one last card goes out in one turn
  (``chains_out``). A play that leaves such a hand scores more, and the first card of a chain that goes out
  now is played as if it were the last card (56.4% -> 56.8% on the same 40,000 deals: +0.4 on each half);
- a wild card is no longer saved when a rival is at one card (``wild_at_size``) and either plays next or points
  count (not ``SINGLE_ROUND``) (``wild_at_uno``): played now, it names a colour that rival may lack; held when the rival
  goes out, it gives 50 points away. Against ``basic`` on the same deals: 500-point matches heads-up 72.6%
  [71.6, 73.6] against 58.6% [57.5, 59.6] (8,000) and at 4 seats 27.4% [26.7, 28.1] against 26.0% [25.3, 26.6]
  (16,000); single rounds heads-up 58.7% against 57.4% (40,000; the points given away per round 19.5 against
  24.4) and at 4 seats 26.5% against 26.4% (20,000). Found from a real game, where an expert ended a round
  holding two wild cards while a rival was at UNO;
- name the colour it holds most for a wild card (weighing the next player's odds more, -1.1);
- bluff a Wild Draw Four only when the victim is about to go out; challenge when the odds say so
  (the colour odds of the player who played it, and what earlier challenges showed).

Measured and left out (no effect beyond the noise, or a loss): avoiding the colour an opponent
went to UNO on (``uno_colour``), holding Draw Twos or any Skip/Reverse/Draw Two heads-up (-0.4
to -2.5), a Reverse to turn play away from a player low on cards, keeping a card of every
colour (-0.9 heads-up), staying on a colour the next player lacks in proportion to the cards
held of it (-0.8 to -1.3), avoiding the colour an opponent just named, holding attack cards
until the victim has 3 cards or fewer, scoring heads-up the extra turn of a Skip by the best
play that follows it, never challenging a Wild Draw Four (0 against ``basic``, which never
bluffs); heads-up, holding a Skip / Reverse / Draw Two whenever a number plays (-5.8 on 10,000 deals,
-5.6 with only numbers of its colour; yet ``expert`` holds them in chosen positions, and falls from 60.0% to
54.8% against this level on 400 deals when it may not), or only while another action card that chains with
it is held (+0.3, noise), or only with 4 cards or fewer left (-3.2); drawing rather than spending a Wild Draw
Four from 4 cards (-0.4 on 20,000 deals); also never saving a plain Wild (-1.8).

Measured in 500-point matches against ``basic`` and left out (``bench.bots --matches --weights``, the same deals;
heads-up 2,000 to 6,000 matches, at 4 seats 6,000 to 12,000; the landed weights win 72.3-73.0% heads-up and
27.3% at 4 seats): counting a rival as more dangerous when going out now would win it the match (its total and the
points in the other hands, the unknown ones at the unseen cards' mean, reach the target): at 4 seats +0.7 then
+0.0 on the next 6,000, heads-up 0; a bonus for points played that keep a rival's going out from ending the match:
0; ``points`` 2: heads-up +0.7 over 6,000 (z 2), at 4 seats -0.3; ``save_wild_at`` at 4 seats: 4 cards -1.1
(z -2.1), never drawing to keep a wild card -0.3; spending a wild card when a rival is at two cards
(``wild_at_size`` 2): heads-up +0.8 over 6,000 (z 1.5), but at 4 seats -4.2 points (27.3% -> 23.2%, z -8): at a
table some rival is at two cards for long stretches, and the wild card is gone when nothing else plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..actions import Action, Catch, ChooseColour, Play
from ..cards import COLOURS, Card, Colour, Rank
from ..events import Event
from ..game import Phase, skips_next
from ..legal import card_matches
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
