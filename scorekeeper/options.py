"""The options of one score sheet: target, scoring mode, Wild points, dealer rotation, teams."""

from __future__ import annotations

import dataclasses
from contextlib import suppress
from dataclasses import dataclass
from enum import Enum
from typing import Any

from uno_core.rules import TARGET_RANGE, WILD_POINTS, DealerRotation, Rules, Scoring

from .errors import SetupError

TARGET_MIN, TARGET_MAX = TARGET_RANGE  # the engine's Rules bounds (R-SCORE-4)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated sheet options; defaults are the official rules (target 500, standard, Wild 50, left)."""

    target: int = 500  # R-SCORE-4
    scoring: Scoring = Scoring.STANDARD  # R-SCORE-3/5/6
    wild_points: int = 50  # R-PTS-3
    dealer_rotation: DealerRotation = DealerRotation.LEFT  # R-SEAT-4
    teams: bool = False  # R-VAR-TEAM

    def __post_init__(self) -> None:
        if type(self.target) is not int or not TARGET_MIN <= self.target <= TARGET_MAX:
            raise SetupError("bad_target", field="target", value=self.target, minimum=TARGET_MIN, maximum=TARGET_MAX)
        if type(self.wild_points) is not int or self.wild_points not in WILD_POINTS:
            raise SetupError("bad_wild_points", field="wild_points", value=self.wild_points)
        for name, kind in (("scoring", Scoring), ("dealer_rotation", DealerRotation)):
            value = getattr(self, name)
            if isinstance(value, str) and not isinstance(value, kind):  # its text, as in a save ("penalty")
                with suppress(ValueError):  # not one of them: refused just below
                    object.__setattr__(self, name, kind(value))
            if not isinstance(getattr(self, name), kind):
                raise SetupError(
                    "bad_option", field=name, option=name, value=getattr(self, name), allowed=_allowed(kind)
                )
        if type(self.teams) is not bool:
            raise SetupError("bad_option", field="teams", option="teams", value=self.teams, allowed="true, false")

    def replace(self, **changes: Any) -> Options:
        """A validated copy with some options changed; enum options may be given as their strings."""
        return Options.from_dict({**self.to_dict(), **changes})

    def to_rules(self) -> Rules:
        """The engine's ``Rules`` with these options (the other rules stay official)."""
        return Rules(
            target=self.target,
            scoring=self.scoring,
            wild_points=self.wild_points,
            dealer_rotation=self.dealer_rotation,
            teams=self.teams,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: enums as their strings."""
        return {
            "target": self.target,
            "scoring": self.scoring.value,
            "wild_points": self.wild_points,
            "dealer_rotation": self.dealer_rotation.value,
            "teams": self.teams,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Inverse of ``to_dict``; missing keys take defaults, unknown keys raise ``SetupError``."""
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise SetupError("bad_option", field=unknown[0], option=unknown[0], value=data[unknown[0]], allowed="-")
        return cls(**data)


TARGET_DIGITS = 9  # longer digit strings are refused unread (far above TARGET_MAX)


def parse_target(text: str) -> int:
    """A target as typed: ASCII digits, spaces around them allowed; ``SetupError`` ``bad_target`` otherwise
    (its range is checked by ``Options``)."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > TARGET_DIGITS:
        raise SetupError("bad_target", field="target", value=text, minimum=TARGET_MIN, maximum=TARGET_MAX)
    return int(digits)


def _allowed(kind: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in kind)
