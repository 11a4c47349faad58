"""Playout mode: the rest of a round played at speed by simple players, on the engine's own transitions.

Bots run thousands of playouts per decision. A playout drives a ``Game`` through the very
transitions ``Game.apply`` runs (``uno_core.transitions``: ``play_card``, ``draw_or_take``,
``challenge``...), but with no event built, nothing logged and no legal-action list: its players pick
cards straight from the legal-action generator's card filter (``legal.playable_cards``, read from its
table ``legal.turn_flags`` where the rules allow; ``Game.stack_cards``).
There is no second copy of the rules here, only the players' choices. They use part of their
freedom: they always say UNO, never jump in, never play doubles and never catch anyone, so every
playout is a legal game; ``record=True`` keeps their actions so a test can replay them through
``Game.apply``.

A playout plays on the game it is given (pass a copy to keep the position) and stops at the
end of the round, before any scoring: ``run`` returns the winner and each hand's points.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from .actions import ACCEPT, CHALLENGE, DRAW, KEEP, Action, ChooseColour, Play
from .cards import ALL_CARDS, COLOURS, WILD_DRAW_FOUR, Card, Colour, Rank
from .game import Game
from .legal import playable_cards, turn_flags
from .phase import Phase
from .transitions import accept, challenge, choose_colour, dispatch, draw_or_take, keep, play_card

_TURN, _DRAWN, _STACK, _CHALLENGE = Phase.TURN, Phase.DRAWN, Phase.STACK, Phase.CHALLENGE
_MATCH_OVER = Phase.MATCH_OVER
_SEVEN = Rank.SEVEN
_WILDS = frozenset(card for card in ALL_CARDS if card.colour is None)
_WILDS_AND_SEVENS = _WILDS | {card for card in ALL_CARDS if card.rank is Rank.SEVEN}
_ALL_CARDS = frozenset(ALL_CARDS)
# each card's colour as a position in COLOURS (4: wild), for counting without hashing enums
COLOUR_SLOT = {card: 4 if card.colour is None else COLOURS.index(card.colour) for card in ALL_CARDS}


class Playout:
    """Plays the round of ``game`` out, in place (see the module docstring).

    ``rng`` makes the players' choices; the game's own generator (``game.rng``) makes the
    reshuffles, as in ``Game.apply``. ``keep_rate`` is how often random players keep a
    playable card they drew. ``greedy`` players prefer non-wild cards, name their most frequent
    colour, stack whenever they can and challenge one time in four; otherwise every choice is
    uniformly random. ``record`` keeps the actions taken (``log``: (seat, action) pairs).
    """

    __slots__ = ("game", "greedy", "keep_rate", "log", "pick", "record", "turns")

    coloured_pick: ClassVar[Callable[[list[Card], list[Card], float], Card] | None] = None
    """A greedy player's choice among the coloured cards it can play, as ``pick(hand, those cards, a number in
    [0, 1))``; None: uniformly random. A subclass sets it (``bots.rollout.PolicyPlayout``)."""

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        greedy: bool = False,
        record: bool = False,
        keep_rate: float = 0.25,
    ) -> None:
        if game.phase is Phase.MATCH_OVER:
            raise ValueError("the match is over: nothing to play out")
        self.game = game
        self.pick = rng
        self.greedy = greedy
        self.keep_rate = 0.0 if greedy else keep_rate
        self.record = record
        self.log: list[tuple[int, Action]] = []
        self.turns = 0
        game.playout_result = None
        game.forget_legal_actions()  # the transitions below change the game without apply

    def play(self, seat: int, action: Action) -> None:
        """Apply ``action``, one of ``seat``'s legal actions, in playout mode: unchecked, no events, no log.

        E.g. a search's candidate move before ``run`` plays the rest (which returns at once if
        the action ended the round).
        """
        if self.record:
            self.log.append((seat, action))
        dispatch(self.game, seat, action, None)

    def run(self, max_turns: int = 100_000) -> tuple[int, list[int]]:
        """Play to the end of the round; return (winner seat, each seat's hand points).

        Raises ``RuntimeError`` after ``max_turns`` decisions (the game is left mid-round).
        """
        game = self.game
        rules = game.rules
        random_ = self.pick.random
        greedy = self.greedy
        coloured_pick = type(self).coloured_pick if greedy else None
        keep_rate = self.keep_rate
        record = self.record
        log = self.log
        # cards _play must choose for (a colour, a 7's swap), or everything when recording: the rest go straight in
        special = _ALL_CARDS if record else _WILDS_AND_SEVENS if rules.seven_zero else _WILDS
        flags_of = turn_flags(rules)  # None: playable_cards at every turn
        turns = 0  # decisions made (a range counts them: cheaper than adding and testing at every turn)
        try:
            for turns in range(max_turns + 1):  # noqa: B007 (read after the loop)
                phase = game.phase
                seat = game.current
                if phase is _TURN:
                    hand = game.hands[seat]
                    if flags_of is not None:  # playable_cards, read from its table (a call per turn costs 6%)
                        flags = flags_of[game.active][game.discard[-1]]
                        playable = [card for card in hand if flags[card.index]]
                    else:
                        playable = playable_cards(hand, game.active, game.discard[-1], rules)
                    if not playable:
                        if record:
                            log.append((seat, DRAW))
                        draw_or_take(game, seat, None)
                    else:
                        if not greedy:
                            card = playable[int(random_() * len(playable))]
                        else:
                            if not _WILDS.isdisjoint(playable):  # a wild card: only if nothing else plays
                                playable = [card for card in playable if card.colour is not None] or playable
                            if coloured_pick is not None and playable[0].colour is not None:
                                card = playable[0] if len(playable) == 1 else coloured_pick(hand, playable, random_())
                            else:
                                card = playable[int(random_() * len(playable))]
                        if card in special:
                            self._play(game, seat, card)
                        else:  # the common case, as _play does it (None: UNO said with the last card but one)
                            play_card(game, seat, card, None, None, None, None)
                elif phase is _DRAWN:
                    drawn = game.drawn
                    assert drawn is not None
                    if keep_rate and random_() < keep_rate:
                        if record:
                            log.append((seat, KEEP))
                        keep(game, seat, None)
                    elif drawn in special:
                        self._play(game, seat, drawn)
                    else:
                        play_card(game, seat, drawn, None, None, None, None)
                elif phase is _MATCH_OVER:
                    break
                elif phase is _CHALLENGE:
                    self._answer_wd4(game, seat)
                elif phase is _STACK:
                    self._answer_stack(game, seat)
                else:  # FIRST_COLOUR
                    colour = self._choose_colour(game.hands[seat])
                    if record:
                        log.append((seat, ChooseColour(colour)))
                    choose_colour(game, seat, colour, None)
            else:
                turns = max_turns + 1
                raise RuntimeError("playout did not finish")
        finally:
            self.turns += turns
        result = game.playout_result
        assert result is not None
        return result[0], list(result[1])

    # ----- the players' choices ----------------------------------------------------------

    def _play(self, game: Game, seat: int, card: Card) -> None:
        hand = game.hands[seat]
        colour = self._choose_colour(hand) if card.colour is None else None
        swap = self._swap_target(game, seat) if card.rank is _SEVEN and game.rules.seven_zero else None
        uno = len(hand) == 2
        if self.record:
            self.log.append((seat, Play((card,), colour, swap, uno)))
        play_card(game, seat, card, colour, swap, uno, None)

    def _answer_wd4(self, game: Game, seat: int) -> None:
        if game.stack_cards(seat) and (self.greedy or self.pick.random() < 0.5):
            self._play(game, seat, WILD_DRAW_FOUR)
            return
        # greedy players cannot see the hand either: they challenge one time in four
        if self.pick.random() >= (0.25 if self.greedy else 0.5):
            if self.record:
                self.log.append((seat, ACCEPT))
            accept(game, seat, None)
        else:
            if self.record:
                self.log.append((seat, CHALLENGE))
            challenge(game, seat, None)

    def _answer_stack(self, game: Game, seat: int) -> None:
        options = game.stack_cards(seat)
        if options and (self.greedy or self.pick.random() < 0.5):
            self._play(game, seat, self.pick.choice(options))
            return
        if self.record:
            self.log.append((seat, DRAW))
        draw_or_take(game, seat, None)

    def _choose_colour(self, hand: list[Card]) -> Colour:
        """The colour to name: greedy players their most frequent one (the wild played is not counted)."""
        if self.greedy:
            counts = [0, 0, 0, 0, 0]
            slot = COLOUR_SLOT
            for card in hand:
                counts[slot[card]] += 1
            best = max(counts[0], counts[1], counts[2], counts[3])
            if best:
                return COLOURS[counts.index(best)]
        return COLOURS[int(self.pick.random() * 4)]

    def _swap_target(self, game: Game, seat: int) -> int:
        others = [s for s in range(game.n) if s != seat]
        if self.greedy:
            return min(others, key=lambda s: len(game.hands[s]))
        return self.pick.choice(others)
