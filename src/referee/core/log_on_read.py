"""A seat's view whose log is built when first read.

A bot that answers a question by shape reads its view's state (its fighters,
its room) and rarely its log; writing out the log lines it never reads costs
more than the rest of its view. :class:`LogOnRead` is the whole view in every
way a reader can tell: reading its ``log`` part, or anything that walks the
whole view (``json.dumps``, ``==``, a copy, its keys), builds the log first,
in its place among the view's parts.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

JSONDict = dict[str, Any]

LOG = "log"


class LogOnRead(dict[str, Any]):
    """A view given without its ``log`` part, and ``build_log``, which makes
    that part when it is first read; the log goes right after the part
    named ``after``, where the whole view has it."""

    __slots__ = ("_after", "_build_log")

    def __init__(self, parts: JSONDict, build_log: Callable[[], list[Any]], after: str) -> None:
        super().__init__(parts)
        self._build_log: Callable[[], list[Any]] | None = build_log
        self._after = after

    def whole(self) -> JSONDict:
        """This view with its log built (this same object)."""
        build = self._build_log
        if build is not None:
            log = build()
            self._build_log = None
            parts = list(dict.items(self))
            dict.clear(self)
            for key, value in parts:
                dict.__setitem__(self, key, value)
                if key == self._after:
                    dict.__setitem__(self, LOG, log)
            dict.setdefault(self, LOG, log)  # no part named ``after``: the log goes last
        return self

    # -- reading one part: the log alone is built on demand -----------------------

    def __missing__(self, key: str) -> Any:
        if key == LOG and self._build_log is not None:
            return dict.__getitem__(self.whole(), key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == LOG:
            self.whole()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        return (key == LOG and self._build_log is not None) or dict.__contains__(self, key)

    # -- anything that reads the whole view reads it with its log ------------------

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

    # -- changing it: the log is built first, so nothing changed is built over ------

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
        self._build_log = None
        dict.clear(self)
