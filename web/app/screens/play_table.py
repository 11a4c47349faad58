"""The table (`#/play/table`): renders the shown seat's view and sends its actions; bots move on a timer.

Every choice offered comes from `Session.legal()` (the engine's legal actions); the screen
holds no rule. The game is saved after every action (`store.save`), so a reload resumes it.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pyscript import document, window

from app import i18n
from app.browser import download, spawn
from app.dom import Listeners, build, h
from app.i18n import t
from app.play import describe, pages, store
from app.play.brain_client import BrainUnavailable, brain
from app.play.picker import COLOUR, COUNT, SWAP, Picker, can_say_uno_with_play, plays_of
from app.play.screen import TableScreen, Texts, page_of, table_screen
from app.play.session import Session, choice_data
from app.storage.backup import game_of
from app.storage.browser import saves
from uno_core import (
    SAY_UNO,
    Action,
    Card,
    Colour,
    IllegalActionError,
    UnoError,
    parse_action,
)
from uno_core import events as ev

_active: list[PlayTable] = []  # the mounted table, for the test hook


def active() -> PlayTable | None:
    return _active[0] if _active else None


class PlayTable:
    """The game screen. State lives in the `Session`; this object only holds what is on screen."""

    static_id: str | None = None

    def __init__(self) -> None:
        self.session: Session | None = None
        self.root: Any = None
        self.body: Any = None
        self.live: Any = None
        self.picker: Picker | None = None
        self.uno_armed = False
        self.revealed: tuple[str, tuple[Card, ...]] | None = None
        self.hint: Action | None = None
        self.notice = ""
        self.window_ms = 0
        self.running = False
        self.thinking = False  # the engine worker is deciding the bots' move
        self.decided_here = 0  # bot decisions searched on the page (the worker could not answer)
        self.dropped = 0  # bot decisions dropped because a person acted first
        self.alive = False
        self.announced = 0
        self.last_top: tuple[int, str] | None = None
        self.listeners = Listeners()
        self.task: Any = None
        self.task_import: Any = None
        self.unsubscribe: Any = lambda: None  # from the saves' news of other tabs

    # ----- screen protocol ---------------------------------------------------------------------

    def mount(self, root: Any) -> None:
        self.root, self.alive = root, True
        _active[:] = [self]
        self.live = h("div", cls="sr-only", attrs={"aria-live": "polite", "role": "status", "id": "play-live"})
        self.body = h("div", cls="play", attrs={"id": "play"})
        root.append(self.body, self.live)
        # one delegated listener per event (buttons carry `data-act` / `data-arg`): no proxy per button
        self.listeners.add(document, "keydown", self.on_key)
        self.listeners.add(self.body, "click", self.on_click)
        self.listeners.add(self.body, "change", self.on_change)
        self.unsubscribe = saves().subscribe(self.others_saved)
        brain().start()
        self.load(store.current())

    def unmount(self) -> None:
        self.alive = False
        self.unsubscribe()
        if _active and _active[0] is self:
            _active.clear()
        self.listeners.clear()

    def relabel(self) -> None:
        self.render()

    def others_saved(self, keys: frozenset[str]) -> None:
        """Another tab moved in this game: show its position (unless bots here are mid-move)."""
        if store.GAME_KEY in keys and not self.running:
            self.load(store.reload())

    def load(self, session: Session | None) -> None:
        """Show `session` (or the way to the set-up screen when there is no game)."""
        self.session = session
        self.picker, self.uno_armed, self.revealed, self.hint, self.notice = None, False, None, None, ""
        self.announced = len(session.game.history) if session else 0
        self.render()
        if session is not None:
            self.kick()

    # ----- the bots' clock ---------------------------------------------------------------------

    def kick(self) -> None:
        if not self.running and self.alive:
            self.running = True
            self.task = spawn(self.pump())

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
                    window.console.warn(f"uno: the engine worker's move was refused ({error}); deciding here")
                    self.decided_here += 1
                    session.bot_step()
                if session.moment != moment:
                    store.save(session)
                if step.ms:
                    self.render()
        except Exception as error:  # never leave the table frozen without a word
            window.console.error(f"uno: bot loop stopped: {error!r}")
            self.notice = t("play.error.bots")
            raise
        finally:
            self.running = False
            if self.alive:
                self.render()

    async def decide(self, session: Session) -> Any:
        """The bots' decision for the session's position (`choice_data` form): searched in the engine
        worker, or here if the worker cannot answer."""
        try:
            return await brain().ask(session.bot_request())
        except BrainUnavailable:
            self.decided_here += 1
            return choice_data(session.bot_choice())

    # ----- a person's actions -------------------------------------------------------------------

    def act(self, action: Action) -> None:
        session = self.session
        if session is None:
            return
        seat = session.shown
        try:
            events = session.apply(action)
        except IllegalActionError:
            self.notice = t("play.error.illegal")
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

    def tap_card(self, card: Card) -> None:
        session = self.session
        if session is None:
            return
        legal = session.legal()
        plays = plays_of(legal, card) or plays_of(legal, card, jump=True)
        if not plays:
            self.notice = t("play.table.not_playable", card=describe.card_name(card, t))
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
            spawn(self._hint(self.session))

    async def _hint(self, session: Session) -> None:
        """Ask the engine worker for the best level's move in the shown seat's place (here if it cannot)."""
        request = session.hint_request()
        if request is None:
            return
        moment = session.moment
        try:
            answer = await brain().ask(request)
            hint = parse_action(answer) if isinstance(answer, str) else None
        except BrainUnavailable:
            hint = session.hint()
        if self.alive and self.session is session and session.moment == moment:
            self.hint, self.notice = hint, ""
            self.render()

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.picker, self.uno_armed, self.revealed, self.hint = None, False, None, None
            self.notice = t("play.table.undone")
            self.announced = len(self.session.game.history)
            store.save(self.session)
            self.render()
            self.kick()

    def confirm_handoff(self) -> None:
        if self.session is not None:
            self.session.confirm_handoff()
            self.announced = len(self.session.game.history)
            self.render()
            self.kick()
            self.focus_hand()

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

    def export_log(self) -> None:
        if self.session is None:
            return
        download(f"uno-game-{self.session.game.seed}.json", self.session.dumps())

    async def import_log(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        text = str(await files.item(0).text())
        try:
            session = Session.loads(game_of(text))
        except ValueError:
            self.notice = t("play.error.import")
            self.render()
            return
        store.keep(session)
        self.load(session)
        self.notice = t("play.table.imported")
        self.render()

    # ----- events (delegated) -----------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        element = event.target.closest("[data-act]") if event.target.closest else None
        if not element or element.disabled or str(element.getAttribute("aria-disabled")) == "true":
            if element and element.getAttribute("data-act") == "card":
                self.tap_card(Card.parse(str(element.getAttribute("data-arg"))))  # explains why it cannot be played
            return
        act, arg = str(element.getAttribute("data-act")), str(element.getAttribute("data-arg") or "")
        handlers = {
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
            "next-round": self.next_round,
            "new-match": self.new_match,
            "export": self.export_log,
        }
        handler = handlers.get(act)
        if handler is not None:
            handler()

    def on_change(self, event: Any) -> None:
        if str(event.target.getAttribute("data-act") or "") == "import":
            self.task_import = spawn(self.import_log(event))

    def act_text(self, text: str) -> None:
        try:
            action = parse_action(text)
        except UnoError:
            return
        self.act(action)

    def cancel_pick(self) -> None:
        self.picker = None
        self.render()

    # ----- keyboard ------------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        if not self.alive or event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and target.closest and target.closest(".hand"):
            cards = list(self.body.querySelectorAll(".hand .card"))
            if not cards:
                return
            index = next((i for i, c in enumerate(cards) if c == target), 0)
            index = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(cards) - 1}[key]
            index = max(0, min(len(cards) - 1, index))
            for i, card in enumerate(cards):
                card.tabIndex = 0 if i == index else -1
            cards[index].focus()
            event.preventDefault()
            return
        shortcut = {"d": "draw", "u": "uno", "k": "keep", "h": "hint"}.get(key.lower())
        if shortcut:
            button = self.body.querySelector(f'[data-key="{shortcut}"]')
            if button and not button.disabled:
                button.click()
                event.preventDefault()

    def focus_hand(self) -> None:
        card = self.body.querySelector('.hand .card[tabindex="0"]') if self.body else None
        if card:
            card.focus()

    # ----- drawing the screen ---------------------------------------------------------------------

    def screen(self) -> TableScreen:
        """What the page shows now: the session and what this controller holds on screen."""
        session = self.session
        code, table = i18n.catalogue()
        texts = Texts(code, table)
        if session is None:
            return table_screen(None, texts)
        step = session.next_step() if not self.running else None
        just_played = False
        if page_of(session) == "table":
            top_key = (len(session.game.discard), session.game.top.code)
            just_played = self.last_top is not None and self.last_top != top_key
            self.last_top = top_key
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
            just_played=just_played,
        )

    def render(self) -> None:
        if not self.alive or self.body is None:
            return
        focused = document.activeElement
        focus_key = str(focused.getAttribute("data-focus") or "") if focused and focused.getAttribute \
            else ""
        screen = self.screen()
        tree = pages.render(screen)
        for name, value in tree.attrs:
            if name.startswith("data-"):
                self.body.setAttribute(name, value)
        self.body.replaceChildren(*(build(child) for child in tree.children))
        if screen.window_ms:  # the page's policy refuses `style` attributes: set the property
            bar = self.body.querySelector(".reactions .window-bar")
            if bar:
                bar.style.animationDuration = f"{screen.window_ms}ms"
        if self.session is None:
            return
        self.announce(self.session)
        if focus_key:
            again = self.body.querySelector(f'[data-focus="{focus_key}"]')
            if not again and focus_key.startswith("card:"):
                again = self.body.querySelector('.hand .card[tabindex="0"]')
            if again:
                again.focus()

    def announce(self, session: Session) -> None:
        """Read the new lines of the log to screen readers (at most the last three at once)."""
        history = session.game.history
        if self.announced > len(history):
            self.announced = len(history)
        if self.announced == len(history):
            return
        lines: list[str] = []
        for event in session.history(self.announced):
            items = describe.event_lines(event, session.names, session.game.sides)
            lines.extend(describe.render(item, t) for item in items)
        self.announced = len(history)
        if lines:
            self.live.textContent = " ".join(lines[-3:])

