"""Legends of the Old West: the melee phase, Pluck, Heroes, Fame and Heroic
Actions, on a continuous table (rules/old_west.md).

The ruleset registers through the ``referee.rulesets`` entry points
(pyproject.toml); importing this package loads none of its modules."""
