"""Determinization: a game rebuilt from a seat's view plus the true hidden cards has the real game's future."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_core import Game, Rules, view
from uno_core.bots import Table, make_bot
from uno_core.bots.determinize import determinize, sample_hidden, scratch_copy
from uno_core.bots.knowledge import Knowledge, Slot, allowed
from uno_core.cards import COLOURS, DECK_COUNTS, Card

from .helpers import tables


def _position(players: int, rules: Rules, seed: int, steps: int) -> tuple[Game, Table]:
    game = Game(players, rules, seed=seed)
    table = Table(game, [make_bot("basic" if seat % 2 else "random", seed + seat) for seat in range(players)])
    for _ in range(steps):
        if game.is_over or table.step() is None:
            break
    return game, table


@given(tables(target_max=300), st.integers(0, 2**32), st.integers(0, 120), st.integers(0, 9))
def test_true_hidden_cards_give_the_same_future(table: tuple[int, Rules], seed: int, steps: int, pick: int) -> None:
    players, rules = table
    real, _ = _position(players, rules, seed, steps)
    if real.is_over:
        return
    seat = real.current if real.drawn is not None else pick % players
    copy = determinize(view(real, seat), real.hands, real.draw_pile)
    copy.wd4_bluff = real.wd4_bluff  # settled when the card was played; a catch since may have changed the hand
    copy.rng.setstate(real.rng.getstate())  # the future shuffles
    bots = Table(real, [make_bot("random", seed + 7 * s) for s in range(players)])
    for _ in range(60):
        for s in range(players):
            assert real.legal_actions(s) == copy.legal_actions(s)
        assert view(real, seat) == view(copy, seat)
        if real.is_over:
            break
        actor = real.seats_to_act()[0]
        action = bots.bots[actor].choose(view(real, actor), bots.history(actor))
        assert action is not None
        assert real.apply(actor, action) == copy.apply(actor, action)


@given(tables(target_max=300), st.integers(0, 2**32), st.integers(0, 150), st.integers(0, 9))
def test_samples_are_consistent_with_the_view(table: tuple[int, Rules], seed: int, steps: int, pick: int) -> None:
    players, rules = table
    real, tab = _position(players, rules, seed, steps)
    if real.is_over:
        return
    seat = pick % players
    seat_view = view(real, seat)
    know = Knowledge(seat_view, tab.history(seat), {})
    hands, pile = sample_hidden(seat_view, know, random.Random(seed))
    assert [len(hand) for hand in hands] == [len(hand) for hand in real.hands]
    assert hands[seat] == list(seat_view.hand)
    assert len(pile) == len(real.draw_pile)
    everything = Counter(pile) + Counter(real.discard)
    for hand in hands:
        everything.update(hand)
    assert everything == Counter(DECK_COUNTS)
    # the true hands satisfy every hard fact: known cards are really there
    for other in range(players):
        known = Counter(slot.card for slot in know.slots[other] if slot.card is not None)
        assert not known - Counter(real.hands[other]), f"seat {other}: {known} not in {real.hands[other]}"


def _matching(slots: list[Slot], hand: list[Card]) -> bool:
    """Whether every slot can be given its own card of ``hand`` (known cards exactly, unknown within bans)."""
    owner: dict[int, int] = {}

    def fits(slot: Slot, card: Card) -> bool:
        return slot.card is card if slot.card is not None else allowed(card, slot.bans)

    def place(i: int, seen: set[int]) -> bool:
        for j, card in enumerate(hand):
            if j not in seen and fits(slots[i], card):
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return len(slots) == len(hand) and all(place(i, set()) for i in range(len(slots)))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bans_hold_for_players_who_never_draw_by_choice(players: int) -> None:
    """Basic bots draw only when nothing matches: what the others infer about them is then always true."""
    for seed in range(12):
        game = Game(players, Rules(stacking=seed % 2 == 0, draw_until_playable=seed % 3 == 0), seed=seed)
        table = Table(game, [make_bot("basic", seed + seat) for seat in range(players)])
        for _ in range(150):
            if game.is_over or table.step() is None:
                break
            me = seed % players
            know = Knowledge(view(game, me), table.history(me), {})
            for other in range(players):
                if other != me:
                    assert _matching(know.slots[other], game.hands[other]), (
                        other,
                        know.slots[other],
                        game.hands[other],
                    )


@given(tables(target_max=300), st.integers(0, 2**32), st.integers(0, 120))
def test_scratch_copy_plays_like_a_copy(table: tuple[int, Rules], seed: int, steps: int) -> None:
    players, rules = table
    real, _ = _position(players, rules, seed, steps)
    if real.is_over:
        return
    rng = random.Random()
    rng.setstate(real.rng.getstate())
    scratch = scratch_copy(real, rng)
    copy = real.copy()
    bots = Table(copy, [make_bot("random", seed + s) for s in range(players)])
    for _ in range(60):
        assert all(copy.legal_actions(s) == scratch.legal_actions(s) for s in range(players))
        if copy.is_over:
            break
        step = bots.step()
        assert step is not None
        scratch.apply(*step)
    assert real.log == copy.log[: len(real.log)]  # the original is untouched


@given(tables(target_max=300), st.integers(0, 2**32), st.integers(0, 150), st.integers(0, 9))
def test_hints_keep_samples_consistent_and_hold_the_colour(
    table: tuple[int, Rules], seed: int, steps: int, pick: int
) -> None:
    """A hint (seat, colour) puts a card of that colour in the seat's sampled hand when the unseen cards allow it."""
    players, rules = table
    real, tab = _position(players, rules, seed, steps)
    if real.is_over:
        return
    seat = pick % players
    other = (seat + 1) % players
    seat_view = view(real, seat)
    know = Knowledge(seat_view, tab.history(seat), {})
    colour = COLOURS[seed % 4]
    hands, pile = sample_hidden(seat_view, know, random.Random(seed), hints=[(other, colour)])
    assert [len(hand) for hand in hands] == [len(hand) for hand in real.hands]
    everything = Counter(pile) + Counter(real.discard)
    for hand in hands:
        everything.update(hand)
    assert everything == Counter(DECK_COUNTS)
    unknown = any(slot.card is None for slot in know.slots[other])
    if unknown and any(card.colour is colour for card in know.unseen):
        assert any(card.colour is colour for card in hands[other])
