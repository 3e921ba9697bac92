"""The rules as explicit, copyable steps (engine contract, second edition).

A ruleset's flow is a stack of :class:`Frame` objects: small pieces of the
rules in progress whose fields are their local variables. A frame's method
returns what happens next:

- ``self.ask(wait, self.then_method)``: the game waits for a decision or a
  chance; the answer is handed to ``then_method(state, answer)``;
- ``self.call(child, self.then_method)``: run another frame; its result is
  handed to ``then_method(state, result)``;
- ``done(value)``: this frame is finished and returns ``value``.

Because the position in the rules is plain data (the stack and its fields),
a game copies in time that does not grow with its length, and equal
positions reached by different inputs compare equal (see
:meth:`referee.core.game.Game.key`). A continuation is kept by its method
name, never as a bound method, so a deep copy of a frame stays consistent.

Rules still written as generators run inside a :class:`GeneratorFrame`; a
generator may ``yield`` a :class:`Frame` to call it. Such a flow cannot be
copied, and the game falls back to replaying its inputs to copy it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeAlias

from referee.core.frozen import slot_setter
from referee.core.waits import Wait


@dataclass(frozen=True, slots=True)
class Ask:
    """The game waits for ``wait``; the answer goes to the frame's continuation."""

    wait: Wait

    def __init__(self, wait: Wait) -> None:
        _set_wait(self, wait)  # through the slot's own setter (see referee.core.frozen)


@dataclass(frozen=True, slots=True)
class Call:
    """Run ``frame``; its result goes to the caller's continuation."""

    frame: Frame

    def __init__(self, frame: Frame) -> None:
        _set_frame(self, frame)


@dataclass(frozen=True, slots=True)
class Done:
    """The frame is finished; ``value`` goes back to its caller."""

    value: Any = None

    def __init__(self, value: Any = None) -> None:
        _set_value(self, value)


_set_wait, _set_frame = slot_setter(Ask, "wait"), slot_setter(Call, "frame")
_set_value = slot_setter(Done, "value")
_new_step = object.__new__

Step: TypeAlias = Ask | Call | Done
Then: TypeAlias = Callable[[Any, Any], Step]
"""A frame's continuation: ``method(state, value) -> Step``."""


def done(value: Any = None) -> Done:
    """Finish the current frame with ``value``."""
    if value is None:
        return _DONE
    finished: Done = _new_step(Done)  # Done(value) without its __init__'s call
    _set_value(finished, value)
    return finished


_DONE = Done()
"""A frame finished with nothing to give back (the usual end: made once)."""


class Frame:
    """A piece of the rules in progress. Subclass it (a dataclass is handy)
    and implement :meth:`start`; its fields are the piece's locals."""

    copyable = True
    then = ""
    """The name of the method that receives the next answer or result."""

    def start(self, state: Any) -> Step:
        """Begin: return the first step."""
        raise NotImplementedError

    def ask(self, wait: Wait, then: Then) -> Ask:
        """Wait for ``wait``; ``then(state, answer)`` continues."""
        self.then = then.__name__
        asked: Ask = _new_step(Ask)  # Ask(wait) without its __init__'s call (one a question)
        _set_wait(asked, wait)
        return asked

    def call(self, frame: Frame, then: Then) -> Call:
        """Run ``frame``; ``then(state, result)`` continues."""
        self.then = then.__name__
        called: Call = _new_step(Call)  # Call(frame), likewise
        _set_frame(called, frame)
        return called

    def resume(self, state: Any, value: Any) -> Step:
        """Hand ``value`` to the continuation set by the last ask or call
        (the game calls the continuation itself: every frame names one)."""
        method: Then = getattr(self, self.then)
        return method(state, value)

    def __deepcopy__(self, memo: dict[int, Any]) -> Frame:
        """A copy with every field copied deeply, plain values shared (the
        same copy as :func:`copy.deepcopy` makes by default, faster)."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        for key, value in _fields(self):
            object.__setattr__(twin, key, _copied(value, memo))
        return twin


_PLAIN = frozenset((str, int, float, bool, type(None)))


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of a frame's field; plain values and flat collections of
    them (most fields) without the general machinery."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple or kind is set:
        flat = all(type(item) in _PLAIN for item in value)
        return (value if kind is tuple else kind(value)) if flat else copy.deepcopy(value, memo)
    if kind is dict and all(type(k) in _PLAIN and type(v) in _PLAIN for k, v in value.items()):
        return dict(value)
    return copy.deepcopy(value, memo)


def _fields(frame: Frame) -> list[tuple[str, Any]]:
    """A frame's fields and their values, in its ``__dict__`` or its slots."""
    found = list(getattr(frame, "__dict__", {}).items())
    for cls in type(frame).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(frame, name):
                found.append((name, getattr(frame, name)))
    return found


class GeneratorFrame(Frame):
    """Rules written as a generator: it yields waits (or frames to call) and
    receives answers (or their results). Not copyable."""

    copyable = False
    then = "sent"

    def __init__(self, flow: Generator[Any, Any, Any]) -> None:
        self.flow = flow

    def start(self, state: Any) -> Step:
        return self._step(lambda: next(self.flow))

    def sent(self, state: Any, value: Any) -> Step:
        """The continuation of every step: ``value`` sent into the generator."""
        return self._step(lambda: self.flow.send(value))

    @staticmethod
    def _step(advance: Callable[[], Any]) -> Step:
        try:
            item = advance()
        except StopIteration as stop:
            return Done(stop.value)
        return Call(item) if isinstance(item, Frame) else Ask(item)


def as_frame(flow: Frame | Generator[Any, Any, Any]) -> Frame:
    """A ruleset's ``play`` result as the frame at the bottom of the stack."""
    return flow if isinstance(flow, Frame) else GeneratorFrame(flow)
