"""Referee's games as PettingZoo environments (``pip install referee[env]``).

``env(ruleset, scenario=None, **settings)`` gives an AEC environment,
``parallel_env(...)`` a parallel one, for every ruleset: one agent per seat,
a ``Discrete`` action catalogue fixed per scenario with an ``action_mask``
beside the numbers each agent observes, read from its seat's view alone
(:mod:`referee.core.views`); rewards from the game's outcome; chances
rolled by the environment's seeded generator. See docs/env.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from referee.core.ruleset import AnyRuleset
from referee.envs.environments import RefereeEnv, RefereeParallelEnv
from referee.envs.setup import Settings, setup

__all__ = ["RefereeEnv", "RefereeParallelEnv", "Settings", "env", "parallel_env"]


def env(ruleset: str | AnyRuleset, scenario: str | Path | BaseModel | None = None,
        **settings: Any) -> RefereeEnv:
    """An AEC environment of ``scenario`` (a file, a loaded scenario, or
    None: the ruleset's first example) with ``settings`` (:class:`Settings`).

    :raises ValueError: naming a setting it does not know or a bad value;
    :raises referee.core.errors.RefereeError: for an unknown ruleset or a
        scenario with problems.
    """
    return RefereeEnv(setup(ruleset, scenario, settings))


def parallel_env(ruleset: str | AnyRuleset, scenario: str | Path | BaseModel | None = None,
                 **settings: Any) -> RefereeParallelEnv:
    """A parallel environment of ``scenario``, as :func:`env` takes them."""
    return RefereeParallelEnv(setup(ruleset, scenario, settings))
