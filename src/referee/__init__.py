"""Referee: a rules engine and referee for turn-based tabletop games."""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.ruleset import Ruleset, find_ruleset, ruleset_names
    from referee.core.savefile import load_game, save_game
    from referee.envs import env, parallel_env

__all__ = ["Game", "Ruleset", "env", "find_ruleset", "load_game", "parallel_env",
           "ruleset_names", "save_game"]
__version__ = "0.1.0"

_HOMES = {"Game": "referee.core.game", "Ruleset": "referee.core.ruleset",
          "find_ruleset": "referee.core.ruleset", "ruleset_names": "referee.core.ruleset",
          "load_game": "referee.core.savefile", "save_game": "referee.core.savefile",
          "env": "referee.envs", "parallel_env": "referee.envs"}
"""Where each name lives: imported on first use, so that ``import referee``
(every command's first step) costs nothing, and PettingZoo, an optional
extra, is needed only by ``env`` and ``parallel_env``."""


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'referee' has no attribute {name!r}")
