"""Typed errors with a machine-readable code, the field or seat they belong to, and their params.

``str(error)`` is an English sentence for developers; a UI writes its own text from ``code`` and
``params`` (the app: ``score.err.<code>`` in ``web/i18n/*.json``) and shows it next to ``field``
(and ``seat``). Every error is a ``ValueError`` (through ``uno_core.errors.UnoError``).
"""

from __future__ import annotations

from typing import Any

from uno_core.errors import SaveError, UnoError


class KeeperError(UnoError):
    """Base class: ``code`` (e.g. ``"too_many_copies"``), ``field``, ``seat`` and ``params``."""

    default_field: str | None = None

    def __init__(self, code: str, *, field: str | None = None, seat: int | None = None, **params: Any) -> None:
        self.code = code
        self.field = field if field is not None else self.default_field
        self.seat = seat
        self.params: dict[str, Any] = params
        super().__init__(code)

    def __str__(self) -> str:
        from .messages import message

        return message(self)

    def __repr__(self) -> str:
        extra = "".join(f", {key}={value!r}" for key, value in self.params.items())
        seat = "" if self.seat is None else f", seat={self.seat}"
        return f"{type(self).__name__}(code={self.code!r}{seat}{extra})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, KeeperError)
            and (self.code, self.field, self.seat, self.params) == (other.code, other.field, other.seat, other.params)
        )

    def __hash__(self) -> int:
        return hash((type(self), self.code, self.field, self.seat))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"code", "field", "seat", "params", "message"}`` (params as str/int/None)."""
        return {
            "code": self.code,
            "field": self.field,
            "seat": self.seat,
            "params": {key: _plain(value) for key, value in self.params.items()},
            "message": str(self),
        }


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return str(value)


class SetupError(KeeperError):
    """A player name, the player list, an option or the first dealer is not acceptable."""


class EntryError(KeeperError):
    """One problem with a round being entered: a hand, the winner, or the hands together (R-KEEP)."""

    default_field = "hand"


class RoundRejected(KeeperError):
    """A round was not saved; ``errors`` lists every ``EntryError`` (all fields at once)."""

    default_field = "round"

    def __init__(self, errors: tuple[EntryError, ...] | list[EntryError], round: int | None = None) -> None:
        super().__init__("round_rejected", count=len(errors), round=round)
        self.errors: tuple[EntryError, ...] = tuple(errors)

    def __str__(self) -> str:
        where = "" if self.params["round"] is None else f"round {self.params['round']}: "
        return where + "; ".join(str(error) for error in self.errors)

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["errors"] = [error.to_dict() for error in self.errors]
        return data


class SheetError(KeeperError):
    """An operation on the sheet's rounds is not possible now (match over, no such round...)."""

    default_field = "round"


class LoadError(KeeperError, SaveError):
    """A saved sheet or library that is malformed, damaged or from an unknown version."""

    default_field = "file"
