"""Legends of the Old West: the melee phase, Pluck, Heroes, Fame and Heroic
Actions, on a continuous table (rules/old_west.md)."""

from referee.games.old_west.ruleset import OldWest

__all__ = ["OldWest"]
