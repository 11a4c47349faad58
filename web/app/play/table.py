"""The table's controller (`#/play/table`): the game in progress, what is on screen around it (picker,
hint, notice, reaction window, sound switch) and the bots' clock. No DOM: every drawing goes out as a
`Frame` (the page's element tree, the log lines to announce, the cues of the events since the last
drawing for motion, sound and vibration) through the `show` callback the glue gives it.

Every choice offered comes from `Session.legal()` (the engine's legal actions); nothing here is a rule.
The game is saved after every action (`app.play.store`), so a reload resumes it. The bots' decisions
come from `ask` (the engine worker, `app.play.brain`); `BrainUnavailable` makes the controller decide
itself, so a game never waits for a worker that cannot answer.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from app.storage.backup import game_of
from app.tree import El
from uno_core import SAY_UNO, Action, Card, Colour, IllegalActionError, UnoError, parse_action
from uno_core import events as ev

from . import describe, pages
from .brain import BrainUnavailable
from .cues import Cue, cues
from .picker import COLOUR, COUNT, SWAP, Picker, can_say_uno_with_play, plays_of
from .screen import TableScreen, Texts, table_screen
from .session import Session, choice_data
from .store import store

Ask = Callable[[dict[str, Any]], Awaitable[Any]]
Spawn = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Frame:
    """One drawing of the table: the tree of `#play`, the new log lines for screen readers (at most the
    last three), the element to focus (a `data-focus` value, "" to keep the focus where it is), and the
    cues of the new events (`app.play.cues`) with the sound switch and whether cards travel."""

    tree: El
    announce: str = ""
    focus: str = ""
    cues: tuple[Cue, ...] = ()
    sound: bool = True
    motion: bool = True


class Table:
    """The game screen's state. `show(frame)` draws; `texts()` gives the page language's catalogue."""

    def __init__(self, show: Callable[[Frame], None], texts: Callable[[], Texts], ask: Ask, spawn: Spawn) -> None:
        self.show, self.texts, self.ask, self.spawn = show, texts, ask, spawn
        self.session: Session | None = None
        self.picker: Picker | None = None
        self.uno_armed = False
        self.revealed: tuple[str, tuple[Card, ...]] | None = None
        self.hint: Action | None = None
        self.notice = ""
        self.blind = False  # the tap being handled was sent before the page showed the previous one's effect
        self.window_ms = 0
        self.running = False
        self.thinking = False  # the engine worker is deciding the bots' move
        self.decided_here = 0  # bot decisions searched here (the worker could not answer)
        self.dropped = 0  # bot decisions dropped because a person acted first
        self.alive = True
        self.upto = 0  # the history shown so far (announced, animated)
        self.turn_of: int | None = None  # whose turn the last drawing showed
        self.task: Any = None
        self.shown_page = ""  # `data-screen` of the last drawing

    def t(self, key: str, **args: object) -> str:
        return self.texts()(key, **args)

    def close(self) -> None:
        """The screen left: the bots stop at their next step."""
        self.alive = False

    def load(self, session: Session | None) -> None:
        """Show `session` (or the way to the set-up screen when there is no game)."""
        self.session = session
        self.picker, self.uno_armed, self.revealed, self.hint, self.notice = None, False, None, None, ""
        self.upto = session.history_end() if session else 0
        self.turn_of = session.game.current if session else None
        self.render()
        if session is not None:
            self.kick()

    def others_saved(self) -> None:
        """Another tab moved in this game: show its position (unless bots here are mid-move)."""
        if not self.running:
            self.load(store.reload())

    # ----- the bots' clock ---------------------------------------------------------------------

    def kick(self) -> None:
        if not self.running and self.alive:
            self.running = True
            self.task = self.spawn(self.pump())

    async def _wait(self, ms: int, session: Session, moment: tuple[int, int]) -> bool:
        """Sleep `ms` in small slices; False as soon as the game moved (a person acted) or the screen left."""
        loop = asyncio.get_event_loop()
        end = loop.time() + ms / 1000
        while True:
            if not self.alive or self.session is not session or session.moment != moment:
                return False
            left = end - loop.time()
            if left <= 0:
                return True
            await asyncio.sleep(min(left, 0.1))

    async def pump(self) -> None:
        """Let bots move (at the chosen pace) until a person must act; give people their reaction windows."""
        try:
            while self.alive and self.session is not None:
                session = self.session
                step = session.next_step()
                if step.kind == "idle":
                    break
                moment = session.moment
                if step.kind == "window":
                    self.window_ms = step.ms
                    self.render()
                    still = await self._wait(step.ms, session, moment)
                    self.window_ms = 0
                    if still:
                        session.window_over()
                    continue
                loop = asyncio.get_event_loop()
                started = loop.time()
                self.thinking = True
                if step.ms:
                    self.render()
                answer = await self.decide(session)
                self.thinking = False
                if not self.alive or self.session is not session or session.moment != moment:
                    self.dropped += 1
                    continue  # a person acted (or undid) meanwhile: this decision is about a moment gone
                left = step.ms - int((loop.time() - started) * 1000)  # the pace counts the thinking
                if left > 0 and not await self._wait(left, session, moment):
                    self.dropped += 1
                    continue
                try:
                    session.bot_answer(moment, answer)
                except IllegalActionError as error:  # never expected: the worker replays the same engine
                    print(f"uno: the engine worker's move was refused ({error}); deciding here", file=sys.stderr)
                    self.decided_here += 1
                    session.bot_step()
                if session.moment != moment:
                    store.save(session)
                if step.ms:
                    self.render()
        except Exception as error:  # never leave the table frozen without a word
            print(f"uno: bot loop stopped: {error!r}", file=sys.stderr)
            self.notice = self.t("play.error.bots")
            raise
        finally:
            self.running = False
            if self.alive:
                self.render()

    async def decide(self, session: Session) -> Any:
        """The bots' decision for the session's position (`choice_data` form): searched in the engine
        worker, or here if the worker cannot answer."""
        try:
            return await self.ask(session.bot_request())
        except BrainUnavailable:
            self.decided_here += 1
            return choice_data(session.bot_choice())

    # ----- a person's intents -------------------------------------------------------------------

    def intent(self, act: str, arg: str = "", enabled: bool = True, blind: bool = False) -> None:
        """A tap on a `data-act` control; `enabled` False for a disabled one (a card that cannot be
        played is still explained); `blind` when the page sent it before it showed what the person's previous
        tap did (a double tap on a slow phone: a card or move no longer playable then is ignored, unexplained)."""
        self.blind = blind
        if not enabled:
            if act == "card":
                self.tap_card(Card.parse(arg))
            return
        handlers: dict[str, Callable[[], None]] = {
            "action": lambda: self.act_text(arg),
            "card": lambda: self.tap_card(Card.parse(arg)),
            "colour": lambda: self.answer(COLOUR, Colour(arg)),
            "count": lambda: self.answer(COUNT, int(arg)),
            "swap": lambda: self.answer(SWAP, int(arg)),
            "cancel": self.cancel_pick,
            "uno": self.press_uno,
            "hint": self.show_hint,
            "undo": self.undo,
            "handoff": self.confirm_handoff,
            "reveal": self.confirm_reveal,
            "sound": self.toggle_sound,
            "next-round": self.next_round,
            "new-match": self.new_match,
        }
        handler = handlers.get(act)
        if handler is not None:
            try:
                handler()
            except (UnoError, ValueError):  # a malformed card, colour or number: nothing changes
                return

    def act(self, action: Action) -> None:
        session = self.session
        if session is None:
            return
        seat = session.shown
        try:
            events = session.apply(action)
        except IllegalActionError:  # drawn again even when blind: the page learns this tap is answered
            self.notice = "" if self.blind else self.t("play.error.illegal")
            self.render()
            return
        self.revealed = None
        for event in events:
            if isinstance(event, ev.ChallengeResult) and event.challenger == seat:
                mine = ev.for_seat(event, seat)
                if isinstance(mine, ev.ChallengeResult) and mine.revealed is not None:
                    self.revealed = (session.names[event.challenged], mine.revealed)
        self.picker, self.uno_armed, self.hint, self.notice = None, False, None, ""
        store.save(session)
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

    def tap_card(self, card: Card) -> None:
        session = self.session
        if session is None:
            return
        legal = session.legal()
        plays = plays_of(legal, card) or plays_of(legal, card, jump=True)
        if not plays:  # drawn again even when blind: the page learns this tap is answered
            self.notice = "" if self.blind else self.t("play.table.not_playable", card=describe.card_name(card, self.t))
            self.render()
            return
        picker = Picker(plays, uno=self.uno_armed)
        chosen = picker.result()
        if chosen is not None:
            self.act(chosen)
        else:
            self.picker, self.notice = picker, ""
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
        legal = session.legal()
        if SAY_UNO in legal:
            self.act(SAY_UNO)
        elif can_say_uno_with_play(legal):
            self.uno_armed = not self.uno_armed
            if self.picker is not None:
                self.picker.uno = self.uno_armed
            self.render()

    def show_hint(self) -> None:
        if self.session is not None:
            self.spawn(self._hint(self.session))

    async def _hint(self, session: Session) -> None:
        """Ask the engine worker for the best level's move in the shown seat's place (here if it cannot)."""
        request = session.hint_request()
        if request is None:
            return
        moment = session.moment
        try:
            answer = await self.ask(request)
            hint = parse_action(answer) if isinstance(answer, str) else None
        except BrainUnavailable:
            hint = session.hint()
        if self.alive and self.session is session and session.moment == moment:
            self.hint, self.notice = hint, ""
            self.render()

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.picker, self.uno_armed, self.revealed, self.hint = None, False, None, None
            self.notice = self.t("play.table.undone")
            self.upto = self.session.history_end()
            store.save(self.session)
            self.render()
            self.kick()

    def confirm_handoff(self) -> None:
        if self.session is not None:
            self.session.confirm_handoff()
            self.upto = self.session.history_end()
            self.turn_of = None  # their turn begins now, for them
            self.render(focus="hand")
            self.kick()

    def confirm_reveal(self) -> None:
        if self.session is not None:
            self.session.confirm_reveal()
            self.render()
            self.kick()

    def toggle_sound(self) -> None:
        store.save_sound(store.sound() == "off")
        self.render()

    def next_round(self) -> None:
        if self.session is not None:
            self.session.ack_round_end()
            self.revealed = None
            store.save(self.session)
            self.render()
            self.kick()

    def new_match(self) -> None:
        if self.session is not None:
            session = Session.new(self.session.config, random.randrange(1, 1 << 31))
            store.keep(session)
            self.load(session)

    def export(self) -> tuple[str, str] | None:
        """The game log to download: (file name, JSON text), or None without a game."""
        if self.session is None:
            return None
        return f"uno-game-{self.session.game.seed}.json", self.session.dumps()

    def import_text(self, text: str) -> None:
        """A game log chosen to load (a game export or a backup file); a bad one changes nothing."""
        try:
            session = Session.loads(game_of(text))
        except ValueError:
            self.notice = self.t("play.error.import")
            self.render()
            return
        store.keep(session)
        self.load(session)
        self.notice = self.t("play.table.imported")
        self.render()

    # ----- drawing -----------------------------------------------------------------------------------

    def screen(self) -> TableScreen:
        """What the page shows now: the session and what this controller holds on screen."""
        session = self.session
        texts = self.texts()
        if session is None:
            return table_screen(None, texts)
        step = session.next_step() if not self.running else None
        return table_screen(
            session,
            texts,
            busy=self.running or (step is not None and step.kind != "idle"),
            thinking=self.thinking,
            notice=self.notice,
            hint=self.hint,
            revealed=self.revealed,
            picker=self.picker,
            window_ms=self.window_ms,
            uno_armed=self.uno_armed,
            sound=store.sound() != "off",
            sound_asked=store.sound() is not None,
        )

    def render(self, focus: str = "") -> None:
        if not self.alive:
            return
        screen = self.screen()
        self.shown_page = "" if screen.page == "none" else screen.page
        events = self.fresh()
        lines = self.lines(events)
        moved = self.turn_moved(screen.page)
        made = cues(events, screen.view.seat if screen.view is not None else None, moved) if events or moved else []
        self.show(Frame(pages.render(screen), " ".join(lines[-3:]), focus, tuple(made), screen.sound, screen.motion))

    def fresh(self) -> list[ev.Event]:
        """The events (as the shown seat sees them) since the last drawing, up to the end of a round on show."""
        session = self.session
        if session is None:
            return []
        end = session.history_end()
        self.upto = min(self.upto, end)
        events = session.history(self.upto) if self.upto < end else []
        self.upto = end
        return events

    def lines(self, events: list[ev.Event]) -> list[str]:
        """The log lines of `events` in words (what screen readers are told)."""
        session = self.session
        if session is None:
            return []
        items = [item for event in events for item in describe.event_lines(event, session.names, session.game.sides)]
        return [describe.render(item, self.t, session.shown) for item in items]  # one's own moves: 'You play…'

    def turn_moved(self, page: str) -> int | None:
        """The seat whose turn began since the last drawing of the table (None: no change)."""
        session = self.session
        if session is None or page != "table":
            return None
        current = session.game.current
        if current == self.turn_of:
            return None
        self.turn_of = current
        return current
