"""Shared helpers for the score keeper tests: real deals and drafts built from them."""

from __future__ import annotations

import base64
import random
import zlib

from hypothesis import strategies as st

from scorekeeper import HandInput, Options, RoundDraft, Sheet, new_sheet
from uno_core.cards import Card, full_deck
from uno_core.rules import DealerRotation, Scoring

BASE = "https://someone.github.io/uno-score/"  # a project page's address: longer than most origins
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fer", "Gus", "Hal", "Ivy", "Jo")


class SeededRandom(random.Random):
    """A ``random.Random`` that shows its seed in hypothesis' falsifying examples."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed_value = seed

    def __repr__(self) -> str:
        return f"SeededRandom({self.seed_value})"


rngs = st.integers(0, 2**32 - 1).map(SeededRandom)
"""Random sources for deals; far faster than ``st.randoms()`` (a shuffle is one draw)."""


def make_sheet(players: int = 4, dealer: int = 0, **options: object) -> Sheet:
    return new_sheet(NAMES[:players], Options().replace(**options)).choose_dealer(dealer)


def typed_draft(players: int, winner: int, totals: dict[int, int | str]) -> RoundDraft:
    draft = RoundDraft.blank(players).with_winner(winner)
    for seat, total in totals.items():
        draft = draft.with_text(seat, str(total))
    return draft


def deal(rng: random.Random, players: int, winner: int, most: int = 12) -> list[list[Card]]:
    """Hands a real round can end with: disjoint cards of one deck, the winner's empty, others
    at least one card, and at least one card left over (the winner's last card)."""
    deck = full_deck()
    rng.shuffle(deck)
    deck.pop()  # the card the winner went out with
    most = max(1, min(most, len(deck) // max(1, players - 1)))
    hands: list[list[Card]] = []
    for seat in range(players):
        count = 0 if seat == winner else rng.randint(1, most)
        hands.append([deck.pop() for _ in range(count)])
    return hands


def draft_of_deal(hands: list[list[Card]], winner: int, rng: random.Random, wild_points: int = 50) -> RoundDraft:
    """Enter each hand either as its typed total or card by card, at random (R-KEEP-1)."""
    inputs = []
    for seat, cards in enumerate(hands):
        if seat == winner:
            inputs.append(HandInput())
        elif rng.random() < 0.5:
            inputs.append(HandInput.of_cards(cards))
        else:
            inputs.append(HandInput.typed(str(sum(card.points(wild_points) for card in cards))))
    return RoundDraft(winner, tuple(inputs))


options_st = st.builds(
    dict,
    target=st.sampled_from([60, 150, 300, 500]),
    scoring=st.sampled_from(list(Scoring)),
    wild_points=st.sampled_from([50, 40]),
    dealer_rotation=st.sampled_from(list(DealerRotation)),
    teams=st.booleans(),
)


@st.composite
def sheets_setup(draw: st.DrawFn) -> Sheet:
    """A sheet ready for rounds: 2..10 players (even >= 4 with teams), options, a first dealer."""
    options = draw(options_st)
    players = draw(st.sampled_from([4, 6, 8, 10]) if options["teams"] else st.integers(2, 10))
    return make_sheet(players, draw(st.integers(0, players - 1)), **options)


def evening(players: int, rounds: int, most: int, seed: int = 1, target: int = 100_000) -> Sheet:
    """A sheet whose every hand was tapped card by card (at most ``most`` cards a hand)."""
    rng = random.Random(seed)
    sheet = make_sheet(players, 0, target=target).with_entry_mode("cards")
    for _ in range(rounds):
        winner = rng.randrange(players)
        hands = deal(rng, players, winner, most)
        inputs = tuple(HandInput() if seat == winner else HandInput.of_cards(h) for seat, h in enumerate(hands))
        sheet = sheet.add_round(RoundDraft(winner, inputs))
    return sheet


def reseal(body: bytes, version: str = "1") -> str:
    """A token of ``body`` as the encoder seals it (CRC-32, raw deflate, base64url)."""
    sealed = body + zlib.crc32(body).to_bytes(4, "big")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = base64.urlsafe_b64encode(packer.compress(sealed) + packer.flush()).decode().rstrip("=")
    return f"k{version}.{data}"


def body_of(token: str) -> bytes:
    data = token.split(".", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), -15)
