"""Typed errors. Every error is a ``ValueError`` and quotes the bad input."""

from __future__ import annotations


class UnoError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(UnoError):
    """Text that is not a card or action in the R-NOTE notation."""


class IllegalActionError(UnoError):
    """A well-formed action that the rules do not allow now (R-TURN-6)."""


class SeatError(UnoError):
    """A seat that is not at the table (a view or history asked for it)."""


class RulesError(UnoError):
    """An invalid rule option or an option combination that cannot be played."""


class SaveError(UnoError):
    """A saved game that is malformed, from an unknown version, or tampered with."""


class PositionError(UnoError):
    """A position given to ``Game.from_position`` that no game of these rules can reach (cards, phase, seats)."""
