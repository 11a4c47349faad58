"""The transitions: what each legal action does to a ``State`` (R-TURN, R-ACT, R-UNO, R-CHAL, R-VAR).

``Game.apply`` checks an action against the legal actions, then runs ``dispatch`` (or, for the common
cases, ``play_card`` and ``draw_or_take`` directly). Playouts (``uno_core.playout``) run these same functions
without building any event: every transition takes ``out``, the list the events go to, or ``None``.
Nothing here checks legality: the caller passes only legal actions (``uno_core.legal``'s generator).
"""

from __future__ import annotations

from . import events as ev
from .actions import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, ChooseColour, Play
from .cards import Card, Colour, Rank, by_deck_order
from .drawing import SKIPPED, draw, pop_draw, skip
from .effects import PASSING, hands_after
from .legal import can_play, wd4_legal
from .phase import Phase
from .rounds import end_round
from .rules import MAX_PLAYERS, WD4Rule
from .state import State

_STRICT = WD4Rule.STRICT
_TURN_PHASE, _DRAWN_PHASE = Phase.TURN, Phase.DRAWN
_STACK_PHASE, _CHALLENGE_PHASE = Phase.STACK, Phase.CHALLENGE
_SKIP, _REVERSE, _DRAW_TWO, _WD4_RANK = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR
_SEVEN = Rank.SEVEN

# Events are immutable values: the common ones are built once and shared (``uno_core.drawing``)
_UNO_SAID = tuple(ev.UnoSaid(seat) for seat in range(MAX_PLAYERS))
_KEPT = tuple(ev.Kept(seat) for seat in range(MAX_PLAYERS))
_REVERSED = {1: ev.DirectionReversed(1), -1: ev.DirectionReversed(-1)}
# by seat, then card (a tuple index and a card's hash: a key tuple's own hash costs 3% of Game.apply)
_PLAYED_ALONE: tuple[dict[Card, ev.CardPlayed], ...] = tuple({} for _ in range(MAX_PLAYERS))  # a coloured card alone
_DREW_ONE: tuple[dict[Card, ev.CardsDrawn], ...] = tuple({} for _ in range(MAX_PLAYERS))  # a turn's draw of one card
_PLAYED: dict[tuple[int, tuple[Card, ...], Colour | None, bool], ev.CardPlayed] = {}  # any other play, by its fields


def dispatch(state: State, seat: int, action: Action, out: list[ev.Event] | None) -> None:
    """Run the transition of a legal ``action`` by ``seat``."""
    if isinstance(action, Play):
        play(state, seat, action, out)
    elif action is SAY_UNO:
        say_uno(state, seat, out)
    elif isinstance(action, Catch):
        catch(state, seat, action.seat, out)
    elif isinstance(action, ChooseColour):
        choose_colour(state, seat, action.colour, out)
    elif action is DRAW:
        draw_or_take(state, seat, out)
    elif action is KEEP:
        keep(state, seat, out)
    elif action is ACCEPT:
        accept(state, seat, out)
    elif action is CHALLENGE:
        challenge(state, seat, out)


def play(state: State, seat: int, action: Play, out: list[ev.Event] | None) -> None:
    """R-TURN-1, R-ACT-1..5, R-VAR-70/JUMP/DOUBLE: ``seat`` plays ``action``'s cards (``play_card``)."""
    cards = action.cards
    doubles = cards if len(cards) > 1 else None
    play_card(state, seat, cards[0], action.colour, action.swap, action.uno, out, doubles, action.jump)


def play_card(
    state: State,
    seat: int,
    card: Card,
    colour: Colour | None,
    swap: int | None,
    uno: bool | None,
    out: list[ev.Event] | None,
    doubles: tuple[Card, ...] | None = None,
    jump: bool = False,
) -> None:
    """``play`` for one ``card`` (or, for R-VAR-DOUBLE, the ``doubles`` it leads); playouts call it directly.

    ``uno`` None: UNO is said exactly when the play leaves one card (a playout's players always say it).
    """
    if jump:  # R-VAR-JUMP: play goes on from the seat that jumped in
        state.current = seat
    if state.exposed:
        state.exposed.clear()
    hand = state.hands[seat]
    rank = card.rank
    if rank is _WD4_RANK:
        state.wd4_bluff = not wd4_legal(hand, state.active)
        state.wd4_by = seat
        state.wd4_colour = state.active
    if doubles is None:
        # hand.remove(card) by identity (cards are interned): a scan of ``is`` tests costs about half
        # what list.remove does, which calls Card.__eq__ (Python, as Card sorts) on every card before the match
        at = 0
        while hand[at] is not card:
            at += 1
        del hand[at]
        state.discard.append(card)
    else:
        for played in doubles:
            hand.remove(played)
        state.discard.extend(doubles)
    left = len(hand)  # the cards still held (the same list's length after any 7-0 swap below)
    if uno is None:
        uno = left == 1
    state.active = active = card.colour or colour  # a wild takes the colour named
    state.drawn = None
    state.phase = _TURN_PHASE
    if out is not None:
        if colour is None and doubles is None and not jump:  # a coloured card alone: by seat, then card
            event = _PLAYED_ALONE[seat].get(card)
            if event is None:
                event = _PLAYED_ALONE[seat][card] = ev.CardPlayed(seat, (card,), active)
        else:
            key = (seat, doubles or (card,), colour, jump)
            event = _PLAYED.get(key)
            if event is None:
                event = _PLAYED[key] = ev.CardPlayed(seat, key[1], active, jump)
        out.append(event)
    if uno:
        state.said_uno[seat] = True
        if out is not None:
            out.append(_UNO_SAID[seat])
    if not left:
        _go_out(state, seat, rank, out)
        return
    # The order of play after the card: hit_by's rule, written out per rank (a call per card costs the
    # playouts 3%); tests/unit/test_view_helpers.py checks the two agree for every rank and table size.
    rules = state.rules
    nxt = (seat + state.direction) % state.n  # next_seat, inlined
    if rank in PASSING and not rules.seven_zero:
        state.current = nxt
    elif rank is _SKIP:
        skip(state, nxt, out)
        state.current = (nxt + state.direction) % state.n
    elif rank is _REVERSE:  # R-ACT-2
        state.direction = direction = -state.direction
        if out is not None:
            out.append(_REVERSED[direction])
        if state.n == 2:
            if out is not None:
                out.append(SKIPPED[nxt])
            state.current = seat
        else:
            state.current = (seat + direction) % state.n
    elif rank is _DRAW_TWO:  # R-ACT-3, R-VAR-STACK
        if rules.stacking:
            state.pending += 2
            state.phase = _STACK_PHASE
            state.current = nxt
        else:
            draw(state, nxt, 2, "draw_two", out)
            if out is not None:
                out.append(SKIPPED[nxt])
            state.current = (nxt + state.direction) % state.n
    elif rank is _WD4_RANK:  # R-ACT-4
        state.pending += 4
        state.current = nxt
        if rules.wd4_rule is not _STRICT:
            state.phase = _CHALLENGE_PHASE
        elif rules.stacking:
            state.phase = _STACK_PHASE
        else:
            _take_penalty(state, nxt, "draw_four", out)
    else:
        moved = hands_after(state.hands, rank, seat, swap, state.direction, rules)  # R-VAR-70 (a 7 or 0)
        if moved is not None:
            state.hands = moved
            if rank is _SEVEN:
                assert swap is not None
                state.said_uno[seat] = state.said_uno[swap] = False
                if out is not None:
                    out.append(ev.HandsSwapped(seat, swap))
            else:
                state.said_uno = [False] * state.n
                if out is not None:
                    out.append(ev.HandsRotated(state.direction))
        state.current = nxt
    if left == 1 and not uno and len(state.hands[seat]) == 1:
        state.exposed.add(seat)  # R-UNO-1/2: played the second-to-last card without saying UNO


def _go_out(state: State, seat: int, rank: Rank, out: list[ev.Event] | None) -> None:
    """R-SCORE-1/2, R-CHAL-4: the last card's Draw Two or Wild Draw Four is resolved first."""
    nxt = (seat + state.direction) % state.n
    if rank is _DRAW_TWO:
        draw(state, nxt, state.pending + 2, "draw_two", out)
        state.pending = 0
    elif rank is _WD4_RANK:
        state.pending += 4
        state.current = nxt
        if state.rules.wd4_rule is not _STRICT:
            # R-CHAL-4: it may still be challenged; played with no other card it was legal (R-ACT-5:
            # ``play_card`` found no bluff), so a challenge fails and the round is scored after it
            state.going_out = seat
            state.phase = _CHALLENGE_PHASE
            return
        draw(state, nxt, state.pending, "draw_four", out)
        state.pending = 0
    end_round(state, seat, out)


def say_uno(state: State, seat: int, out: list[ev.Event] | None) -> None:
    """R-UNO-2: ``seat`` says UNO after its play (it can no longer be caught)."""
    state.said_uno[seat] = True
    state.exposed.discard(seat)
    if out is not None:
        out.append(_UNO_SAID[seat])


def catch(state: State, seat: int, victim: int, out: list[ev.Event] | None) -> None:
    """R-UNO-2: ``seat`` catches ``victim``, who left one card without saying UNO: it draws the penalty."""
    state.exposed.discard(victim)
    penalty = state.rules.uno_penalty
    if out is not None:
        out.append(ev.Caught(victim, seat, penalty))
    draw(state, victim, penalty, "uno", out)


def choose_colour(state: State, seat: int, colour: Colour, out: list[ev.Event] | None) -> None:
    """R-FIRST-2: the first player names the colour of a Wild turned first."""
    state.exposed.clear()
    state.active = colour
    state.phase = _TURN_PHASE
    if out is not None:
        out.append(ev.ColourChosen(seat, colour))


def draw_or_take(state: State, seat: int, out: list[ev.Event] | None) -> None:
    """Draw for the turn (R-TURN-4), or take the stacked penalty (R-VAR-STACK)."""
    if state.exposed:
        state.exposed.clear()
    if state.phase is _STACK_PHASE:
        _take_penalty(state, seat, "stack", out)
        return
    # R-TURN-4: draw one card (or until playable); a playable one may then be played or kept
    rules = state.rules
    hand = state.hands[seat]
    card = state.draw_pile.pop() if state.draw_pile else pop_draw(state, out)
    if card is None:  # nothing left to draw
        playable = False
        if out is not None:
            out.append(ev.CardsDrawn(seat, 0, "draw", ()))
    else:
        playable = can_play(card, hand, state.active, state.discard[-1], rules)
        if playable or not rules.draw_until_playable:  # the usual case: one card
            hand.append(card)
            if out is not None:
                event = _DREW_ONE[seat].get(card)
                if event is None:
                    event = _DREW_ONE[seat][card] = ev.CardsDrawn(seat, 1, "draw", (card,))
                out.append(event)
        else:  # draw_until_playable (R-TURN-4): on until a playable card, or nothing left
            drawn = [card]
            while not playable:
                card = pop_draw(state, out)
                if card is None:
                    break
                drawn.append(card)
                playable = can_play(card, hand, state.active, state.discard[-1], rules)
            hand += drawn
            if out is not None:
                out.append(ev.CardsDrawn(seat, len(drawn), "draw", tuple(drawn)))
        state.said_uno[seat] = False
    if playable:
        state.phase = _DRAWN_PHASE
        state.drawn = card
    else:  # _pass_turn, inlined (the phase is already TURN and nothing was drawn before)
        state.current = (seat + state.direction) % state.n


def keep(state: State, seat: int, out: list[ev.Event] | None) -> None:
    """R-TURN-4: keep the card just drawn; the turn passes."""
    state.exposed.clear()
    if out is not None:
        out.append(_KEPT[seat])
    _pass_turn(state, seat)


def accept(state: State, seat: int, out: list[ev.Event] | None) -> None:
    """R-CHAL-1: take the Wild Draw Four's cards without challenging."""
    state.exposed.clear()
    _take_penalty(state, seat, "draw_four", out)


def challenge(state: State, seat: int, out: list[ev.Event] | None) -> None:
    """R-CHAL-1..5: ``seat`` challenges the Wild Draw Four it must answer."""
    state.exposed.clear()
    culprit = state.wd4_by
    assert culprit is not None
    # the culprit shows the hand (R-CHAL-1): an event's field only, so not in a playout
    revealed = tuple(sorted(state.hands[culprit], key=by_deck_order)) if out is not None else ()
    owed = state.pending
    state.pending = 0
    if state.wd4_bluff:  # R-CHAL-2
        if out is not None:
            out.append(ev.ChallengeResult(seat, culprit, True, culprit, owed, revealed))
        draw(state, culprit, owed, "challenge", out)
        state.phase = _TURN_PHASE
        state.current = seat
        return
    extra = 0 if state.rules.wd4_rule is WD4Rule.NO_BLUFF_PENALTY else 2  # R-CHAL-3
    if out is not None:
        out.append(ev.ChallengeResult(seat, culprit, False, seat, owed + extra, revealed))
    draw(state, seat, owed + extra, "challenge", out)
    if out is not None:
        out.append(SKIPPED[seat])
    if state.going_out is not None:
        end_round(state, state.going_out, out)
    else:
        _pass_turn(state, seat)


def _take_penalty(state: State, seat: int, reason: str, out: list[ev.Event] | None) -> None:
    """The seat draws what it owes and loses its turn (R-ACT-3/4, R-VAR-STACK)."""
    draw(state, seat, state.pending, reason, out)
    state.pending = 0
    if out is not None:
        out.append(SKIPPED[seat])
    if state.going_out is not None:
        end_round(state, state.going_out, out)
    else:
        _pass_turn(state, seat)


def _pass_turn(state: State, seat: int) -> None:
    state.drawn = None
    state.phase = _TURN_PHASE
    state.current = (seat + state.direction) % state.n  # next_seat, inlined
