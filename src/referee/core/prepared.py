"""Parts of a game prepared once per scenario (terrain, a building, routes)
and shared by every game of that scenario and every copy: a copy then costs
only what changes, and two games of one scenario compare alike.

Their lifetime is that of one bounded cache, :data:`PREPARED`: each kind of
part (each ``build`` function) is kept for the last :data:`KEPT` scenarios it
was made for, holding the scenario with it, and everything goes at
:func:`clear_prepared` (a program done with its scenarios, a test that must
start afresh). Nothing else keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from referee.core.readonly import read_only

T = TypeVar("T")
S = TypeVar("S")

KEPT = 16
"""How many scenarios' prepared parts are kept per kind, the newest last."""


class Prepared:
    """Parts made by ``build(scenario)``, each kind kept for its last ``kept``
    scenarios. A part is found by the scenario's identity and held with the
    scenario, so an id is never mistaken for a new scenario's."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._parts: dict[tuple[Callable[[Any], Any], int], tuple[object, object]] = {}

    def get(self, scenario: S, build: Callable[[S], T]) -> T:
        """``build(scenario)``, made once while kept."""
        found = self._parts.get((build, id(scenario)))
        if found is not None and found[0] is scenario:
            return found[1]  # type: ignore[return-value]
        made = build(scenario)
        same_kind = [key for key in self._parts if key[0] is build]
        if len(same_kind) >= self.kept:
            del self._parts[same_kind[0]]
        self._parts[(build, id(scenario))] = (scenario, made)
        return made

    def clear(self) -> None:
        """Drop every part kept (and the scenarios held with them)."""
        self._parts.clear()

    def __len__(self) -> int:
        return len(self._parts)


PREPARED = Prepared()
"""The parts every game of this process shares."""


prepared = PREPARED.get
"""``prepared(scenario, build)``: ``build(scenario)``, made once and kept in
:data:`PREPARED` while the scenario is among the last :data:`KEPT` prepared
with ``build`` (the cache's own method: views ask for parts at every decision)."""


def clear_prepared() -> None:
    """Forget every prepared part; games made afterwards prepare theirs again."""
    PREPARED.clear()


KEPT_JSON = 1_000
"""At most this many pieces of JSON are kept per scenario by :func:`kept_json`."""


def kept_json(scenario: object, key: tuple[object, ...], make: Callable[[], object]) -> Any:
    """``make()``, read-only, made once per ``key`` for games of ``scenario``
    (the lines in words a view shows again and again: a seat's aims, the
    standing at a turn); forgotten all at once past :data:`KEPT_JSON`."""
    kept = prepared(scenario, _json_kept)
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT_JSON:
            kept.clear()
        found = kept[key] = read_only(make())
    return found


def _json_kept(scenario: object) -> dict[tuple[object, ...], Any]:
    """The JSON :func:`kept_json` made so far for games of ``scenario``."""
    return {}
