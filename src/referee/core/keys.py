"""A hashable key of a game's position: equal states reached by different
inputs get equal keys, so they can be merged (exact odds, transposition
tables). The log is history, not position, and is left out."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel

from referee.core.events import Log
from referee.core.i18n import Msg, Name

_PLAIN = (str, int, float, bool, type(None), Name)


def freeze(value: Any, shared: Mapping[int, int] | None = None) -> Hashable:
    """``value`` as nested tuples. An object with a ``position_key()`` method
    gives its own compact key (it must tell apart every two values that can
    play on differently, and may leave out history). An object in ``shared`` (id -> its place
    among the game's fixed parts) stands for its place: fixed parts come
    from the scenario, so two games of one scenario share them in meaning
    even when each prepared its own."""
    shared = shared or {}
    if isinstance(value, _PLAIN):
        return value
    if id(value) in shared:
        return ("shared", shared[id(value)])
    if isinstance(value, Enum):
        return value.value  # type: ignore[no-any-return]
    if isinstance(value, Log):
        return None
    if isinstance(value, Msg):
        return ("msg", value.key, freeze(dict(value.params), shared))
    if isinstance(value, list | tuple):
        return tuple(freeze(item, shared) for item in value)
    if isinstance(value, set | frozenset):
        return frozenset(freeze(item, shared) for item in value)
    if isinstance(value, Mapping):
        items = [(freeze(k, shared), freeze(v, shared)) for k, v in value.items()]
        return ("map", tuple(sorted(items, key=repr)))
    if isinstance(value, BaseModel):
        return (type(value).__name__, value.model_dump_json())
    own = getattr(value, "position_key", None)
    if callable(own):
        return (type(value).__name__, own())
    fields = _fields(value)
    if fields is None:
        return ("object", repr(value))
    return (type(value).__name__, tuple((k, freeze(v, shared)) for k, v in fields))


def _fields(value: Any) -> list[tuple[str, Any]] | None:
    found: dict[str, Any] = dict(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(value, name) and not name.startswith("__"):
                found[name] = getattr(value, name)
    if not found and not hasattr(value, "__dict__"):
        return None
    return sorted(found.items())
