"""The table (`#/play/table`): renders the shown seat's view and sends its actions; bots move on a timer.

Every choice offered comes from `Session.legal()` (the engine's legal actions); the screen
holds no rule. The game is saved after every action (`store.save`), so a reload resumes it.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pyscript import document, window

from app.browser import download, spawn
from app.dom import Listeners, h
from app.play import describe, store
from app.play.brain_client import BrainUnavailable, brain
from app.play.panels import handoff_panel, match_panel, round_panel
from app.play.picker import COLOUR, COUNT, SWAP, Picker, can_say_uno_with_play, playable_cards, plays_of
from app.play.session import Session, choice_data
from app.play.view import card_back, card_face, card_name, cards_row, colour_badge, colour_button, t, text_of
from app.storage.backup import game_of
from app.storage.browser import saves
from uno_core import (
    CHALLENGE,
    DRAW,
    KEEP,
    SAY_UNO,
    Action,
    Card,
    Catch,
    ChooseColour,
    Colour,
    IllegalActionError,
    Phase,
    Play,
    SeatView,
    UnoError,
    parse_action,
)
from uno_core import events as ev

LOG_LINES = 40
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
            self.notice = t("play.table.not_playable", card=card_name(card))
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

    def render(self) -> None:
        if not self.alive or self.body is None:
            return
        focused = document.activeElement
        focus_key = str(focused.getAttribute("data-focus") or "") if focused and focused.getAttribute \
            else ""
        session = self.session
        self.body.replaceChildren()
        if session is None:
            self.body.append(
                h("h1", t("play.table.title")),
                h("p", t("play.table.no_game")),
                h("a", t("play.table.to_setup"), cls="button primary", attrs={"href": "#/play"}),
            )
            return
        step = session.next_step() if not self.running else None
        self.body.dataset.phase = session.game.phase.value
        self.body.dataset.position = str(session.position)
        if session.game.is_over and session.pending_round is None:
            self.body.append(self.top_bar(session), match_panel(session))
            self.body.dataset.screen = "match-end"
        elif session.pending_round is not None:
            self.body.append(self.top_bar(session), round_panel(session))
            self.body.dataset.screen = "round-end"
        elif session.handoff is not None:
            self.body.append(self.top_bar(session), handoff_panel(session))
            self.body.dataset.screen = "handoff"
        else:
            self.draw_table(session)
            self.body.dataset.screen = "table"
        self.body.dataset.busy = "1" if self.running or (step is not None and step.kind != "idle") else "0"
        self.body.dataset.thinking = "1" if self.thinking else "0"
        self.body.append(self.log_section(session))
        self.announce(session)
        if focus_key:
            again = self.body.querySelector(f'[data-focus="{focus_key}"]')
            if not again and focus_key.startswith("card:"):
                again = self.body.querySelector('.hand .card[tabindex="0"]')
            if again:
                again.focus()

    def top_bar(self, session: Session) -> Any:
        menu = h("details", h("summary", t("play.menu.title"), attrs={"data-focus": "menu"}), cls="table-menu")
        file_input = h("input", attrs={"type": "file", "accept": "application/json,.json", "id": "play-import",
                                       "class": "file-input", "data-act": "import"})
        menu.append(h(
            "div",
            button(t("play.menu.export"), "export"),
            h("label", t("play.menu.import"), file_input, cls="button file-label"),
            h("a", t("play.menu.setup"), cls="button", attrs={"href": "#/play"}),
            cls="menu-items",
        ))
        return h(
            "div",
            h("h1", t("play.table.title"), cls="sr-only"),
            h("a", t("play.table.back"), cls="back-link", attrs={"href": "#/play"}),
            h("a", t("play.howto"), cls="howto-link", attrs={"href": "#/howto"}),
            menu,
            cls="table-bar",
        )

    def draw_table(self, session: Session) -> None:
        me = session.view()
        legal = session.legal()
        body = self.body
        body.append(self.top_bar(session), self.seats(session, me))
        body.append(self.centre(session, me, legal))
        body.append(h("p", self.status_text(session, me), cls="status", attrs={"id": "play-status"}))
        if self.notice:
            body.append(h("p", self.notice, cls="notice", attrs={"role": "alert"}))
        if self.hint is not None:
            body.append(h("p", t("play.hint.text", action=text_of(describe.action_line(self.hint, session.names))),
                          cls="hint-line", attrs={"data-hint": str(self.hint)}))
        if self.revealed is not None:
            name, cards = self.revealed
            body.append(h("section", h("h2", t("play.revealed.title", name=name)), cards_row(cards),
                          cls="revealed", attrs={"data-panel": "revealed"}))
        for part in (self.reactions(session, legal), self.chooser(session, me, legal)):
            if part is not None:
                body.append(part)
        body.append(self.actions(session, me, legal))
        if me.seat is not None:
            body.append(self.hand(me, legal))

    def seats(self, session: Session, me: SeatView) -> Any:
        game = session.game
        row = h("ol", cls="seats", attrs={"aria-label": t("play.table.players")})
        for seat in range(game.n):
            size = me.hand_sizes[seat]
            kind = (t(f"play.level.{session.config.seats[seat].level}") if session.is_bot(seat)
                    else t("play.seat.human"))
            tags = [kind]
            if game.rules.teams:
                tags.append(t("play.seat.team", team=chr(ord("A") + game.sides[seat])))
            if seat == me.dealer:
                tags.append(t("play.seat.dealer"))
            points = game.totals[game.sides[seat]]
            parts = [
                h("span", game.names[seat], cls="seat-name"),
                h("span", " · ".join(tags), cls="seat-tags"),
                h("span", h("span", card_back("mini"), h("span", str(size)), cls="seat-count"),
                  h("span", t("play.points", points=points), cls="seat-score"), cls="seat-line"),
            ]
            if me.said_uno[seat] and size == 1:
                parts.append(h("span", "UNO!", cls="seat-uno"))
            cls = "seat" + (" current" if seat == me.current else "") + (" me" if seat == me.seat else "")
            label = t("play.seat.label", name=game.names[seat], kind=", ".join(tags), count=size, points=points)
            if seat == me.current:
                label += ". " + t("play.seat.their_turn")
            row.append(h("li", h("span", *parts, cls="seat-inner", attrs={"aria-hidden": "true"}),
                          h("span", label, cls="sr-only"), cls=cls, attrs={"data-seat": str(seat)}))
        return row

    def centre(self, session: Session, me: SeatView, legal: list[Action]) -> Any:
        draw_label = t("play.action.take", count=me.pending_draw) if me.phase is Phase.STACK else t("play.action.draw")
        pile_text = t("play.table.pile", count=me.draw_pile_size)
        pile = h("button", h("span", draw_label + ": ", cls="sr-only"), card_back("pile-card"),
                 h("span", pile_text, cls="pile-count"), cls="pile",
                 attrs={"type": "button", "data-act": "action", "data-arg": "draw", "data-focus": "pile"})
        pile.disabled = DRAW not in legal
        top_key = (len(session.game.discard), me.top.code)
        fresh = self.last_top is not None and self.last_top != top_key
        self.last_top = top_key
        top = card_face(me.top, "div", "top-card" + (" just-played" if fresh else ""),
                        label=t("play.table.top", card=card_name(me.top)))
        arrow = "↻" if me.direction > 0 else "↺"
        direction = t("play.table.clockwise") if me.direction > 0 else t("play.table.counter")
        info = h("div", h("span", t("play.table.round", round=me.round_no), cls="round-label"),
                 colour_badge(me.active_colour),
                 h("span", h("span", arrow, cls="dir-arrow", attrs={"aria-hidden": "true"}), direction,
                   cls="direction"),
                 cls="table-info")
        if me.pending_draw:
            info.append(h("span", t("play.table.pending", count=me.pending_draw), cls="pending"))
        return h("div", pile, h("div", top, cls="discard"), info, cls="centre")

    def status_text(self, session: Session, me: SeatView) -> str:
        names = session.names
        if me.seat is None or me.seat != me.current:
            key = "play.status.other"
            if session.is_bot(me.current):
                key = "play.status.thinking" if self.thinking else "play.status.bot"
            return t(key, name=names[me.current])
        phase = me.phase
        if phase is Phase.FIRST_COLOUR:
            return t("play.status.first_colour")
        if phase is Phase.DRAWN and me.drawn is not None:
            return t("play.status.drawn", card=card_name(me.drawn))
        if phase is Phase.STACK:
            return t("play.status.stack", count=me.pending_draw)
        if phase is Phase.CHALLENGE:
            by = names[me.wd4_by] if me.wd4_by is not None else ""
            return t("play.status.challenge", name=by, count=me.pending_draw)
        return t("play.status.turn")

    def reactions(self, session: Session, legal: list[Action]) -> Any:
        buttons = [button(t("play.action.catch", name=session.names[a.seat]), "action", str(a), "catch")
                   for a in legal if isinstance(a, Catch)]
        jumps = [a for a in legal if isinstance(a, Play) and a.jump and not a.uno]
        if jumps:
            buttons.append(button(t("play.action.jump", card=card_name(jumps[0].card)), "card", jumps[0].card.code,
                                  "jump"))
        if not buttons:
            return None
        box = h("div", *buttons, cls="reactions", attrs={"role": "group", "aria-label": t("play.table.quick")})
        if self.window_ms:
            bar = h("span", cls="window-bar", attrs={"aria-hidden": "true"})
            bar.style.animationDuration = f"{self.window_ms}ms"
            box.append(bar)
        return box

    def chooser(self, session: Session, me: SeatView, legal: list[Action]) -> Any:
        """Questions of the picker (count, colour, swap target); the first card's colour (R-FIRST-2)."""
        if me.phase is Phase.FIRST_COLOUR and me.seat == me.current:
            colours = [a.colour for a in legal if isinstance(a, ChooseColour)]
            return h("div", h("p", t("play.choose.first_colour"), cls="chooser-title", attrs={"id": "chooser-title"}),
                     h("div", *[colour_button(c, "action") for c in colours], cls="chooser-options"),
                     cls="chooser", attrs={"data-chooser": "first", "role": "group",
                                           "aria-labelledby": "chooser-title"})
        picker = self.picker
        question = picker.question() if picker is not None else None
        if picker is None or question is None:
            return None
        kind, options = question
        card = picker.candidates[0].card
        if kind == COLOUR:
            title = t("play.choose.colour", card=card_name(card))
            buttons = [colour_button(c, "colour") for c in options if isinstance(c, Colour)]
        elif kind == COUNT:
            title = t("play.choose.count", card=card_name(card))
            buttons = [button(t("play.choose.one") if n == 1 else t("play.choose.two"), "count", str(n))
                       for n in options]
        else:
            title = t("play.choose.swap", card=card_name(card))
            buttons = [button(t("play.choose.swap_with", name=session.names[s], count=me.hand_sizes[s]), "swap",
                              str(s)) for s in options if isinstance(s, int)]
        buttons.append(button(t("play.choose.cancel"), "cancel", "", "subtle"))
        return h("div", h("p", title, cls="chooser-title", attrs={"id": "chooser-title"}),
                 h("div", *buttons, cls="chooser-options"), cls="chooser",
                 attrs={"data-chooser": kind, "role": "group", "aria-labelledby": "chooser-title"})

    def actions(self, session: Session, me: SeatView, legal: list[Action]) -> Any:
        bar = h("div", cls="actions", attrs={"role": "group", "aria-label": t("play.table.actions")})
        if me.phase is Phase.CHALLENGE and CHALLENGE in legal:
            bar.append(button(t("play.action.challenge"), "action", "challenge", "primary"))
            bar.append(button(t("play.action.accept", count=me.pending_draw), "action", "accept"))
        elif me.phase is Phase.DRAWN and KEEP in legal:
            bar.append(button(t("play.action.keep"), "action", "keep", "primary", key="keep"))
        else:
            label = t("play.action.take", count=me.pending_draw) if me.phase is Phase.STACK else t("play.action.draw")
            bar.append(button(label, "action", "draw", enabled=DRAW in legal, key="draw"))
        say = SAY_UNO in legal
        cls = "uno" + (" armed" if self.uno_armed else "") + (" urgent" if say else "")
        uno = button("UNO!", "uno", "", cls, enabled=say or can_say_uno_with_play(legal), key="uno")
        uno.setAttribute("aria-pressed", "true" if self.uno_armed else "false")
        uno.setAttribute("title", t("play.action.uno_label"))
        bar.append(uno)
        bar.append(button(t("play.action.hint"), "hint", "", "subtle", enabled=bool(legal), key="hint"))
        if session.config.undo_allowed:
            bar.append(button(t("play.action.undo"), "undo", "", "subtle", enabled=session.undo_target() is not None))
        return bar

    def hand(self, me: SeatView, legal: list[Action]) -> Any:
        playable = playable_cards(legal)
        hinted = self.hint.card if isinstance(self.hint, Play) else None
        count = len(me.hand)
        hand = h("div", cls="hand", attrs={"role": "group", "aria-label": t("play.table.hand", count=count),
                                           "data-count": str(count)})
        first = next((i for i, c in enumerate(me.hand) if c in playable), 0)
        for index, card in enumerate(me.hand):
            ok = card in playable
            classes = ("playable" if ok else "dimmed") + (" drawn" if me.drawn is card else "")
            classes += " hinted" if hinted is card else ""
            label = card_name(card) + ("" if ok else ". " + t("play.table.cannot_play"))
            element = card_face(card, "button", classes, label, attrs={
                "type": "button", "data-focus": f"card:{index}", "data-act": "card",
                "data-arg": card.code, "tabindex": "0" if index == first else "-1"})
            if not ok:
                element.setAttribute("aria-disabled", "true")
            hand.append(element)
        return hand

    def log_section(self, session: Session) -> Any:
        game = session.game
        start = max(0, len(game.history) - LOG_LINES)
        items = []
        for event in session.history(start):
            for item in describe.event_lines(event, game.names, game.sides):
                items.append(h("li", text_of(item), attrs={"data-key": item.key}))
        items.reverse()
        return h("details", h("summary", t("play.log.title")), h("ol", *items[:LOG_LINES], cls="log-lines",
                                                        attrs={"tabindex": "0", "aria-label": t("play.log.title")}),
                 cls="log", attrs={"open": ""})

    def announce(self, session: Session) -> None:
        """Read the new lines of the log to screen readers (at most the last three at once)."""
        history = session.game.history
        if self.announced > len(history):
            self.announced = len(history)
        if self.announced == len(history):
            return
        lines: list[str] = []
        for event in session.history(self.announced):
            lines.extend(text_of(item) for item in describe.event_lines(event, session.names, session.game.sides))
        self.announced = len(history)
        if lines:
            self.live.textContent = " ".join(lines[-3:])


def button(label: str, act: str, arg: str = "", cls: str = "", enabled: bool = True, key: str = "") -> Any:
    """A button for the delegated click handler: `data-act` says what it does, `data-arg` with what."""
    attrs = {"type": "button", "data-act": act, "data-arg": arg, "data-focus": f"{act}:{arg}"}
    if key:
        attrs["data-key"] = key
        attrs["aria-keyshortcuts"] = key[0].upper()
    element = h("button", label, cls=f"button {cls}".strip(), attrs=attrs)
    element.disabled = not enabled
    return element
