"""What one seat may see (R-CHAL-1 and the hidden-hand rule): ``view(game, seat)``.

A view holds the seat's own hand and only public facts: hand sizes, the discard pile (face
up), pile sizes, whose turn, scores. Never another hand or the order of the draw pile.
Bots receive nothing but a view, so they cannot cheat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .cards import Card, Colour, Rank, by_deck_order
from .effects import hands_after, hit_by, next_seat
from .game import Game
from .legal import card_matches, playable_cards, wd4_legal
from .phase import Phase
from .rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as ``seat`` sees it (``seat`` is ``None`` for a spectator: no hand, no actions)."""

    seat: int | None
    names: tuple[str, ...]
    rules: Rules
    sides: tuple[int, ...]
    round_no: int
    dealer: int
    current: int
    phase: Phase
    direction: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    active_colour: Colour | None
    pending_draw: int
    draw_pile_size: int
    discard: tuple[Card, ...]  # bottom first; face-up cards everyone has seen
    drawn: Card | None  # the card this seat just drew and may still play
    said_uno: tuple[bool, ...]
    exposed: tuple[int, ...]  # seats that can be caught for not saying UNO
    wd4_by: int | None  # who played the Wild Draw Four being answered
    wd4_colour: Colour | None  # the colour that player had to lack (R-ACT-5)
    going_out: int | None  # a seat out of cards whose last card is still being answered
    totals: tuple[int, ...]  # per side
    winner_side: int | None
    legal: tuple[Action, ...]

    @property
    def my_turn(self) -> bool:
        return self.seat == self.current and self.phase is not Phase.MATCH_OVER

    @property
    def legal_texts(self) -> tuple[str, ...]:
        return tuple(str(action) for action in self.legal)

    # ----- the engine's rule helpers, on what this seat sees ----------------------------

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` (default: this seat) in the direction of play."""
        start = self.seat if seat is None else seat
        assert start is not None, "a spectator has no seat: name one"
        return next_seat(start, self.direction, len(self.hand_sizes), steps)

    def is_playable(self, card: Card) -> bool:
        """R-TURN-1/2: ``card`` matches the active colour or the top card, or is wild."""
        return card_matches(card, self.active_colour, self.top)

    def wd4_is_legal(self, hand: Sequence[Card] | None = None) -> bool:
        """R-ACT-5: a Wild Draw Four from ``hand`` (default: this seat's) is legal now."""
        return wd4_legal(self.hand if hand is None else hand, self.active_colour)

    def playable_cards(self, hand: Sequence[Card] | None = None) -> list[Card]:
        """The cards of ``hand`` (default: this seat's) playable on a turn now, in hand order."""
        return playable_cards(self.hand if hand is None else hand, self.active_colour, self.top, self.rules)

    def sizes_after(self, cards: Sequence[Card], swap: int | None = None) -> tuple[int, ...]:
        """Hand sizes after this seat plays ``cards`` (a 7 swapping with ``swap``, a 0 passing every hand:
        R-VAR-70 under ``seven_zero``, by the engine's ``hands_after``; no hand moves when it goes out)."""
        me = self.seat
        assert me is not None, "a spectator plays no card"
        sizes = list(self.hand_sizes)
        sizes[me] -= len(cards)
        if sizes[me] > 0:
            sizes = hands_after(sizes, cards[0].rank, me, swap, self.direction, self.rules) or sizes
        return tuple(sizes)

    def victim(self, rank: Rank, seat: int | None = None) -> tuple[int, bool]:
        """Who plays after ``seat`` (default: this seat) plays ``rank``, and whether that seat loses its turn
        (the engine's ``hit_by``: a Reverse turns the direction first, and with two players skips the other)."""
        start = self.seat if seat is None else seat
        assert start is not None, "a spectator has no seat: name one"
        _, nxt, hit = hit_by(rank, start, self.direction, len(self.hand_sizes))
        return nxt, hit


def view(game: Game, seat: int | None) -> SeatView:
    """The ``SeatView`` of ``seat`` (or of a spectator when ``seat`` is ``None``); ``SeatError`` for a seat
    not at the table (never another seat's hand)."""
    game.check_seat(seat)
    own = seat is not None
    return SeatView(
        seat=seat,
        names=game.names,
        rules=game.rules,
        sides=game.sides,
        round_no=game.round_no,
        dealer=game.dealer,
        current=game.current,
        phase=game.phase,
        direction=game.direction,
        hand=tuple(sorted(game.hands[seat], key=by_deck_order)) if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in game.hands),
        top=game.discard[-1],
        active_colour=game.active,
        pending_draw=game.pending,
        draw_pile_size=len(game.draw_pile),
        discard=tuple(game.discard),
        drawn=game.drawn if own and seat == game.current else None,
        said_uno=tuple(game.said_uno),
        exposed=tuple(sorted(game.exposed)),
        wd4_by=game.wd4_by if game.phase is Phase.CHALLENGE else None,
        wd4_colour=game.wd4_colour if game.phase is Phase.CHALLENGE else None,
        going_out=game.going_out,
        totals=tuple(game.totals),
        winner_side=game.winner_side,
        legal=tuple(game.legal_actions(seat)) if seat is not None else (),
    )
