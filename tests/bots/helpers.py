"""Shared strategies and helpers for the bot tests (pure: no files, threads or subprocesses)."""

from __future__ import annotations

from hypothesis import strategies as st

from uno_core import Rules
from uno_core.rules import DealerRotation, Scoring, WD4Rule


@st.composite
def tables(draw: st.DrawFn, max_players: int = 10, target_max: int = 150) -> tuple[int, Rules]:
    """A table size and random rule options (small targets keep matches short)."""
    players = draw(st.integers(2, max_players))
    teams = players >= 4 and players % 2 == 0 and draw(st.booleans())
    rules = Rules(
        wild_points=draw(st.sampled_from([40, 50])),
        dealer_rotation=draw(st.sampled_from(list(DealerRotation))),
        draw_until_playable=draw(st.booleans()),
        wd4_rule=draw(st.sampled_from(list(WD4Rule))),
        uno_penalty=draw(st.integers(1, 4)),
        target=draw(st.integers(1, target_max)),
        scoring=draw(st.sampled_from(list(Scoring))),
        stacking=draw(st.booleans()),
        seven_zero=draw(st.booleans()),
        jump_in=draw(st.booleans()),
        doubles=draw(st.booleans()),
        teams=teams,
        skipped_draws=draw(st.booleans()),
    )
    return players, rules


ALL_VARIANTS = Rules(
    draw_until_playable=True,
    stacking=True,
    seven_zero=True,
    jump_in=True,
    doubles=True,
    skipped_draws=True,
    target=60,
)
