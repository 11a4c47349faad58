"""A PettingZoo AEC environment of the full engine (``pip install 'uno-core[rl]'``): ``UnoEnv``.

Optional: this package needs ``pettingzoo`` and ``numpy`` (the ``rl`` extra). It sits beside
``uno_core``, not in it: the engine keeps no dependency, and the browser (which imports every
module of ``uno_core`` into its snapshot) never sees it.

- Agents ``player_0`` .. ``player_{n-1}`` are the seats. Every ``Rules`` option is an option of
  the environment (``UnoEnv(players, rules)``); an episode is one match (one round under
  ``Scoring.SINGLE_ROUND``).
- Actions: ``Discrete(len(env.actions))``, an index into ``env.actions``: every action a seat can
  ever take under these rules (plays with their colour, swap seat, UNO call, jump-in and doubles
  variants, draw, keep, challenge, accept, colours, ``uno``, ``catch P``), plus ``PASS`` (the last
  index): "not now", offered to a seat asked out of turn (it may jump in, say UNO or catch).
- Whose move: after every change, each other seat with an out-of-turn option is asked once
  (in ``Game.reacting`` order, as the bots' driver asks them); then the seat whose turn it is acts.
- Observations: ``{"observation": float32 array, "action_mask": int8 array}``; the array
  encodes only the seat's ``SeatView`` (no hidden card: R-CHAL-1 and the hidden-hand rule), see
  ``encode``. The mask is ``env.mask(agent)``: 1 for the legal actions of the agent to move, all
  0 for any other agent.
- Rewards: at the end of the match +1 for each seat of the winning side, -1 for the others.
  An episode still going after ``max_steps`` steps (default 10,000; random players can grow
  their hands for ever) is truncated: every agent gets ``truncated`` and no reward.

Example (random legal play)::

    env = UnoEnv(4, Rules(stacking=True), seed=1)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from uno_core.actions import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Catch, ChooseColour, Play
from uno_core.cards import ALL_CARDS, COLOURS, Rank
from uno_core.game import Game
from uno_core.phase import Phase
from uno_core.rules import MAX_PLAYERS, OFFICIAL, Rules
from uno_core.view import SeatView, view

MAX_SEATS = MAX_PLAYERS  # R-SEAT-1: the observation has room for the largest table
_PHASES = list(Phase)
_CARD_COUNT = len(ALL_CARDS)


def action_table(players: int, rules: Rules) -> list[Action]:
    """Every action a seat may ever take at a table of ``players`` under ``rules``, in a fixed order."""
    table: list[Action] = []
    jumps = (False, True) if rules.jump_in else (False,)
    for card in ALL_CARDS:
        colours = COLOURS if card.colour is None else (None,)
        swaps: tuple[int | None, ...] = (
            tuple(range(players)) if rules.seven_zero and card.rank is Rank.SEVEN else (None,)
        )
        sizes = (1, 2) if rules.doubles and card.rank <= 9 else (1,)
        for size in sizes:
            for jump in jumps:
                if jump and card.colour is None:
                    continue  # R-VAR-JUMP: only an identical coloured card jumps in
                for colour in colours:
                    for swap in swaps:
                        for uno in (False, True):
                            table.append(Play((card,) * size, colour, swap, uno, jump))
    table += [ChooseColour(colour) for colour in COLOURS]
    table += [DRAW, KEEP, CHALLENGE, ACCEPT, SAY_UNO]
    table += [Catch(seat) for seat in range(players)]
    return table


def encode(seat_view: SeatView) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The seat's view as a flat float32 array (seats relative to the seat: index 0 is itself).

    Hand counts per card face (54); discard counts (54); top card (54, one-hot); the card just
    drawn (54); active colour (4); phase (6); direction, pending draw, draw pile size, round;
    then per seat (10, zero-padded): hand size, said UNO, exposed, is on my side, is to move,
    side's total score.
    """
    me = seat_view.seat
    assert me is not None
    n = len(seat_view.hand_sizes)
    out = np.zeros(observation_size(), dtype=np.float32)
    for card in seat_view.hand:
        out[card.index] += 1
    for card in seat_view.discard:
        out[_CARD_COUNT + card.index] += 1
    out[2 * _CARD_COUNT + seat_view.top.index] = 1
    if seat_view.drawn is not None:
        out[3 * _CARD_COUNT + seat_view.drawn.index] = 1
    base = 4 * _CARD_COUNT
    if seat_view.active_colour is not None:
        out[base + COLOURS.index(seat_view.active_colour)] = 1
    base += 4
    out[base + _PHASES.index(seat_view.phase)] = 1
    base += len(_PHASES)
    out[base : base + 4] = (
        seat_view.direction + 1,
        seat_view.pending_draw,
        seat_view.draw_pile_size,
        seat_view.round_no,
    )
    base += 4
    for k in range(n):
        seat = (me + k) % n
        side = seat_view.sides[seat]
        out[base + 6 * k : base + 6 * k + 6] = (
            seat_view.hand_sizes[seat],
            seat_view.said_uno[seat],
            seat in seat_view.exposed,
            side == seat_view.sides[me],
            seat == seat_view.current,
            seat_view.totals[side],
        )
    return out


def observation_size() -> int:
    return 4 * _CARD_COUNT + 4 + len(_PHASES) + 4 + 6 * MAX_SEATS


class UnoEnv(AECEnv):  # type: ignore[misc]
    """See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"name": "uno_core_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self, players: int = 4, rules: Rules = OFFICIAL, seed: int | None = None, max_steps: int = 10_000
    ) -> None:
        super().__init__()
        self.max_steps = max_steps
        self.steps = 0
        rules.check_players(players)
        self.players = players
        self.rules = rules
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.actions = action_table(players, rules)
        self.index = {action: i for i, action in enumerate(self.actions)}
        self.pass_index = len(self.actions)
        self._action_space = spaces.Discrete(len(self.actions) + 1)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1e6, shape=(observation_size(),), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(len(self.actions) + 1,), dtype=np.int8),
            }
        )
        self._seed = seed
        self.game = Game(players, rules, 0 if seed is None else seed)
        self._asked: set[int] = set()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # ----- the episode --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._seed if self._seed is not None else random.SystemRandom().randrange(2**31)
        self._seed = None  # a later reset without a seed deals a new game
        self.game = Game(self.players, self.rules, seed, first_dealer="random")
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._asked = set()
        self.steps = 0
        self.agent_selection = self.possible_agents[self._to_move()]

    def _to_move(self) -> int:
        """The seat to ask now: another seat with an out-of-turn option not asked yet, else the turn's seat."""
        game = self.game
        for seat in game.reacting():
            if seat != game.current and seat not in self._asked:
                return seat
        return game.current

    def mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        out = np.zeros(len(self.actions) + 1, dtype=np.int8)
        if agent != self.agent_selection or self.game.is_over or agent not in self.agents:
            return out
        seat = self.possible_agents.index(agent)
        for action in self.game.legal_actions(seat):
            out[self.index[action]] = 1
        if seat != self.game.current:
            out[self.pass_index] = 1
        return out

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        return {"observation": encode(view(self.game, seat)), "action_mask": self.mask(agent)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        index = int(action)
        if not self.mask(agent)[index]:
            raise ValueError(f"action {index} is not legal for {agent} now")
        if index == self.pass_index:
            self._asked.add(seat)
        else:
            self.game.apply(seat, self.actions[index])
            self._asked = set()
        game = self.game
        self.steps += 1
        if game.is_over:
            for other, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if other in game.winners else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[game.current]
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[game.current]
        else:
            self.agent_selection = self.possible_agents[self._to_move()]
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None


__all__ = ["MAX_SEATS", "UnoEnv", "action_table", "encode", "observation_size"]
