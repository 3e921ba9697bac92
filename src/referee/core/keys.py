"""A hashable key of a game's position: equal states reached by different
inputs get equal keys, so they can be merged (exact odds, transposition
tables). The log is history, not position, and is left out."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from enum import Enum
from typing import Any, TypeAlias

from pydantic import BaseModel

from referee.core.events import Log
from referee.core.i18n import Msg, Name

Shared: TypeAlias = Mapping[int, int]
_Freezer: TypeAlias = Callable[[Any, Shared], Hashable]

_PLAIN = (str, int, float, bool, type(None), Name)
_NO_SHARED: Shared = {}


def freeze(value: Any, shared: Shared | None = None) -> Hashable:
    """``value`` as nested tuples. An object with a ``position_key()`` method
    gives its own compact key (it must tell apart every two values that can
    play on differently, and may leave out history). An object in ``shared`` (id -> its place
    among the game's fixed parts) stands for its place: fixed parts come
    from the scenario, so two games of one scenario share them in meaning
    even when each prepared its own."""
    return _freeze(value, shared or _NO_SHARED)


def _freeze(value: Any, shared: Shared) -> Hashable:
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value  # type: ignore[no-any-return]
    if shared and id(value) in shared:
        return ("shared", shared[id(value)])
    freezer = _FREEZERS.get(kind)
    if freezer is None:
        freezer = _FREEZERS[kind] = _freezer_for(kind)
    return freezer(value, shared)


_PLAIN_TYPES = frozenset(_PLAIN)


def _freezer_for(kind: type) -> _Freezer:
    """How values of ``kind`` are frozen, worked out once per type."""
    if issubclass(kind, _PLAIN):
        return _itself
    if issubclass(kind, Enum):
        return _enum
    if issubclass(kind, Log):
        return _nothing
    if issubclass(kind, Msg):
        return _msg
    if issubclass(kind, list | tuple):
        return _sequence
    if issubclass(kind, set | frozenset):
        return _set
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, BaseModel):
        return _model
    if callable(getattr(kind, "position_key", None)):
        return _own_key
    return _object


def _itself(value: Any, shared: Shared) -> Hashable:
    return value  # type: ignore[no-any-return]


def _nothing(value: Any, shared: Shared) -> Hashable:
    return None


def _enum(value: Enum, shared: Shared) -> Hashable:
    return value.value  # type: ignore[no-any-return]


def _msg(value: Msg, shared: Shared) -> Hashable:
    return ("msg", value.key, _mapping(value.params, shared))


def _sequence(value: list[Any] | tuple[Any, ...], shared: Shared) -> Hashable:
    return tuple([_freeze(item, shared) for item in value])


def _set(value: set[Any] | frozenset[Any], shared: Shared) -> Hashable:
    return frozenset([_freeze(item, shared) for item in value])


def _mapping(value: Mapping[Any, Any], shared: Shared) -> Hashable:
    items = [(_freeze(k, shared), _freeze(v, shared)) for k, v in value.items()]
    try:
        items.sort()
    except TypeError:  # keys of unlike kinds: any fixed order will do
        items.sort(key=repr)
    return ("map", tuple(items))


def _model(value: BaseModel, shared: Shared) -> Hashable:
    return (type(value).__name__, value.model_dump_json())


def _own_key(value: Any, shared: Shared) -> Hashable:
    return (type(value).__name__, value.position_key())


def _object(value: Any, shared: Shared) -> Hashable:
    fields = _fields(value)
    if fields is None:
        return ("object", repr(value))
    return (type(value).__name__, tuple([(k, _freeze(v, shared)) for k, v in fields]))


_FREEZERS: dict[type, _Freezer] = {}


_REMEMBERED = frozenset({"_shown", "_drawn", "_asked", "_sole"})
"""What a question, an option or a chance remembers of having been shown,
drawn or asked (waits.shown, Chance.pick, Decision.asks): not part of a
position."""


def _fields(value: Any) -> list[tuple[str, Any]] | None:
    slots = _slot_names(type(value))
    found: dict[str, Any] = {name: part for name, part in getattr(value, "__dict__", {}).items()
                             if name not in _REMEMBERED}
    for name in slots:
        if hasattr(value, name):
            found[name] = getattr(value, name)
    if not found and not hasattr(value, "__dict__"):
        return None
    return sorted(found.items())


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slot_names(kind: type) -> tuple[str, ...]:
    """The slot names a class and its bases declare (worked out once per class)."""
    names = _SLOTS.get(kind)
    if names is None:
        declared = [getattr(cls, "__slots__", ()) for cls in kind.__mro__]
        names = _SLOTS[kind] = tuple(
            name for slots in declared for name in ((slots,) if isinstance(slots, str) else slots)
            if not name.startswith("__"))
    return names
