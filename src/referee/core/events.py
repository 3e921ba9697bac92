"""Events and their audiences: one log, filtered into each seat's view."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.core.i18n import Msg

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


@dataclass(frozen=True)
class Event:
    """Something that happened, its text, who may know it, and the clause behind it."""

    text: Msg
    audience: Audience = EVERYONE
    clause: str | None = None

    @property
    def kind(self) -> str:
        return self.text.key

    def for_reader(self) -> dict[str, object]:
        """The event as a seat reads it: its text and whether it was public,
        never who else may know it (an audience can itself be a secret)."""
        return {**self.text.to_json(), "public": self.audience.is_public}

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {**self.text.to_json(), "audience": self.audience.to_json()}
        if self.clause:
            data["clause"] = self.clause
        return data


class Log:
    """The one log of a game, appended to by the rules."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None) -> None:
        self.events.append(Event(text, audience, clause))

    def seen_by(self, observer: str) -> list[Event]:
        """The events ``observer`` may know, in order."""
        return [event for event in self.events if event.audience.admits(observer)]

    def __len__(self) -> int:
        return len(self.events)
