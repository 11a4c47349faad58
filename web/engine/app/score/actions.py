"""Every action the score keeper's pages send (`data-act`), by name: one table, each action in the module of
its screen."""

from __future__ import annotations

from collections.abc import Mapping

from . import acts_keepsafe, acts_link, acts_list, acts_round, acts_setup, acts_sheet
from .effect import Action


def _table(*parts: Mapping[str, Action]) -> dict[str, Action]:
    table: dict[str, Action] = {}
    for part in parts:
        twice = table.keys() & part.keys()
        assert not twice, f"actions named twice: {sorted(twice)}"
        table.update(part)
    return table


ACTIONS: Mapping[str, Action] = _table(
    acts_list.ACTIONS,
    acts_setup.ACTIONS,
    acts_sheet.ACTIONS,
    acts_round.ACTIONS,
    acts_keepsafe.ACTIONS,
    acts_link.ACTIONS,
)
