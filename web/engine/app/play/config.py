"""The set-up of a game in play mode: seats, rules, pace. Plain data with a JSON form (remembered).

The rule controls are generated from `uno_core.Rules`: a new engine option shows up in the
set-up screen by itself (it only needs its `play.rule.<name>` texts in the catalogues).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from uno_core import PRESETS, Rules, RulesError
from uno_core.bots import LEVELS, BotError, make_bot
from uno_core.rules import MAX_PLAYERS, MIN_PLAYERS, TARGET_RANGE, UNO_PENALTY_RANGE, WILD_POINTS, teams_fit

KINDS = ("human", "bot", "phone")  # a person at this device, a bot, a person on a guest phone (issue 50)
MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS  # R-SEAT-1, defined in uno_core.rules
BOT_NAMES = ("Ana", "Ben", "Cai", "Dee", "Eli", "Fer", "Gus", "Hal", "Ivo", "Jun")
NAME_MAX = 24
# Milliseconds a bot waits before each move, and the humans' window to catch / jump in / say UNO.
SPEEDS: dict[str, tuple[int, int]] = {
    "slow": (1500, 3000),
    "normal": (850, 2200),
    "fast": (350, 1600),
    "instant": (0, 1200),
}
DEFAULT_SPEED = "normal"
BOT_OPTION_NAMES = ("forget_uno", "miss_catch", "react_rate", "iterations", "time_budget")
TURN_TIMERS_S = (0, 30, 60, 120)  # the turn timer's choices (0: off, the default)
GRACES_S = (30, 60, 120)  # the host's choices: a guest phone away this long has a bot play its seat (issue 50)
DEFAULT_GRACE_S = 60


class ConfigError(ValueError):
    """A set-up that cannot be played; `key` names the catalogue message for it."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(detail or key)
        self.key = key


def available_levels() -> tuple[str, ...]:
    """The bot levels this engine can build now (`LEVELS` order, weakest first)."""
    levels = []
    for level in LEVELS:
        try:
            make_bot(level, 0)
        except BotError:
            continue
        levels.append(level)
    return tuple(levels)


def best_level() -> str:
    return available_levels()[-1]


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat: a person at this device, a bot of some level (with optional bot tuning for tests), or a person
    on a guest phone (`kind` "phone": the table of phones, `app.play.phones`)."""

    kind: str = "human"
    name: str = ""
    level: str = "basic"
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_phone(self) -> bool:
        return self.kind == "phone"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name, "level": self.level}
        if self.options:
            data["options"] = dict(self.options)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        if not isinstance(data, dict):
            raise ConfigError("play.error.config", f"a seat must be an object, not {data!r}")
        kind = data.get("kind", "human")
        name = data.get("name", "")
        level = data.get("level", "basic")
        options = data.get("options", {}) or {}
        if kind not in KINDS or not all(isinstance(x, str) for x in (name, level)) or not isinstance(options, dict):
            raise ConfigError("play.error.config", f"bad seat {data!r}")
        unknown = set(options) - set(BOT_OPTION_NAMES)
        if unknown:
            raise ConfigError("play.error.config", f"unknown bot options {sorted(unknown)}")
        return cls(kind, name.strip()[:NAME_MAX], level, tuple(sorted(options.items())))


@dataclass(frozen=True, slots=True)
class AwayChoice:
    """The host's choice for a guest phone away (issue 50), made on its table page and saved with the game: a basic
    bot plays that seat once its phone has been away `grace_s` seconds (`bot`), or the table waits for it."""

    bot: bool = True
    grace_s: int = DEFAULT_GRACE_S

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "grace_s": self.grace_s}

    @classmethod
    def from_dict(cls, data: Any) -> AwayChoice:
        """Read a saved choice; ConfigError for anything but a flag and one of `GRACES_S`."""
        if not isinstance(data, dict) or set(data) - {"bot", "grace_s"}:
            raise ConfigError("play.error.config", f"bad choice for a phone away {data!r}")
        bot, grace = data.get("bot", True), data.get("grace_s", DEFAULT_GRACE_S)
        if type(bot) is not bool or type(grace) is not int or grace not in GRACES_S:
            raise ConfigError("play.error.config", f"bad choice for a phone away {data!r}")
        return cls(bot, grace)


DEFAULT_AWAY = AwayChoice()  # a bot plays for a phone away after 60 s


def default_seats(human_name: str = "Player 1") -> tuple[SeatConfig, ...]:
    """You and three basic bots."""
    return (SeatConfig("human", human_name), *(SeatConfig("bot", BOT_NAMES[i], "basic") for i in range(3)))


@dataclass(frozen=True, slots=True)
class PlayConfig:
    """Everything the set-up screen decides. `rules` is `Rules.to_dict()`; `preset` a PRESETS name or 'custom'."""

    seats: tuple[SeatConfig, ...] = field(default_factory=default_seats)
    preset: str = "official"
    rules: tuple[tuple[str, Any], ...] = tuple(PRESETS["official"].to_dict().items())
    speed: str = DEFAULT_SPEED
    undo: bool = False
    reaction_ms: int | None = None  # None: from the speed
    turn_timer: int = 0  # seconds a person has for each turn, one of TURN_TIMERS_S (0: off; `app.play.turn_timer`)

    # ----- derived -------------------------------------------------------------------------

    def rules_object(self) -> Rules:
        try:
            return Rules.from_dict(dict(self.rules))
        except RulesError as error:
            raise ConfigError("play.error.rules", str(error)) from None

    @property
    def bot_delay_ms(self) -> int:
        return SPEEDS.get(self.speed, SPEEDS[DEFAULT_SPEED])[0]

    @property
    def window_ms(self) -> int:
        if self.reaction_ms is not None:
            return self.reaction_ms
        return SPEEDS.get(self.speed, SPEEDS[DEFAULT_SPEED])[1]

    @property
    def undo_allowed(self) -> bool:
        """Undo is a practice aid: never under the official preset, only with one person against bots."""
        return (
            self.undo
            and self.preset != "official"
            and [s.kind for s in self.seats].count("human") == 1
            and not self.phones
        )

    @property
    def phones(self) -> tuple[int, ...]:
        """The seats played on guest phones."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_phone)

    def names(self, fallback: str = "Player {n}") -> list[str]:
        """Seat names for the engine: blank names become 'Player n' (n counts from 1)."""
        return [seat.name or fallback.format(n=i + 1) for i, seat in enumerate(self.seats)]

    def check(self) -> Rules:
        """The rules if this set-up can be played; `ConfigError` naming the problem otherwise."""
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ConfigError("play.error.seats", f"{n} seats")
        levels = available_levels()
        for seat in self.seats:
            if seat.is_bot and seat.level not in levels:
                raise ConfigError("play.error.level", seat.level)
        rules = self.rules_object()
        if rules.teams and not teams_fit(n):
            raise ConfigError("play.error.teams", f"{n} seats")
        return rules

    # ----- edits (each returns a new config) -----------------------------------------------

    def with_preset(self, name: str) -> PlayConfig:
        """Switch to a named preset (keeps the game length chosen, unless the preset is about length)."""
        rules = PRESETS[name]
        undo = False if name == "official" else self.undo
        return dataclasses.replace(self, preset=name, rules=tuple(rules.to_dict().items()), undo=undo)

    def with_rule(self, name: str, value: Any) -> PlayConfig:
        """Change one rule option; the preset becomes the one that matches, else 'custom'."""
        rules = dict(self.rules)
        rules[name] = value
        Rules.from_dict(rules)  # validates (RulesError)
        return dataclasses.replace(self, rules=tuple(rules.items()), preset=matching_preset(rules))

    def with_seats(self, seats: tuple[SeatConfig, ...]) -> PlayConfig:
        return dataclasses.replace(self, seats=seats)

    # ----- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seats": [seat.to_dict() for seat in self.seats],
            "preset": self.preset,
            "rules": dict(self.rules),
            "speed": self.speed,
            "undo": self.undo,
            "turn_timer": self.turn_timer,
        }
        if self.reaction_ms is not None:
            data["reaction_ms"] = self.reaction_ms
        return data

    @classmethod
    def from_dict(cls, data: Any) -> PlayConfig:
        """Read a remembered or test-given set-up; missing fields take the defaults."""
        if not isinstance(data, dict):
            raise ConfigError("play.error.config", "a set-up must be an object")
        base = cls()
        seats = base.seats
        if "seats" in data:
            if not isinstance(data["seats"], list):
                raise ConfigError("play.error.config", "seats must be a list")
            seats = tuple(SeatConfig.from_dict(seat) for seat in data["seats"])
        preset = data.get("preset")
        rules_data = data.get("rules")
        if rules_data is None:
            name = preset if preset in PRESETS else "official"
            rules = PRESETS[name]
            preset = name
        else:
            if not isinstance(rules_data, dict):
                raise ConfigError("play.error.config", "rules must be an object")
            try:
                rules = Rules.from_dict({**OFFICIAL_DICT, **rules_data})
            except RulesError as error:
                raise ConfigError("play.error.rules", str(error)) from None
            if preset not in PRESETS or PRESETS[preset] != rules:
                preset = matching_preset(rules.to_dict())
        speed = data.get("speed", DEFAULT_SPEED)
        if speed not in SPEEDS:
            speed = DEFAULT_SPEED
        reaction = data.get("reaction_ms")
        if reaction is not None and (type(reaction) is not int or not 0 <= reaction <= 60_000):
            raise ConfigError("play.error.config", f"bad reaction_ms {reaction!r}")
        timer = data.get("turn_timer", 0)
        if type(timer) is not int or timer not in TURN_TIMERS_S:
            raise ConfigError("play.error.config", f"bad turn_timer {timer!r}")
        return cls(
            seats=seats,
            preset=preset,
            rules=tuple(rules.to_dict().items()),
            speed=speed,
            undo=bool(data.get("undo", False)),
            reaction_ms=reaction,
            turn_timer=timer,
        )


OFFICIAL_DICT = PRESETS["official"].to_dict()


def matching_preset(rules: dict[str, Any]) -> str:
    """The name of the preset with exactly these rules, else 'custom'."""
    for name, preset_rules in PRESETS.items():
        if preset_rules.to_dict() == rules:
            return name
    return "custom"


# ----- the rule controls of the set-up screen ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One control: `kind` is 'bool', 'choice' (values in `choices`) or 'number' (`low`..`high`)."""

    name: str
    kind: str
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0


_NUMBER_RANGES = {"uno_penalty": UNO_PENALTY_RANGE, "target": TARGET_RANGE}
_CHOICES: dict[str, tuple[Any, ...]] = {"wild_points": WILD_POINTS}
# Set-up order: game length first, then the house rules (variants), then details.
ORDER = (
    "scoring",
    "target",
    "stacking",
    "seven_zero",
    "jump_in",
    "doubles",
    "teams",
    "draw_until_playable",
    "skipped_draws",
    "wd4_rule",
    "uno_penalty",
    "wild_points",
    "dealer_rotation",
)


def rule_options() -> tuple[RuleOption, ...]:
    """Every option of `Rules`, as controls, in set-up order (unknown new options last)."""
    options = []
    defaults = Rules()
    for f in dataclasses.fields(Rules):
        value = getattr(defaults, f.name)
        if isinstance(value, bool):
            options.append(RuleOption(f.name, "bool"))
        elif isinstance(value, Enum):
            options.append(RuleOption(f.name, "choice", tuple(member.value for member in type(value))))
        elif f.name in _CHOICES:
            options.append(RuleOption(f.name, "choice", _CHOICES[f.name]))
        else:
            low, high = _NUMBER_RANGES.get(f.name, (0, 1_000_000))
            options.append(RuleOption(f.name, "number", (), low, high))
    rank = {name: i for i, name in enumerate(ORDER)}
    return tuple(sorted(options, key=lambda o: rank.get(o.name, len(ORDER))))


def parse_number(text: str, option: RuleOption) -> int:
    """A number typed in the set-up, checked against the option's range (ConfigError otherwise)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise ConfigError("play.error.number", text)
    value = int(text)
    if not option.low <= value <= option.high:
        raise ConfigError("play.error.number", text)
    return value
