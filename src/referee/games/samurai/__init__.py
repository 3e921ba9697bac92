"""Samurai skirmish (Ronin): line of sight and cover, missile weapons and the
Combat Potential melee, on a continuous table (rules/samurai.md).

The ruleset class is loaded on first use (PEP 562), so importing one module
of the package (the tables, for odds) does not load the whole ruleset."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.samurai.ruleset import Samurai

__all__ = ["Samurai"]


def __getattr__(name: str) -> object:
    if name == "Samurai":
        from referee.games.samurai.ruleset import Samurai

        return Samurai
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
