"""Legends of the Old West: the melee phase, Pluck, Heroes, Fame and Heroic
Actions, on a continuous table (rules/old_west.md).

The ruleset class is loaded on first use (PEP 562), so importing one module
of the package (the tables, for odds) does not load the whole ruleset."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.old_west.ruleset import OldWest

__all__ = ["OldWest"]


def __getattr__(name: str) -> object:
    if name == "OldWest":
        from referee.games.old_west.ruleset import OldWest

        return OldWest
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
