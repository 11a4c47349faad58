"""What the table shows, as plain values: `pages.render(screen)` is a pure function of a `TableScreen`.

The controller (`app.play.controller.PlayController`) builds one from the `Session` and what is on screen
(picker, hint, notice, reaction window...) with `table_screen`, then renders and builds it; it builds no
page fragment. The pages bind catalogue phrases (`app.tree.Phrase`), which the page translates and the shell
relabels on a language switch; `Texts`, the page language's catalogue, comes with the screen only to say which
texts exist (`has`), and gives words where words are sent (the announcements) and in tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.i18n import Texts
from app.tree import Phrase
from uno_core import Action, Card, SeatView
from uno_core import events as ev
from uno_core.events import RoundOver

from .describe import Line, event_lines
from .picker import Picker
from .session import Session
from .turn_timer import TurnClock

LOG_LINES = 40
RECENT_LINES = 3
# events that start a move (the others are its consequences: a penalty drawn, a turn lost, a round won...)
ORIGINS = (
    ev.CardPlayed,
    ev.Kept,
    ev.UnoSaid,
    ev.Caught,
    ev.ChallengeResult,
    ev.ColourChosen,
    ev.RoundStarted,
    ev.DealerChosen,
    ev.HandsSwapped,
)


@dataclass(frozen=True, slots=True)
class Question:
    """The picker's question about a tapped card: how many (`count`), which colour, whom to swap with."""

    kind: str
    options: tuple[object, ...]
    card: Card


@dataclass(frozen=True, slots=True)
class TableScreen:
    """Everything the table page shows. `page` is `data-screen`: "table", "drawn" (pass-and-play: the card
    that ended a turn), "handoff", "round-end", "match-end", or "none" (no game: the way to the set-up
    screen)."""

    texts: Texts
    page: str = "none"
    phase: str = ""  # the engine's phase (`data-phase`)
    position: int = 0  # actions applied so far (`data-position`)
    busy: bool = False  # bots are moving or a reaction window is open (`data-busy`)
    thinking: bool = False  # the engine worker is deciding the bots' move
    view: SeatView | None = None  # the shown seat's view (seat None while the device is passed)
    legal: tuple[Action, ...] = ()  # the shown seat's legal actions
    levels: tuple[str | None, ...] = ()  # each seat's bot level, None for a person
    log: tuple[Line, ...] = ()  # the log's last lines, newest first
    recent: tuple[tuple[Line, bool], ...] = ()  # the last move's lines (True) after one line before it (False)
    notice: Phrase | None = None  # a message (an illegal move, an import...)
    hint: Action | None = None
    revealed: tuple[str, tuple[Card, ...]] | None = None  # a challenged player's hand: name, cards
    question: Question | None = None
    window_ms: int = 0  # the reaction window's length, while one is open
    uno_armed: bool = False  # UNO will be said with the next play
    undo_allowed: bool = False
    can_undo: bool = False
    handoff: int | None = None  # the seat the device goes to
    reveal: tuple[int, tuple[Card, ...]] | None = None  # pass-and-play: a seat's draw that ended its turn
    sound: bool = True  # sounds and vibration are on (the table's switch)
    sound_asked: bool = False  # the switch was never touched on this device (the first game shows it more)
    motion: bool = True  # cards travel (off with the "instant" bot speed)
    round: RoundOver | None = None  # the round result being shown
    round_hands: tuple[tuple[Card, ...], ...] = ()  # each seat's cards when that round ended
    last_round: bool = False  # that round ended the match
    next_dealer: int = 0
    winners: tuple[int, ...] = ()  # the match's winning seats
    rounds: int = 0  # rounds played in the match
    phones: bool = False  # some seats are played on guest phones (this device's menu invites them)
    guest: bool = False  # drawn for a guest phone (no menu, no sound switch of this device's, no new game)
    turn: TurnClock | None = None  # the turn timer's count of the turn being timed
    timed_out: int | None = None  # the seat whose time ran out last (a bot made its move), until a person moves

    @property
    def names(self) -> tuple[str, ...]:
        return self.view.names if self.view is not None else ()

    def has(self, key: str) -> bool:
        """Whether the catalogue has `key` (a line about the person looking reads in the second person where
        it has its `.you` text)."""
        return self.texts.has(key)


def page_of(session: Session, phone: int | None = None) -> str:
    """The page shown (`phone`: a guest phone's seat, which never sees this device's hand-offs)."""
    if session.game.is_over and session.pending_round is None:
        return "match-end"
    if session.pending_round is not None:
        return "round-end"
    if phone is not None:
        return "table"
    if session.reveal is not None:
        return "drawn"
    if session.handoff is not None:
        return "handoff"
    return "table"


def log_lines(session: Session, limit: int = LOG_LINES, phone: int | None = None) -> tuple[Line, ...]:
    """The log's last `limit` lines as the shown seat (or phone seat `phone`) may see them, newest first (up to
    the end of a round whose result is on show)."""
    game = session.game
    start = max(0, session.history_end() - limit)
    items = [item for event in session.history(start, phone) for item in event_lines(event, game.names, game.sides)]
    items.reverse()
    return tuple(items[:limit])


def recent_lines(session: Session, phone: int | None = None) -> tuple[tuple[Line, bool], ...]:
    """The last move and what it caused, in lines (True), oldest first; when that is a single line, the line
    before it comes first (False). At most `RECENT_LINES` (the move's first line and its last ones)."""
    game = session.game
    events = session.history(max(0, session.history_end() - 16), phone)
    starts = [
        i
        for i, event in enumerate(events)
        if isinstance(event, ORIGINS) or (isinstance(event, ev.CardsDrawn) and event.reason == "draw")
    ]
    start = starts[-1] if starts else 0
    lines = [item for event in events[start:] for item in event_lines(event, game.names, game.sides)]
    if len(lines) > RECENT_LINES:
        lines = [lines[0], *lines[1 - RECENT_LINES :]]
    before = [item for event in events[:start] for item in event_lines(event, game.names, game.sides)]
    context = ((before[-1], False),) if len(lines) == 1 and before else ()
    return context + tuple((item, True) for item in lines)


def question_of(picker: Picker | None) -> Question | None:
    question = picker.question() if picker is not None else None
    if picker is None or question is None:
        return None
    kind, options = question
    return Question(kind, tuple(options), picker.candidates[0].card)


def table_screen(
    session: Session | None,
    texts: Texts,
    *,
    busy: bool = False,
    thinking: bool = False,
    notice: Phrase | None = None,
    hint: Action | None = None,
    revealed: tuple[str, tuple[Card, ...]] | None = None,
    picker: Picker | None = None,
    window_ms: int = 0,
    uno_armed: bool = False,
    sound: bool = True,
    sound_asked: bool = False,
    phone: int | None = None,
    turn: TurnClock | None = None,
) -> TableScreen:
    """The screen for `session` and what the controller holds on screen; `phone`: drawn for that guest phone's
    seat, from its own view only (None: this device's shown seat)."""
    if session is None:
        return TableScreen(texts)
    game = session.game
    seats: Sequence[int] = range(game.n)
    return TableScreen(
        texts,
        page=page_of(session, phone),
        phase=game.phase.value,
        position=session.position,
        busy=busy,
        thinking=thinking,
        view=session.view(phone),
        legal=tuple(session.legal(phone)),
        levels=tuple(session.config.seats[s].level if session.is_bot(s) else None for s in seats),
        log=log_lines(session, phone=phone),
        recent=recent_lines(session, phone),
        notice=notice,
        hint=hint,
        revealed=revealed,
        question=question_of(picker),
        window_ms=window_ms,
        uno_armed=uno_armed,
        undo_allowed=session.config.undo_allowed,
        can_undo=phone is None and session.undo_target() is not None,
        handoff=session.handoff if phone is None else None,
        reveal=session.reveal if phone is None else None,
        sound=sound,
        sound_asked=sound_asked,
        motion=session.config.speed != "instant",
        round=session.pending_round,
        round_hands=session.round_hands(),
        last_round=game.is_over and session.ack_round + 1 == len(game.round_results),
        next_dealer=game.dealer,
        winners=tuple(game.winners) if game.is_over else (),
        rounds=len(game.round_results),
        phones=bool(session.phones),
        guest=phone is not None,
        turn=turn,
        timed_out=session.timed_out,
    )
