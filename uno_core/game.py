"""The game: a match of UNO rounds under one ``Rules`` object (R-SETUP .. R-VAR), and its API.

``Game`` is a ``State`` (``uno_core.state``: every field, the seeded random generator included, so a
game is fully determined by its set-up and its action log) with what callers use on top:
``legal_actions(seat)``, the one legality check (``uno_core.legal``'s generator, cached here until the
state changes); ``apply``, which refuses anything not in it and runs the action's transition
(``uno_core.transitions``; rounds start and end in ``uno_core.rounds``); positions mid-round
(``from_position``, checked by ``uno_core.position``); replay, copies and snapshots.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from itertools import repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING

from . import events as ev
from .actions import DRAW, Action, Play, parse_action
from .cards import Card, Colour, check_full_deck, parse_deck
from .effects import next_seat
from .errors import IllegalActionError, RulesError, SeatError
from .legal import card_matches, generate, is_reaction, memo_applies, stack_cards, wd4_legal, why_illegal
from .phase import Phase
from .position import set_position
from .rounds import choose_dealer, start_round
from .rules import OFFICIAL, Rules
from .state import FirstDealer, State
from .transitions import dispatch, draw_or_take, play_card

_MATCH_OVER = Phase.MATCH_OVER
_NO_SEAT = object()  # Game._legal_seat when no seat's legal actions are cached there


class Game(State):
    """A match of UNO: rounds chained until a side reaches the target (R-SCORE)."""

    # the legal actions of the seat last asked (the current one, as a rule), and of the others by seat: kept
    # until the state changes (``apply`` drops them; code that changes the state otherwise calls
    # ``forget_legal_actions``)
    __slots__ = ("_legal_cache", "_legal_list", "_legal_seat")
    _legal_seat: object  # the seat whose legal actions _legal_list holds, or _NO_SEAT
    _legal_list: Sequence[Action]
    _legal_cache: dict[int, Sequence[Action]]  # by seat, but the one above

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
        self.dealer = choose_dealer(self, first_dealer, out)
        start_round(self, out)
        self.history.extend(out)

    def _set_up(
        self,
        players: int | Sequence[str],
        rules: Rules,
        seed: int,
        first_dealer: FirstDealer,
        deck: Sequence[Card] | str | None,
    ) -> None:
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
        fixed_deck = tuple(fixed) if fixed is not None else None
        State.__init__(self, rules, tuple(names), seed, first_dealer, fixed_deck, memo_applies(rules))
        self.forget_legal_actions()

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
        raises ``PositionError`` (a ``ValueError``) quoting the problem (``uno_core.position``).
        """
        game = cls.__new__(cls)
        game._set_up(players, rules, seed, "cut", None)
        set_position(
            game,
            hands=hands,
            draw_pile=draw_pile,
            discard=discard,
            current=current,
            direction=direction,
            phase=phase,
            active=active,
            pending=pending,
            drawn=drawn,
            wd4_by=wd4_by,
            wd4_colour=wd4_colour,
            wd4_bluff=wd4_bluff,
            going_out=going_out,
            said_uno=said_uno,
            exposed=exposed,
            dealer=dealer,
            round_no=round_no,
            totals=totals,
            round_results=round_results,
        )
        return game

    # ----- queries -------------------------------------------------------------------------

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """Whether the match is over (``phase`` is ``MATCH_OVER``)."""

    else:  # the same, read in C (no Python call): game loops ask it at every decision
        is_over = property(attrgetter("phase.over"), doc="Whether the match is over (``phase`` is ``MATCH_OVER``).")

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
        if seat is self.current:  # the common case first (``is``: an int seat, never a look-alike)
            listed = self._legal_list if seat is self._legal_seat else generate(self, seat)
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

    def forget_legal_actions(self) -> None:
        """Drop the cached legal actions. ``apply`` does this itself (inline); code that changes the state
        otherwise (playout mode: ``uno_core.playout``) calls it."""
        self._legal_seat = _NO_SEAT
        self._legal_list = ()
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
        if type(action) is Play:  # the common cases first, as dispatch runs them (``play``, inlined: a call fewer)
            cards = action.cards
            doubles = cards if len(cards) > 1 else None
            play_card(self, seat, cards[0], action.colour, action.swap, action.uno, out, doubles, action.jump)
        elif action is DRAW:
            draw_or_take(self, seat, out)
        else:
            dispatch(self, seat, action, out)
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
        clone.memo_turns = self.memo_turns
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
