"""Events and their audiences: one log, filtered into each seat's view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from referee.core.frozen import slot_setter
from referee.core.i18n import Msg, alike_params, personal, reader_json
from referee.core.readonly import ReadOnlyDict, read_only, read_only_flat

Seat = str
REFEREE: Seat = "referee"
"""The game master's seat: it may know everything."""


@dataclass(frozen=True)
class Audience:
    """Who may know an event: everyone, or the listed observers.

    Observers are seat names, or other tokens a ruleset defines (a camera,
    ``"camera:3"``); the referee always knows.
    """

    observers: frozenset[str] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Audience:
        return self

    @classmethod
    def only(cls, *observers: str) -> Audience:
        return cls(frozenset(observers))

    @classmethod
    def of(cls, observers: Iterable[str]) -> Audience:
        return cls(frozenset(observers))

    @property
    def is_public(self) -> bool:
        return self.observers is None

    def admits(self, observer: str) -> bool:
        return observer == REFEREE or self.observers is None or observer in self.observers

    def to_json(self) -> str | list[str]:
        return "everyone" if self.observers is None else sorted(self.observers)


EVERYONE = Audience()

Facts: TypeAlias = Mapping[str, Any]
"""What an event says as data: ``{"kind": "moved", "who": "anton", "from": "metro",
"to": "zoo"}``. Every piece, place, card and seat by its id; never a display
name or a catalogue key. Each ruleset documents its kinds in its view model."""


@dataclass(frozen=True)
class SecretFacts:
    """Facts with a secret in them (a card drawn): ``knowers`` and the
    referee read ``full``; every other reader reads ``others``. The data twin
    of :func:`secret`."""

    knowers: frozenset[str]
    full: Facts
    others: Facts

    def __deepcopy__(self, memo: dict[int, object]) -> SecretFacts:
        return self

    def for_reader(self, reader: str) -> Facts:
        return self.full if reader == REFEREE or reader in self.knowers else self.others


def secret_facts(knowers: Iterable[str], full: Facts, others: Facts) -> SecretFacts:
    """Facts that ``knowers`` (and the referee) read in full, others in part."""
    return SecretFacts(frozenset(knowers), read_only(dict(full)), read_only(dict(others)))


def shared_facts(facts: Facts | SecretFacts | None) -> Facts | SecretFacts | None:
    """``facts`` made read-only once, so every view line shows the same object."""
    if facts is None or type(facts) is SecretFacts or type(facts) is ReadOnlyDict:
        return facts
    shared: Facts = read_only(facts if type(facts) is dict else dict(facts))  # type: ignore[arg-type]
    return shared


def secret(knowers: Iterable[str], full: Msg, others: Msg) -> Msg:
    """One line with a secret in it (a card drawn, say): ``knowers`` and the
    referee read ``full``, every other reader reads ``others``. Emit it once,
    to an audience naming every seat that learns something happened, so each
    reader gets exactly one line; rendered without a reader it reads ``others``."""
    return personal((*knowers, REFEREE), full, others)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: its text, who may know it, the clause behind
    it, and its facts as data (ids, numbers) beside the text that renders them."""

    text: Msg
    audience: Audience = EVERYONE
    clause: str | None = None
    facts: Facts | SecretFacts | None = None
    _line: object = field(default=None, init=False, repr=False, compare=False)
    """The line every reader reads, once read, where all read it alike
    (:meth:`for_reader`); :data:`_PER_READER` where they do not."""

    def __init__(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None,
                 facts: Facts | SecretFacts | None = None) -> None:
        # through the slots' own setters (made often: see referee.core.frozen)
        _set_text(self, text)
        _set_audience(self, audience)
        _set_clause(self, clause)
        _set_facts(self, facts)
        _set_line(self, None)

    def __deepcopy__(self, memo: dict[int, object]) -> Event:
        return self

    @property
    def kind(self) -> str:
        return self.text.key

    def for_reader(self, reader: str = REFEREE) -> dict[str, object]:
        """The event as ``reader`` reads it: its text in the wording meant for
        that reader and whether it was public, never who else may know it (an
        audience can itself be a secret). A line that every reader reads
        alike (nothing in its text worded for its reader, no secret in its
        facts) is made once, read-only, and shared by every view that shows
        it; any other is made anew for each call."""
        line = self._line
        if type(line) is ReadOnlyDict:
            return line
        if line != _PER_READER:  # not read yet (or brought back plain by pickle)
            shared = self._line_for_all()
            object.__setattr__(self, "_line", _PER_READER if shared is None else shared)
            if shared is not None:
                return shared
        return self._made_for(reader)

    def _line_for_all(self) -> dict[str, object] | None:
        """The line every reader reads, read-only; None where readers read it
        differently."""
        facts = self.facts
        if type(facts) is SecretFacts:
            return None
        params = alike_params(self.text)
        if params is None:
            return None
        line: dict[str, object] = {"key": self.text.key, "params": params,
                                   "public": self.audience.observers is None}
        if facts is not None:
            line["facts"] = facts if type(facts) is ReadOnlyDict else read_only(facts)
        shared: dict[str, object] = read_only_flat(line)
        return shared

    def _made_for(self, reader: str) -> dict[str, object]:
        data = reader_json(self.text, reader)
        data["public"] = self.audience.observers is None
        facts = self.facts
        if facts is not None:
            data["facts"] = facts.for_reader(reader) if type(facts) is SecretFacts else facts
        return data

    def facts_for(self, reader: str = REFEREE) -> Facts | None:
        """The facts ``reader`` may read of this event; None where it has none."""
        facts = self.facts
        return facts.for_reader(reader) if isinstance(facts, SecretFacts) else facts

    def to_json(self) -> dict[str, object]:
        """The event as the game master's record keeps it (and the checksum
        reads: facts are worked out from the same inputs as the text, so a
        save's checksum does not depend on them)."""
        data: dict[str, object] = {**self.text.to_json(), "audience": self.audience.to_json()}
        if self.clause:
            data["clause"] = self.clause
        return data


_set_text, _set_audience = slot_setter(Event, "text"), slot_setter(Event, "audience")
_set_clause, _set_facts = slot_setter(Event, "clause"), slot_setter(Event, "facts")
_set_line = slot_setter(Event, "_line")
_new_event = object.__new__

_PER_READER = "per reader"
"""An event's line worded for each reader, or with a secret in its facts."""


class Tail:
    """An append-only list that copies share until one of them appends:
    copying is free and never grows with the length of the list. Appended
    to by its :class:`Log` alone."""

    __slots__ = ("_items", "_size")

    def __init__(self, items: list[Event] | None = None, size: int = 0) -> None:
        self._items: list[Event] = [] if items is None else items
        self._size = size

    def _append(self, item: Event) -> None:
        """Add ``item`` at the end, first cutting the shared list back to
        this copy's length when another copy has appended to it."""
        items = self._items
        if len(items) != self._size:
            items = self._items = items[: self._size]
        items.append(item)
        self._size += 1

    def _listed(self) -> list[Event]:
        """The items, in order (do not change the list)."""
        return self._items if len(self._items) == self._size else self._items[: self._size]

    def copy(self) -> Tail:
        return Tail(self._items, self._size)

    def __len__(self) -> int:
        return self._size


class Log(Tail):
    """The one log of a game, appended to by the rules through :meth:`emit`
    alone: its events, a :class:`Tail` its copies share; each observer's
    part of it is kept up to date as events arrive, so a view never rescans it."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict[str, tuple[Tail, int]] = {}

    @property
    def events(self) -> list[Event]:
        """Every event, in order (do not change the list)."""
        return self._listed()

    def emit(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None,
             facts: Facts | SecretFacts | None = None) -> None:
        """Log ``text`` for ``audience``, its ``facts`` made read-only
        (:func:`shared_facts`, without a call for facts that are already)."""
        kind = type(facts)
        if kind is not ReadOnlyDict and facts is not None and kind is not SecretFacts:
            facts = read_only(facts if kind is dict else dict(facts))  # type: ignore[arg-type]
        event = _new_event(Event)  # Event(...) without its __init__'s call: a line or more an input
        _set_text(event, text)
        _set_audience(event, audience)
        _set_clause(event, clause)
        _set_facts(event, facts)
        _set_line(event, None)
        events = self._items  # self._append(event) written out: the call cost Facility 0.4%
        if len(events) != self._size:  # another copy appended to the shared list: cut it back
            events = self._items = events[: self._size]
        events.append(event)
        self._size += 1

    def seen_by(self, observer: str) -> list[Event]:
        """The events ``observer`` may know, in order (do not change the list)."""
        seen, scanned = self._seen.get(observer) or (Tail(), 0)
        if scanned < self._size:
            for event in self.seen_since(observer, scanned):
                seen._append(event)
            scanned = self._size
        self._seen[observer] = (seen, scanned)
        return seen._listed()

    def catch_up(self, observers: Iterable[str]) -> None:
        """Bring each of ``observers``' parts of the log up to date in one
        pass over the events the furthest behind has not seen, rather than a
        pass each (a turn of a thousand characters read at once)."""
        behind = {observer: self._seen.get(observer) or (Tail(), 0)
                  for observer in observers if observer != REFEREE}
        events = self._listed()
        if not behind or all(scanned == len(events) for _, scanned in behind.values()):
            return
        start = min(scanned for _, scanned in behind.values())
        for index in range(start, len(events)):
            event = events[index]
            admitted = event.audience.observers
            for observer in behind if admitted is None else admitted:
                entry = behind.get(observer)
                if entry is not None and index >= entry[1]:
                    entry[0]._append(event)
        for observer, (seen, _) in behind.items():
            self._seen[observer] = (seen, len(events))

    def seen_since(self, observer: str, start: int, stop: int | None = None) -> list[Event]:
        """Of the events from the ``start``-th on (to the ``stop``-th, not
        included, if given), those ``observer`` may know."""
        if observer == REFEREE:
            return self._listed()[start:stop]
        return [event for event in self._listed()[start:stop]
                if (observers := event.audience.observers) is None  # Audience.admits, inlined
                or observer in observers]

    def copy(self) -> Log:
        """A copy that shares the events so far, and each observer's part of
        them, until either log is appended to."""
        twin = Log.__new__(Log)
        twin._items, twin._size = self._items, self._size
        twin._seen = {observer: (seen.copy(), scanned)
                      for observer, (seen, scanned) in self._seen.items()}
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Log:
        return self.copy()
