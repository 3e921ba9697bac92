"""Referee: a rules engine and referee for turn-based tabletop games."""

from referee.core.game import Game
from referee.core.ruleset import Ruleset, find_ruleset, ruleset_names
from referee.core.savefile import load_game, save_game

__all__ = ["Game", "Ruleset", "find_ruleset", "load_game", "ruleset_names", "save_game"]
__version__ = "0.1.0"
