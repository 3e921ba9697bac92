"""A hosted game as a process holds it (:class:`Entry`), and what one write
changes before its transaction commits (:class:`Batch`)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Literal

from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Decision
from referee.server.store.talk import Message

PERSON, RANDOM = "person", "random"
"""Who may play a seat: a person, or a bot by the name
:mod:`referee.bots.kinds` gives it (``random``, and ``rules`` and
``search`` where the ruleset offers them)."""


def is_bot(player: str | None) -> bool:
    """A seat of this player is answered by the server the moment it is asked."""
    return player is not None and player != PERSON


@dataclass
class Hook:
    """Something to post to the game's chat webhook once the write commits."""

    kind: Literal["opened", "closed", "over"]
    turn: int
    deadline: int | None = None
    seats: tuple[tuple[Seat, bool], ...] = ()
    """For a closed turn: each asked seat and whether it answered."""


@dataclass
class Entry:
    """A game as this process holds it, at ``version`` of its row."""

    id: str
    ruleset: AnyRuleset
    game: Game
    players: dict[Seat, str]
    lang: Lang
    seed: bytes
    seed_hash: str
    webhook: str | None
    rule: str | None
    version: int = 0
    turn: int = 0
    turn_wait: Decision | None = None
    deadline_at: int | None = None
    paused: bool = False
    paused_left: int | None = None
    over: bool = False
    ready: set[Seat] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    docs: dict[Seat, tuple[int, dict[str, JSON], str]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def seq(self) -> int:
        return len(self.game.inputs)

    def person_asked(self, wait: Decision) -> bool:
        return any(self.players.get(seat) == PERSON for seat in wait.seats)

    def settle(self, batch: Batch) -> None:
        """``batch`` committed: take on what it changed."""
        self.turn, self.turn_wait = batch.turn, batch.turn_wait
        self.ready = batch.ready
        self.deadline_at, self.paused = batch.deadline_at, batch.paused
        self.paused_left, self.over, self.rule = batch.paused_left, batch.over, batch.rule
        self.messages.extend(batch.messages)


@dataclass
class Batch:
    """What one write changes, collected in memory before its transaction."""

    start: int
    turn: int
    turn_wait: Decision | None
    ready: set[Seat]
    deadline_at: int | None
    paused: bool
    paused_left: int | None
    over: bool
    rule: str | None
    sources: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    """Input number -> who gave it (a seat, ``bot``, ``dice``, ``close``) and its receipt."""
    new_ready: set[tuple[int, Seat]] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    hooks: list[Hook] = field(default_factory=list)
    silent: frozenset[Seat] = frozenset()
    changed: bool = False

    @classmethod
    def of(cls, entry: Entry) -> Batch:
        return cls(entry.seq, entry.turn, entry.turn_wait, set(entry.ready), entry.deadline_at,
                   entry.paused, entry.paused_left, entry.over, entry.rule)
