"""Samurai skirmish (Ronin): line of sight and cover, missile weapons and the
Combat Potential melee, on a continuous table (rules/samurai.md).

The ruleset registers through the ``referee.rulesets`` entry points
(pyproject.toml); importing this package loads none of its modules."""
