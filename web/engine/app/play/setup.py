"""The set-up's controller (pure): holds the set-up being edited and turns the page's intents
(`data-act`, `data-arg`, the control's value) into a new set-up. No DOM, no storage: the glue
(`app.screens.play_setup`) saves what `act` says to save and starts the game it asks for."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from shared.messages import SetupIntent
from uno_core import RulesError

from .config import (
    BOT_NAMES,
    KINDS,
    MAX_SEATS,
    MIN_SEATS,
    NAME_MAX,
    TURN_TIMERS_S,
    ConfigError,
    PlayConfig,
    SeatConfig,
    available_levels,
    parse_number,
    rule_options,
)
from .session import Session
from .setup_page import ASK_ID, SetupScreen


@dataclass(frozen=True, slots=True)
class SetupEffect:
    """What the glue does after an intent."""

    render: bool = False  # redraw the page
    save: bool = False  # remember the set-up as the next game's
    focus: str = ""  # id of the element to focus after drawing
    start: bool = False  # start a game with the set-up (`Setup.start`)


class Setup:
    """The set-up being edited and the last refusal (a catalogue key)."""

    def __init__(self, config: PlayConfig) -> None:
        self.config = config
        self.error = ""
        self.in_progress = False  # an unfinished game is kept (the glue tells): Start asks before replacing it
        self.asking = False  # "Start a new game? The current one will be lost" is shown
        self.typed: dict[str, str] = {}  # a rule's number typed and refused: shown as typed, next to why

    def screen(self, has_game: bool) -> SetupScreen:
        return SetupScreen(self.config, available_levels(), has_game, self.error, self.asking, dict(self.typed))

    def act(self, intent: SetupIntent) -> SetupEffect:
        """Apply one intent; a refused value leaves the set-up as it was and shows why."""
        try:
            return self._act(intent)
        except (ConfigError, RulesError, ValueError, IndexError, StopIteration) as error:
            self.error = error.key if isinstance(error, ConfigError) else "play.error.rules"
            return SetupEffect(render=True)

    def _act(self, intent: SetupIntent) -> SetupEffect:
        config = self.config
        seats = list(config.seats)
        act = intent["act"]
        if act == "setup.start" and self.in_progress and not self.asking:
            self.asking = True
            return SetupEffect(render=True, save=True, focus=ASK_ID)
        if act in ("setup.start", "setup.start-sure"):
            self.asking = False
            return SetupEffect(start=True, save=True)
        if act == "setup.start-keep":
            self.asking = False
            return SetupEffect(render=True, focus="start-top")
        self.asking = False  # any change to the set-up answers "not now"
        if intent["act"] == "setup.add-seat":
            if len(seats) >= MAX_SEATS:
                return SetupEffect()
            used = {s.name for s in seats}
            name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(seats) + 1}")
            return self._update(config.with_seats((*seats, SeatConfig("bot", name, "basic"))), focus="add-seat")
        if intent["act"] == "setup.remove-seat":
            if len(seats) <= MIN_SEATS:
                return SetupEffect()
            del seats[intent["seat"]]
            return self._update(config.with_seats(tuple(seats)), focus="add-seat")
        if intent["act"] == "setup.seat-name":
            seat = seats[intent["seat"]]
            seats[intent["seat"]] = dataclasses.replace(seat, name=intent["value"].strip()[:NAME_MAX])
            return self._update(config.with_seats(tuple(seats)), redraw=False)
        if intent["act"] == "setup.seat-kind":
            if intent["value"] not in KINDS:
                return SetupEffect()
            seats[intent["seat"]] = dataclasses.replace(seats[intent["seat"]], kind=intent["value"])
            return self._update(config.with_seats(tuple(seats)))
        if intent["act"] == "setup.seat-level":
            seats[intent["seat"]] = dataclasses.replace(seats[intent["seat"]], level=intent["value"])
            return self._update(config.with_seats(tuple(seats)))
        if intent["act"] == "setup.preset":
            return self._update(config.with_preset(intent["value"]))
        if intent["act"] == "setup.rule":
            rule, value = intent["rule"], intent.get("value", "")
            try:
                chosen = self._rule_value(rule, value, intent.get("checked", False))
            except ConfigError:
                self.typed[rule] = value  # the field keeps it (the page shows what the set-up says it holds)
                raise
            return self._update(config.with_rule(rule, chosen))
        if intent["act"] == "setup.speed":
            return self._update(dataclasses.replace(config, speed=intent["value"]), redraw=False)
        if intent["act"] == "setup.undo":
            return self._update(dataclasses.replace(config, undo=intent["checked"]))
        if intent["act"] == "setup.timer":
            seconds = next((s for s in TURN_TIMERS_S if str(s) == intent["value"]), None)
            if seconds is None:
                raise ConfigError("play.error.config", intent["value"])
            return self._update(dataclasses.replace(config, turn_timer=seconds), redraw=False)
        return SetupEffect()

    def rename(self, old: str, new: str) -> bool:
        """Give the seats named ``old`` the name ``new`` (a default name in the language just chosen);
        whether any was."""
        seats = tuple(dataclasses.replace(s, name=new) if s.name == old else s for s in self.config.seats)
        if seats == self.config.seats:
            return False
        self.config = self.config.with_seats(seats)
        return True

    def _update(self, config: PlayConfig, redraw: bool = True, focus: str = "") -> SetupEffect:
        self.config, self.error, self.typed = config, "", {}
        # a redraw also clears a shown refusal; a quiet change (a name, the pace) keeps what is typed
        return SetupEffect(render=redraw, save=True, focus=focus)

    @staticmethod
    def _rule_value(name: str, value: str, checked: bool) -> object:
        option = next(o for o in rule_options() if o.name == name)
        if option.kind == "bool":
            return checked
        if option.kind == "number":
            return parse_number(value, option)
        return next(choice for choice in option.choices if str(choice) == value)

    def start(self, seed: int) -> Session | None:
        """A new game with the set-up, or None (and the refusal shown) when it cannot be played."""
        try:
            return Session.new(self.config, seed)
        except ConfigError as error:
            self.error = error.key
            return None
