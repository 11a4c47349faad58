"""A fast playout kernel: plays the rest of a round from a ``Game`` position at high speed.

Bots run thousands of playouts per decision, so this module trades the public API's comfort
(action objects, events, legal-action lists) for speed: cards are ints (``Card.index``),
hands are int lists. It plays by the same rules as ``Game`` for every rule set, but its
players use only part of their freedom: they always say UNO, never jump in, never play
doubles and never catch anyone. Every playout is therefore a legal game; a differential
test replays recorded playouts through ``Game`` and checks both end the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ALL_CARDS, COLOURS, Card, Rank, shuffle
from .game import Game, Phase
from .rules import WD4Rule

_WILD_COLOUR = 4
COLOUR_OF: tuple[int, ...] = tuple(_WILD_COLOUR if c.colour is None else COLOURS.index(c.colour) for c in ALL_CARDS)
RANK_OF: tuple[int, ...] = tuple(int(c.rank) for c in ALL_CARDS)
SKIP, REVERSE, DRAW_TWO, WD4 = (int(r) for r in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR))
SEVEN, ZERO = 7, 0
_WD4_INDEX = next(c.index for c in ALL_CARDS if c.rank is Rank.WILD_DRAW_FOUR)

POINTS = {wild: tuple(card.points(wild) for card in ALL_CARDS) for wild in (40, 50)}
TURN, CHALLENGE, STACK, FIRST_COLOUR = 0, 1, 2, 3
# MATCHES[active_colour * 15 + top_rank][card] is 1 when the card may be played on that top (R-TURN-1/2)
MATCHES: tuple[bytes, ...] = tuple(
    bytes(int(COLOUR_OF[i] in (active, _WILD_COLOUR) or RANK_OF[i] == top) for i in range(len(ALL_CARDS)))
    for active in range(5)
    for top in range(15)
)
_PHASES = {
    Phase.TURN: TURN,
    Phase.DRAWN: TURN,
    Phase.CHALLENGE: CHALLENGE,
    Phase.STACK: STACK,
    Phase.FIRST_COLOUR: FIRST_COLOUR,
}


class Playout:
    """The current round of a ``Game``, copied into int form, ready to be played out.

    ``rng`` makes the players' choices and, unless ``shuffle_rng`` is given (e.g. a copy of
    the game's own generator, to reproduce ``Game`` exactly), reshuffles the discard pile.
    ``keep_rate`` is how often random players keep a playable card they drew.
    ``greedy`` players prefer non-wild cards, name their most frequent colour and challenge
    only what looks like a bluff; otherwise every choice is uniformly random. ``record``
    keeps the actions taken, in R-NOTE text, for checking against ``Game``.
    """

    __slots__ = (
        "active",
        "current",
        "direction",
        "discard",
        "draw",
        "going_out",
        "greedy",
        "hands",
        "keep_rate",
        "log",
        "n",
        "pending",
        "phase",
        "pick",
        "points",
        "record",
        "rng",
        "rules",
        "turns",
        "wd4_bluff",
        "wd4_by",
    )

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        greedy: bool = False,
        record: bool = False,
        hands: Sequence[Sequence[Card]] | None = None,
        draw_pile: Sequence[Card] | None = None,
        shuffle_rng: random.Random | None = None,
        keep_rate: float = 0.25,
    ) -> None:
        if game.phase is Phase.MATCH_OVER:
            raise ValueError("the match is over: nothing to play out")
        source_hands = game.hands if hands is None else hands
        self.hands = [[card.index for card in hand] for hand in source_hands]
        self.draw = [card.index for card in (game.draw_pile if draw_pile is None else draw_pile)]
        self.discard = [card.index for card in game.discard]
        self.n = game.n
        self.rules = game.rules
        self.active = _WILD_COLOUR if game.active is None else COLOURS.index(game.active)
        self.current = game.current
        self.direction = game.direction
        self.pending = game.pending
        self.phase = _PHASES[game.phase]
        self.going_out = game.going_out
        self.wd4_by = game.wd4_by
        self.wd4_bluff = game.wd4_bluff
        self.rng = rng if shuffle_rng is None else shuffle_rng  # the generator for reshuffles
        self.pick = rng
        self.greedy = greedy
        self.keep_rate = 0.0 if greedy else keep_rate
        self.turns = 0
        self.record = record
        self.log: list[tuple[int, str]] = []
        self.points = POINTS[game.rules.wild_points]
        if game.phase is Phase.DRAWN and game.drawn is not None:
            self._after_draw(game.current, game.drawn.index)

    # ----- the loop -----------------------------------------------------------------------

    def run(self, max_turns: int = 100_000) -> tuple[int, list[int]]:
        """Play to the end of the round; return (winner seat, each seat's hand points)."""
        winner = None
        turns = 0
        turn = self._turn
        while winner is None:
            winner = turn(self.current) if self.phase == TURN else self._step()
            turns += 1
            if turns > max_turns:
                raise RuntimeError("playout did not finish")
        self.turns += turns
        points = self.points
        return winner, [sum(points[i] for i in hand) for hand in self.hands]

    def _step(self) -> int | None:
        seat = self.current
        phase = self.phase
        if phase == TURN:
            return self._turn(seat)
        if phase == CHALLENGE:
            return self._answer_wd4(seat)
        if phase == STACK:
            return self._answer_stack(seat)
        colour = self._choose_colour(self.hands[seat])
        self._log(seat, "color " + COLOURS[colour].value)
        self.active = colour
        self.phase = TURN
        return None

    def _turn(self, seat: int) -> int | None:
        hand = self.hands[seat]
        match = MATCHES[self.active * 15 + RANK_OF[self.discard[-1]]]
        playable = [i for i in hand if match[i]]
        if not playable:
            return self._draw_turn(seat)
        if _WD4_INDEX in playable and self.rules.wd4_rule is WD4Rule.STRICT and not self._stackable(seat, _WD4_INDEX):
            playable = [i for i in playable if i != _WD4_INDEX]  # R-ACT-5 under strict: no bluffing
            if not playable:
                return self._draw_turn(seat)
        if self.greedy:
            playable = [i for i in playable if COLOUR_OF[i] != 4] or playable
        return self._play(seat, playable[int(self.pick.random() * len(playable))])

    def _draw_turn(self, seat: int) -> int | None:
        self._log(seat, "draw")
        until = self.rules.draw_until_playable
        hand = self.hands[seat]
        while True:
            card = self._pop()
            if card is None:
                self._pass(seat)
                return None
            hand.append(card)
            if self._playable(seat, card):
                return self._after_draw(seat, card)
            if not until:
                self._pass(seat)
                return None

    def _after_draw(self, seat: int, card: int) -> int | None:
        """A playable card was just drawn: play it (random players sometimes keep it)."""
        if self.keep_rate and self.pick.random() < self.keep_rate:
            self._log(seat, "keep")
            self._pass(seat)
            return None
        return self._play(seat, card)

    def _playable(self, seat: int, card: int) -> bool:
        colour = COLOUR_OF[card]
        if colour == 4:
            return (
                card != _WD4_INDEX
                or self.rules.wd4_rule is not WD4Rule.STRICT
                or not any(COLOUR_OF[i] == self.active for i in self.hands[seat])
            )
        return colour == self.active or RANK_OF[card] == RANK_OF[self.discard[-1]]

    # ----- effects ------------------------------------------------------------------------

    def _play(self, seat: int, card: int) -> int | None:
        hand = self.hands[seat]
        rank = RANK_OF[card]
        rules = self.rules
        if rank == WD4:
            active = self.active
            self.wd4_bluff = any(COLOUR_OF[i] == active for i in hand)
            self.wd4_by = seat
        hand.remove(card)
        self.discard.append(card)
        colour = COLOUR_OF[card]
        if colour == 4:
            colour = self._choose_colour(hand)
        self.active = colour
        swap = self._swap_target(seat) if rank == SEVEN and rules.seven_zero else -1
        if self.record:
            self._record_play(seat, card, colour, swap, len(hand) == 1)
        self.phase = TURN
        nxt = (seat + self.direction) % self.n
        if not hand:
            if rank == DRAW_TWO:
                self._give(nxt, self.pending + 2)
                self.pending = 0
            elif rank == WD4:
                self.pending += 4
                self.current = nxt
                if rules.wd4_rule is not WD4Rule.STRICT:
                    self.going_out = seat
                    self.phase = CHALLENGE
                    return None
                self._give(nxt, self.pending)
                self.pending = 0
            return seat
        if rank == SKIP:
            if rules.skipped_draws:
                self._give(nxt, 1)
            self.current = (nxt + self.direction) % self.n
        elif rank == REVERSE:
            self.direction = -self.direction
            self.current = seat if self.n == 2 else (seat + self.direction) % self.n
        elif rank == DRAW_TWO:
            if rules.stacking:
                self.pending += 2
                self.phase = STACK
                self.current = nxt
            else:
                self._give(nxt, 2)
                self.current = (nxt + self.direction) % self.n
        elif rank == WD4:
            self.pending += 4
            self.current = nxt
            if rules.wd4_rule is not WD4Rule.STRICT:
                self.phase = CHALLENGE
            elif rules.stacking:
                self.phase = STACK
            else:
                self._give(nxt, self.pending)
                self.pending = 0
                self.current = (nxt + self.direction) % self.n
        elif swap >= 0:
            self.hands[seat], self.hands[swap] = self.hands[swap], self.hands[seat]
            self.current = nxt
        elif rank == ZERO and rules.seven_zero:
            d, n, hands = self.direction, self.n, self.hands
            self.hands = [hands[(s - d) % n] for s in range(n)]
            self.current = nxt
        else:
            self.current = nxt
        return None

    def _answer_wd4(self, seat: int) -> int | None:
        hand = self.hands[seat]
        stack = self.rules.stacking and self.going_out is None and _WD4_INDEX in hand
        if stack and (self.greedy or self.pick.random() < 0.5):
            return self._play(seat, _WD4_INDEX)
        # greedy players cannot see the hand either: they challenge one time in four
        if self.pick.random() >= (0.25 if self.greedy else 0.5):
            self._log(seat, "accept")
            return self._take(seat)
        self._log(seat, "challenge")
        culprit = self.wd4_by
        assert culprit is not None
        owed, self.pending = self.pending, 0
        if self.wd4_bluff:
            self._give(culprit, owed)
            self.going_out = None
            self.phase = TURN
            return None
        extra = 0 if self.rules.wd4_rule is WD4Rule.NO_BLUFF_PENALTY else 2
        self._give(seat, owed + extra)
        if self.going_out is not None:
            return self.going_out
        self._pass(seat)
        return None

    def _answer_stack(self, seat: int) -> int | None:
        top_rank = RANK_OF[self.discard[-1]]
        if self.going_out is None:
            options = [i for i in self.hands[seat] if RANK_OF[i] == top_rank and self._stackable(seat, i)]
            if options and (self.greedy or self.pick.random() < 0.5):
                return self._play(seat, self.pick.choice(options))
        self._log(seat, "draw")
        return self._take(seat)

    def _stackable(self, seat: int, card: int) -> bool:
        """False only for a Wild Draw Four that R-ACT-5 forbids (the seat holds the active colour)."""
        return card != _WD4_INDEX or not any(COLOUR_OF[i] == self.active for i in self.hands[seat])

    def _take(self, seat: int) -> int | None:
        self._give(seat, self.pending)
        self.pending = 0
        if self.going_out is not None:
            return self.going_out
        self._pass(seat)
        return None

    def _pass(self, seat: int) -> None:
        self.phase = TURN
        self.current = (seat + self.direction) % self.n

    def _give(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        for _ in range(count):
            card = self._pop()
            if card is None:
                return
            hand.append(card)

    def _pop(self) -> int | None:
        draw = self.draw
        if not draw:
            discard = self.discard
            if len(discard) <= 1:
                return None
            draw.extend(discard[:-1])
            del discard[:-1]
            shuffle(draw, self.rng)
        return draw.pop()

    # ----- choices ------------------------------------------------------------------------

    def _choose_colour(self, hand: list[int]) -> int:
        if self.greedy:
            counts = [0, 0, 0, 0, 0]
            for i in hand:
                counts[COLOUR_OF[i]] += 1
            best = max(counts[:4])
            return counts.index(best) if best else int(self.pick.random() * 4)
        return int(self.pick.random() * 4)

    def _swap_target(self, seat: int) -> int:
        others = [s for s in range(self.n) if s != seat]
        if self.greedy:
            return min(others, key=lambda s: len(self.hands[s]))
        return self.pick.choice(others)

    def _record_play(self, seat: int, card: int, colour: int, swap: int, uno: bool) -> None:
        text = "play " + ALL_CARDS[card].code
        if COLOUR_OF[card] == 4:
            text += " " + COLOURS[colour].value
        if swap >= 0:
            text += f" swap {swap}"
        self._log(seat, text + " uno" if uno else text)

    def _log(self, seat: int, text: str) -> None:
        if self.record:
            self.log.append((seat, text))
