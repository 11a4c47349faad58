"""Decisions of the ``strategic`` level that its bench-tuned terms promise (``StrategicBot.WEIGHTS``)."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from uno_core import Game, Rules, Scoring
from uno_core.actions import Play
from uno_core.bots.base import turn_actions
from uno_core.bots.strategic import StrategicBot, chainable, chains_out
from uno_core.cards import DECK_COUNTS, Card, parse_deck
from uno_core.view import view


def position(hands: list[str], top: str, rules: Rules | None = None) -> Game:
    """Seat 0 to play on ``top``, one hand per seat; every other card in the draw pile."""
    dealt = [parse_deck(hand) for hand in hands]
    discard = parse_deck(top)
    rest = Counter(DECK_COUNTS)
    rest.subtract(card for hand in (*dealt, discard) for card in hand)
    pile = list(rest.elements())
    return Game.from_position(len(dealt), rules or Rules(), hands=dealt, draw_pile=pile, discard=discard, current=0)


def heads_up(mine: str, theirs: str, top: str, rules: Rules | None = None) -> Game:
    """Seat 0 to play on ``top`` against one opponent (``position``)."""
    return position([mine, theirs], top, rules)


def choice(game: Game, bot: StrategicBot) -> Play:
    action = bot.act(view(game, 0), [])
    assert isinstance(action, Play)
    return action


def scores(game: Game, bot: StrategicBot) -> dict[str, float]:
    """Seat 0's candidate plays by card code, with the score ``bot`` gives each."""
    seat_view = view(game, 0)
    plays = [action for action in turn_actions(seat_view) if isinstance(action, Play)]
    return {str(play.card): score for score, play in bot.rank_moves(seat_view, bot.knowledge(seat_view, []), plays)}


def test_of_two_numbers_it_keeps_the_one_it_also_holds_in_another_colour() -> None:
    # B7 is R7's twin: playing R2 keeps a way back from red to blue by a 7.
    game = heads_up("R7 R2 B7 G9", "Y1 Y2 Y3 Y4 Y5", "R4")
    assert str(choice(game, StrategicBot(0)).card) == "R2"

    class NoTwins(StrategicBot):
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "bridge": 0.0}

    with_term, without = scores(game, StrategicBot(0)), scores(game, NoTwins(0))
    assert with_term["R7"] == without["R7"] - StrategicBot.WEIGHTS["bridge"]  # one twin given up
    assert with_term["R2"] == without["R2"]


def test_a_numbers_points_count_only_when_someone_is_close_to_going_out() -> None:
    class NoFloor(StrategicBot):
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "points_floor": 0.0}

    relaxed = heads_up("R7 R2 G9 B5", "Y1 Y2 Y3 Y4 Y5", "R4")  # five cards: nobody is close
    floored, unfloored = scores(relaxed, StrategicBot(0)), scores(relaxed, NoFloor(0))
    assert floored["R7"] == floored["R2"]
    assert unfloored["R7"] > unfloored["R2"]  # the old term: always dump
    close = heads_up("R7 R2 G9 B5", "Y1 Y2", "R4")
    assert str(choice(close, StrategicBot(0)).card) == "R7"  # two cards left: dump the points


def test_a_wild_card_is_spent_when_a_rival_is_at_uno() -> None:
    class Hoarder(StrategicBot):
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "wild_at_uno": 0.0}

    mine, top = "W R2 G9 B5", "R4"
    single = Rules(scoring=Scoring.SINGLE_ROUND)
    for rules in (Rules(), single):  # heads-up the rival plays next: the wild names a colour it may lack
        assert str(choice(heads_up(mine, "Y1", top, rules), StrategicBot(0)).card) == "W"
        assert str(choice(heads_up(mine, "Y1", top, rules), Hoarder(0)).card) == "R2"
    assert str(choice(heads_up(mine, "Y1 Y2", top), StrategicBot(0)).card) == "R2"  # two cards: kept for later

    class EarlySpender(StrategicBot):  # measured and left out: at 4 seats it loses 4 points of match wins
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "wild_at_size": 2.0}

    assert str(choice(heads_up(mine, "Y1 Y2", top), EarlySpender(0)).card) == "W"

    three_seats = [mine, "Y5 Y6 Y7 Y8 Y9", "Y1"]  # the rival at UNO plays after the next player
    assert str(choice(position(three_seats, top), StrategicBot(0)).card) == "W"  # points count: 50 not left to it
    assert str(choice(position(three_seats, top, single), StrategicBot(0)).card) == "R2"  # only going out counts


def test_heads_up_it_keeps_action_cards_that_chain_into_a_finish() -> None:
    # G+2 then Y+2 then YV: each keeps the turn, so once one of them plays the hand goes out in one turn.
    game = heads_up("G6 G+2 Y+2 YV", "Y1 Y2 Y3 Y4 Y5", "G9")
    assert str(choice(game, StrategicBot(0)).card) == "G6"

    class NoChains(StrategicBot):
        WEIGHTS: ClassVar[dict[str, float]] = {**StrategicBot.WEIGHTS, "chain": 0.0}

    assert str(choice(game, NoChains(0)).card) != "G6"


def test_heads_up_a_chain_that_goes_out_now_scores_as_going_out() -> None:
    game = heads_up("RS YS W", "Y1 Y2 Y3 Y4 Y5", "R9")  # RS, then YS on it, then the Wild: out in one turn
    scored = scores(game, StrategicBot(0))
    assert scored.pop("RS") == 900.0
    assert all(score < 900.0 for score in scored.values())


def test_chains_out_follows_the_rules_of_a_turn_kept() -> None:
    top = Card.parse("Y5")
    yellow = top.colour
    assert chains_out(parse_deck("YV RV"), yellow, top)  # RV on YV by symbol
    assert chains_out(parse_deck("YS W+4"), yellow, top)  # a wild card ends any chain
    assert not chains_out(parse_deck("Y8 RV"), yellow, top)  # a number gives the turn away
    assert not chains_out(parse_deck("R+2 RS"), yellow, top)  # nothing starts on yellow 5
    assert chainable(parse_deck("G+2 Y+2 YV")) and not chainable(parse_deck("G+2 Y8 B3"))
