"""Property tests: any sequence of add/edit/delete/undo equals recomputing from the rounds
(R-KEEP-3, R-SCORE-3..6, R-SEAT-4, R-VAR-TEAM, R-PTS)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from keeper_helpers import deal, draft_of_deal, rngs, sheets_setup

from scorekeeper import Hand, KeeperError, Round, Sheet, SheetError, load, loads, save
from scorekeeper.save import dumps
from uno_core.cards import Card, Rank
from uno_core.rules import DealerRotation, Scoring


def card_value(card: Card, wild_points: int) -> int:
    """R-PTS-1..4, written out again independently of uno_core."""
    if card.rank.is_number:
        return int(card.rank)
    return {Rank.WILD: wild_points, Rank.WILD_DRAW_FOUR: 50}.get(card.rank, 20)


def hand_value(hand: Hand | None, wild_points: int) -> int:
    if hand is None:
        return 0
    if hand.total is not None:
        return hand.total
    return sum(card_value(card, wild_points) for card in hand.cards or ())


def reference(sheet: Sheet, rounds: list[Round]) -> tuple[list[int], bool, list[int], list[int]]:
    """Totals per side, finished, and the dealers (each round, then next) under LEFT and WINNER."""
    n, options = len(sheet.players), sheet.options
    half = n // 2
    side = [seat % half if options.teams else seat for seat in range(n)]
    totals = [0] * (max(side) + 1)
    finished = False
    for index, round_ in enumerate(rounds):
        points = [
            0
            if hand is None
            else hand.total
            if hand.total is not None
            else sum(card_value(c, options.wild_points) for c in hand.cards or ())
            for hand in round_.hands
        ]
        for seat, value in enumerate(points):
            if options.scoring is Scoring.PENALTY:
                totals[side[seat]] += value
            elif side[seat] != side[round_.winner]:
                totals[side[round_.winner]] += value
        if options.scoring is Scoring.SINGLE_ROUND or max(totals) >= options.target:
            assert index == len(rounds) - 1, "the match ended before the last round"
            finished = True
    first = sheet.first_dealer
    assert first is not None
    left = [(first + i) % n for i in range(len(rounds) + 1)]
    by_winner = [first] + [round_.winner for round_ in rounds]
    return totals, finished, left, by_winner


def check_against_reference(sheet: Sheet, rounds: list[Round]) -> None:
    assert list(sheet.rounds) == rounds
    totals, finished, left, by_winner = reference(sheet, rounds)
    view = sheet.tally()
    assert list(view.totals) == totals
    assert view.finished == finished
    assert list(view.running[-1]) == totals and len(view.running) == len(rounds) + 1
    for rotation, expected in ((DealerRotation.LEFT, left), (DealerRotation.WINNER, by_winner)):
        other = sheet.set_options(dealer_rotation=rotation).tally()
        assert [row.dealer for row in other.rows] + [other.dealer] == expected
        assert other.totals == view.totals


def new_round(sheet: Sheet, rng: random.Random) -> Round:
    players = len(sheet.players)
    winner = rng.randrange(players)
    hands = deal(rng, players, winner, rng.randint(1, 8))
    draft = draft_of_deal(hands, winner, rng, sheet.options.wild_points)
    return sheet._round(draft)


operations = st.lists(
    st.tuples(st.sampled_from(["add", "add", "add", "edit", "delete", "undo"]), st.integers(1, 12)), max_size=14
)


# R-KEEP-3: derive, don't store: every sequence of changes equals the recomputation
@given(sheets_setup(), operations, rngs)
def test_any_edit_sequence_matches_recomputation(sheet: Sheet, ops: list[tuple[str, int]], rng: random.Random) -> None:
    rounds: list[Round] = []
    for kind, number in ops:
        try:
            if kind == "add":
                round_ = new_round(sheet, rng)
                sheet = sheet.add_round(round_)
                rounds.append(round_)
            elif kind == "edit":
                round_ = new_round(sheet, rng)
                sheet = sheet.replace_round(number, round_)
                rounds[number - 1] = round_
            elif kind == "delete":
                sheet = sheet.delete_round(number)
                del rounds[number - 1]
            else:
                sheet = sheet.undo()
                rounds.pop()
        except SheetError as error:
            # refused: nothing changed, and the refusal is the expected one
            assert error.code in {"match_over", "no_such_round", "no_rounds", "ends_match_early"}
            if error.code == "match_over":
                assert kind == "add" and sheet.tally().finished
            elif error.code in {"no_such_round", "no_rounds"}:
                assert not 1 <= number <= len(rounds) or kind != "edit"
        check_against_reference(sheet, rounds)
    assert load(save(sheet)) == sheet


@given(sheets_setup(), st.integers(0, 6), rngs)
def test_save_load_round_trip(sheet: Sheet, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if sheet.tally().finished:
            break
        sheet = sheet.add_round(new_round(sheet, rng))
    assert load(save(sheet)) == sheet
    assert loads(dumps(sheet)) == sheet
    assert save(load(save(sheet))) == save(sheet)
    assert load(save(sheet)).tally() == sheet.tally()


JUNK = st.sampled_from(
    # a fixed menu (composite text/dict strategies cost seconds per run inside Pyodide)
    [None, True, False, 0, 1, -3, 7, 2000, 1.5, "", "x", "R7", "W+4", "total", "penalty", "<b>", [], [0, 1],
     {}, {"total": 3}, {"cards": ["R7"]}, {"winner": 0, "hands": []}]
)  # fmt: skip


def paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


def mutate(data: dict[str, object], path: tuple[object, ...], how: str, junk: object) -> object:
    if not path:
        return junk
    node: object = data
    for key in path[:-1]:
        node = node[key]  # type: ignore[index]
    last = path[-1]
    if how == "delete":
        del node[last]  # type: ignore[attr-defined]
    elif how == "add" and isinstance(node, dict):
        node["extra"] = junk
    else:
        node[last] = junk  # type: ignore[index]
    return data


# Malformed saves: a changed file is refused with LoadError (checksum), or, with the checksum
# recomputed, either refused with LoadError or loaded into a valid sheet; never another error.
@given(sheets_setup(), st.integers(0, 3), rngs, st.integers(0, 10_000), st.sampled_from(["set", "delete", "add"]), JUNK)
def test_damaged_saves_are_refused(
    sheet: Sheet, count: int, rng: random.Random, where: int, how: str, junk: object
) -> None:
    from scorekeeper.save import canonical_json, checksum

    for _ in range(count):
        if not sheet.tally().finished:
            sheet = sheet.add_round(new_round(sheet, rng))
    good = save(sheet)
    import copy

    bad = copy.deepcopy(good)
    every = paths(bad)
    path = every[where % len(every)]  # an index, not sampled_from: building strategies per example is slow in Pyodide
    bad = mutate(bad, path, how, junk)
    snapshot = copy.deepcopy(bad)
    if canonical_json(bad) == canonical_json(good):  # not ==: True == 1 in Python, not in JSON
        assert load(bad) == sheet
        return
    try:
        loaded = load(bad)
    except KeeperError as error:
        assert error.code in {"not_a_sheet", "unsupported_version", "bad_field", "damaged", "invalid_sheet"}
        assert str(error)
    else:
        # only a change invisible to the checksum's canonical form can load
        assert isinstance(bad, dict) and checksum(bad["sheet"]) == good["checksum"]
        assert loaded == sheet
    assert bad == snapshot  # load never changes its input
    if isinstance(bad, dict) and isinstance(bad.get("sheet"), (dict, list)) and path[:1] == ("sheet",):
        try:
            resealed = {**bad, "checksum": checksum(bad["sheet"])}
        except (TypeError, ValueError):
            return
        try:
            again = load(resealed)
        except KeeperError as error:
            assert error.code in {"bad_field", "invalid_sheet", "not_a_sheet"}
        else:
            assert save(again)["sheet"] == resealed["sheet"] or again.tally() is not None
