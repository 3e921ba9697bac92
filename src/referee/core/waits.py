"""What a game waits for: a decision by seats, or a chance event.

A rule yields one of these and receives the answer: the chosen option's value
for a decision put to one seat, a mapping seat -> answer for a simultaneous
one, the outcome's value for a chance event.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from random import Random
from typing import Any, TypeAlias, TypeVar, cast

from pydantic import BaseModel

from referee.core.events import Seat
from referee.core.frozen import worked_out_once
from referee.core.i18n import Msg, Param
from referee.core.readonly import ReadOnlyDict, ReadOnlyList, read_only

JSON: TypeAlias = Any
"""A value that survives a JSON round trip unchanged (str, int, bool, list, dict, None)."""


_SCALARS = (str, int, float, bool, type(None))
T = TypeVar("T")


def same_json(a: JSON, b: JSON) -> bool:
    """Equal as JSON text: ``true`` is not ``1``, ``1.0`` is not ``1``, a tuple is its list."""
    kind = type(a)
    if kind in _SCALARS or type(b) in _SCALARS:
        return kind is type(b) and bool(a == b)
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


Meaning: TypeAlias = Mapping[str, Any]
"""What an option or a chance is, as data with ids: ``{"kind": "gate", "gate":
"g1"}``, ``{"roll": "initiative", "fighter": "hatamoto"}``. Each ruleset
documents its vocabulary in its view model (:mod:`referee.core.views`)."""


def copy_of_meaning(meaning: Meaning) -> dict[str, JSON]:
    """A view's own copy of a meaning or a label: most hold ids and numbers
    only and are copied flat, or a point or a list of ids beside them;
    deeper ones go through JSON."""
    copied: dict[str, JSON] = {}
    for key, value in meaning.items():
        kind = type(value)
        if type(key) is not str:
            break
        if kind in _SCALARS:
            copied[key] = value
        elif (kind is list or kind is tuple) and all(type(v) in _SCALARS for v in value):
            copied[key] = list(value)
        else:
            break
    else:
        return copied
    return cast(dict[str, JSON], json_copy(meaning))


class _NotPlain(Exception):
    """A value with something a JSON round trip would change (a key that is not text)."""


def json_copy(value: JSON) -> JSON:
    """A copy of ``value`` as a JSON round trip reads it back (tuples become
    lists, read-only parts plain ones), made without writing it out when it
    is plain JSON already."""
    try:
        return _plain_copy(value)
    except _NotPlain:
        return json.loads(json.dumps(value))


def _plain_copy(value: JSON) -> JSON:
    kind = type(value)
    if kind is dict or kind is ReadOnlyDict:
        copied: dict[str, JSON] = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            copied[key] = item if type(item) in _SCALARS else _plain_copy(item)
        return copied
    if kind is list or kind is tuple or kind is ReadOnlyList:
        return [item if type(item) in _SCALARS else _plain_copy(item) for item in value]
    if kind in _SCALARS:
        return value
    raise _NotPlain


@dataclass(frozen=True)
class Option:
    """One legal answer: its value (JSON, what a seat sends back), how to
    show it, and what it means as data. Saved games record the value; the
    meaning sits beside it for readers of a view (pages, bots)."""

    value: JSON
    label: Msg
    meaning: Meaning | None = None

    def __init__(self, value: JSON, label: Msg, meaning: Meaning | None = None) -> None:
        # its fields set in one step (the rules make several options a question;
        # the frozen class's own __init__ sets them one by one)
        self.__dict__.update(value=value, label=label, meaning=meaning)

    def __deepcopy__(self, memo: dict[int, object]) -> Option:
        return self

    def to_json(self) -> dict[str, JSON]:
        """The option as a view shows it, its value a copy: a seat changing
        it changes no legal answer."""
        value = self.value
        if type(value) not in _SCALARS:
            value = json_copy(value)
        data: dict[str, JSON] = {"value": value, "label": self.label.to_json()}
        if self.meaning is not None:
            data["meaning"] = copy_of_meaning(self.meaning)
        return data


@dataclass(frozen=True)
class Decision:
    """A question put to one or more seats.

    Either ``options`` lists every legal answer per seat, or ``schema`` gives
    the answer's shape (a pydantic model, or one per seat); the rules then
    receive the parsed model, and a seat's view carries the shape as JSON
    Schema with the seat's ``templates`` entry, a pre-filled answer, where the
    rules offer one. With several seats the decision is simultaneous: no seat
    sees another's answer, an answer may be replaced, and the decision closes
    when every seat has answered, or, with ``until_closed``, at a close input
    (a deadline), where seats without an answer get ``defaults``. The rules
    receive a simultaneous decision's answers as a mapping seat -> answer, and
    a seat's answer has the same shape however many seats were asked.
    """

    seats: tuple[Seat, ...]
    question: Msg
    options: Mapping[Seat, tuple[Option, ...]] | None = None
    schema: type[BaseModel] | Mapping[Seat, type[BaseModel]] | None = None
    defaults: Mapping[Seat, JSON] = field(default_factory=dict)
    until_closed: bool = False
    templates: Mapping[Seat, JSON] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, object]) -> Decision:
        return self

    @classmethod
    def single(cls, seat: Seat, question: Msg, options: Sequence[Option]) -> Decision:
        """A question put to ``seat`` alone, answered by choosing one of
        ``options`` (most questions: its fields set in one step, where the
        frozen class's ``__init__`` sets them one by one)."""
        decision = object.__new__(cls)
        decision.__dict__.update(seats=(seat,), question=question,
                                 options={seat: tuple(options)}, schema=None,
                                 defaults=_NO_SEATS, until_closed=False, templates=_NO_SEATS,
                                 _sole=seat,  # nothing in it is another seat's
                                 simultaneous=False)
        return decision

    @worked_out_once
    def simultaneous(self) -> bool:
        """Put to several seats, or open until closed (worked out once)."""
        return len(self.seats) > 1 or self.until_closed

    def asks(self, seat: Seat) -> bool:
        """True when ``seat`` is one of the seats asked (among many, by a set
        made once: a turn of ten thousand seats is answered seat by seat)."""
        seats = self.seats
        return seat in seats if len(seats) <= _FEW_SEATS else seat in self._asked_seats()

    @property
    def seat_count(self) -> int:
        """How many seats are asked (each counted once)."""
        return len(self._asked_seats())

    def _asked_seats(self) -> frozenset[Seat]:
        asked: frozenset[Seat] | None = self.__dict__.get("_asked")
        if asked is None:
            asked = self.__dict__["_asked"] = frozenset(self.seats)
        return asked

    def for_seat(self, seat: Seat) -> Decision:
        """This decision as ``seat`` may see it: its own options only."""
        if seat == self._sole:
            return self  # put to this seat alone: nothing in it is another's
        seen = object.__new__(Decision)  # its fields set in one step, as a single's
        seen.__dict__.update(seats=(seat,), question=self.question,
                             options=None if self.options is None
                             else {seat: self.options_for(seat)},
                             schema=self.shape_for(seat), defaults=_own(self.defaults, seat),
                             until_closed=self.until_closed,
                             templates=_own(self.templates, seat),
                             _sole=seat, simultaneous=self.until_closed)
        return seen

    @worked_out_once
    def _sole(self) -> Seat | None:
        """The one seat this decision is put to, when nothing in it is another
        seat's (worked out once: every question is shown to its seat)."""
        seat = self.seats[0] if len(self.seats) == 1 else None
        only = {seat}
        if isinstance(self.schema, Mapping) or not (
                (self.options is None or self.options.keys() <= only)
                and self.defaults.keys() <= only and self.templates.keys() <= only):
            return None
        return seat

    def options_for(self, seat: Seat) -> tuple[Option, ...]:
        return () if self.options is None else self.options.get(seat, ())

    def view_json(self, seat: Seat) -> dict[str, JSON]:
        """What a view of ``seat`` shows of this decision: the question, the
        seats asked, who has answered (none: the game fills it in), and the
        options put to ``seat`` if it answers by choosing one. The mapping is
        new on every call; a part shown again is read-only and shared
        (:func:`shown`)."""
        data: dict[str, JSON] = {"decision": shown(self, "question", self.question.to_json),
                                 "seats": list(self.seats), "answered": []}
        if seat in self.seats and self.shape_for(seat) is None:
            data["options"] = shown(self, ("options", seat), lambda: self._options_json(seat))
        return data

    def _options_json(self, seat: Seat) -> list[JSON]:
        return [shown(o, "option", o.to_json) for o in self.options_for(seat)]

    def shape_for(self, seat: Seat) -> type[BaseModel] | None:
        """The model ``seat``'s answer must fit; None for a choice among options."""
        if self.schema is None or isinstance(self.schema, type):
            return self.schema
        return self.schema.get(seat)


_NO_SEATS: Mapping[Seat, JSON] = read_only({})
"""No seat's default or template (shared by the questions that have none)."""


def _own(entries: Mapping[Seat, JSON], seat: Seat) -> Mapping[Seat, JSON]:
    """``seat``'s entry of ``entries`` (a default, a template) alone."""
    return {seat: entries[seat]} if seat in entries else _NO_SEATS


_FEW_SEATS = 8
"""As many seats as are looked through faster one by one than by a set made for them."""


def shown(part: Decision | Option, key: object, build: Callable[[], T]) -> T:
    """``build()``, JSON. Rules may show the same question or option again,
    in this game or another: from its second showing on it is kept
    read-only and shared by every view that shows it, never built again. A
    part shown only once is built for that view alone. (What a copy through
    pickle brings back as plain JSON is made read-only again.)"""
    kept: dict[object, object] | None = part.__dict__.get("_shown")
    if kept is None:
        kept = part.__dict__["_shown"] = {}
    value = kept.get(key)
    kind = type(value)
    if kind is ReadOnlyDict or kind is ReadOnlyList:
        return cast(T, value)
    if value is None:
        kept[key] = True  # shown once
        return build()
    value = kept[key] = read_only(build())
    return cast(T, value)


@dataclass(frozen=True)
class Chance:
    """A random event: every outcome (a JSON value) with its exact
    probability, what it is in words (``what``) and as data (``label``:
    whose die, which roll, by ids)."""

    what: Msg
    outcomes: tuple[tuple[JSON, Fraction], ...]
    label: Meaning | None = None

    def __init__(self, what: Msg, outcomes: tuple[tuple[JSON, Fraction], ...],
                 label: Meaning | None = None) -> None:
        self.__dict__.update(what=what, outcomes=outcomes, label=label)  # as an Option's

    @classmethod
    def uniform(cls, what: Msg, values: Sequence[JSON],
                label: Meaning | None = None) -> Chance:
        if type(values) is tuple and all(type(v) is int or type(v) is str for v in values):
            return cls(what, _uniform_outcomes(values), label)  # a die: its faces made once
        share = Fraction(1, len(values))
        return cls(what, tuple((value, share) for value in values), label)

    @classmethod
    def weighted(cls, what: Msg, counts: Mapping[JSON, int],
                 label: Meaning | None = None) -> Chance:
        """Outcomes in proportion to ``counts`` (cards left in a deck, say)."""
        total = sum(counts.values())
        return cls(what, tuple((v, Fraction(n, total)) for v, n in counts.items() if n), label)

    def view_json(self) -> dict[str, JSON]:
        """What a view shows of this chance: its words and its label, never
        an outcome."""
        data: dict[str, JSON] = {"chance": self.what.to_json()}
        if self.label is not None:
            data["label"] = copy_of_meaning(self.label)
        return data

    def __deepcopy__(self, memo: dict[int, object]) -> Chance:
        return self

    def pick(self, rng: Random) -> JSON:
        """An outcome drawn by ``rng`` with its probability (as
        ``rng.choices`` draws it, by the running totals of the probabilities,
        worked out once for the outcomes and kept by the chance: a chance
        drawn from again, a deck's in a shared setup, finds them at once)."""
        values, totals = self._drawn
        return values[bisect_right(totals, rng.random() * totals[-1], 0, len(totals) - 1)]

    @worked_out_once
    def _drawn(self) -> tuple[list[JSON], list[float]]:
        """The outcomes and the running totals drawn by (worked out once)."""
        return _running_totals(self.outcomes)

    def probability(self, value: JSON) -> Fraction:
        kind = type(value)
        if kind in _SCALARS:  # same_json of plain values, without a call per outcome
            found = [p for v, p in self.outcomes if type(v) is kind and v == value]
            return found[0] if len(found) == 1 else sum(found, Fraction(0))
        return sum((p for v, p in self.outcomes if same_json(v, value)), Fraction(0))


Wait: TypeAlias = Decision | Chance
Outcomes: TypeAlias = tuple[tuple[JSON, Fraction], ...]


@lru_cache(maxsize=64)
def _uniform_outcomes(values: tuple[int | str, ...]) -> Outcomes:
    """Whole numbers or texts, each an equal share (the faces of a die)."""
    share = Fraction(1, len(values))
    return tuple((value, share) for value in values)


_TOTALS: dict[int, tuple[Outcomes, list[JSON], list[float]]] = {}
"""The running totals of outcomes drawn from lately, by the outcomes' identity."""
_TOTALS_KEPT = 256


def _running_totals(outcomes: Outcomes) -> tuple[list[JSON], list[float]]:
    """The outcomes' values, and their probabilities' running totals as
    floats: worked out once for outcomes shared by many chances (a die's)."""
    known = _TOTALS.get(id(outcomes))
    if known is not None and known[0] is outcomes:
        return known[1], known[2]
    values = [value for value, _ in outcomes]
    totals = list(accumulate(float(share) for _, share in outcomes))
    if len(_TOTALS) >= _TOTALS_KEPT:
        _TOTALS.clear()
    _TOTALS[id(outcomes)] = (outcomes, values, totals)
    return values, totals


def die(label: str = "d6", sides: int = 6, meaning: Meaning | None = None,
        **params: Param) -> Chance:
    """One die of ``sides`` faces; ``meaning`` says as data what it rolls."""
    return Chance.uniform(Msg("core.chance.die", {"label": label, "sides": sides, **params}),
                          tuple(range(1, sides + 1)), meaning)  # its faces' shares made once
