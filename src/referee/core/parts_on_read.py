"""A seat's view whose costly parts are built when first read.

A bot reads its view's state (its fighters, its room) and rarely its log, and
a bot that picks among the options put to it does not read them back from its
view; writing out the log lines or the options nobody reads costs more than
the rest of the view. :class:`PartsOnRead` is the whole view in every way a
reader can tell: reading one of its parts builds that part, and anything that
walks the whole view (``json.dumps``, ``==``, a copy, its keys) builds every
part first, each in its place.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

JSONDict = dict[str, Any]


class PartsOnRead(dict[str, Any]):
    """A view given with some of its parts made (``ready``) and the others
    as functions that make them (``on_read``), each called when its part is
    first read; the parts go in the order of ``order`` (any part it does not
    name, after)."""

    __slots__ = ("_on_read", "_order")

    def __init__(self, ready: JSONDict, on_read: Mapping[str, Callable[[], Any]],
                 order: tuple[str, ...]) -> None:
        dict.update(self, ready)  # super().__init__, without its look-up (views: one an input)
        self._on_read = dict(on_read)
        self._order = order

    def whole(self) -> JSONDict:
        """This view with every part built (this same object)."""
        if self._on_read:
            for key in list(self._on_read):
                self._built(key)
            parts = dict(dict.items(self))
            dict.clear(self)
            for key in self._order:
                if key in parts:
                    dict.__setitem__(self, key, parts.pop(key))
            dict.update(self, parts)
        return self

    def _built(self, key: str) -> Any:
        part = self._on_read.pop(key)()
        dict.__setitem__(self, key, part)
        return part

    # -- reading one part builds that part alone ---------------------------------

    def __missing__(self, key: str) -> Any:
        if key in self._on_read:
            return self._built(key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._on_read:
            return self._built(key)
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._on_read or dict.__contains__(self, key)

    # -- anything that reads the whole view reads every part -----------------------

    def keys(self) -> dict_keys[str, Any]:
        return dict.keys(self.whole())

    def values(self) -> dict_values[str, Any]:
        return dict.values(self.whole())

    def items(self) -> dict_items[str, Any]:
        return dict.items(self.whole())

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self.whole())

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self.whole())

    def __len__(self) -> int:
        return dict.__len__(self.whole())

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self.whole(), other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(self.whole(), other)

    __hash__ = None

    def __repr__(self) -> str:
        return dict.__repr__(self.whole())

    def copy(self) -> JSONDict:
        return dict(self.whole())

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> JSONDict:
        return copy.deepcopy(dict(self.whole()), memo)

    def __reduce__(self) -> tuple[type[JSONDict], tuple[JSONDict]]:
        return dict, (dict(self.whole()),)

    def __reduce_ex__(self, protocol: Any) -> tuple[type[JSONDict], tuple[JSONDict]]:
        return self.__reduce__()

    # -- changing it: every part is built first, so nothing changed is built over --

    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self.whole(), key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self.whole(), key)

    def __ior__(self, other: Any) -> Self:  # type: ignore[override,misc]
        dict.update(self.whole(), other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self.whole(), *args, **kwargs)

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self.whole(), key, default)

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self.whole(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self.whole())

    def clear(self) -> None:
        self._on_read.clear()
        dict.clear(self)
