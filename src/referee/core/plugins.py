"""What installed packages add to Referee, found through entry points (the
way pytest finds its plugins): rulesets in ``referee.rulesets`` and, in a
layer above the rules, what serves them (pictures, bot policies, odds at the
table, orders desks) in groups of their own, each entry named after its ruleset.

Loading an entry imports only its module, so asking for one ruleset loads
that ruleset alone.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint
from importlib.metadata import entry_points as _installed

__all__ = ["EntryPoint", "entry_points", "load"]


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-")


@cache
def entry_points(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by normalised name (``night_watch`` and
    ``night-watch`` alike); read from the installed packages once."""
    return {_normal(entry.name): entry for entry in _installed(group=group)}


def load(group: str, name: str) -> object | None:
    """The object ``group``'s entry point ``name`` names; None where no
    installed package registers one."""
    entry = entry_points(group).get(_normal(name))
    return None if entry is None else entry.load()
