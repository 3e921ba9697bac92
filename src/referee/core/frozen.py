"""Small frozen objects made quickly, and what they work out once.

The rules make a few texts, events and steps for every input. A frozen
dataclass's own ``__init__`` sets each field through ``object.__setattr__``
by name; a class that is made often sets its slots through their own
descriptors instead (:func:`slot_setter`), which costs about half as much,
and stays as frozen as before to everyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar, overload

T = TypeVar("T")


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """A function that sets the slot ``name`` of an instance of ``cls``
    (a slotted class), past a frozen class's refusal: for its ``__init__`` only."""
    setter: Callable[[Any, Any], None] = vars(cls)[name].__set__
    return setter


class worked_out_once(Generic[T]):  # lower case: read as a decorator, like property
    """A frozen object's property worked out when first read and kept in its
    ``__dict__``, where every later read finds it as a plain attribute.

    :class:`functools.cached_property` without its lock, which, in Python
    3.11, costs several times what it keeps for a question or a chance read
    once or twice (a die rolled, a question answered).
    """

    def __init__(self, work: Callable[[Any], T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | Self:
        if instance is None:
            return self  # read on the class
        value = instance.__dict__[self.name] = self.work(instance)
        return value
