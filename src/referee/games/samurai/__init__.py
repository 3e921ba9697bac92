"""Samurai skirmish (Ronin): line of sight and cover, missile weapons and the
Combat Potential melee, on a continuous table (rules/samurai.md)."""

from referee.games.samurai.ruleset import Samurai

__all__ = ["Samurai"]
