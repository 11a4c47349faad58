"""The game: a match of UNO rounds under one ``Rules`` object (R-SETUP .. R-VAR).

``Game`` holds the whole state, including its seeded random generator, so a game is fully
determined by (players, rules, seed, first dealer, fixed deck) and its action log.
``legal_actions(seat)`` (``uno_core.legal``'s generator) is the one legality check: ``apply`` refuses
anything not in it, the UI greys out cards from it and the bots choose from it. The transitions
(``_play_card``, ``_draw_or_take``...) are the rules' effects; the pure helpers below (``hit_by``,
``hands_after``) are the parts of them that views and bots ask about.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from itertools import chain, repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING, TypeVar

from . import events as ev
from .actions import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, ChooseColour, Play, parse_action
from .cards import (
    ALL_CARDS,
    DECK_COUNTS,
    WILD_DRAW_FOUR,
    Card,
    Colour,
    Rank,
    by_deck_order,
    check_full_deck,
    full_deck,
    parse_deck,
    shuffle,
)
from .errors import IllegalActionError, PositionError, RulesError, SeatError
from .legal import (
    _DRAWN_MEMO,
    _MATCHING,
    _MATCHING_TOP,
    _TURN_MEMO,
    can_play,
    card_matches,
    generate,
    is_reaction,
    remember_turn,
    stack_cards,
    wd4_legal,
    why_illegal,
)
from .legal import playable_cards as playable_cards  # re-exported: the names older callers import from here
from .legal import playable_set as playable_set
from .legal import turn_tables as turn_tables
from .phase import Phase as Phase  # re-exported: Phase was defined here
from .rules import MAX_PLAYERS, OFFICIAL, WILD_POINTS, Rules, WD4Rule
from .scoring import match_winner, next_dealer, round_points, sides_of

HAND_SIZE = 7  # R-SETUP-1


_T = TypeVar("_T")
_STRICT = WD4Rule.STRICT
_TURN_PHASE = Phase.TURN
_DRAWN_PHASE = Phase.DRAWN
_MATCH_OVER = Phase.MATCH_OVER
_STACK_PHASE = Phase.STACK
_CHALLENGE_PHASE = Phase.CHALLENGE
_SKIP, _REVERSE, _DRAW_TWO, _WD4_RANK = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR
_SEVEN, _ZERO = Rank.SEVEN, Rank.ZERO
_NO_SEAT = object()  # Game._legal_seat when no seat's legal actions are cached there
FirstDealer = int | str  # a seat, "cut" (R-SEAT-3: highest card deals) or "random"


# ----- the rules as pure functions: the engine, the views and the bots all use these ---------------


def next_seat(seat: int, direction: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places from ``seat`` in the direction of play (R-SEAT-2; -1 after a Reverse)."""
    return (seat + direction * steps) % players


_HITTING = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})  # R-ACT-1, R-ACT-3, R-ACT-4


def hit_by(rank: Rank, seat: int, direction: int, players: int) -> tuple[int, int, bool]:
    """What ``seat`` playing ``rank`` (not its last card) does to the order of play: the direction after it,
    the next seat in that direction, and whether that seat loses its turn (R-ACT-1..4; a Reverse turns the
    direction, and with two players skips the other: R-ACT-2). ``_play_card`` plays by this."""
    if rank is _REVERSE:
        direction = -direction
        return direction, (seat + direction) % players, players == 2
    return direction, (seat + direction) % players, rank in _HITTING


# the ranks after which the turn just passes to the next seat, whatever the table (numbers, a Wild): hit_by's memo
_PASSING = frozenset(rank for rank in Rank if all(hit_by(rank, 0, 1, n) == (1, 1 % n, False) for n in (2, 3)))


def skips_next(rank: Rank, players: int) -> bool:
    """Whether playing ``rank`` makes the next seat lose its turn (``hit_by``)."""
    return hit_by(rank, 0, 1, players)[2]


def rotate_hands(hands: Sequence[_T], direction: int) -> list[_T]:
    """R-VAR-70: after a 0, every hand passes to the next seat in the direction of play."""
    n = len(hands)
    return [hands[(seat - direction) % n] for seat in range(n)]


def swap_hands(hands: list[_T], seat: int, other: int) -> None:
    """R-VAR-70: a 7 swaps the hands of its player and the seat it names (in place)."""
    hands[seat], hands[other] = hands[other], hands[seat]


def hands_after(
    hands: list[_T], rank: Rank, seat: int, swap: int | None, direction: int, rules: Rules
) -> list[_T] | None:
    """R-VAR-70: the hands (by seat) after ``seat`` plays ``rank``, not its last card, naming ``swap``: a 7
    swaps two hands, a 0 passes them all on; None when no hand moves. ``_play_card`` plays by this."""
    if not rules.seven_zero:
        return None
    if rank is _SEVEN and swap is not None:
        moved = list(hands)
        swap_hands(moved, seat, swap)
        return moved
    if rank is _ZERO:
        return rotate_hands(hands, direction)
    return None


_CARD_INDEX = by_deck_order

# Events are immutable values: the common ones are built once and shared (equal to new ones,
# and cheaper than building a frozen dataclass per action), by seat.
_SKIPPED = tuple(ev.TurnSkipped(seat) for seat in range(MAX_PLAYERS))
_UNO_SAID = tuple(ev.UnoSaid(seat) for seat in range(MAX_PLAYERS))
_KEPT = tuple(ev.Kept(seat) for seat in range(MAX_PLAYERS))
_REVERSED = {1: ev.DirectionReversed(1), -1: ev.DirectionReversed(-1)}
_DEALER_FIXED = tuple(ev.DealerChosen(seat, "fixed") for seat in range(MAX_PLAYERS))
_TURNED = {card: ev.CardTurned(card) for card in ALL_CARDS}  # a round's first card
_ROUND_STARTED: dict[tuple[int, int], ev.RoundStarted] = {}  # by (round, dealer)
# Card.points of every card, by the Wild's value (R-PTS; Rules allows 50 or 40)
_POINTS = {wild: {card: card.points(wild) for card in ALL_CARDS} for wild in WILD_POINTS}
_PLAYED: dict[tuple[int, tuple[Card, ...], Colour | None, bool], ev.CardPlayed] = {}  # by _play's arguments
_DREW_ONE: dict[tuple[int, Card], ev.CardsDrawn] = {}  # a turn's draw of one card


class Game:
    """A match of UNO: rounds chained until a side reaches the target (R-SCORE)."""

    # Slots: the playouts copy and drive games thousands of times a second; slot attributes stay
    # fast on copies (a copied __dict__ would not).
    __slots__ = (
        "_legal_cache",
        "_legal_list",
        "_legal_seat",
        "_tables",
        "active",
        "current",
        "dealer",
        "direction",
        "discard",
        "draw_pile",
        "drawn",
        "exposed",
        "first_dealer",
        "fixed_deck",
        "going_out",
        "hands",
        "history",
        "log",
        "n",
        "names",
        "pending",
        "phase",
        "playout_result",
        "rng",
        "round_no",
        "round_results",
        "rules",
        "said_uno",
        "seed",
        "sides",
        "totals",
        "wd4_bluff",
        "wd4_by",
        "wd4_colour",
        "winner_side",
    )

    def __init__(
        self,
        players: int | Sequence[str],
        rules: Rules = OFFICIAL,
        seed: int = 0,
        first_dealer: FirstDealer = "cut",
        deck: Sequence[Card] | str | None = None,
    ) -> None:
        self._set_up(players, rules, seed, first_dealer, deck)
        out: list[ev.Event] = []
        self.dealer = self._choose_dealer(first_dealer, out)
        self._start_round(out)
        self.history.extend(out)

    def _set_up(
        self,
        players: int | Sequence[str],
        rules: Rules,
        seed: int,
        first_dealer: FirstDealer,
        deck: Sequence[Card] | str | None,
    ) -> list[str]:
        """Check the set-up and give every field its start value (no round dealt yet)."""
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {rules!r}")
        if type(players) is int:
            rules.check_players(players)
            names = [f"P{seat}" for seat in range(players)]
        elif isinstance(players, (list, tuple)) and all(isinstance(name, str) for name in players):
            names = list(players)
            rules.check_players(len(names))
        else:
            raise RulesError(f"players must be a number of seats or a list of names, not {players!r}")
        if type(seed) is not int:
            raise RulesError(f"seed must be an integer, not {seed!r}")
        if isinstance(deck, str):
            fixed: list[Card] | None = parse_deck(deck)
        elif deck is None:
            fixed = None
        elif isinstance(deck, (list, tuple)) and all(type(card) is Card for card in deck):
            fixed = list(deck)
        else:
            raise RulesError(f"deck must be card codes or a list of cards, not {deck!r}")
        if fixed is not None:
            check_full_deck(fixed)
        n = len(names)
        if not (first_dealer in ("cut", "random") or (type(first_dealer) is int and 0 <= first_dealer < n)):
            raise RulesError(f"first_dealer must be a seat 0..{n - 1}, 'cut' or 'random', not {first_dealer!r}")
        self.rules = rules
        self.names: tuple[str, ...] = tuple(names)
        self.n = n
        self.seed = seed
        self.first_dealer = first_dealer
        self.fixed_deck: tuple[Card, ...] | None = tuple(fixed) if fixed is not None else None
        self.sides = sides_of(n, rules.teams)
        self.rng = random.Random(seed)
        self.log: list[tuple[int, Action]] = []
        self.history: list[ev.Event] = []
        self.totals = [0] * (max(self.sides) + 1)
        self.round_no = 0
        self.round_results: list[ev.RoundOver] = []
        self.winner_side: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.draw_pile: list[Card] = []  # top is the last element
        self.discard: list[Card] = []  # top is the last element
        self.direction = 1
        self.current = 0
        self.phase = Phase.TURN
        self.active: Colour | None = None
        self.pending = 0  # cards owed by the current seat (STACK / CHALLENGE)
        self.drawn: Card | None = None  # the card just drawn (DRAWN)
        self.wd4_by: int | None = None  # who played the Wild Draw Four being answered
        self.wd4_bluff = False  # whether that play broke R-ACT-5
        self.wd4_colour: Colour | None = None  # the colour its player had to lack
        self.going_out: int | None = None  # a seat out of cards whose last card is still being answered
        self.said_uno = [False] * n
        self.exposed: set[int] = set()  # seats that can be caught now (R-UNO-2)
        self._legal_cache: dict[int, Sequence[Action]] = {}  # by seat, but the one below
        self._legal_seat: object = _NO_SEAT  # the seat whose legal actions _legal_list holds now
        self._legal_list: Sequence[Action] = ()
        # whether legal_actions may list a turn or a drawn card straight from the tables: single
        # plays only, no jump-in, and every Wild Draw Four playable (no R-ACT-5 filter)
        self._tables = not (rules.doubles or rules.seven_zero or rules.jump_in) and rules.wd4_rule is not _STRICT
        self.playout_result: tuple[int, tuple[int, ...]] | None = None  # a playout's (winner, hand points)
        return names

    @classmethod
    def from_position(
        cls,
        players: int | Sequence[str],
        rules: Rules = OFFICIAL,
        *,
        hands: Sequence[Sequence[Card]],
        draw_pile: Sequence[Card],
        discard: Sequence[Card],
        current: int,
        direction: int = 1,
        phase: Phase = Phase.TURN,
        active: Colour | None = None,
        pending: int = 0,
        drawn: Card | None = None,
        wd4_by: int | None = None,
        wd4_colour: Colour | None = None,
        wd4_bluff: bool | None = None,
        going_out: int | None = None,
        said_uno: Sequence[bool] | None = None,
        exposed: Sequence[int] = (),
        dealer: int = 0,
        round_no: int = 1,
        totals: Sequence[int] | None = None,
        round_results: Sequence[ev.RoundOver] = (),
        seed: int = 0,
    ) -> Game:
        """A game in the middle of a round, from the position given; refuses one no game can reach.

        ``hands`` (by seat), ``draw_pile`` (top last) and ``discard`` (top last) must hold the
        108 cards of R-DECK between them. ``active`` defaults to the top card's colour. In the
        CHALLENGE phase ``wd4_by`` played the Wild Draw Four and had to lack ``wd4_colour``;
        ``wd4_bluff`` defaults to whether its hand holds that colour. The log and history start
        empty; ``seed`` seeds the generator for the reshuffles to come. Anything inconsistent
        raises ``PositionError`` (a ``ValueError``) quoting the problem.
        """
        game = cls.__new__(cls)
        names = game._set_up(players, rules, seed, "cut", None)
        n = len(names)
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
            raise PositionError(
                f"pending {pending} in phase {phase.name}: only STACK and CHALLENGE owe cards, and they do"
            )
        if phase is Phase.STACK and (not rules.stacking or top.rank not in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)):
            raise PositionError(f"STACK needs stacking rules and a Draw Two or Wild Draw Four on top, not {top}")
        if phase is Phase.CHALLENGE:
            if rules.wd4_rule is WD4Rule.STRICT or top is not WILD_DRAW_FOUR:
                raise PositionError(f"CHALLENGE needs challengeable Wild Draw Fours and one on top, not {top}")
            if not (type(wd4_by) is int and 0 <= wd4_by < n and wd4_by != current) or not isinstance(
                wd4_colour, Colour
            ):
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
        sides_count = max(game.sides) + 1
        points = [0] * sides_count if totals is None else list(totals)
        if len(points) != sides_count or any(type(p) is not int or p < 0 for p in points):
            raise PositionError(f"totals must be {sides_count} scores (one per side) of at least 0, not {totals!r}")
        if type(round_no) is not int or round_no < 1:
            raise PositionError(f"round_no must be at least 1, not {round_no!r}")
        game.totals = points
        game.round_no = round_no
        game.round_results = list(round_results)
        game.dealer = dealer
        game.first_dealer = dealer
        game.hands = [list(hand) for hand in hands]
        game.draw_pile = list(draw_pile)
        game.discard = list(discard)
        game.direction = direction
        game.current = current
        game.phase = phase
        game.active = active
        game.pending = pending
        game.drawn = drawn
        game.wd4_by = wd4_by
        game.wd4_colour = wd4_colour
        if wd4_bluff is None:
            wd4_bluff = wd4_by is not None and not wd4_legal(game.hands[wd4_by], wd4_colour)
        game.wd4_bluff = wd4_bluff
        game.going_out = going_out
        game.said_uno = said
        game.exposed = seen
        return game

    # ----- queries -------------------------------------------------------------------------

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """Whether the match is over (``phase`` is ``MATCH_OVER``)."""

    else:  # the same, read in C (no Python call): game loops ask it at every decision
        is_over = property(attrgetter("phase.over"), doc="Whether the match is over (``phase`` is ``MATCH_OVER``).")

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats of the side that won the match (empty while it goes on)."""
        if self.winner_side is None:
            return ()
        return tuple(seat for seat in range(self.n) if self.sides[seat] == self.winner_side)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return next_seat(seat, self.direction, self.n, steps)

    def is_playable(self, card: Card) -> bool:
        """R-TURN-1/2: matches the active colour, or the top card's number or symbol, or is wild."""
        return card_matches(card, self.active, self.discard[-1])

    def wd4_is_legal(self, seat: int) -> bool:
        """R-ACT-5: a Wild Draw Four is legal when the seat holds no card of the active colour."""
        return wd4_legal(self.hands[seat], self.active)

    def stack_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may stack on the penalty it is answering now (``uno_core.legal.stack_cards``)."""
        return stack_cards(self, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in canonical order (turn actions, uno, catch, jump).

        A seat not at the table has none. The list is the caller's own copy.
        """
        if seat is self.current and self._tables and not self.exposed:
            # the common case without a call: the generator's memo of a turn or a drawn card read
            # inline (as legal.turn_actions reads it), kept for apply; ``is``: an int seat (small
            # ints are shared), never a look-alike
            phase = self.phase
            hand = self.hands[seat]
            listed: Sequence[Action]
            if phase is _TURN_PHASE:
                top = self.discard[-1]
                active = self.active
                # playable_set, through card_matches' table (no R-ACT-5 filter: self._tables)
                playable = (_MATCHING_TOP[top] if active is top.colour else _MATCHING[top, active]).intersection(hand)
                uno = len(hand) == 2
                listed = _TURN_MEMO[uno].get(playable) or remember_turn(playable, uno)
            elif phase is _DRAWN_PHASE:
                listed = _DRAWN_MEMO[len(hand) == 2][self.drawn]  # type: ignore[index]
            else:
                listed = generate(self, seat)
            self._legal_seat = seat
            self._legal_list = listed
            return [*listed]
        return [*self._legal(seat)]

    def _legal(self, seat: int) -> Sequence[Action]:
        """``legal_actions`` without the copy: the cached sequence (empty for a seat not at the table)."""
        if seat is self._legal_seat:
            return self._legal_list
        if type(seat) is not int or not 0 <= seat < self.n:
            return ()
        if seat == self.current:
            listed = generate(self, seat)
            self._legal_seat = self.current
            self._legal_list = listed
            return listed
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = generate(self, seat)
        return cached

    def _forget_legal(self) -> None:
        """Drop the cached legal actions (the state changed); ``apply`` does the same inline."""
        self._legal_seat = _NO_SEAT
        self._legal_cache = {}

    def legal_texts(self, seat: int) -> list[str]:
        """``legal_actions`` in the R-NOTE notation."""
        return [str(action) for action in self.legal_actions(seat)]

    def reacting(self) -> list[int]:
        """Who may act out of turn now (``uno``, ``catch P``, a jump-in: R-UNO-2, R-VAR-JUMP), in the order they
        are asked: from the seat whose turn it is (which may also say UNO or catch) on, by seat number. The
        seat whose turn it is acts after them (``current``); nobody acts once the match is over."""
        if self.phase is _MATCH_OVER or not (self.exposed or self.rules.jump_in):
            return []
        n, current = self.n, self.current
        order = [(current + k) % n for k in range(n)]
        return [seat for seat in order if any(map(is_reaction, self._legal(seat)))]

    def seats_to_act(self) -> list[int]:
        """Seats that have at least one legal action now (the current one first, the others by seat number)."""
        if self.phase is _MATCH_OVER:
            return []
        return [self.current, *sorted(seat for seat in self.reacting() if seat != self.current)]

    # ----- applying actions ----------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> list[ev.Event]:
        """Apply ``action`` for ``seat``; return the events. Anything illegal raises and changes nothing."""
        # legal actions are interned: the common case is the very object of the seat's cached list
        # (a loop: cheaper than any(map(is_, ...)) over a few actions)
        cached = (
            self._legal_list
            if seat is self._legal_seat
            else self._legal_cache.get(seat, ())
            if type(seat) is int
            else ()
        )
        for legal in cached:
            if legal is action:
                break
        else:  # text (never in the list), or an action to check
            if isinstance(action, str):
                action = parse_action(action)
            self._check(seat, action)
        self._legal_seat = _NO_SEAT
        if self._legal_cache:
            self._legal_cache = {}
        out: list[ev.Event] = []
        if type(action) is Play:  # the common cases first, as _dispatch runs them
            self._play(seat, action.cards, action.colour, action.swap, action.uno, action.jump, out)
        elif action is DRAW:
            self._draw_or_take(seat, out)
        else:
            self._dispatch(seat, action, out)
        self.log.append((seat, action))
        self.history += out
        return out

    def _check(self, seat: int, action: Action) -> None:
        """Raise unless ``action`` is legal for ``seat`` now."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.n}")
        legal = self._legal(seat)
        # look for the very object first (no __eq__ calls), then for an equal one
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            try:
                reason = why_illegal(self, seat, action, legal)
            except (TypeError, AttributeError, ValueError, IndexError, KeyError):
                reason = f"{action!r} is not a well-formed action"
            raise IllegalActionError(reason)

    def _dispatch(self, seat: int, action: Action, out: list[ev.Event] | None) -> None:
        """Run the transition of a legal ``action`` (``out``: where events go, ``None`` in a playout)."""
        if isinstance(action, Play):
            self._play(seat, action.cards, action.colour, action.swap, action.uno, action.jump, out)
        elif action is SAY_UNO:  # R-UNO-2
            self.said_uno[seat] = True
            self.exposed.discard(seat)
            if out is not None:
                out.append(_UNO_SAID[seat])
        elif isinstance(action, Catch):  # R-UNO-2
            self.exposed.discard(action.seat)
            if out is not None:
                out.append(ev.Caught(action.seat, seat, self.rules.uno_penalty))
            self._draw(action.seat, self.rules.uno_penalty, "uno", out)
        elif isinstance(action, ChooseColour):
            self._choose_colour(seat, action.colour, out)
        elif action is DRAW:
            self._draw_or_take(seat, out)
        elif action is KEEP:
            self._keep(seat, out)
        elif action is ACCEPT:
            self._accept(seat, out)
        elif action is CHALLENGE:
            self._challenge(seat, out)

    # The transitions. Each takes ``out``: the list the events go to, or ``None`` in a playout
    # (``uno_core.playout``), which runs these same functions without building any event.

    def _choose_colour(self, seat: int, colour: Colour, out: list[ev.Event] | None) -> None:
        """R-FIRST-2: the first player names the colour of a Wild turned first."""
        self.exposed.clear()
        self.active = colour
        self.phase = Phase.TURN
        if out is not None:
            out.append(ev.ColourChosen(seat, colour))

    def _draw_or_take(self, seat: int, out: list[ev.Event] | None) -> None:
        """Draw for the turn (R-TURN-4), or take the stacked penalty (R-VAR-STACK)."""
        if self.exposed:
            self.exposed.clear()
        if self.phase is _STACK_PHASE:
            self._take_penalty(seat, "stack", out)
            return
        # R-TURN-4: draw one card (or until playable); a playable one may then be played or kept
        rules = self.rules
        hand = self.hands[seat]
        card = self.draw_pile.pop() if self.draw_pile else self._pop_draw(out)
        if card is None:  # nothing left to draw
            playable = False
            if out is not None:
                out.append(ev.CardsDrawn(seat, 0, "draw", ()))
        else:
            playable = can_play(card, hand, self.active, self.discard[-1], rules)
            if playable or not rules.draw_until_playable:  # the usual case: one card
                hand.append(card)
                if out is not None:
                    key = (seat, card)
                    event = _DREW_ONE.get(key)
                    if event is None:
                        event = _DREW_ONE[key] = ev.CardsDrawn(seat, 1, "draw", (card,))
                    out.append(event)
            else:  # draw_until_playable (R-TURN-4): on until a playable card, or nothing left
                drawn = [card]
                while not playable:
                    card = self._pop_draw(out)
                    if card is None:
                        break
                    drawn.append(card)
                    playable = can_play(card, hand, self.active, self.discard[-1], rules)
                hand += drawn
                if out is not None:
                    out.append(ev.CardsDrawn(seat, len(drawn), "draw", tuple(drawn)))
            self.said_uno[seat] = False
        if playable:
            self.phase = _DRAWN_PHASE
            self.drawn = card
        else:  # _pass_turn, inlined (the phase is already TURN and nothing was drawn before)
            self.current = (seat + self.direction) % self.n

    def _keep(self, seat: int, out: list[ev.Event] | None) -> None:
        """R-TURN-4: keep the card just drawn; the turn passes."""
        self.exposed.clear()
        if out is not None:
            out.append(_KEPT[seat])
        self._pass_turn(seat)

    def _accept(self, seat: int, out: list[ev.Event] | None) -> None:
        """R-CHAL-1: take the Wild Draw Four's cards without challenging."""
        self.exposed.clear()
        self._take_penalty(seat, "draw_four", out)

    def _play(
        self,
        seat: int,
        cards: tuple[Card, ...],
        colour: Colour | None,
        swap: int | None,
        uno: bool,
        jump: bool,
        out: list[ev.Event] | None,
    ) -> None:
        """R-TURN-1, R-ACT-1..5, R-VAR-70/JUMP/DOUBLE: ``seat`` plays ``cards`` (checked legal by the caller)."""
        if jump:
            self.current = seat
        self._play_card(seat, cards[0], colour, swap, uno, out, cards if len(cards) > 1 else None, jump)

    def _play_card(
        self,
        seat: int,
        card: Card,
        colour: Colour | None,
        swap: int | None,
        uno: bool | None,
        out: list[ev.Event] | None,
        doubles: tuple[Card, ...] | None = None,
        jump: bool = False,
    ) -> None:
        """``_play`` for one ``card`` (or, for R-VAR-DOUBLE, the ``doubles`` it leads); playouts call it directly.

        ``uno`` None: UNO is said exactly when the play leaves one card (a playout's players always say it).
        """
        if self.exposed:
            self.exposed.clear()
        hand = self.hands[seat]
        rank = card.rank
        if rank is _WD4_RANK:
            self.wd4_bluff = not wd4_legal(hand, self.active)
            self.wd4_by = seat
            self.wd4_colour = self.active
        if doubles is None:
            # hand.remove(card) by identity (cards are interned): a scan of ``is`` tests costs about half
            # what list.remove does, which calls Card.__eq__ (Python, as Card sorts) on every card before the match
            at = 0
            while hand[at] is not card:
                at += 1
            del hand[at]
            self.discard.append(card)
        else:
            for played in doubles:
                hand.remove(played)
            self.discard.extend(doubles)
        left = len(hand)  # the cards still held (the same list's length after any 7-0 swap below)
        if uno is None:
            uno = left == 1
        self.active = active = card.colour or colour  # a wild takes the colour named
        self.drawn = None
        self.phase = _TURN_PHASE
        if out is not None:
            key = (seat, doubles or (card,), colour, jump)
            event = _PLAYED.get(key)
            if event is None:
                event = _PLAYED[key] = ev.CardPlayed(seat, key[1], active, jump)
            out.append(event)
        if uno:
            self.said_uno[seat] = True
            if out is not None:
                out.append(_UNO_SAID[seat])
        if not left:
            self._go_out(seat, rank, out)
            return
        # The order of play after the card: hit_by's rule, written out per rank (a call per card costs the
        # playouts 3%); tests/unit/test_view_helpers.py checks the two agree for every rank and table size.
        rules = self.rules
        nxt = (seat + self.direction) % self.n  # next_seat, inlined
        if rank in _PASSING and not rules.seven_zero:
            self.current = nxt
        elif rank is _SKIP:
            self._skip(nxt, out)
            self.current = (nxt + self.direction) % self.n
        elif rank is _REVERSE:  # R-ACT-2
            self.direction = direction = -self.direction
            if out is not None:
                out.append(_REVERSED[direction])
            if self.n == 2:
                if out is not None:
                    out.append(_SKIPPED[nxt])
                self.current = seat
            else:
                self.current = (seat + direction) % self.n
        elif rank is _DRAW_TWO:  # R-ACT-3, R-VAR-STACK
            if rules.stacking:
                self.pending += 2
                self.phase = _STACK_PHASE
                self.current = nxt
            else:
                self._draw(nxt, 2, "draw_two", out)
                if out is not None:
                    out.append(_SKIPPED[nxt])
                self.current = (nxt + self.direction) % self.n
        elif rank is _WD4_RANK:  # R-ACT-4
            self.pending += 4
            self.current = nxt
            if rules.wd4_rule is not _STRICT:
                self.phase = _CHALLENGE_PHASE
            elif rules.stacking:
                self.phase = _STACK_PHASE
            else:
                self._take_penalty(nxt, "draw_four", out)
        else:
            moved = hands_after(self.hands, rank, seat, swap, self.direction, rules)  # R-VAR-70 (a 7 or 0)
            if moved is not None:
                self.hands = moved
                if rank is _SEVEN:
                    assert swap is not None
                    self.said_uno[seat] = self.said_uno[swap] = False
                    if out is not None:
                        out.append(ev.HandsSwapped(seat, swap))
                else:
                    self.said_uno = [False] * self.n
                    if out is not None:
                        out.append(ev.HandsRotated(self.direction))
            self.current = nxt
        if left == 1 and not uno and len(self.hands[seat]) == 1:
            self.exposed.add(seat)  # R-UNO-1/2: played the second-to-last card without saying UNO

    def _go_out(self, seat: int, rank: Rank, out: list[ev.Event] | None) -> None:
        """R-SCORE-1/2, R-CHAL-4: the last card's Draw Two or Wild Draw Four is resolved first."""
        nxt = self.next_seat(seat)
        if rank is Rank.DRAW_TWO:
            self._draw(nxt, self.pending + 2, "draw_two", out)
            self.pending = 0
        elif rank is Rank.WILD_DRAW_FOUR:
            self.pending += 4
            self.current = nxt
            if self.rules.wd4_rule is not WD4Rule.STRICT:
                # R-CHAL-4: it may still be challenged; played with no other card it was legal (R-ACT-5:
                # ``_play_card`` found no bluff), so a challenge fails and the round is scored after it
                self.going_out = seat
                self.phase = Phase.CHALLENGE
                return
            self._draw(nxt, self.pending, "draw_four", out)
            self.pending = 0
        self._end_round(seat, out)

    def _skip(self, victim: int, out: list[ev.Event] | None) -> None:
        if out is not None:
            out.append(_SKIPPED[victim])
        if self.rules.skipped_draws:  # R-VAR-SKIPDRAW
            self._draw(victim, 1, "skip", out)

    def _pass_turn(self, seat: int) -> None:
        self.drawn = None
        self.phase = _TURN_PHASE
        self.current = (seat + self.direction) % self.n  # next_seat, inlined

    def _take_penalty(self, seat: int, reason: str, out: list[ev.Event] | None) -> None:
        """The seat draws what it owes and loses its turn (R-ACT-3/4, R-VAR-STACK)."""
        self._draw(seat, self.pending, reason, out)
        self.pending = 0
        if out is not None:
            out.append(_SKIPPED[seat])
        if self.going_out is not None:
            self._end_round(self.going_out, out)
        else:
            self._pass_turn(seat)

    def _challenge(self, seat: int, out: list[ev.Event] | None) -> None:
        """R-CHAL-1..5."""
        self.exposed.clear()
        culprit = self.wd4_by
        assert culprit is not None
        # the culprit shows the hand (R-CHAL-1): an event's field only, so not in a playout
        revealed = tuple(sorted(self.hands[culprit], key=_CARD_INDEX)) if out is not None else ()
        owed = self.pending
        self.pending = 0
        if self.wd4_bluff:  # R-CHAL-2
            if out is not None:
                out.append(ev.ChallengeResult(seat, culprit, True, culprit, owed, revealed))
            self._draw(culprit, owed, "challenge", out)
            self.phase = Phase.TURN
            self.current = seat
            return
        extra = 0 if self.rules.wd4_rule is WD4Rule.NO_BLUFF_PENALTY else 2  # R-CHAL-3
        if out is not None:
            out.append(ev.ChallengeResult(seat, culprit, False, seat, owed + extra, revealed))
        self._draw(seat, owed + extra, "challenge", out)
        if out is not None:
            out.append(_SKIPPED[seat])
        if self.going_out is not None:
            self._end_round(self.going_out, out)
        else:
            self._pass_turn(seat)

    def _pop_draw(self, out: list[ev.Event] | None) -> Card | None:
        """Top of the draw pile; reshuffles the discard pile when it runs out (R-TURN-5)."""
        if not self.draw_pile:
            if len(self.discard) <= 1:
                return None
            self.draw_pile = self.discard[:-1]
            del self.discard[:-1]
            shuffle(self.draw_pile, self.rng)
            if out is not None:
                out.append(ev.Reshuffled(len(self.draw_pile)))
        return self.draw_pile.pop()

    def _draw(self, seat: int, count: int, reason: str, out: list[ev.Event] | None) -> None:
        """``seat`` draws ``count`` cards, one at a time from the top (reshuffling as ``_pop_draw`` does)."""
        pile = self.draw_pile
        if 0 < count <= len(pile):  # no reshuffle on the way: the top ``count`` cards, in the order drawn
            drawn = pile[: -count - 1 : -1]
            del pile[-count:]
        else:
            drawn = []
            for _ in range(count):
                card = self._pop_draw(out)
                if card is None:
                    break
                drawn.append(card)
        self.hands[seat].extend(drawn)
        if drawn:
            self.said_uno[seat] = False  # R-UNO-3: protection ends when the hand grows
        if out is not None:
            out.append(ev.CardsDrawn(seat, len(drawn), reason, tuple(drawn)))

    # ----- rounds and the match ------------------------------------------------------------

    def _choose_dealer(self, first_dealer: FirstDealer, out: list[ev.Event]) -> int:
        """R-SEAT-3: a given seat, a random seat, or a cut: the highest number deals, ties redraw."""
        if isinstance(first_dealer, int):
            out.append(_DEALER_FIXED[first_dealer])
            return first_dealer
        if first_dealer == "random":
            dealer = self.rng.randrange(self.n)
            out.append(ev.DealerChosen(dealer, "random"))
            return dealer
        deck = full_deck()
        shuffle(deck, self.rng)
        contenders = list(range(self.n))
        cuts: list[tuple[tuple[int, Card], ...]] = []
        while True:
            if len(deck) < len(contenders):
                deck = full_deck()
                shuffle(deck, self.rng)
            drawn = tuple((seat, deck.pop()) for seat in contenders)
            cuts.append(drawn)
            values = {seat: (int(card.rank) if card.rank.is_number else -1) for seat, card in drawn}
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1 and best >= 0:
                out.append(ev.DealerChosen(contenders[0], "cut", tuple(cuts)))
                return contenders[0]

    def _start_round(self, out: list[ev.Event]) -> None:
        """R-SETUP-1/2 and R-FIRST-1..6."""
        self.round_no += 1
        if self.round_no == 1 and self.fixed_deck is not None:
            pile = list(reversed(self.fixed_deck))  # R-NOTE-4: the first card given is the top
        else:
            pile = full_deck()
            shuffle(pile, self.rng)
        n, dealer = self.n, self.dealer
        # R-SETUP-1: one card at a time, starting left of the dealer: the j-th card popped goes to
        # the (j % n + 1)-th seat from the dealer (slices of the popped cards, in the order dealt)
        dealt = pile[: -HAND_SIZE * n - 1 : -1]
        del pile[-HAND_SIZE * n :]
        self.hands = [[] for _ in range(n)]
        for k in range(1, n + 1):
            self.hands[next_seat(dealer, 1, n, k)] = dealt[k - 1 :: n]
        self.draw_pile = pile
        self.discard = []
        self.direction = 1
        self.pending = 0
        self.drawn = None
        self.wd4_by = None
        self.wd4_bluff = False
        self.wd4_colour = None
        self.going_out = None
        self.said_uno = [False] * n
        self.exposed = set()
        self._forget_legal()
        key = (self.round_no, dealer)
        started = _ROUND_STARTED.get(key)
        if started is None:
            started = _ROUND_STARTED[key] = ev.RoundStarted(self.round_no, dealer, HAND_SIZE)
        out.append(started)
        card = pile.pop()
        while card is WILD_DRAW_FOUR:  # R-FIRST-1
            out.append(ev.CardTurned(card, returned=True))
            pile.append(card)
            shuffle(pile, self.rng)
            card = pile.pop()
        self.discard.append(card)
        out.append(_TURNED[card])
        self.active = card.colour
        self.phase = Phase.TURN
        left = next_seat(dealer, 1, n)  # R-FIRST-6: the player left of the dealer begins
        rank = card.rank
        if rank is Rank.WILD:  # R-FIRST-2
            self.phase = Phase.FIRST_COLOUR
            self.current = left
        elif rank is Rank.DRAW_TWO:  # R-FIRST-3, never stacked on (R-ACT-3)
            self._draw(left, 2, "first_card", out)
            out.append(_SKIPPED[left])
            self.current = next_seat(left, 1, n)
        elif rank is Rank.SKIP:  # R-FIRST-4
            self._skip(left, out)
            self.current = next_seat(left, 1, n)
        elif rank is Rank.REVERSE:  # R-FIRST-5
            self.direction = -1
            out.append(_REVERSED[-1])
            self.current = dealer
        else:  # R-FIRST-6
            self.current = left

    def _end_round(self, winner: int, out: list[ev.Event] | None) -> None:
        """R-SCORE-1..6: score the round, then end the match or deal the next round."""
        rules = self.rules
        card_points = _POINTS[rules.wild_points].__getitem__
        hand_points = tuple([sum(map(card_points, hand)) for hand in self.hands])
        if out is None:  # a playout plays one round: it stops here, with the round's end
            self.playout_result = (winner, hand_points)
            self.phase = Phase.MATCH_OVER
            return
        gained = round_points(hand_points, winner, rules.scoring, self.sides)
        for side, points in enumerate(gained):
            self.totals[side] += points
        result = ev.RoundOver(self.round_no, winner, hand_points, tuple(gained), tuple(self.totals))
        self.round_results.append(result)
        out.append(result)
        self.exposed = set()
        self.pending = 0
        self.going_out = None
        won = match_winner(self.totals, rules.target, rules.scoring, self.sides[winner])
        if won is not None:
            self.winner_side = won
            self.phase = Phase.MATCH_OVER
            out.append(ev.MatchOver(won, self.winners, tuple(self.totals)))
            return
        self.dealer = next_dealer(self.dealer, winner, self.n, rules.dealer_rotation)
        self._start_round(out)

    # ----- snapshots, equality, replay -------------------------------------------------------

    def state_key(self) -> tuple[object, ...]:
        """Everything that determines the future of the game, as plain values."""
        return (
            self.rules.to_dict(),
            self.names,
            self.seed,
            self.first_dealer,
            None if self.fixed_deck is None else " ".join(map(str, self.fixed_deck)),
            self.round_no,
            self.dealer,
            tuple(self.totals),
            self.winner_side,
            tuple(" ".join(map(str, hand)) for hand in self.hands),
            " ".join(map(str, self.draw_pile)),
            " ".join(map(str, self.discard)),
            self.direction,
            self.current,
            self.phase.value,
            None if self.active is None else self.active.value,
            self.pending,
            None if self.drawn is None else str(self.drawn),
            self.wd4_by,
            self.wd4_bluff,
            None if self.wd4_colour is None else self.wd4_colour.value,
            self.going_out,
            tuple(self.said_uno),
            tuple(sorted(self.exposed)),
            tuple(f"{seat} {action}" for seat, action in self.log),
            self.rng.getstate(),
        )

    def digest(self) -> str:
        """A SHA-256 fingerprint of ``state_key`` (used to detect tampered saves)."""
        return hashlib.sha256(repr(self.state_key()).encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def copy(self, rng: random.Random | None = None, with_log: bool = True) -> Game:
        """An independent copy (for search); cheaper than a replay.

        By default the copy gets its own copy of the random generator and of the log and
        history. Playouts pass ``rng`` (the copy then uses that generator object) and
        ``with_log=False`` (the copy starts with an empty log and history), which is cheaper.
        """
        clone = Game.__new__(Game)
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        clone.rng = rng
        clone.log = list(self.log) if with_log else []
        clone.history = list(self.history) if with_log else []
        clone.totals = list(self.totals)
        clone.round_results = list(self.round_results)
        clone.hands = [list(hand) for hand in self.hands]
        clone.draw_pile = list(self.draw_pile)
        clone.discard = list(self.discard)
        clone.said_uno = list(self.said_uno)
        clone.exposed = set(self.exposed)
        clone._legal_cache = {}
        clone._legal_seat = _NO_SEAT
        clone._legal_list = ()
        clone._tables = self._tables
        # the immutable rest, one by one (every slot is set: test_copy_sets_every_slot)
        clone.rules = self.rules
        clone.names = self.names
        clone.n = self.n
        clone.seed = self.seed
        clone.first_dealer = self.first_dealer
        clone.fixed_deck = self.fixed_deck
        clone.sides = self.sides
        clone.round_no = self.round_no
        clone.winner_side = self.winner_side
        clone.dealer = self.dealer
        clone.direction = self.direction
        clone.current = self.current
        clone.phase = self.phase
        clone.active = self.active
        clone.pending = self.pending
        clone.drawn = self.drawn
        clone.wd4_by = self.wd4_by
        clone.wd4_bluff = self.wd4_bluff
        clone.wd4_colour = self.wd4_colour
        clone.going_out = self.going_out
        clone.playout_result = self.playout_result
        return clone

    @classmethod
    def replay(
        cls,
        players: int | Sequence[str],
        rules: Rules,
        seed: int,
        log: Sequence[tuple[int, Action | str]],
        first_dealer: FirstDealer = "cut",
        deck: Sequence[Card] | str | None = None,
    ) -> Game:
        """Rebuild a game from its set-up and action log; an illegal entry raises ``IllegalActionError``."""
        game = cls(players, rules, seed, first_dealer, deck)
        for index, (seat, action) in enumerate(log):
            try:
                game.apply(seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(f"log entry {index + 1} ({seat} {action}): {error}") from None
        return game

    def check_seat(self, seat: int | None) -> None:
        """Raise ``SeatError`` unless ``seat`` is a seat at this table (or ``None``: a spectator)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n):
            raise SeatError(f"no seat {seat!r} at a table of {self.n} (seats 0 to {self.n - 1}, or None)")

    def history_for(self, seat: int | None, since: int = 0) -> list[ev.Event]:
        """The match's events from index ``since`` on, as ``seat`` saw them (``None``: a spectator)."""
        self.check_seat(seat)
        return [ev.for_seat(event, seat) for event in self.history[since:]]
