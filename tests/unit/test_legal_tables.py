"""The generator's memo tables list exactly what the generator lists without them; so does the playouts' table.

``uno_core.legal.turn_actions`` takes a turn's single plays (``_TURN_MEMO``, by the set of playable
cards) and the plays of a card just drawn (``_DRAWN_MEMO``) from memos of ``turn_plays`` /
``drawn_plays``; with ``memo=False`` it makes every list afresh (the path of every other case:
doubles, seven_zero, stacking, challenges). At every decision of random matches over every option,
2..10 players, the list handed out starts with the unmemoized list, followed only by out-of-turn
extras (uno, catch, jump-in); the memo is also run with room for two entries, so that most lists
are made afresh and not kept.
"""

from __future__ import annotations

import random
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import tables

from uno_core import ALL_CARDS, COLOURS, DRAW, KEEP, SAY_UNO, Card, Catch, Colour, Game, Phase, Play, Rules, WD4Rule
from uno_core import legal as legal_module
from uno_core.actions import Action
from uno_core.legal import playable_cards, turn_flags


def general_turn_actions(game: Game, seat: int) -> list[Action]:
    return list(legal_module.turn_actions(game, seat, memo=False))


def check_match(players: int, rules: Rules, seed: int, steps: int = 600) -> None:
    game = Game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current
        legal = game.legal_actions(seat)
        if game.phase in (Phase.TURN, Phase.DRAWN):
            general = general_turn_actions(game, seat)
            assert legal[: len(general)] == general
            for extra in legal[len(general) :]:
                assert extra is SAY_UNO or isinstance(extra, Catch) or (isinstance(extra, Play) and extra.jump)
            assert legal.count(DRAW) + legal.count(KEEP) == 1
        assert game.legal_actions(seat) == legal and game.legal_actions(seat) is not legal  # the caller's own copy
        legal.clear()  # handing out a copy: the game's lists are untouched
        mover = rng.choice(game.seats_to_act())
        game.apply(mover, rng.choice(game.legal_actions(mover)))


@given(table=tables(), seed=st.integers(0, 2**32))
def test_turn_tables_list_what_the_general_path_lists(table: tuple[int, Rules], seed: int) -> None:
    players, rules = table
    check_match(players, rules, seed)


@given(table=tables(), seed=st.integers(0, 2**32))
def test_full_turn_tables_list_the_same(table: tuple[int, Rules], seed: int) -> None:
    players, rules = table
    with mock.patch.object(legal_module, "_TURN_MEMO_MAX", 2):
        for lists in legal_module._TURN_MEMO:
            lists.clear()
        check_match(players, rules, seed, steps=200)
        assert all(len(lists) <= 2 for lists in legal_module._TURN_MEMO)


# R-TURN-1 R-TURN-2 R-ACT-5
@given(
    table=tables(),
    hand=st.lists(st.sampled_from(ALL_CARDS), max_size=30),
    top=st.sampled_from(ALL_CARDS),
    active=st.sampled_from([*COLOURS, None]),
)
def test_the_playouts_turn_table_picks_what_playable_cards_picks(
    table: tuple[int, Rules], hand: list[Card], top: Card, active: Colour | None
) -> None:
    """``turn_flags``: every top card and active colour (or none), any hand, repeats kept in hand order."""
    _, rules = table
    found = turn_flags(rules)
    if rules.wd4_rule is WD4Rule.STRICT:
        assert found is None  # R-ACT-5 then depends on the rest of the hand: playouts call playable_cards
        return
    assert found is not None
    flags = found[active][top]
    assert [card for card in hand if flags[card.index]] == playable_cards(hand, active, top, rules)
