"""Referee: a rules engine and referee for turn-based tabletop games."""

from typing import TYPE_CHECKING

from referee.core.game import Game
from referee.core.ruleset import Ruleset, find_ruleset, ruleset_names
from referee.core.savefile import load_game, save_game

if TYPE_CHECKING:
    from referee.envs import env, parallel_env

__all__ = ["Game", "Ruleset", "env", "find_ruleset", "load_game", "parallel_env",
           "ruleset_names", "save_game"]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``env`` and ``parallel_env`` (PettingZoo, an optional extra) load on first use."""
    if name in ("env", "parallel_env"):
        from referee import envs

        return getattr(envs, name)
    raise AttributeError(f"module 'referee' has no attribute {name!r}")
