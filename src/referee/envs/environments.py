"""The PettingZoo environments of a scenario: one agent per seat, the
agents taking turns in cycles (each agent one action a cycle, in the
seats' order); an agent the game does not ask has only ``wait`` to do, and
an action its mask forbids changes nothing. The parallel environment takes
one cycle per step: the actions of the agents asked when the step began.

Rewards are the game's returns, given when it ends (0 before);
``max_cycles`` cuts a game short (truncation, no reward).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv

from referee.core.events import REFEREE
from referee.envs.codec import LIMIT
from referee.envs.match import Match
from referee.envs.render import board_text
from referee.envs.setup import RENDER_MODES, Setup

Observation = dict[str, NDArray[Any]]


def _spaces(setup: Setup) -> tuple[spaces.Dict, spaces.Discrete]:
    size, actions = setup.codec.size, len(setup.codec.catalogue)
    observation = spaces.Dict({
        "observation": spaces.Box(-LIMIT, LIMIT, (size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8)})
    return observation, spaces.Discrete(actions)


def _action(action: Any) -> int | None:
    """An action as a number (a NumPy integer included); None if it is none."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        return None
    return int(action)


class _Table:
    """What both kinds of environment share: the setup, the spaces, the match."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.possible_agents: list[str] = list(setup.seats)
        observation, action = _spaces(setup)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.render_mode = setup.settings.render_mode
        self.match: Match | None = None

    def new_match(self, seed: int | None) -> Match:
        self.match = Match(self.setup.ruleset, self.setup.scenario, self.setup.codec, seed)
        return self.match

    def render(self) -> str | None:
        """The board as text (``ansi``), printed (``human``: None returned)."""
        if self.render_mode is None or self.match is None:
            return None
        seat = self.setup.settings.render_seat or REFEREE
        text = board_text(self.setup.ruleset, self.match.view(seat), self.setup.settings.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class RefereeEnv(AECEnv):  # type: ignore[misc]
    """A game of a Referee scenario as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "referee_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": True}

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self._table = _Table(setup)
        self.possible_agents = self._table.possible_agents
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self.render_mode = self._table.render_mode
        self.catalogue = setup.codec.catalogue
        """The numbered actions (``catalogue.name(action)`` in words)."""
        self.agents: list[str] = []

    def __str__(self) -> str:
        return f"referee_v0({self._table.setup.ruleset.name})"

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._match = self._table.new_match(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._turn, self._cycles = 0, 0
        self.agent_selection = self.agents[0]
        self._tell()

    def observe(self, agent: str) -> Observation:
        return self._match.observation(agent)

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s seat's whole view (:mod:`referee.core.views`); do not change it."""
        return self._match.view(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        number = _action(action)
        if number is not None:
            self._match.act(agent, number)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._turn += 1
        if self._turn == len(self.agents):
            self._turn, self._cycles = 0, self._cycles + 1
        if self._match.over:
            self.rewards.update(self._match.returns())
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._cycles == self._table.setup.settings.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[self._turn]
        self._tell()
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self._table.render()

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def _tell(self) -> None:
        lang = self._table.setup.settings.lang
        self.infos = {agent: self._match.info(agent, lang) for agent in self.agents}


class RefereeParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A game of a Referee scenario as a PettingZoo parallel environment."""

    metadata: ClassVar[dict[str, Any]] = {"name": "referee_v0",
                                          "render_modes": list(RENDER_MODES)}

    def __init__(self, setup: Setup) -> None:
        self._table = _Table(setup)
        self.possible_agents = self._table.possible_agents
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self.render_mode = self._table.render_mode
        self.catalogue = setup.codec.catalogue
        """The numbered actions (``catalogue.name(action)`` in words)."""
        self.agents: list[str] = []

    def __str__(self) -> str:
        return f"referee_v0({self._table.setup.ruleset.name})"

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._match = self._table.new_match(seed)
        self.agents = list(self.possible_agents)
        self._cycles = 0
        return self._observations(), self._infos()

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s seat's whole view (:mod:`referee.core.views`); do not change it."""
        return self._match.view(agent)

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        match = self._match
        asked = {agent: part for agent in self.agents
                 if (part := match.part(agent)) is not None}
        for agent, part in asked.items():
            number = _action(actions.get(agent))
            if number is not None and match.part(agent) is part:
                match.act(agent, number)
        self._cycles += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        ended = match.over
        cut = not ended and self._cycles == self._table.setup.settings.max_cycles
        if ended:
            rewards.update(match.returns())
        terminations = dict.fromkeys(self.agents, ended)
        truncations = dict.fromkeys(self.agents, cut)
        observations, infos = self._observations(), self._infos()
        if ended or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self._table.render()

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


    def _observations(self) -> dict[str, Observation]:
        return {agent: self._match.observation(agent) for agent in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        lang = self._table.setup.settings.lang
        return {agent: self._match.info(agent, lang) for agent in self.agents}
