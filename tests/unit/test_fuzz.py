"""Fuzz: random and malformed action texts thrown at games in random states.

Each text is either applied (then it was legal) or refused with ``UnoError``
(``IllegalActionError`` or ``NotationError``) and the state is unchanged.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from unit_helpers import tables

from uno_core import ALL_CARDS, Game, Play, UnoError, parse_action

WORDS = [
    "play", "jump", "color", "draw", "keep", "challenge", "accept", "uno", "catch", "swap",
    "red", "yellow", "green", "blue", "Red", "BLUE", "purple",
    *(str(card) for card in ALL_CARDS), "W+2", "R10", "X5", "r7", "+2", "W+4+",
    "0", "1", "2", "9", "10", "-1", "01", "99999999999999999999", "٣", "３", "1.0", "",
]  # fmt: skip

token = st.sampled_from(WORDS)
random_texts = st.lists(token, min_size=0, max_size=6).map(" ".join)
junk = st.text(max_size=20)
seats = st.one_of(st.integers(-3, 12), st.just(10**20), st.just(-(10**20)))


def mutate(text: str, rng: random.Random) -> str:
    words = text.split()
    kind = rng.randrange(8)
    if kind == 0 and words:
        del words[rng.randrange(len(words))]
    elif kind == 1 and words:
        i = rng.randrange(len(words))
        words.insert(i, words[i])
    elif kind == 2 and words:
        words[rng.randrange(len(words))] = rng.choice(WORDS)
    elif kind == 3:
        words.insert(rng.randrange(len(words) + 1), rng.choice(WORDS))
    elif kind == 4 and len(words) > 1:
        i = rng.randrange(len(words) - 1)
        words[i], words[i + 1] = words[i + 1], words[i]
    elif kind == 5:
        return text.upper() if rng.random() < 0.5 else text.replace(" ", rng.choice(["  ", "\t", "\n", "\u00a0"]))
    elif kind == 6:
        return text + rng.choice(["", " ", "x", " uno", " swap 1", " red"])
    else:
        return text[: rng.randrange(len(text) + 1)]
    return " ".join(words)


def advance(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        seats_now = game.seats_to_act()
        seat = rng.choice(seats_now) if rng.random() < 0.2 else game.current
        legal = game.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        game.apply(seat, rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(legal))


@given(
    table=tables(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    throws=st.lists(st.tuples(st.integers(0, 3), random_texts, junk, seats), min_size=10, max_size=30),
)
def test_every_text_is_applied_when_legal_or_refused_without_change(
    table: tuple[int, object], seed: int, steps: int, throws: list[tuple[int, str, str, int]]
) -> None:
    # R-TURN-6 R-NOTE-3
    n, rules = table
    game = Game(n, rules, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    advance(game, rng, steps)
    applied = 0
    for kind, text, junk_text, wild_seat in throws:
        if game.is_over:
            break
        seat = game.current if rng.random() < 0.5 else rng.randrange(n)
        if kind == 0:
            chosen = text
        elif kind == 1:
            chosen = junk_text
        else:
            legal_now = [t for s in range(n) for t in game.legal_texts(s)]
            chosen = mutate(rng.choice(legal_now), rng) if legal_now else text
        if kind == 3:
            seat = wild_seat
        legal = list(game.legal_actions(seat)) if isinstance(seat, int) and 0 <= seat < n else []
        before = game.digest()
        log_length = len(game.log)
        try:
            game.apply(seat, chosen)
        except UnoError as error:
            assert str(error), "an error must say why"
            assert game.digest() == before, f"refused {chosen!r} for seat {seat} but the state changed"
            assert len(game.log) == log_length
            try:
                action = parse_action(chosen)
            except UnoError:
                continue
            assert action not in legal, f"legal {chosen!r} was refused: {error}"
        else:
            applied += 1
            assert parse_action(chosen) in legal, f"{chosen!r} was applied for seat {seat} but was not legal"
            assert len(game.log) == log_length + 1
    assert applied <= len(throws)
