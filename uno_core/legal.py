"""Which actions are legal: the one generator of legal actions, its memo tables and the reasons for refusals.

``generate(state, seat)`` lists every legal action (R-TURN, R-ACT, R-VAR, R-UNO-2); ``Game.legal_actions``
hands it out and ``Game.apply`` accepts nothing else. Its card filter ``playable_cards`` (R-TURN-1/2 and
R-ACT-5) is what the playouts pick from. The tables here are memos of these functions (filled by calling
them), never a second statement of a rule, and no other module reads them: ``generate`` takes the common
case (a turn or a drawn card under single plays, ``memo_applies``) straight from them, and the playouts
read the card filter's table through ``turn_flags``. ``why_illegal`` explains a refusal by the step of the
generator that left the action out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain

from .actions import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, ChooseColour, Play
from .cards import ALL_CARDS, COLOURS, WILD_DRAW_FOUR, Card, Colour, Rank, by_deck_order
from .phase import Phase
from .rules import Rules, WD4Rule
from .state import State

_STRICT = WD4Rule.STRICT
_TURN, _DRAWN, _STACK, _CHALLENGE = Phase.TURN, Phase.DRAWN, Phase.STACK, Phase.CHALLENGE
_SEVEN = Rank.SEVEN


# ----- which cards may be played (R-TURN-1/2, R-ACT-5) ------------------------------------------------


def card_matches(card: Card, active: Colour | None, top: Card) -> bool:
    """R-TURN-1/2: ``card`` matches the active colour, or the top card's number or symbol, or is wild.

    ``can_play`` inlines this test for speed (keep the two the same); ``matching_cards`` is its table.
    """
    return card.colour is None or card.colour is active or card.rank is top.rank


# card_matches for every active colour (or none) and top card: ``_MATCHING[active][top]``, the cards that match
_MATCHING: dict[Colour | None, dict[Card, frozenset[Card]]] = {
    active: {top: frozenset(card for card in ALL_CARDS if card_matches(card, active, top)) for top in ALL_CARDS}
    for active in (*COLOURS, None)
}
_FLAGS: dict[frozenset[Card], tuple[bool, ...]] = {}


def _by_index(cards: frozenset[Card]) -> tuple[bool, ...]:
    """Whether each card of ``ALL_CARDS`` is in ``cards``, by ``Card.index`` (one tuple per distinct set)."""
    flags = _FLAGS.get(cards)
    if flags is None:
        flags = _FLAGS[cards] = tuple(card in cards for card in ALL_CARDS)
    return flags


# _MATCHING as flags by card index (``flags[card.index]``: an index into a tuple costs less than a set look-up)
_MATCHING_FLAGS: dict[Colour | None, dict[Card, tuple[bool, ...]]] = {
    active: {top: _by_index(cards) for top, cards in row.items()} for active, row in _MATCHING.items()
}
# the cards of each colour (None: the wild cards), for R-ACT-5's "holds no card of the active colour"
_OF_COLOUR: dict[Colour | None, frozenset[Card]] = {
    colour: frozenset(card for card in ALL_CARDS if card.colour is colour) for colour in (*COLOURS, None)
}
# ``_JUST_WD4.isdisjoint(cards)``: whether a list of cards holds no Wild Draw Four, without a Card.__eq__ call per card
_JUST_WD4 = frozenset({WILD_DRAW_FOUR})


def matching_cards(active: Colour | None, top: Card) -> frozenset[Card]:
    """Every card that ``card_matches`` ``top`` under ``active`` (its table)."""
    return _MATCHING[active][top]


def cards_of_colour(colour: Colour | None) -> frozenset[Card]:
    """Every card of ``colour`` (None: the wild cards): what R-ACT-5 forbids holding for a legal Wild Draw Four."""
    return _OF_COLOUR[colour]


def wd4_legal(hand: Sequence[Card], active: Colour | None) -> bool:
    """R-ACT-5: a Wild Draw Four is legal when the hand holds no card of the active colour."""
    return _OF_COLOUR[active].isdisjoint(hand)


def wd4_allowed(hand: Sequence[Card], active: Colour | None, rules: Rules) -> bool:
    """Whether a Wild Draw Four may be played from ``hand`` on a turn: always, but under
    ``WD4Rule.STRICT`` only when R-ACT-5 allows it (otherwise an illegal one can be challenged)."""
    return rules.wd4_rule is not _STRICT or wd4_legal(hand, active)


def playable_cards(hand: Sequence[Card], active: Colour | None, top: Card, rules: Rules) -> list[Card]:
    """The cards of ``hand`` that may be played on ``top`` on a turn, in hand order, repeats kept.

    R-TURN-1/2 (``card_matches``, through its table) and ``wd4_allowed``.
    """
    by_top = _MATCHING_FLAGS.get(active)
    if by_top is None:  # not a colour: no table
        cards = [card for card in hand if card_matches(card, active, top)]
    else:
        flags = by_top[top]
        cards = [card for card in hand if flags[card.index]]
    if rules.wd4_rule is _STRICT and not _JUST_WD4.isdisjoint(cards) and not wd4_allowed(hand, active, rules):
        cards = [card for card in cards if card is not WILD_DRAW_FOUR]
    return cards


TurnFlags = Mapping[Colour | None, Mapping[Card, tuple[bool, ...]]]


def turn_flags(rules: Rules) -> TurnFlags | None:
    """``playable_cards`` as a table, where the rules allow one: ``turn_flags(rules)[active][top][card.index]``
    says whether ``card`` may be played on ``top`` under the ``active`` colour on a turn. For a loop that
    cannot afford a call per turn (the playouts: a call costs them 6%).

    None under ``WD4Rule.STRICT``: there a Wild Draw Four's playability also depends on the rest of the hand
    (call ``playable_cards``).
    """
    return None if rules.wd4_rule is _STRICT else _MATCHING_FLAGS


def playable_set(hand: Sequence[Card], active: Colour | None, top: Card, rules: Rules) -> frozenset[Card]:
    """The distinct cards of ``hand`` that may be played on ``top`` on a turn (``playable_cards`` as a set)."""
    return frozenset(playable_cards(hand, active, top, rules))


def can_play(card: Card, hand: Sequence[Card], active: Colour | None, top: Card, rules: Rules) -> bool:
    """Whether ``card`` from ``hand`` may be played on ``top`` on a turn (``playable_cards`` for one card)."""
    if card.colour is None:  # R-TURN-2: wild (card_matches, inlined)
        return card is not WILD_DRAW_FOUR or wd4_allowed(hand, active, rules)
    return card.colour is active or card.rank is top.rank


def stack_cards(game: State, seat: int) -> list[Card]:
    """The cards ``seat`` may stack on the penalty it is answering now (R-VAR-STACK), in hand order.

    STACK: a card of the top card's rank (a Wild Draw Four only if R-ACT-5 allows it);
    CHALLENGE: a Wild Draw Four back, under stacking. None while a player is going out.
    """
    if game.going_out is not None or seat != game.current:
        return []
    hand = game.hands[seat]
    if game.phase is _STACK:
        top_rank = game.discard[-1].rank
        legal = wd4_legal(hand, game.active)
        return [card for card in hand if card.rank is top_rank and (card is not WILD_DRAW_FOUR or legal)]
    if game.phase is _CHALLENGE and game.rules.stacking and WILD_DRAW_FOUR in hand:
        return [WILD_DRAW_FOUR]
    return []


def jump_in_refusal(game: State, seat: int, card: Card) -> str | None:
    """Why ``seat`` may not jump in with ``card`` now (R-VAR-JUMP), as a key of ``_JUMP_REFUSALS``; None: it may."""
    if not game.rules.jump_in:
        return "rules"
    if card not in game.hands[seat]:
        return "held"
    if seat == game.current:
        return "own_turn"
    if game.phase is not _TURN and game.phase is not _DRAWN:
        return "phase"
    top = game.discard[-1]
    if card is not top or top.colour is None:  # identical to the top card, never a wild card
        return "identical"
    return None


# ----- the generator ---------------------------------------------------------------------------------

_VARIANTS: dict[tuple[tuple[Card, ...], bool, bool], tuple[Play, ...]] = {}


def card_plays(cards: tuple[Card, ...], uno: bool, jump: bool, swaps: Sequence[int] = ()) -> tuple[Play, ...]:
    """Every way to play ``cards``: each colour for a wild, each seat of ``swaps`` for a 7 under seven_zero
    (R-VAR-70), without and (``uno``: the play leaves one card) with UNO said (R-UNO-1)."""
    unos = (False, True) if uno else (False,)
    if swaps:
        return tuple(Play(cards, None, other, say, jump) for other in swaps for say in unos)
    key = (cards, uno, jump)
    variants = _VARIANTS.get(key)
    if variants is None:
        colours: tuple[Colour | None, ...] = COLOURS if cards[0].colour is None else (None,)
        variants = _VARIANTS[key] = tuple(Play(cards, colour, None, say, jump) for colour in colours for say in unos)
    return variants


# card_plays of each card alone, not jumping in, naming no seat: [0] without UNO, [1] with (its memo)
_SINGLE_PLAYS = tuple({card: card_plays((card,), uno, False) for card in ALL_CARDS} for uno in (False, True))


def _swaps(card: Card, seat: int, players: int, rules: Rules) -> range | tuple[int, ...]:
    """The seats a play of ``card`` by ``seat`` may name to swap with (R-VAR-70): none but for a 7."""
    if card.rank is _SEVEN and rules.seven_zero:
        return tuple(other for other in range(players) if other != seat)
    return ()


def turn_plays(
    cards: Sequence[Card], hand: Sequence[Card], seat: int, players: int, rules: Rules
) -> tuple[Action, ...]:
    """The plays of ``cards`` (sorted, distinct) from ``hand``: each one alone, two identical numbers together
    under doubles (R-VAR-DOUBLE), then DRAW (on a turn, or taking a stacked penalty)."""
    held = len(hand)
    if not (rules.doubles or rules.seven_zero):  # single plays naming no seat: each card's plays from their memo
        singles = _SINGLE_PLAYS[held == 2]
        return (*chain.from_iterable(map(singles.__getitem__, cards)), DRAW)
    actions: list[Action] = []
    for card in cards:
        swaps = _swaps(card, seat, players, rules)
        actions += card_plays((card,), held == 2, False, swaps)
        if rules.doubles and card.rank.is_number and hand.count(card) >= 2:
            actions += card_plays((card, card), held == 3, False, swaps)
    actions.append(DRAW)
    return tuple(actions)


def drawn_plays(card: Card, hand: Sequence[Card], seat: int, players: int, rules: Rules) -> tuple[Action, ...]:
    """R-TURN-4: the plays of the card just drawn (alone), then KEEP."""
    return (*card_plays((card,), len(hand) == 2, False, _swaps(card, seat, players, rules)), KEEP)


# Memos of turn_plays where the rules allow single plays only (no doubles, no seven_zero): then a turn's
# list depends on nothing but the set of playable cards and whether the play leaves one card, and a drawn
# card's list on that card. [0] without UNO, [1] with (two cards in hand). Shared immutable tuples: a turn
# lists them with one dictionary look-up. Bounded (about 5 MB when full): a full table keeps the sets met
# first (the common ones) and takes no more.
_SINGLES = Rules()  # rules under which turn_plays lists single plays only (what the memos hold)
_PAIR = (WILD_DRAW_FOUR, WILD_DRAW_FOUR)  # any two cards: a hand of two, for the UNO variants
_TURN_MEMO: tuple[dict[frozenset[Card], tuple[Action, ...]], dict[frozenset[Card], tuple[Action, ...]]] = ({}, {})
_TURN_MEMO_MAX = 16384
_DRAWN_MEMO: tuple[dict[Card, tuple[Action, ...]], ...] = tuple(
    {card: drawn_plays(card, _PAIR[:held], 0, 2, _SINGLES) for card in ALL_CARDS} for held in (1, 2)
)


def memo_applies(rules: Rules) -> bool:
    """Whether ``generate`` may take the current seat's turn or drawn card straight from the memos under
    ``rules`` (``State.memo_turns``): single plays only, no jump-in, and no R-ACT-5 filter on a turn's cards."""
    return not (rules.doubles or rules.seven_zero or rules.jump_in) and rules.wd4_rule is not _STRICT


def memo_turn(playable: frozenset[Card], uno: bool) -> tuple[Action, ...]:
    """``turn_plays`` of the cards ``playable`` with single plays only, from ``_TURN_MEMO``."""
    return _TURN_MEMO[uno].get(playable) or _remember_turn(playable, uno)


def _remember_turn(playable: frozenset[Card], uno: bool) -> tuple[Action, ...]:
    """``memo_turn`` on a miss: ``turn_plays`` makes the list, kept while the memo has room."""
    listed = turn_plays(sorted(playable, key=by_deck_order), _PAIR[: 1 + uno], 0, 2, _SINGLES)
    table = _TURN_MEMO[uno]
    if len(table) < _TURN_MEMO_MAX:
        table[playable] = listed
    return listed


def turn_actions(game: State, seat: int, memo: bool = True) -> Sequence[Action]:
    """The actions of ``seat``'s turn now, by phase (R-TURN, R-FIRST-2, R-VAR-STACK, R-CHAL), in canonical order.

    ``memo``: take the lists from the memo tables where the rules allow (False: always made afresh).
    """
    phase = game.phase
    hand = game.hands[seat]
    rules = game.rules
    singles = memo and not (rules.doubles or rules.seven_zero)
    if phase is _TURN:
        playable = playable_set(hand, game.active, game.discard[-1], rules)
        if singles:
            return memo_turn(playable, len(hand) == 2)
        return turn_plays(sorted(playable, key=by_deck_order), hand, seat, game.n, rules)
    if phase is _DRAWN:
        drawn = game.drawn
        assert drawn is not None
        if memo and not rules.seven_zero:
            return _DRAWN_MEMO[len(hand) == 2][drawn]
        return drawn_plays(drawn, hand, seat, game.n, rules)
    if phase is Phase.FIRST_COLOUR:
        return tuple(ChooseColour(colour) for colour in COLOURS)
    if phase is _STACK:
        return turn_plays(sorted(set(stack_cards(game, seat)), key=by_deck_order), hand, seat, game.n, rules)
    if phase is _CHALLENGE:
        answers: list[Action] = [CHALLENGE, ACCEPT]
        for card in stack_cards(game, seat):
            answers += card_plays((card,), len(hand) == 2, False)
        return answers
    return ()


def generate(game: State, seat: int, memo: bool = True) -> Sequence[Action]:
    """Every action ``seat`` may take now, in canonical order: its turn's (``turn_actions``), then UNO said,
    catches (R-UNO-2) and a jump-in (R-VAR-JUMP). A shared tuple or a new list: callers copy it to hand it out.

    ``memo``: take the lists from the memo tables where the rules allow (False: always made afresh).
    """
    if memo and game.memo_turns and seat is game.current and not game.exposed:
        # the common case, what turn_actions does without its tests (``is``: an int seat, never a look-alike)
        phase = game.phase
        if phase is _TURN:
            hand = game.hands[seat]
            # memo_turn of matching_cards' set, read inline (two calls fewer: 2% of Game.apply)
            playable = _MATCHING[game.active][game.discard[-1]].intersection(hand)
            uno = len(hand) == 2
            return _TURN_MEMO[uno].get(playable) or _remember_turn(playable, uno)
        if phase is _DRAWN:
            return _DRAWN_MEMO[len(game.hands[seat]) == 2][game.drawn]  # type: ignore[index]
    if game.phase is Phase.MATCH_OVER:
        return ()
    rules = game.rules
    listed = turn_actions(game, seat, memo) if seat == game.current else ()
    if not game.exposed and not rules.jump_in:
        return listed
    actions = [*listed]
    if seat in game.exposed:
        actions.append(SAY_UNO)
    for other in sorted(game.exposed):
        if other != seat:
            actions.append(Catch(other))
    if rules.jump_in and seat != game.current:
        top = game.discard[-1]
        if jump_in_refusal(game, seat, top) is None:
            actions += card_plays((top,), len(game.hands[seat]) == 2, True, _swaps(top, seat, game.n, rules))
    return actions


def is_reaction(action: Action) -> bool:
    """Whether ``action`` is an out-of-turn action (``uno``, ``catch P``, a jump-in: R-NOTE-3)."""
    return action is SAY_UNO or type(action) is Catch or (type(action) is Play and action.jump)


# ----- why an action is not legal (R-TURN-6) ------------------------------------------------------------

_JUMP_REFUSALS = {
    "rules": "jump-in is not played under these rules",
    "held": "{who} does not hold {card}",
    "own_turn": "it is {who}'s own turn: play the card without jumping in",
    "phase": "no jump-in while {now}",
    "identical": "only a card identical to the top card {top} can jump in now",
}
_WAITING = {
    Phase.FIRST_COLOUR: "the first colour is being chosen",
    Phase.STACK: "a stacked penalty is being answered",
    Phase.CHALLENGE: "a Wild Draw Four is being answered",
}


def why_illegal(game: State, seat: int, action: Action, legal: Sequence[Action]) -> str:
    """A clear reason why ``action`` is not among ``seat``'s ``legal`` actions (``generate``'s) now."""
    who = f"seat {seat} ({game.names[seat]})"
    phase = game.phase
    if phase is Phase.MATCH_OVER:
        return f"{action}: the match is over"
    if isinstance(action, Catch):
        if action.seat == seat:
            return f"{action}: a player cannot catch themselves"
        if not 0 <= action.seat < game.n:
            return f"{action}: no seat {action.seat} at a table of {game.n}"
        return f"{action}: seat {action.seat} cannot be caught now (R-UNO-2)"
    if action is SAY_UNO:
        return f"{action}: {who} has nothing to say UNO for now (R-UNO)"
    if isinstance(action, Play) and action.jump:
        refusal = jump_in_refusal(game, seat, action.card)
        if refusal is None:
            return f"{action}: not one of {who}'s jump-ins now (R-VAR-JUMP)"
        text = _JUMP_REFUSALS[refusal].format(who=who, card=action.card, now=_WAITING.get(phase), top=game.top)
        return f"{action}: {text} (R-VAR-JUMP)"
    if seat != game.current:
        return f"{action}: it is not {who}'s turn; it is seat {game.current}'s"
    expected = {
        Phase.FIRST_COLOUR: "choose the colour of the first card (color <colour>)",
        Phase.DRAWN: f"play the card just drawn ({game.drawn}) or keep",
        Phase.STACK: f"stack on the penalty of {game.pending} or take it (draw)",
        Phase.CHALLENGE: "challenge or accept the Wild Draw Four",
        Phase.TURN: "play a matching card or draw",
    }[phase]
    if isinstance(action, Play):
        return _why_illegal_play(game, seat, action, expected, legal)
    return f"{action}: not possible now; {who} must {expected}"


def _why_illegal_play(game: State, seat: int, play: Play, expected: str, legal: Sequence[Action]) -> str:
    """Which step of ``turn_actions`` left ``play`` out: the card, then the cards played together, the seat
    named to swap with, and UNO."""
    hand = game.hands[seat]
    card = play.card
    phase = game.phase
    rules = game.rules
    if hand.count(card) < len(play.cards):
        return f"{play}: seat {seat} does not hold {' '.join(map(str, play.cards))}"
    plays = [a for a in legal if type(a) is Play and not a.jump and a.card is card]
    if not plays:  # the card itself is not offered
        if phase is _DRAWN and card is not game.drawn:
            return f"{play}: after drawing, only the drawn card {game.drawn} may be played"
        if phase is not _TURN and phase is not _DRAWN:
            return f"{play}: not possible now; seat {seat} must {expected}"
        if not card_matches(card, game.active, game.top):
            colour = game.active.value if game.active else "none"
            return f"{play}: {card} matches neither the colour ({colour}) nor the top card {game.top} (R-TURN-1)"
        if not can_play(card, hand, game.active, game.top, rules):
            return f"{play}: a Wild Draw Four is only legal without a card of the active colour (R-ACT-5)"
        return f"{play}: not a legal play now"
    plays = [a for a in plays if a.cards == play.cards]
    if not plays:
        if not rules.doubles:
            return f"{play}: doubles are not played under these rules (R-VAR-DOUBLE)"
        return f"{play}: only two identical number cards are played together (R-VAR-DOUBLE)"
    swaps = {a.swap for a in plays}
    if play.swap not in swaps:
        if None in swaps:
            return f"{play}: swapping on a 7 is not played under these rules (R-VAR-70)"
        if play.swap is None:
            return f"{play}: a 7 names the seat to swap hands with, e.g. 'play {card} swap 1' (R-VAR-70)"
        return f"{play}: cannot swap with seat {play.swap}"
    plays = [a for a in plays if a.swap == play.swap]
    if all(a.uno is not play.uno for a in plays):
        return f"{play}: UNO is said with the play that leaves exactly one card (R-UNO-1)"
    return f"{play}: not a legal play now"
