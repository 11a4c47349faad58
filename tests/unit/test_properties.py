"""Property-based tests: random rule sets, 2..10 players, random legal play (including the
out-of-turn actions uno, catch and jump) to the end of a match.

The hypothesis profile (number of examples) comes from tests/conftest.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import tables

from uno_core import (
    DECK_COUNTS,
    Card,
    Colour,
    Game,
    Phase,
    Play,
    Rank,
    Rules,
    Scoring,
    WD4Rule,
    dumps,
    events,
    hand_points,
    loads,
    parse_action,
    view,
)

MAX_STEPS = 30_000  # a safety net: random play with these policies ends far sooner


first_dealers = st.one_of(st.just("cut"), st.just("random"), st.integers(0, 9))


def new_game(n: int, rules: Rules, seed: int, first_dealer: int | str) -> Game:
    if isinstance(first_dealer, int):
        first_dealer %= n
    return Game(n, rules, seed, first_dealer)


def choose(game: Game, rng: random.Random) -> tuple[int, object]:
    """A random legal action: mostly the current seat, which plays a card rather than drawing
    most of the time; sometimes an out-of-turn seat (uno, catch, jump)."""
    seats = game.seats_to_act()
    assert seats and seats[0] == game.current, "the seat whose turn it is must have legal actions"
    others = seats[1:]
    seat = rng.choice(others) if others and rng.random() < 0.2 else game.current
    legal = game.legal_actions(seat)
    plays = [a for a in legal if isinstance(a, Play)]
    if plays and rng.random() < 0.85:
        return seat, rng.choice(plays)
    return seat, rng.choice(legal)


def assert_cards_accounted(game: Game) -> None:
    counts: Counter[Card] = Counter(game.draw_pile)
    counts.update(game.discard)
    for cards in game.hands:
        counts.update(cards)
    assert counts == Counter(DECK_COUNTS), "the 108 cards are not all accounted for"


@dataclass(frozen=True)
class Before:
    """What a check needs of the state before an action (cheaper than ``Game.copy``)."""

    n: int
    rules: Rules
    sides: tuple[int, ...]
    hands: list[list[Card]]
    totals: list[int]
    current: int
    direction: int
    phase: Phase
    active: Colour | None
    pending: int

    @classmethod
    def of(cls, game: Game) -> Before:
        return cls(
            game.n,
            game.rules,
            game.sides,
            [list(h) for h in game.hands],
            list(game.totals),
            game.current,
            game.direction,
            game.phase,
            game.active,
            game.pending,
        )


Check = Callable[[Before, int, object, list[events.Event]], None]


def play_match(game: Game, rng: random.Random, check: Check, pre: Callable[[Game], None] | None = None) -> None:
    steps = 0
    while not game.is_over:
        seat, action = choose(game, rng)
        assert action in game.legal_actions(seat)
        if pre is not None:
            pre(game)
        before = Before.of(game)
        evts = game.apply(seat, action)  # type: ignore[arg-type]
        check(before, seat, action, evts)
        steps += 1
        assert steps < MAX_STEPS, "the match does not end"
    assert game.seats_to_act() == [] and all(game.legal_actions(s) == [] for s in range(game.n))


def check_round_over(before: Before, evts: list[events.Event]) -> None:
    """Each RoundOver's points are those of the hands left, added up as R-SCORE says."""
    rules = before.rules
    hands = [Counter(h) for h in before.hands]
    totals = list(before.totals)
    for event in evts:
        if isinstance(event, events.CardsDrawn):
            assert event.cards is not None and len(event.cards) == event.count
            hands[event.seat].update(event.cards)
        elif isinstance(event, events.CardPlayed):
            hands[event.seat].subtract(event.cards)
        elif isinstance(event, events.HandsSwapped):
            hands[event.seat], hands[event.other] = hands[event.other], hands[event.seat]
        elif isinstance(event, events.HandsRotated):
            hands = [hands[(s - event.direction) % before.n] for s in range(before.n)]
        elif isinstance(event, events.RoundOver):
            points = tuple(hand_points(list(h.elements()), rules.wild_points) for h in hands)
            assert event.hand_points == points  # R-PTS, R-SCORE-2
            assert points[event.winner] == 0
            sides = before.sides
            expected = [0] * len(totals)
            for seat, pts in enumerate(points):
                if rules.scoring is Scoring.PENALTY:  # R-SCORE-6: each side its own hands
                    expected[sides[seat]] += pts
                elif sides[seat] != sides[event.winner]:  # R-SCORE-3, R-VAR-TEAM: partners not scored
                    expected[sides[event.winner]] += pts
            assert list(event.gained) == expected
            totals = [t + g for t, g in zip(totals, expected, strict=True)]
            assert list(event.totals) == totals
        elif isinstance(event, events.MatchOver):
            assert list(event.totals) == totals
            win = event.winner_side
            if rules.scoring is Scoring.SINGLE_ROUND:  # R-SCORE-5
                pass
            elif rules.scoring is Scoring.PENALTY:  # R-SCORE-6
                assert max(totals) >= rules.target and totals[win] == min(totals)
            else:  # R-SCORE-4
                assert totals[win] >= rules.target and totals[win] == max(totals)


class EffectChecker:
    """Checks what one action did against the rules: turn order after each card (R-ACT-1..4,
    R-SEAT-2), Wild Draw Four legality and challenge outcomes (R-ACT-5, R-CHAL-2/3/5)."""

    def __init__(self) -> None:
        self.last_wd4: tuple[int, bool] | None = None  # (seat, was it a bluff)

    def __call__(self, before: Before, game: Game, seat: int, action: object, evts: list[events.Event]) -> None:
        rules, n = before.rules, before.n
        for result in (e for e in evts if isinstance(e, events.ChallengeResult)):
            assert self.last_wd4 is not None and rules.wd4_rule is not WD4Rule.STRICT
            culprit, bluff = self.last_wd4
            assert (result.challenger, result.challenged, result.bluff) == (seat, culprit, bluff)
            if bluff:  # R-CHAL-2 / R-CHAL-5
                assert (result.drawer, result.count) == (culprit, before.pending)
            else:  # R-CHAL-3 / R-CHAL-5
                extra = 0 if rules.wd4_rule is WD4Rule.NO_BLUFF_PENALTY else 2
                assert (result.drawer, result.count) == (seat, before.pending + extra)
        if not isinstance(action, Play):
            return
        card = action.card
        if card.rank is Rank.WILD_DRAW_FOUR:
            bluff = any(c.colour is before.active for c in before.hands[seat])
            assert not (bluff and rules.wd4_rule is WD4Rule.STRICT), "strict refuses an illegal W+4"
            self.last_wd4 = (seat, bluff)
        if any(isinstance(e, events.RoundOver) for e in evts) or len(before.hands[seat]) == len(action.cards):
            return
        d = before.direction
        if card.rank is Rank.REVERSE:
            expected = seat if n == 2 else (seat - d) % n
            assert game.direction == -d
        elif card.rank is Rank.SKIP:
            expected = (seat + 2 * d) % n
        elif card.rank is Rank.DRAW_TWO and not rules.stacking:
            expected = (seat + 2 * d) % n
            assert [(e.seat, e.reason) for e in evts if isinstance(e, events.CardsDrawn)] == [
                ((seat + d) % n, "draw_two")
            ]
        elif card.rank is Rank.WILD_DRAW_FOUR and rules.wd4_rule is WD4Rule.STRICT and not rules.stacking:
            expected = (seat + 2 * d) % n
        else:
            expected = (seat + d) % n
            if card.rank is Rank.DRAW_TWO or card.rank is Rank.WILD_DRAW_FOUR:
                wanted = (
                    Phase.STACK if card.rank is Rank.DRAW_TWO or rules.wd4_rule is WD4Rule.STRICT else Phase.CHALLENGE
                )
                assert game.phase is wanted and game.pending == before.pending + (
                    2 if card.rank is Rank.DRAW_TWO else 4
                )
        assert game.current == expected, f"{action} by {seat}: turn went to {game.current}, not {expected}"
        assert game.active is (action.colour if card.colour is None else card.colour)


@given(table=tables(), seed=st.integers(0, 2**32), first_dealer=first_dealers)
def test_random_matches_keep_every_invariant(table: tuple[int, Rules], seed: int, first_dealer: int | str) -> None:
    # R-DECK-1 R-DECK-2 R-TURN-5 R-TURN-6 R-ACT-1 R-ACT-2 R-ACT-3 R-ACT-4 R-ACT-5 R-CHAL-2 R-CHAL-3 R-CHAL-5
    # R-SCORE-1 R-SCORE-2 R-SCORE-3 R-SCORE-4 R-SCORE-5 R-SCORE-6 R-VAR-TEAM
    n, rules = table
    game = new_game(n, rules, seed, first_dealer)
    rng = random.Random(seed)
    rounds = 0
    effects = EffectChecker()

    def check(before: Before, seat: int, action: object, evts: list[events.Event]) -> None:
        nonlocal rounds
        effects(before, game, seat, action, evts)
        assert_cards_accounted(game)
        assert game.is_over or game.legal_actions(game.current)
        assert game.log[-1] == (seat, action)
        check_round_over(before, evts)
        rounds += sum(isinstance(e, events.RoundOver) for e in evts)

    assert_cards_accounted(game)
    play_match(game, rng, check)
    assert len(game.round_results) == rounds >= 1
    if rules.scoring is Scoring.SINGLE_ROUND:
        assert rounds == 1
    assert game.winners and all(game.sides[s] == game.winner_side for s in game.winners)


@given(table=tables(), seed=st.integers(0, 2**32))
def test_views_and_histories_never_leak_hidden_cards(table: tuple[int, Rules], seed: int) -> None:
    # R-CHAL-1 R-NOTE-3
    n, rules = table
    game = Game(n, rules, seed)
    rng = random.Random(seed ^ 0x5EED)

    def check(before: Before, seat: int, action: object, evts: list[events.Event]) -> None:
        if rng.random() > 0.2 or game.is_over:
            return
        me = rng.randrange(n)
        mine = view(game, me)
        assert list(mine.hand) == sorted(game.hands[me])
        assert mine.hand_sizes == tuple(len(h) for h in game.hands)
        assert mine.draw_pile_size == len(game.draw_pile)
        assert mine.legal == tuple(game.legal_actions(me))
        # a game that differs only in cards `me` cannot see gives the same view
        twin = game.copy()
        others = [s for s in range(n) if s != me and twin.hands[s]]
        if others:
            other = rng.choice(others)
            i = rng.randrange(len(twin.hands[other]))
            if twin.draw_pile:
                j = rng.randrange(len(twin.draw_pile))
                twin.hands[other][i], twin.draw_pile[j] = twin.draw_pile[j], twin.hands[other][i]
            twin.draw_pile.reverse()
            if len(others) > 1:
                a, b = rng.sample(others, 2)
                twin.hands[a], twin.hands[b] = (
                    twin.hands[b][: len(twin.hands[a])] + twin.hands[a][len(twin.hands[b]) :],
                    twin.hands[a][: len(twin.hands[b])] + twin.hands[b][len(twin.hands[a]) :],
                )
                assert len(twin.hands[a]) == len(game.hands[a])
            assert view(twin, me) == mine, "a view depends on hidden cards"
            spectator = view(game, None)
            assert spectator.hand == () and spectator.legal == ()
            assert view(twin, None) == spectator

    play_match(game, rng, check)
    full = game.history
    for me in [None, *range(n)]:
        mine = game.history_for(me)
        assert len(mine) == len(full)
        for event, seen in zip(full, mine, strict=True):
            if isinstance(event, events.CardsDrawn) and event.seat != me:
                assert seen.cards is None  # type: ignore[union-attr]
            elif isinstance(event, events.ChallengeResult) and event.challenger != me:
                assert seen.revealed is None  # type: ignore[union-attr]
            else:
                assert seen == event


@given(table=tables(), seed=st.integers(0, 2**32), first_dealer=first_dealers)
def test_replay_and_save_load_reproduce_the_game(table: tuple[int, Rules], seed: int, first_dealer: int | str) -> None:
    # R-NOTE-3 R-NOTE-4
    n, rules = table
    game = new_game(n, rules, seed, first_dealer)
    rng = random.Random(seed + 1)
    saved: list[Game] = []
    midpoint = rng.randrange(1, 400)

    def pre(game: Game) -> None:
        # every legal action's text parses back to it (R-NOTE round trip)
        if rng.random() > 0.3:
            return
        for seat in game.seats_to_act():
            for legal in game.legal_actions(seat):
                assert parse_action(str(legal)) == legal

    def check(before: Before, seat: int, action: object, evts: list[events.Event]) -> None:
        if len(game.log) == midpoint:
            saved.append(game.copy())

    play_match(game, rng, check, pre)
    again = Game.replay(n, rules, seed, [(s, str(a)) for s, a in game.log], game.first_dealer)
    assert again == game and again.digest() == game.digest() and again.history == game.history
    loaded = loads(dumps(game))
    assert loaded == game and loaded.digest() == game.digest()
    assert game.copy() == game
    if saved:  # a game saved mid-match loads equal and goes on exactly as the original
        resumed = loads(dumps(saved[0]))
        assert resumed == saved[0] and resumed.digest() == saved[0].digest()
        for seat, action in game.log[len(saved[0].log) :]:
            resumed.apply(seat, action)
        assert resumed == game and resumed.totals == game.totals
