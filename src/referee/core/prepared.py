"""Parts of a game prepared once per scenario (terrain, a building, routes)
and shared by every game of that scenario and every copy: a copy then costs
only what changes, and two games of one scenario compare alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
S = TypeVar("S")

KEPT = 16
"""How many scenarios' prepared parts are kept per kind, the newest last."""

_KEPT: dict[tuple[Callable[[Any], Any], int], tuple[object, object]] = {}


def prepared(scenario: S, build: Callable[[S], T]) -> T:
    """``build(scenario)``, made once and kept while the scenario is among the
    last :data:`KEPT` prepared with ``build``. The scenario is held with its
    parts, so an id is never mistaken for a new scenario's."""
    key = (build, id(scenario))
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is scenario:
        return kept[1]  # type: ignore[return-value]
    made = build(scenario)
    same_kind = [k for k in _KEPT if k[0] is build]
    if len(same_kind) >= KEPT:
        del _KEPT[same_kind[0]]
    _KEPT[key] = (scenario, made)
    return made
