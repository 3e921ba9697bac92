"""Read-only JSON: the parts of a view that views share.

A seat's view is built for every question put to it. The parts that do not
change from one view to the next and read the same for every seat (a
scenario's names, a question and its options shown again, phrases inside log
lines) are built once and shared by every view that shows them, across seats
and games; so that a careless reader cannot change them for everyone, they
refuse to be changed.

They are a ``dict`` and a ``list`` in every other way: ``json.dumps`` writes
them, ``==`` compares them with plain JSON, and ``copy.deepcopy`` (or a JSON
round trip) gives a plain copy that may be changed.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, NoReturn

READ_ONLY = ("this part of a view is shared with other views and cannot be changed; "
             "copy.deepcopy(view) gives a copy you may change")


def _refuse(*_: object, **__: object) -> NoReturn:
    raise TypeError(READ_ONLY)


class ReadOnlyDict(dict[str, Any]):
    """A JSON object that refuses to be changed."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if self:
            _refuse()
        super().__init__(*args, **kwargs)

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, object]) -> dict[str, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class ReadOnlyList(list[Any]):
    """A JSON array that refuses to be changed."""

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __init__(self, *args: Any) -> None:
        if self:
            _refuse()
        super().__init__(*args)

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, object]) -> list[Any]:
        return [copy.deepcopy(value, memo) for value in self]

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return list, (list(self),)


def read_only(value: Any) -> Any:
    """``value`` (JSON) with every object and array in it read-only, at any
    depth; tuples become arrays. Read-only parts are taken as they are."""
    kind = type(value)
    if kind is dict:
        shared: Any = _new_dict(ReadOnlyDict)
        _fill_dict(shared, value)  # texts and numbers as they are, in one copy
        for key, item in value.items():
            if type(item) in _PLAIN_CONTAINERS:
                _set_item(shared, key, read_only(item))
        return shared
    if kind is list or kind is tuple:
        shared = _new_list(ReadOnlyList)
        _fill_list(shared, value)
        for index, item in enumerate(value):
            if type(item) in _PLAIN_CONTAINERS:
                _set_index(shared, index, read_only(item))
        return shared
    return value


def read_only_flat(value: dict[str, Any] | list[Any]) -> Any:
    """A read-only copy of ``value``, whose items are already read-only,
    texts or numbers: nothing in it is walked (a part built bottom-up)."""
    if type(value) is dict:
        shared: Any = _new_dict(ReadOnlyDict)
        _fill_dict(shared, value)
    else:
        shared = _new_list(ReadOnlyList)
        _fill_list(shared, value)
    return shared


def frozen_facts(facts: dict[str, Any]) -> ReadOnlyDict:
    """A line's flat ``facts``, read-only as the log keeps them, made the
    quick way: each value a text, a number, None or already read-only
    (:func:`frozen_list`), so the log takes them as they are rather than
    walking them for a copy (rules that log a line or more an input)."""
    made: ReadOnlyDict = _new_dict(ReadOnlyDict)  # read_only_flat's, without its call
    _fill_dict(made, facts)
    return made


def frozen_list(values: Iterable[Any]) -> ReadOnlyList:
    """A list of texts or numbers for :func:`frozen_facts`, read-only."""
    made: ReadOnlyList = _new_list(ReadOnlyList)
    _fill_list(made, values)
    return made


_PLAIN_CONTAINERS = frozenset({dict, list, tuple})
# The plain types' own methods fill a read-only part as it is made (its own refuse).
_new_dict, _fill_dict, _set_item = dict.__new__, dict.update, dict.__setitem__
_new_list, _fill_list, _set_index = list.__new__, list.extend, list.__setitem__
