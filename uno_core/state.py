"""What a match is made of: ``State``, every field of a game of UNO in play, and what each one means.

``Game`` (``uno_core.game``) is a ``State`` with the API on top (legal actions, ``apply``, replay and
snapshots). The transitions (``uno_core.transitions``) and the rounds (``uno_core.rounds``) change these
fields; the legal-action generator (``uno_core.legal``) and the views read them. The seeded random
generator is a field too, so a game is fully determined by its set-up (players, rules, seed, first
dealer, fixed deck) and its action log.
"""

from __future__ import annotations

import random

from . import events as ev
from .actions import Action
from .cards import Card, Colour
from .phase import Phase
from .rules import Rules
from .scoring import sides_of

FirstDealer = int | str  # a seat, "cut" (R-SEAT-3: highest card deals) or "random"


class State:
    """The fields of a match in play (see the module docstring); ``Game`` adds the API."""

    # Slots: the playouts copy and drive games thousands of times a second; slot attributes stay
    # fast on copies (a copied __dict__ would not).
    __slots__ = (
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
        "memo_turns",
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

    # the set-up, fixed for the match
    rules: Rules
    names: tuple[str, ...]
    n: int  # seats at the table
    seed: int
    first_dealer: FirstDealer
    fixed_deck: tuple[Card, ...] | None  # R-NOTE-4: the first round's 108 cards in the order given
    sides: tuple[int, ...]  # each seat's side: itself, or its team (R-VAR-TEAM)
    memo_turns: bool  # whether legal.generate may list a turn straight from its memos (legal.memo_applies)
    # the match
    rng: random.Random  # every shuffle and random choice of the engine
    log: list[tuple[int, Action]]  # the actions applied, with their seats
    history: list[ev.Event]  # the events they caused, from the first dealer's choice on
    totals: list[int]  # by side (R-SCORE)
    round_no: int  # 1 for the first round; 0 before it is dealt
    round_results: list[ev.RoundOver]
    winner_side: int | None  # the side that won the match
    dealer: int
    playout_result: tuple[int, tuple[int, ...]] | None  # a playout's (winner, hand points), at its round's end
    # the round in play
    hands: list[list[Card]]  # by seat
    draw_pile: list[Card]  # top is the last element
    discard: list[Card]  # top is the last element
    direction: int  # 1, or -1 after a Reverse (R-ACT-2)
    current: int  # the seat whose turn it is
    phase: Phase  # what that seat must do now
    active: Colour | None  # the colour to match (a wild's chosen colour); None while a first Wild waits
    pending: int  # cards owed by the current seat (STACK / CHALLENGE)
    drawn: Card | None  # the card just drawn (DRAWN)
    wd4_by: int | None  # who played the Wild Draw Four being answered
    wd4_bluff: bool  # whether that play broke R-ACT-5
    wd4_colour: Colour | None  # the colour its player had to lack
    going_out: int | None  # a seat out of cards whose last card is still being answered
    said_uno: list[bool]  # by seat: UNO said, still shielding it from a catch (R-UNO; a draw or a 7-0 ends it)
    exposed: set[int]  # seats that can be caught now (R-UNO-2)

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, ...],
        seed: int,
        first_dealer: FirstDealer,
        fixed_deck: tuple[Card, ...] | None,
        memo_turns: bool,
    ) -> None:
        """Every field at its value before the first dealer is chosen and the first round dealt (no checks:
        ``Game`` checks its set-up first and asks ``legal.memo_applies`` for ``memo_turns``)."""
        n = len(names)
        self.rules = rules
        self.names = names
        self.n = n
        self.seed = seed
        self.first_dealer = first_dealer
        self.fixed_deck = fixed_deck
        self.sides = sides_of(n, rules.teams)
        self.memo_turns = memo_turns
        self.rng = random.Random(seed)
        self.log = []
        self.history = []
        self.totals = [0] * (max(self.sides) + 1)
        self.round_no = 0
        self.round_results = []
        self.winner_side = None
        self.dealer = 0
        self.playout_result = None
        self.hands = [[] for _ in range(n)]
        self.draw_pile = []
        self.discard = []
        self.direction = 1
        self.current = 0
        self.phase = Phase.TURN
        self.active = None
        self.pending = 0
        self.drawn = None
        self.wd4_by = None
        self.wd4_bluff = False
        self.wd4_colour = None
        self.going_out = None
        self.said_uno = [False] * n
        self.exposed = set()

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats of the side that won the match (empty while it goes on)."""
        if self.winner_side is None:
            return ()
        return tuple(seat for seat in range(self.n) if self.sides[seat] == self.winner_side)
