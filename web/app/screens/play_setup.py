"""The set-up screen (`#/play`): seats, rules (presets + every engine option), pace; remembered.

"Start" works at once with the defaults (you and three basic bots, official rules); every
change is saved to localStorage as the next game's set-up.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from pyscript import document, window

from app.dom import Listeners, h
from app.i18n import t
from app.play import store
from app.play.brain_client import brain
from app.play.config import (
    BOT_NAMES,
    MAX_SEATS,
    MIN_SEATS,
    SPEEDS,
    ConfigError,
    PlayConfig,
    RuleOption,
    SeatConfig,
    available_levels,
    parse_number,
    rule_options,
)
from app.play.session import Session
from uno_core import PRESETS, RulesError


def default_config() -> PlayConfig:
    config = PlayConfig()
    seats = (dataclasses.replace(config.seats[0], name=t("play.default_name", n=1)), *config.seats[1:])
    return config.with_seats(seats)


class PlaySetup:
    static_id: str | None = None

    def __init__(self) -> None:
        self.config = store.load_setup() or default_config()
        self.body: Any = None
        self.error = ""
        self.listeners = Listeners()

    def mount(self, root: Any) -> None:
        self.body = h("div", cls="play-setup", attrs={"id": "play-setup"})
        root.append(self.body)
        self.listeners.add(self.body, "click", self.on_click)
        self.listeners.add(self.body, "change", self.on_change)
        brain().start()  # the engine worker boots while the table is set up
        self.render()

    def unmount(self) -> None:
        self.listeners.clear()

    def relabel(self) -> None:
        self.render()

    # ----- changes ---------------------------------------------------------------------------------

    def update(self, config: PlayConfig, redraw: bool = True) -> None:
        self.config, self.error = config, ""
        store.save_setup(config)
        if redraw:
            self.render()

    def on_change(self, event: Any) -> None:
        target = event.target
        field = str(target.getAttribute("data-field") or "")
        if not field:
            return
        name, _, arg = field.partition(":")
        value = str(target.value)
        config = self.config
        seats = list(config.seats)
        try:
            if name == "seat-name":
                index = int(arg)
                seats[index] = dataclasses.replace(seats[index], name=value.strip()[:24])
                self.update(config.with_seats(tuple(seats)), redraw=False)
            elif name == "seat-kind":
                index = int(arg)
                seats[index] = dataclasses.replace(seats[index], kind=value)
                self.update(config.with_seats(tuple(seats)))
            elif name == "seat-level":
                index = int(arg)
                seats[index] = dataclasses.replace(seats[index], level=value)
                self.update(config.with_seats(tuple(seats)))
            elif name == "preset":
                self.update(config.with_preset(value))
            elif name == "rule":
                self.update(config.with_rule(arg, self.rule_value(arg, target)))
            elif name == "speed":
                self.update(dataclasses.replace(config, speed=value), redraw=False)
            elif name == "undo":
                self.update(dataclasses.replace(config, undo=bool(target.checked)))
        except (ConfigError, RulesError, ValueError) as error:
            self.error = t(error.key) if isinstance(error, ConfigError) else t("play.error.rules")
            self.render()

    def rule_value(self, name: str, target: Any) -> Any:
        option = next(o for o in rule_options() if o.name == name)
        if option.kind == "bool":
            return bool(target.checked)
        if option.kind == "number":
            return parse_number(str(target.value), option)
        value = str(target.value)
        return next(choice for choice in option.choices if str(choice) == value)

    def on_click(self, event: Any) -> None:
        element = event.target.closest("[data-act]") if event.target.closest else None
        if not element:
            return
        act, arg = str(element.getAttribute("data-act")), str(element.getAttribute("data-arg") or "")
        seats = list(self.config.seats)
        if act == "add-seat" and len(seats) < MAX_SEATS:
            used = {s.name for s in seats}
            name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(seats) + 1}")
            seats.append(SeatConfig("bot", name, "basic"))
            self.update(self.config.with_seats(tuple(seats)))
            self.focus('[data-act="add-seat"]')
        elif act == "remove-seat" and len(seats) > MIN_SEATS:
            del seats[int(arg)]
            self.update(self.config.with_seats(tuple(seats)))
            self.focus('[data-act="add-seat"]')
        elif act == "start":
            self.start()

    def start(self) -> None:
        try:
            session = Session.new(self.config, random.randrange(1, 1 << 31))
        except ConfigError as error:
            self.error = t(error.key)
            self.render()
            self.focus(".setup-error")
            return
        store.save_setup(self.config)
        store.keep(session)
        window.location.hash = "#/play/table"

    def focus(self, selector: str) -> None:
        element = self.body.querySelector(selector)
        if element:
            element.focus()

    # ----- drawing -----------------------------------------------------------------------------------

    def render(self) -> None:
        if self.body is None:
            return
        focused = document.activeElement
        keep = str(focused.getAttribute("data-field") or "") if focused else ""
        config = self.config
        body = self.body
        body.replaceChildren()
        body.append(h("div", h("a", t("screen.back"), cls="back-link", attrs={"href": "#/"}),
                      h("a", t("play.howto"), cls="howto-link", attrs={"href": "#/howto"}), cls="screen-head"))
        body.append(h("h1", t("play.setup.title")))
        if store.has_game():
            body.append(h("p", h("a", t("play.resume"), cls="button resume", attrs={"href": "#/play/table",
                                                                                   "data-act": "resume"}),
                          cls="resume-row"))
        body.append(h("p", self.summary(), cls="lead setup-summary"))
        body.append(self.start_button("start-top"))
        if self.error:
            body.append(h("p", self.error, cls="setup-error notice", attrs={"role": "alert", "tabindex": "-1"}))
        body.append(self.seat_section(config), self.rules_section(config), self.table_section(config))
        body.append(self.start_button("start-bottom"))
        if keep:
            again = body.querySelector(f'[data-field="{keep}"]')
            if again:
                again.focus()

    def start_button(self, ident: str) -> Any:
        return h("button", t("play.setup.start"), cls="button primary big", attrs={"type": "button",
                                                                                  "data-act": "start", "id": ident})

    def summary(self) -> str:
        config = self.config
        bots = sum(s.is_bot for s in config.seats)
        people = len(config.seats) - bots
        rules = dict(config.rules)
        length = (t("play.setup.single_round") if rules["scoring"] == "single_round"
                  else t("play.setup.to_target", target=rules["target"]))
        return t("play.setup.summary", people=people, bots=bots, preset=t(f"play.preset.{config.preset}"),
                 length=length)

    def seat_section(self, config: PlayConfig) -> Any:
        levels = available_levels()
        rows = h("ol", cls="seat-list")
        for index, seat in enumerate(config.seats):
            number = index + 1
            name = h("input", attrs={"type": "text", "value": seat.name, "maxlength": "24", "autocomplete": "off",
                                     "data-field": f"seat-name:{index}", "id": f"seat-name-{index}",
                                     "class": "seat-name-input"})
            kind = select(f"seat-kind:{index}", [("human", t("play.seat.human")), ("bot", t("play.seat.bot"))],
                          seat.kind, t("play.setup.kind_label", n=number), cls="kind")
            row = h("li", h("span", str(number), cls="seat-number", attrs={"aria-hidden": "true"}),
                    h("label", t("play.setup.name_label", n=number), cls="sr-only",
                      attrs={"for": f"seat-name-{index}"}),
                    name, kind, cls="seat-row")
            if seat.is_bot:
                row.append(select(f"seat-level:{index}", [(lv, t(f"play.level.{lv}")) for lv in levels], seat.level,
                                  t("play.setup.level_label", n=number), cls="level"))
            if len(config.seats) > MIN_SEATS:
                row.append(h("button", "✕", cls="button remove", attrs={
                    "type": "button", "data-act": "remove-seat", "data-arg": str(index),
                    "aria-label": t("play.setup.remove", name=seat.name or str(number))}))
            rows.append(row)
        add = h("button", t("play.setup.add"), cls="button", attrs={"type": "button", "data-act": "add-seat"})
        add.disabled = len(config.seats) >= MAX_SEATS
        return h("section", h("h2", t("play.setup.players")), h("p", t("play.setup.players_help"), cls="help"),
                 rows, add, cls="setup-section")

    def rules_section(self, config: PlayConfig) -> Any:
        names = [*PRESETS, "custom"] if config.preset == "custom" else list(PRESETS)
        preset = select("preset", [(n, t(f"play.preset.{n}")) for n in names], config.preset, t("play.setup.preset"),
                        visible_label=True)
        parts = [h("h2", t("play.setup.rules")), preset,
                 h("p", t(f"play.preset.{config.preset}.help"), cls="help preset-help")]
        rules = dict(config.rules)
        options = h("ul", cls="rule-list")
        for option in rule_options():
            options.append(h("li", rule_control(option, rules[option.name]), cls=f"rule rule-{option.kind}"))
        parts.append(options)
        return h("section", *parts, cls="setup-section")

    def table_section(self, config: PlayConfig) -> Any:
        speed = select("speed", [(s, t(f"play.speed.{s}")) for s in SPEEDS], config.speed, t("play.setup.speed"),
                       visible_label=True)
        official = config.preset == "official"
        undo = h("input", attrs={"type": "checkbox", "id": "opt-undo", "data-field": "undo"})
        undo.checked = config.undo and not official
        undo.disabled = official
        note = t("play.setup.undo_official") if official else t("play.setup.undo_help")
        return h("section", h("h2", t("play.setup.table")), speed,
                 h("div", h("div", undo, h("label", t("play.setup.undo"), attrs={"for": "opt-undo"}), cls="check"),
                   h("p", note, cls="help"), cls="option"),
                 cls="setup-section")


def select(
    field: str, choices: list[tuple[str, str]], value: str, label: str, visible_label: bool = False, cls: str = ""
) -> Any:
    ident = "f-" + field.replace(":", "-")
    element = h("select", attrs={"data-field": field, "id": ident})
    for key, text in choices:
        option = h("option", text, attrs={"value": key})
        if key == value:
            option.selected = True
        element.append(option)
    label_el = h("label", label, attrs={"for": ident}, cls="" if visible_label else "sr-only")
    return h("div", label_el, element, cls=f"field {cls}".strip())


def rule_control(option: RuleOption, value: Any) -> Any:
    name = option.name
    ident = f"rule-{name}"
    label = h("label", t(f"play.rule.{name}"), attrs={"for": ident})
    help_text = h("p", t(f"play.rule.{name}.help"), cls="help", attrs={"id": f"{ident}-help"})
    attrs = {"id": ident, "data-field": f"rule:{name}", "aria-describedby": f"{ident}-help"}
    if option.kind == "bool":
        box = h("input", attrs={"type": "checkbox", **attrs})
        box.checked = bool(value)
        return h("div", h("div", box, label, cls="check"), help_text, cls="option")
    if option.kind == "number":
        field = h("input", attrs={"type": "number", "inputmode": "numeric", "min": str(option.low),
                                  "max": str(option.high), "value": str(value), **attrs})
        return h("div", label, field, help_text, cls="option")
    field = h("select", attrs=attrs)
    for choice in option.choices:
        item = h("option", t(f"play.rule.{name}.{choice}"), attrs={"value": str(choice)})
        if choice == value:
            item.selected = True
        field.append(item)
    return h("div", label, field, help_text, cls="option")
