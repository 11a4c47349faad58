"""The table's controller (`#/play/table`): the game in progress and what is on screen around it (picker,
hint, notice, sound switch). No DOM: every drawing goes out as a `Frame` (`app.play.presenter`) through
the `show` callback the glue gives it; the bots move on their clock (`app.play.bot_clock`).

Every choice offered comes from `Session.legal()` (the engine's legal actions); nothing here is a rule.
The game is saved after every action (`app.play.store`), so a reload resumes it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.i18n import Texts
from app.tree import Phrase, phrase
from shared.messages import PlayIntent
from uno_core import SAY_UNO, Action, Card, Colour, IllegalActionError, UnoError, parse_action
from uno_core import events as ev
from uno_core.legal import is_reaction

from . import describe, game_file
from .bot_clock import Ask, BotClock, Spawn
from .brain import BrainUnavailable
from .picker import COLOUR, COUNT, SWAP, Picker, can_say_uno_with_play, plays_of
from .presenter import Frame, Presenter
from .session import Session
from .store import PlayStore
from .table_state import TableScreen, table_screen
from .turn_timer import TurnClock, TurnTimer

Later = Callable[[float, Callable[[], None]], object]  # `app.browser.after`: call back in so many seconds

# what a guest phone's table may do: its own seat's moves, its picker, its hint, the next round
PHONE_ACTS = frozenset(
    {
        *("play.card", "play.move", "play.colour", "play.count", "play.swap", "play.cancel", "play.uno"),
        *("play.hint", "play.next-round"),
    }
)


class PlayController:
    """The game screen's state, saved in `store`. `show(frame)` draws; `texts()` gives the page language's catalogue;
    `ask` and `spawn` are the bots' clock's (the bots' worker, the engine worker's task runner).

    A guest phone's table (`app.play.phones`) is a controller of its own with `phone` (its seat: it acts and sees
    for that seat only), `host()` (this device's controller, if its table is open: its bots' clock) and `moved()`
    (called after each of its actions: this device and every other phone draw again).

    The turn timer (`app.play.turn_timer`) is this device's table's: `later` wakes it when a timed turn's time is out
    (None: only `turn_tick` does, as in tests), `now` is its clock; a phone's table shows the host's."""

    def __init__(
        self,
        store: PlayStore,
        show: Callable[[Frame], None],
        texts: Callable[[], Texts],
        ask: Ask,
        spawn: Spawn,
        phone: int | None = None,
        host: Callable[[], PlayController | None] = lambda: None,
        moved: Callable[[], None] = lambda: None,
        later: Later | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store, self.show, self.texts, self.ask, self.spawn = store, show, texts, ask, spawn
        self.phone, self.host, self.moved, self.later = phone, host, moved, later
        self.own_timer = TurnTimer(now)
        self.waking: object = None  # the call `later` holds for the timed turn's end
        self.session: Session | None = None
        self.picker: Picker | None = None
        self.uno_armed = False
        self.revealed: tuple[str, tuple[Card, ...]] | None = None
        self.hint: Action | None = None
        self._notice: Phrase | None = None
        self._notice_drawn = False  # the notice is on the page already
        self.blind = False  # the tap being handled was sent before the page showed the previous one's effect
        self.alive = True
        self.presenter = Presenter(phone)
        self.own_clock = BotClock(
            store,
            lambda: self.session,
            lambda: self.alive,
            lambda request: self.ask(request),
            spawn,
            self.render,
            self.failed,
        )

    @property
    def clock(self) -> BotClock:
        """The bots' clock: this device's (a guest phone's table shows the host's while its table is open)."""
        host = self.host() if self.phone is not None else None
        return host.clock if host is not None else self.own_clock

    @property
    def timer(self) -> TurnTimer | None:
        """The turn timer: this device's (a guest phone's table shows the host's, while its table is open)."""
        if self.phone is None:
            return self.own_timer
        host = self.host()
        return host.own_timer if host is not None else None

    def turn_clock(self) -> TurnClock | None:
        """The timed turn now (None: none is)."""
        timer = self.timer
        return timer.clock(self.session) if timer is not None and self.session is not None else None

    def turn_tick(self) -> None:
        """This device's table: the timed turn's time is out: its move is made for it (`Session.time_out`), every
        table draws again with the notice, and the bots go on. Nothing when no time is out."""
        session = self.session
        if self.phone is not None or not self.alive or session is None or self.own_timer.due(session) is None:
            return
        try:
            session.time_out()
        except IllegalActionError:
            return
        if session.shown is not None and session.shown == session.timed_out:
            self.picker, self.uno_armed, self.hint, self.notice = None, False, None, None
        self.store.save(session)
        try:
            self.render()
        finally:
            self.kick()

    def _wake_for_turn(self) -> None:
        """This device's table: be called back when the timed turn's time is out (one call at a time)."""
        if self.phone is not None or self.later is None or self.waking is not None or not self.alive:
            return
        clock = self.turn_clock()
        if clock is not None:
            self.waking = self.later(clock.left_ms / 1000 + 0.05, self._woken)

    def _woken(self) -> None:
        self.waking = None
        self.turn_tick()  # draws again if the time was out
        self._wake_for_turn()  # a turn that started again meanwhile: its own end

    def kick(self) -> None:
        """After an action: the bots go on (this device's clock only), and the others are told (`moved`)."""
        if self.phone is None or self.host() is not None:
            self.clock.kick()
        self.moved()

    # what the test hook reads (`app.play.hook`)
    @property
    def running(self) -> bool:
        return self.clock.running

    @property
    def thinking(self) -> bool:
        return self.clock.thinking

    @property
    def decided_here(self) -> int:
        return self.clock.decided_here

    @property
    def dropped(self) -> int:
        return self.clock.dropped

    @property
    def shown_page(self) -> str:
        return self.presenter.shown_page

    @property
    def notice(self) -> Phrase | None:
        """What the table says about this seat's last tap (a card refused, a call too late, an undo)."""
        return self._notice

    @notice.setter
    def notice(self, notice: Phrase | None) -> None:
        self._notice, self._notice_drawn = notice, False

    def close(self) -> None:
        """The screen left: the bots stop at their next step."""
        self.alive = False

    def load(self, session: Session | None) -> None:
        """Show `session` (or the way to the set-up screen when there is no game)."""
        self.session = session
        self.picker, self.uno_armed, self.revealed, self.hint, self.notice = None, False, None, None, None
        self.presenter.start(session)
        cancel = getattr(self.waking, "cancel", None)  # the last game's timed turn: this one's comes instead
        if cancel is not None:
            cancel()
        self.waking = None
        self.render()
        if session is not None and self.phone is None:
            self.clock.kick()

    def others_saved(self) -> None:
        """Another tab moved in this game: show its position (unless bots here are mid-move)."""
        if not self.clock.running:
            self.load(self.store.reload())

    def failed(self) -> None:
        """The bots' clock stopped on an error: say so."""
        self.notice = phrase("play.error.bots")

    # ----- a person's intents -------------------------------------------------------------------

    def intent(self, intent: PlayIntent) -> None:
        """A tap on a `data-act` control; `enabled` False for a disabled one (a card that cannot be played is still
        explained); `blind` when the page sent it before it showed what the person's previous tap did (a double tap
        on a slow phone: a card or move no longer playable then is ignored, unexplained)."""
        self.blind = intent.get("blind", False)
        if self.phone is not None and intent["act"] not in PHONE_ACTS:
            self.render()  # this device's acts (undo, hand-offs, its sound, a new match) are not a guest phone's:
            return  # refused, and drawn again so that its page knows the tap is answered
        try:
            if intent["act"] == "play.card":
                self.tap_card(Card.parse(intent["card"]), shown_playable=intent.get("enabled") is True)
            elif not intent.get("enabled", True):
                return
            elif intent["act"] == "play.move":
                self.act_text(intent["move"])
            elif intent["act"] == "play.colour":
                self.answer(COLOUR, Colour(intent["colour"]))
            elif intent["act"] == "play.count":
                self.answer(COUNT, intent["count"])
            elif intent["act"] == "play.swap":
                self.answer(SWAP, intent["seat"])
            else:
                simple = {
                    "play.cancel": self.cancel_pick,
                    "play.uno": self.press_uno,
                    "play.hint": self.show_hint,
                    "play.undo": self.undo,
                    "play.handoff": self.confirm_handoff,
                    "play.reveal": self.confirm_reveal,
                    "play.sound": self.toggle_sound,
                    "play.next-round": self.next_round,
                    "play.new-match": self.new_match,
                }
                handler = simple.get(intent["act"])
                if handler is not None:
                    handler()
        except (UnoError, ValueError):  # a malformed card: nothing changes
            return

    def act(self, action: Action) -> None:
        session = self.session
        if session is None:
            return
        seat = session.seat_of(self.phone)
        try:
            events = session.apply(action, self.phone)
        except IllegalActionError:  # drawn again even when blind: the page learns this tap is answered
            # an out-of-turn act whose window closed before it arrived (R-UNO-2): refused, never applied late
            late = is_reaction(action)
            self.notice = None if self.blind else phrase("play.error.late" if late else "play.error.illegal")
            self.render()
            return
        self.revealed = None
        for event in events:
            if isinstance(event, ev.ChallengeResult) and event.challenger == seat:
                mine = ev.for_seat(event, seat)
                if isinstance(mine, ev.ChallengeResult) and mine.revealed is not None:
                    self.revealed = (session.names[event.challenged], mine.revealed)
        self.picker, self.uno_armed, self.hint, self.notice = None, False, None, None
        self.store.save(session)
        try:
            self.render()
        finally:
            self.kick()  # the bots go on even if drawing failed

    def act_text(self, text: str) -> None:
        try:
            action = parse_action(text)
        except UnoError:
            return
        self.act(action)

    def tap_card(self, card: Card, shown_playable: bool = False) -> None:
        """A card tapped (in the hand, or the jump-in button). `shown_playable`: the page drew it playable (its
        `enabled`); not playable now, the position changed before the tap arrived (another seat moved, a jump-in
        came first): refused as late, never applied later."""
        session = self.session
        if session is None:
            return
        legal = session.legal(self.phone)
        plays = plays_of(legal, card) or plays_of(legal, card, jump=True)
        if not plays:  # drawn again even when blind: the page learns this tap is answered
            why = phrase("play.error.late") if shown_playable else None
            self.notice = (
                None if self.blind else why or phrase("play.table.not_playable", card=describe.card_phrase(card))
            )
            self.render()
            return
        picker = Picker(plays, uno=self.uno_armed)
        chosen = picker.result()
        if chosen is not None:
            self.act(chosen)
        else:
            self.picker, self.notice = picker, None
            self.render()

    def answer(self, kind: str, value: object) -> None:
        if self.picker is None:
            return
        self.picker.answer(kind, value)
        self.picker.uno = self.uno_armed
        chosen = self.picker.result()
        if chosen is not None:
            self.act(chosen)
        else:
            self.render()

    def cancel_pick(self) -> None:
        self.picker = None
        self.render()

    def press_uno(self) -> None:
        session = self.session
        if session is None:
            return
        legal = session.legal(self.phone)
        if SAY_UNO in legal:
            self.act(SAY_UNO)
        elif can_say_uno_with_play(legal):
            self.uno_armed = not self.uno_armed
            if self.picker is not None:
                self.picker.uno = self.uno_armed
            self.render()
        else:  # its moment passed before the tap arrived (caught, or the next turn began: R-UNO-2)
            self.notice = None if self.blind else phrase("play.error.late")
            self.render()

    def show_hint(self) -> None:
        if self.session is not None:
            self.spawn(self._hint(self.session))

    async def _hint(self, session: Session) -> None:
        """Ask the engine worker for the best level's move in the shown seat's place (here if it cannot)."""
        request = session.hint_request(self.phone)
        if request is None:
            return
        moment = session.moment
        try:
            answer = await self.ask(request)
            hint = parse_action(answer) if isinstance(answer, str) else None
        except BrainUnavailable:
            hint = session.hint(self.phone)
        if self.clock.current(session, moment):
            self.hint, self.notice = hint, None
            self.render()

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.picker, self.uno_armed, self.revealed, self.hint = None, False, None, None
            self.notice = phrase("play.table.undone")
            self.presenter.caught_up(self.session)
            self.store.save(self.session)
            self.render()
            self.kick()

    def confirm_handoff(self) -> None:
        if self.session is not None:
            self.session.confirm_handoff()
            self.presenter.caught_up(self.session)
            self.presenter.turn_of = None  # their turn begins now, for them
            self.render(focus="hand")
            self.kick()

    def confirm_reveal(self) -> None:
        if self.session is not None:
            self.session.confirm_reveal()
            self.render()
            self.kick()

    def toggle_sound(self) -> None:
        self.store.save_sound(self.store.sound() == "off")
        self.render()

    def next_round(self) -> None:
        if self.session is not None:
            self.session.ack_round_end()
            self.revealed = None
            self.store.save(self.session)
            self.render()
            self.kick()

    def new_match(self) -> None:
        if self.session is not None:
            session = Session.new(self.session.config, random.randrange(1, 1 << 31))
            session.away = self.session.away  # the host's choice for a phone away goes on with the table
            self.store.keep(session)
            self.load(session)

    def export(self) -> tuple[str, str] | None:
        """The game log to download: (file name, JSON text), or None without a game."""
        return None if self.session is None else game_file.export(self.session)

    def import_text(self, text: str) -> None:
        """A game log chosen to load (a game export or a backup file); a bad one changes nothing."""
        try:
            session = game_file.import_game(text)
        except ValueError:
            self.notice = phrase("play.error.import")
            self.render()
            return
        self.store.keep(session)
        self.load(session)
        self.notice = phrase("play.table.imported")
        self.render()

    # ----- drawing -----------------------------------------------------------------------------------

    def screen(self) -> TableScreen:
        """What the page shows now: the session and what this controller holds on screen."""
        session = self.session
        texts = self.texts()
        if session is None:
            return table_screen(None, texts)
        step = session.next_step() if not self.clock.running else None
        return table_screen(
            session,
            texts,
            busy=self.clock.running or (step is not None and step.kind != "idle"),
            thinking=self.clock.thinking,
            notice=self.notice,
            hint=self.hint,
            revealed=self.revealed,
            picker=self.picker,
            window_ms=self.clock.window_ms,
            uno_armed=self.uno_armed,
            sound=self.store.sound() != "off",
            sound_asked=self.store.sound() is not None,
            phone=self.phone,
            turn=self.turn_clock(),
        )

    def render(self, focus: str = "") -> None:
        if not self.alive:
            return
        if self.picker is not None and self.session is not None:  # a question about a move no longer legal (the
            legal = self.session.legal(self.phone)  # time ran out, another seat moved first): gone
            if not any(candidate in legal for candidate in self.picker.candidates):
                self.picker = None
        if self._notice_drawn and self._turn_begins():
            self._notice = None
        self.show(self.presenter.frame(self.screen(), self.session, focus))
        self._notice_drawn = self._notice is not None
        self._wake_for_turn()

    def _turn_begins(self) -> bool:
        """This seat's turn begins with this drawing: a notice shown before it answered an earlier tap (the card
        refused then may play now) and goes, leaving the turn its room."""
        session = self.session
        if session is None or session.pending_round is not None:
            return False
        seat = session.seat_of(self.phone)
        return seat is not None and session.game.current == seat and self.presenter.turn_of != seat
