"""The set-up page (`#/play`): `render(screen)` is the element tree of `#play-setup` for a `SetupScreen`
(pure: no DOM, no storage; tested on CPython in tests/web_play/test_setup.py).

Controls carry `data-act` (what changes), `data-arg` (which seat or rule) and `data-on` (the event
that sends it: `change` for fields, click otherwise), as the score keeper's pages do, so one delegated
listener serves every control. Their ids are stable (`f-preset`, `rule-<name>`, `seat-name-<i>`...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.tree import El, Phrase, el, phrase, sends
from uno_core import PRESETS

from .config import MAX_SEATS, MIN_SEATS, SPEEDS, TURN_TIMERS_S, PlayConfig, RuleOption, rule_options

ERROR_ID = "setup-error"  # the refusal's paragraph (focused when Start is refused)
ASK_ID = "start-ask-title"  # the question before a game in progress is replaced (focused when it shows)


@dataclass(frozen=True, slots=True)
class SetupScreen:
    """Everything the set-up page shows."""

    config: PlayConfig
    levels: tuple[str, ...]  # the bot levels offered, weakest first
    has_game: bool = False  # a game is in progress: offer "Resume"
    error: str = ""  # catalogue key of the last refusal, "" for none
    asking: bool = False  # Start was tapped with a game in progress: ask before replacing it
    typed: Mapping[str, str] = field(default_factory=dict)  # rules' numbers typed and refused, as typed


def render(screen: SetupScreen) -> El:
    """`<div id="play-setup">`: the way back, the summary, seats, rules, table options, Start twice."""
    config = screen.config
    return el(
        "div",
        el(
            "div",
            el("a", key="screen.back", cls="back-link", href="#/"),
            el("a", key="play.howto", cls="howto-link", href="#/howto"),
            cls="screen-head",
        ),
        el("h1", key="play.setup.title"),
        el(
            "p",
            el("a", key="play.resume", cls="button resume", href="#/play/table", does=sends("setup.resume")),
            cls="resume-row",
        )
        if screen.has_game
        else None,
        el("p", key=summary(config), cls="lead setup-summary"),
        ask_panel() if screen.asking else start_button("start-top"),
        error_line(screen.error),
        seat_section(config, screen.levels),
        rules_section(config, screen.typed),
        table_section(config),
        None if screen.asking else start_button("start-bottom"),
        cls="play-setup",
        id="play-setup",
    )


def error_line(error: str) -> El:
    """The last refusal; always there (hidden while there is none): appearing, it would move every control
    after it, which the page would then replace, the field typed in among them."""
    return el(
        "p",
        key=error,
        cls="setup-error notice",
        role="alert" if error else None,
        tabindex="-1",
        id=ERROR_ID,
        hidden=not error,
    )


def ask_panel() -> El:
    """Start with a game in progress: the question, in place of the Start buttons (shown at the top)."""
    return el(
        "div",
        el("h2", key="play.setup.ask_title", id=ASK_ID, tabindex="-1"),
        el("p", key="play.setup.ask_text"),
        el(
            "div",
            el("button", key="play.setup.ask_yes", cls="button primary", type="button", does=sends("setup.start-sure")),
            el("button", key="play.setup.ask_no", cls="button", type="button", does=sends("setup.start-keep")),
            cls="panel-actions",
        ),
        cls="panel start-ask",
        role="group",
        aria_labelledby=ASK_ID,
    )


def start_button(ident: str) -> El:
    return el(
        "button", key="play.setup.start", cls="button primary big", type="button", id=ident, does=sends("setup.start")
    )


def summary(config: PlayConfig) -> Phrase:
    bots = sum(s.is_bot for s in config.seats)
    rules = dict(config.rules)
    length = (
        phrase("play.setup.single_round")
        if rules["scoring"] == "single_round"
        else phrase("play.setup.to_target", target=rules["target"])
    )
    return phrase(
        "play.setup.summary",
        people=len(config.seats) - bots,
        bots=bots,
        preset=phrase(f"play.preset.{config.preset}"),
        length=length,
    )


def seat_section(config: PlayConfig, levels: tuple[str, ...]) -> El:
    rows = []
    for index, seat in enumerate(config.seats):
        number = index + 1
        name = el(
            "input",
            type="text",
            value=seat.name,
            maxlength="24",
            autocomplete="off",
            id=f"seat-name-{index}",
            cls="seat-name-input",
            data_on="change",
            does=sends("setup.seat-name", seat=index),
        )
        kind = select(
            f"f-seat-kind-{index}",
            sends("setup.seat-kind", seat=index),
            [
                ("human", phrase("play.seat.human")),
                ("bot", phrase("play.seat.bot")),
                ("phone", phrase("play.seat.phone")),
            ],
            seat.kind,
            phrase("play.setup.kind_label", n=number),
            cls="kind",
        )
        level = (
            select(
                f"f-seat-level-{index}",
                sends("setup.seat-level", seat=index),
                [(lv, phrase(f"play.level_short.{lv}")) for lv in levels],
                seat.level,
                phrase("play.setup.level_label", n=number),
                cls="level",
                described_by=f"seat-level-help-{index}",
            )
            if seat.is_bot
            else None
        )
        # what the chosen level plays like, weakest to strongest as the list goes
        level_help = (
            el("p", key=f"play.level.{seat.level}.help", cls="help level-help", id=f"seat-level-help-{index}")
            if seat.is_bot
            else None
        )
        remove = (
            el(
                "button",
                "✕",
                cls="button remove",
                type="button",
                does=sends("setup.remove-seat", seat=index),
                t_attrs={"aria-label": phrase("play.setup.remove", name=seat.name or str(number))},
            )
            if len(config.seats) > MIN_SEATS
            else None
        )
        rows.append(
            el(
                "li",
                el("span", str(number), cls="seat-number", aria_hidden="true"),
                el("label", key=phrase("play.setup.name_label", n=number), cls="sr-only", for_=f"seat-name-{index}"),
                name,
                kind,
                level,
                remove,
                level_help,
                cls="seat-row",
            )
        )
    add = el(
        "button",
        key="play.setup.add",
        cls="button",
        type="button",
        id="add-seat",
        does=sends("setup.add-seat"),
        disabled=len(config.seats) >= MAX_SEATS,
    )
    return el(
        "section",
        el("h2", key="play.setup.players"),
        el("p", key="play.setup.players_help", cls="help"),
        el("ol", *rows, cls="seat-list"),
        add,
        cls="setup-section",
    )


def rules_section(config: PlayConfig, typed: Mapping[str, str]) -> El:
    names = [*PRESETS, "custom"] if config.preset == "custom" else list(PRESETS)
    preset = select(
        "f-preset",
        sends("setup.preset"),
        [(n, phrase(f"play.preset.{n}")) for n in names],
        config.preset,
        phrase("play.setup.preset"),
        visible_label=True,
    )
    rules = dict(config.rules)
    options = [
        el("li", rule_control(option, rules[option.name], typed.get(option.name)), cls=f"rule rule-{option.kind}")
        for option in rule_options()
    ]
    return el(
        "section",
        el("h2", key="play.setup.rules"),
        preset,
        el("p", key=f"play.preset.{config.preset}.help", cls="help preset-help"),
        el("ul", *options, cls="rule-list"),
        cls="setup-section",
    )


def table_section(config: PlayConfig) -> El:
    speed = select(
        "f-speed",
        sends("setup.speed"),
        [(s, phrase(f"play.speed.{s}")) for s in SPEEDS],
        config.speed,
        phrase("play.setup.speed"),
        visible_label=True,
    )
    official = config.preset == "official"
    undo = el(
        "input",
        type="checkbox",
        id="opt-undo",
        data_on="change",
        checked=config.undo and not official,
        does=sends("setup.undo"),
        disabled=official,
    )
    note = phrase("play.setup.undo_official") if official else phrase("play.setup.undo_help")
    timer = select(
        "f-turn-timer",
        sends("setup.timer"),
        [
            (str(s), phrase("play.setup.timer_s", seconds=s) if s else phrase("play.setup.timer_off"))
            for s in TURN_TIMERS_S
        ],
        str(config.turn_timer),
        phrase("play.setup.timer"),
        visible_label=True,
        described_by="turn-timer-help",
    )
    return el(
        "section",
        el("h2", key="play.setup.table"),
        speed,
        timer,
        el("p", key="play.setup.timer_help", cls="help", id="turn-timer-help"),
        el(
            "div",
            el("div", undo, el("label", key="play.setup.undo", for_="opt-undo"), cls="check"),
            el("p", key=note, cls="help"),
            cls="option",
        ),
        cls="setup-section",
    )


def select(
    ident: str,
    does: Mapping[str, str],
    choices: list[tuple[str, Phrase]],
    value: str,
    label: Phrase,
    visible_label: bool = False,
    cls: str = "",
    described_by: str = "",
) -> El:
    options = [el("option", key=text, value=key, selected=key == value) for key, text in choices]
    field = el(
        "select",
        *options,
        id=ident,
        data_on="change",
        aria_describedby=described_by or None,
        does=does,
    )
    return el(
        "div",
        el("label", key=label, for_=ident, cls=None if visible_label else "sr-only"),
        field,
        cls=f"field {cls}".strip(),
    )


CHOICE_HELP = frozenset({"scoring", "wd4_rule"})
"""Rule options whose choices have short labels (they fit a 360 px select) and a help text each
(`play.rule.<name>.<choice>.help`) instead of one help text for the option."""


def rule_control(option: RuleOption, value: Any, typed: str | None = None) -> El:
    name = option.name
    ident = f"rule-{name}"
    label = el("label", key=f"play.rule.{name}", for_=ident)
    # a choice whose short label needs its own explanation has one, shown while it is chosen
    help_key = f"play.rule.{name}.{value}.help" if name in CHOICE_HELP else f"play.rule.{name}.help"
    help_text = el("p", key=phrase(help_key), cls="help", id=f"{ident}-help")

    common = (
        ("id", ident),
        ("data-act", "setup.rule"),
        ("data-rule", name),
        ("data-on", "change"),
        ("aria-describedby", f"{ident}-help"),
    )
    if option.kind == "bool":
        box = el("input", type="checkbox", checked=bool(value))
        return el("div", el("div", with_attrs(box, common), label, cls="check"), help_text, cls="option")
    if option.kind == "number":
        shown = str(value) if typed is None else typed  # a refused number stays as typed, next to why
        box = el("input", type="number", inputmode="numeric", min=str(option.low), max=str(option.high), value=shown)
        return el("div", label, with_attrs(box, common), help_text, cls="option")
    choices = [
        el("option", key=f"play.rule.{name}.{choice}", value=str(choice), selected=choice == value)
        for choice in option.choices
    ]
    return el("div", label, with_attrs(el("select", *choices), common), help_text, cls="option")


def with_attrs(node: El, attrs: tuple[tuple[str, str], ...]) -> El:
    """`node` with more attributes."""
    return dataclasses.replace(node, attrs=node.attrs + attrs)
