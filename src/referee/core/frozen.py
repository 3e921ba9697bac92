"""Small frozen objects made quickly.

The rules make a few texts, events and steps for every input. A frozen
dataclass's own ``__init__`` sets each field through ``object.__setattr__``
by name; a class that is made often sets its slots through their own
descriptors instead (:func:`slot_setter`), which costs about half as much,
and stays as frozen as before to everyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """A function that sets the slot ``name`` of an instance of ``cls``
    (a slotted class), past a frozen class's refusal: for its ``__init__`` only."""
    setter: Callable[[Any, Any], None] = vars(cls)[name].__set__
    return setter
