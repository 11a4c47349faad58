"""Turning a ``RoundDraft`` into a saved ``Round``, and checking drafts as they are typed and saved
rounds (R-KEEP-1/2, R-VAR-TEAM)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from uno_core.cards import Card, Rank
from uno_core.rules import Scoring
from uno_core.scoring import sides_of

from .entry import HandInput, Mode, RoundDraft, parse_total
from .errors import EntryError, RoundRejected
from .limits import cards_tappable, check_hands, tap_error
from .model import Hand, Round
from .options import Options


def optional_seats(winner: int, players: int, options: Options) -> frozenset[int]:
    """Seats whose hand may stay blank: the winner's partners when their hands do not count.

    R-VAR-TEAM: the winning team scores the opponents' hands, not the partner's, so in a team
    game scored standard or single round a partner's hand may be left blank. In penalty
    scoring every hand counts.
    """
    if not options.teams or options.scoring is Scoring.PENALTY:
        return frozenset()
    sides = sides_of(players, True)
    return frozenset(seat for seat in range(players) if seat != winner and sides[seat] == sides[winner])


def _hand_of(seat: int, given: HandInput) -> Hand:
    if given.mode is Mode.CARDS:
        if not given.cards:
            raise EntryError("blank_hand", seat=seat)
        return Hand.of_cards(given.cards)
    return Hand.of_total(parse_total(given.text, seat))


def _winner_errors(draft: RoundDraft, players: int) -> list[EntryError]:
    if draft.winner is None:
        return [EntryError("no_winner", field="winner")]
    if type(draft.winner) is not int or not 0 <= draft.winner < players:
        return [EntryError("no_such_seat", field="winner", seat=draft.winner, count=players)]
    return []


def _parse(draft: RoundDraft, players: int, options: Options) -> tuple[list[Hand | None], list[EntryError]]:
    errors = _winner_errors(draft, players)
    if len(draft.hands) != players:
        errors.append(EntryError("wrong_hand_count", field="hands", count=len(draft.hands), players=players))
    if errors:
        return [], errors
    assert draft.winner is not None
    optional = optional_seats(draft.winner, players, options)
    hands: list[Hand | None] = []
    for seat, given in enumerate(draft.hands):
        if seat == draft.winner:
            if not given.is_blank and given.live_points(options.wild_points) != 0:
                errors.append(EntryError("winner_hand_not_empty", seat=seat))
            hands.append(None)
        elif seat in optional and given.is_blank:
            hands.append(None)
        else:
            try:
                hands.append(_hand_of(seat, given))
            except EntryError as error:
                errors.append(error)
                hands.append(None)
    return hands, errors


def check_draft(draft: RoundDraft, players: int, options: Options) -> tuple[EntryError, ...]:
    """Every problem of a draft, each tied to its field/seat; empty when it can be saved."""
    hands, errors = _parse(draft, players, options)
    if not errors:
        errors = check_hands(hands, options.wild_points)
    return tuple(errors)


def round_from_draft(draft: RoundDraft, players: int, options: Options) -> Round:
    """The ``Round`` a valid draft describes; ``RoundRejected`` (with every error) otherwise."""
    hands, errors = _parse(draft, players, options)
    if not errors:
        errors = check_hands(hands, options.wild_points)
    if errors:
        raise RoundRejected(errors)
    assert draft.winner is not None
    return Round(draft.winner, tuple(hands))


def counted_cards(draft: RoundDraft) -> list[tuple[Card, ...]]:
    """The card-by-card hands of a draft as a save would count them: hands in card mode, not the winner's."""
    return [
        given.cards
        for seat, given in enumerate(draft.hands)
        if seat != draft.winner and given.mode is Mode.CARDS and given.cards
    ]


def check_tap(draft: RoundDraft, seat: int, card: Card) -> EntryError | None:
    """R-KEEP-2 at the tap: why ``card`` cannot be added to ``seat``'s hand (``no_copy_left``,
    ``too_many_cards``), or ``None`` when it can."""
    return tap_error(counted_cards(draft), card, seat)


def taps_left(draft: RoundDraft) -> Counter[Card]:
    """The copies of each card a tap may still add to the draft's card-by-card hands (R-KEEP-2)."""
    return cards_tappable(counted_cards(draft))


def rank_entered(draft: RoundDraft, rank: Rank) -> int:
    """How many cards of ``rank``, every colour, the draft's card-by-card hands hold."""
    return sum(1 for cards in counted_cards(draft) for card in cards if card.rank is rank)


def _sum_being_typed(given: HandInput) -> bool:
    """A typed total that ends with "+" after a readable sum ("12+11+"): not finished, so refused at Save but not
    said while it is typed ("12++" cannot be finished: said at once)."""
    text = given.text.rstrip()
    if given.mode is not Mode.TOTAL or not text.endswith("+"):
        return False
    try:
        parse_total(text[:-1])
    except EntryError:
        return not text[:-1].strip()  # a lone "+": the sum's first key
    return True


def live_errors(draft: RoundDraft, options: Options) -> tuple[EntryError, ...]:
    """What is wrong with what is entered so far, blank hands left out, as it is typed, before any save:
    each typed total that is not a number of points (``not_a_number``, ``negative``), then the deck
    checks (R-KEEP-2) of the readable hands: hands that cannot come from one deck.

    A subset of a round's hands fails only if the whole round would, so nothing reported here
    goes away by entering more."""
    hands: list[Hand | None] = []
    unreadable: list[EntryError] = []
    for seat, given in enumerate(draft.hands):
        if seat == draft.winner or given.is_blank or _sum_being_typed(given):
            hands.append(None)
            continue
        try:
            hands.append(_hand_of(seat, given))
        except EntryError as error:
            unreadable.append(error)
            hands.append(None)
    return (*unreadable, *check_hands(hands, options.wild_points))


def draft_from_round(round_: Round) -> RoundDraft:
    """A draft showing a saved round as it was entered, for editing it."""
    inputs: list[HandInput] = []
    for hand in round_.hands:
        if hand is None:
            inputs.append(HandInput())
        elif hand.cards is not None:
            inputs.append(HandInput.of_cards(hand.cards))
        else:
            inputs.append(HandInput.typed(str(hand.total)))
    return RoundDraft(round_.winner, tuple(inputs))


def check_round(round_: Round, players: int, options: Options) -> tuple[EntryError, ...]:
    """Every problem of a saved round (as from a file): shape, blanks, values, and R-KEEP-2.

    Cached (rounds and options are immutable values): a sheet re-checks all its rounds on
    every change."""
    if _well_typed(round_):
        return _check_round_cached(round_, players, options)
    return _check_round(round_, players, options)


def _well_typed(round_: Round) -> bool:
    """Whether ``round_`` holds exact ints, tuples and cards only: then equal rounds are the same input.

    The cache keys on equality, and ``5 == 5.0 == True``: a round with a float or a bool must never
    share a cached answer with the round of ints it equals.
    """
    if type(round_) is not Round or type(round_.winner) is not int or type(round_.hands) is not tuple:
        return False
    for hand in round_.hands:
        if hand is None:
            continue
        if type(hand) is not Hand or (hand.total is not None and type(hand.total) is not int):
            return False
        if hand.cards is not None and _not_cards(hand.cards):
            return False
    return True


@lru_cache(maxsize=2048)
def _check_round_cached(round_: Round, players: int, options: Options) -> tuple[EntryError, ...]:
    return _check_round(round_, players, options)


def _not_cards(cards: object) -> list[object]:
    """The items of ``cards`` that are not a ``Card`` (``[cards]`` if it is no tuple)."""
    if not isinstance(cards, tuple):
        return [cards]
    return [card for card in cards if type(card) is not Card]


def _check_round(round_: Round, players: int, options: Options) -> tuple[EntryError, ...]:
    winner = getattr(round_, "winner", None)
    if type(winner) is not int or not 0 <= winner < players:
        return (EntryError("no_such_seat", field="winner", seat=winner, count=players),)
    hands = round_.hands
    if not isinstance(hands, tuple) or len(hands) != players:
        count = len(hands) if isinstance(hands, tuple) else 0
        return (EntryError("wrong_hand_count", field="hands", count=count, players=players),)
    errors: list[EntryError] = []
    optional = optional_seats(winner, players, options)
    for seat, hand in enumerate(hands):
        if seat == winner:
            if hand is not None:
                errors.append(EntryError("winner_hand_not_empty", seat=seat))
        elif hand is None:
            if seat not in optional:
                errors.append(EntryError("blank_hand", seat=seat))
        elif (
            not isinstance(hand, Hand)
            or (hand.total is None) == (hand.cards is None)
            or (hand.cards is not None and not hand.cards)
        ):
            errors.append(EntryError("blank_hand", seat=seat))
        elif hand.cards is not None and (bad := _not_cards(hand.cards)):
            errors.append(EntryError("not_a_card", seat=seat, text=str(bad[0])))
        elif hand.total is not None and (type(hand.total) is not int or hand.total < 0):
            errors.append(
                EntryError("negative" if type(hand.total) is int else "not_a_number", seat=seat, text=str(hand.total))
            )
    if errors:
        return tuple(errors)
    return tuple(check_hands(round_.hands, options.wild_points))
