"""The rule options of docs/RULES.md as one frozen, validated object, with named presets (R-VAR)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from .errors import RulesError

MIN_PLAYERS, MAX_PLAYERS = 2, 10  # R-SEAT-1: the seats a table may have
TARGET_RANGE = (1, 100_000)  # accepted match targets, in points (R-SCORE-4)
WILD_POINTS = (50, 40)  # the Wild's two accepted values (R-PTS-3)
UNO_PENALTY_RANGE = (1, 10)  # cards drawn when caught (R-UNO-2)


class DealerRotation(Enum):
    """R-SEAT-4: who deals the next round."""

    LEFT = "left"
    WINNER = "winner"


class WD4Rule(Enum):
    """R-ACT-4/5, R-CHAL-3: how a Wild Draw Four may be played and challenged."""

    CHALLENGE = "challenge"  # official: bluffing allowed, challenger draws 6 if wrong
    NO_BLUFF_PENALTY = "no_bluff_penalty"  # a wrong challenger draws just the 4
    STRICT = "strict"  # an illegal Wild Draw Four is refused; nothing to challenge


class Scoring(Enum):
    """R-SCORE: how rounds add up into a match."""

    STANDARD = "standard"  # R-SCORE-3/4: the winner scores the others' hands; highest wins
    PENALTY = "penalty"  # R-SCORE-6: everyone adds their own hand; lowest wins
    SINGLE_ROUND = "single_round"  # R-SCORE-5: one round; first out wins


def teams_fit(players: int) -> bool:
    """Whether ``players`` seats can play in teams: an even number, at least 4 (R-VAR-TEAM)."""
    return players >= 4 and players % 2 == 0


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of docs/RULES.md. The defaults are the official rules."""

    wild_points: int = 50  # R-PTS-3: 50 or 40
    dealer_rotation: DealerRotation = DealerRotation.LEFT  # R-SEAT-4
    draw_until_playable: bool = False  # R-TURN-4
    wd4_rule: WD4Rule = WD4Rule.CHALLENGE  # R-ACT-4/5, R-CHAL-3
    uno_penalty: int = 2  # R-UNO-2: 2, or 1 in one seed
    target: int = 500  # R-SCORE-4
    scoring: Scoring = Scoring.STANDARD  # R-SCORE-3..6
    stacking: bool = False  # R-VAR-STACK
    seven_zero: bool = False  # R-VAR-70
    jump_in: bool = False  # R-VAR-JUMP
    doubles: bool = False  # R-VAR-DOUBLE
    teams: bool = False  # R-VAR-TEAM
    skipped_draws: bool = False  # R-VAR-SKIPDRAW

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = _FIELD_TYPES[f.name]
            if type(value) is not expected:
                raise RulesError(f"rule {f.name!r} must be a {expected.__name__}, not {value!r}")
        if self.wild_points not in WILD_POINTS:
            raise RulesError(f"wild_points must be 50 or 40, not {self.wild_points!r}")
        low, high = UNO_PENALTY_RANGE
        if not low <= self.uno_penalty <= high:
            raise RulesError(f"uno_penalty must be between {low} and {high} cards, not {self.uno_penalty!r}")
        low, high = TARGET_RANGE
        if not low <= self.target <= high:
            raise RulesError(f"target must be between {low} and {high} points, not {self.target!r}")

    def check_players(self, players: int) -> None:
        """Raise ``RulesError`` if these rules cannot be played by ``players`` seats (R-SEAT-1, R-VAR-TEAM)."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        if self.teams and not teams_fit(players):
            raise RulesError(f"teams need an even number of players, at least 4, not {players}")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated; ``RulesError`` for an unknown option)."""
        unknown = set(changes) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form: enum options as their string values."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Inverse of ``to_dict``; unknown keys or bad values raise ``RulesError``."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {data!r}")
        unknown = set(data) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(sorted(map(str, unknown)))}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            kind = _FIELD_TYPES[name]
            if issubclass(kind, Enum):
                try:
                    value = kind(value)
                except ValueError:
                    allowed = ", ".join(str(m.value) for m in kind)
                    raise RulesError(f"rule {name!r} must be one of {allowed}, not {value!r}") from None
            values[name] = value
        return cls(**values)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


_FIELD_TYPES: dict[str, type] = {
    "wild_points": int,
    "dealer_rotation": DealerRotation,
    "draw_until_playable": bool,
    "wd4_rule": WD4Rule,
    "uno_penalty": int,
    "target": int,
    "scoring": Scoring,
    "stacking": bool,
    "seven_zero": bool,
    "jump_in": bool,
    "doubles": bool,
    "teams": bool,
    "skipped_draws": bool,
}

OFFICIAL = Rules()

PRESETS: dict[str, Rules] = {
    "official": OFFICIAL,
    "quick": Rules(scoring=Scoring.SINGLE_ROUND),
    "tournament": Rules(wd4_rule=WD4Rule.NO_BLUFF_PENALTY),
    "house": Rules(stacking=True, draw_until_playable=True, jump_in=True),
    "party": Rules(stacking=True, seven_zero=True, jump_in=True, doubles=True, skipped_draws=True),
    "no_mercy_lite": Rules(stacking=True, draw_until_playable=True, seven_zero=True),
}
"""Named rule sets: the official rules and common house-rule combinations."""


def preset(name: str) -> Rules:
    """The named preset; ``RulesError`` for an unknown name."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
