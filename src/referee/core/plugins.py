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
from typing import Generic, TypeVar

__all__ = ["EntryPoint", "Registered", "entry_points", "load"]

T = TypeVar("T")


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


class Registered(Generic[T]):
    """What one entry-point group registers, by ruleset name: the object an
    entry names (a class of ``kind`` is made once, an instance of ``kind``
    kept as it is), found on first use and remembered; None where no
    installed package registers one. Tests and scripts may register one for
    the process (:meth:`register`)."""

    def __init__(self, group: str, kind: type[T]) -> None:
        self.group, self.kind = group, kind
        self._found: dict[str, T | None] = {}

    def find(self, name: object) -> T | None:
        """The object registered for the ruleset named ``name``."""
        try:
            return self._found[name]  # type: ignore[index]  # found before: asked at every choice
        except (KeyError, TypeError):
            pass
        if not isinstance(name, str):
            return None
        if name not in self._found:
            loaded = load(self.group, name)
            if isinstance(loaded, type) and issubclass(loaded, self.kind):
                loaded = loaded()
            self._found[name] = loaded if isinstance(loaded, self.kind) else None
        return self._found[name]

    def register(self, name: str, item: T | None) -> None:
        """Use ``item`` for the ruleset named ``name`` in this process (None
        forgets it); an installed package registers through its entry points."""
        if item is None:
            self._found.pop(name, None)
        else:
            self._found[name] = item
