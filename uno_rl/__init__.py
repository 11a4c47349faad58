"""uno_rl: reinforcement-learning environments over ``uno_core`` (the optional ``rl`` extra)."""

from __future__ import annotations

from .env import MAX_SEATS, UnoEnv, action_table, encode, observation_size

__all__ = ["MAX_SEATS", "UnoEnv", "action_table", "encode", "observation_size"]
