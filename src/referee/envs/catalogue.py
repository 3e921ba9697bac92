"""The fixed action catalogue of a scenario: every answer an agent may give,
as a key of ids and small values, numbered once so that the environment's
action space is one ``Discrete`` for the whole game.

An option of a decision is keyed by its meaning (:mod:`referee.core.views`):
its ``kind`` and the fields a ruleset names (``("move", "anton", "metro")``),
never by its text or its coordinates. Where a kind's options cannot be told
apart by a few ids (a brawl split into fights, say), they are keyed by their
rank among the options of that kind in the question, up to a bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any, TypeAlias

Key: TypeAlias = tuple[Any, ...]
"""An entry of the catalogue: ``(kind, value, ...)``, each value a string,
a number, a bool, None or a tuple of those."""

WAIT: Key = ("wait",)
"""Action 0: nothing to answer now (the only legal action of an agent not
asked); an agent that is asked may not wait."""

RANKED = 8
"""How many options of a ranked kind one question may offer to be told apart."""


@dataclass(frozen=True)
class Kind:
    """How the options of one kind are keyed: by the values of ``fields``
    (each with every value it may take in the scenario) and, where
    ``ranked``, by their rank among the question's options of this kind
    with the same values."""

    name: str
    fields: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    ranked: int = 0

    def all_keys(self) -> Iterable[Key]:
        """Every key of this kind, in a fixed order."""
        domains = [values for _, values in self.fields]
        ranks: Sequence[tuple[int, ...]] = [(r,) for r in range(self.ranked)] or [()]
        for values in product(*domains):
            for rank in ranks:
                yield (self.name, *values, *rank)

    def values(self, meaning: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values of ``fields`` an option meaning ``meaning`` has."""
        return tuple(plain(meaning.get(name)) for name, _ in self.fields)

    def key(self, values: tuple[Any, ...], rank: int) -> Key | None:
        """The key of an option with these ``values``, the ``rank``-th with
        them in the question; None when it falls outside the catalogue."""
        if self.ranked:
            return (self.name, *values, rank) if rank < self.ranked else None
        return (self.name, *values)


def plain(value: Any) -> Any:
    """A meaning's value as a key holds it: lists become tuples."""
    if isinstance(value, list):
        return tuple(plain(v) for v in value)
    return value


def kind(name: str, *fields: tuple[str, Iterable[Any]], ranked: int = 0) -> Kind:
    """A :class:`Kind` keyed by ``fields``, each with the values it may take."""
    return Kind(name, tuple((f, tuple(values)) for f, values in fields), ranked)


@dataclass
class Catalogue:
    """The numbered actions of a scenario: ``WAIT`` first, then every key.

    :raises ValueError: if a key is listed twice (a ruleset's defect).
    """

    keys: list[Key]
    index: dict[Key, int] = field(init=False)

    def __post_init__(self) -> None:
        self.keys = [WAIT, *self.keys]
        self.index = {key: n for n, key in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            doubled = sorted({repr(k) for k in self.keys if self.keys.count(k) > 1})
            raise ValueError(f"the action catalogue lists {', '.join(doubled)} twice")

    def __len__(self) -> int:
        return len(self.keys)

    def name(self, action: int) -> str:
        """An action as words: its key's parts joined (``move anton metro``)."""
        return " ".join(_word(part) for part in self.keys[action])


def _word(part: Any) -> str:
    if isinstance(part, tuple):
        return "+".join(_word(p) for p in part) or "-"
    if isinstance(part, bool):
        return "yes" if part else "no"
    return "-" if part is None else str(part)


def of_kinds(kinds: Iterable[Kind], extra: Iterable[Key] = ()) -> Catalogue:
    """The catalogue of every key of ``kinds``, then ``extra`` keys."""
    return Catalogue([key for k in kinds for key in k.all_keys()] + list(extra))
