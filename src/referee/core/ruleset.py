"""What a ruleset declares about itself, and the registry that finds it by name."""

from __future__ import annotations

import copy
import difflib
import importlib
from abc import ABC, abstractmethod
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from pydantic import BaseModel

from referee.core import plugins
from referee.core.errors import UnknownRuleset
from referee.core.events import EVERYONE, Audience, Facts, Log, Seat, SecretFacts
from referee.core.flow import Frame
from referee.core.i18n import Msg, Name, msg
from referee.core.waits import JSON, Decision, Wait

Flow: TypeAlias = Generator[Wait | Frame, Any, None]
"""The rules of a game as a generator: yields what it waits for, receives
answers (see :mod:`referee.core.flow` for the copyable form)."""

T = TypeVar("T")
Step: TypeAlias = Generator[Wait, Any, T]
"""A piece of the rules that asks questions and then returns a value (``yield from``)."""


class GameState:
    """Base of every ruleset's state: the one log its rules write to."""

    def __init__(self) -> None:
        self.log = Log()

    def emit(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None,
             facts: Facts | SecretFacts | None = None) -> None:
        """Log ``text`` for ``audience``, with the event's ``facts`` as data."""
        self.log.emit(text, audience, clause, facts)

    def shared(self) -> tuple[object, ...]:
        """Parts of the state that never change during a game (prepared
        geometry, tables): a copy of the game shares them."""
        return ()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: a return for every seat, whether the seats
    played together, and why.

    A competitive game gives +1 to each winner and -1 to the others (0 to
    all for a draw) where nothing finer exists; a co-operative game gives
    every seat +1 for a win and -1 for a loss.
    """

    returns: Mapping[Seat, float]
    reason: Msg
    cooperative: bool = False

    @classmethod
    def win(cls, seats: Sequence[Seat], winners: Sequence[Seat], reason: Msg) -> Outcome:
        """``winners`` won (none, or every seat: a draw)."""
        if not winners or set(seats) <= set(winners):
            return cls.draw(seats, reason)
        return cls({s: 1.0 if s in winners else -1.0 for s in seats}, reason)

    @classmethod
    def draw(cls, seats: Sequence[Seat], reason: Msg) -> Outcome:
        return cls(dict.fromkeys(seats, 0.0), reason)

    @classmethod
    def together(cls, seats: Sequence[Seat], won: bool, reason: Msg) -> Outcome:
        """A co-operative game's end: every seat won, or every seat lost."""
        return cls(dict.fromkeys(seats, 1.0 if won else -1.0), reason, cooperative=True)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the best return, when it beats some other seat's (a
        co-operative win: every seat); none for a draw or a co-operative loss."""
        if not self.returns:
            return ()
        best = max(self.returns.values())
        if self.cooperative:
            return tuple(self.returns) if best > 0 else ()
        if best == min(self.returns.values()):
            return ()
        return tuple(s for s, r in self.returns.items() if r == best)

    @property
    def kind(self) -> Literal["win", "draw", "won-together", "lost-together"]:
        if self.cooperative:
            return "won-together" if self.winners else "lost-together"
        return "win" if self.winners else "draw"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "winners": list(self.winners),
                "returns": dict(self.returns), "cooperative": self.cooperative,
                "reason": self.reason.to_json()}


@dataclass(frozen=True)
class GameType:
    """What kind of game a ruleset plays, as data (shown by ``referee rulesets``)."""

    decisions: Literal["sequential", "simultaneous", "both"]
    chance: bool
    hidden_information: bool
    cooperative: bool
    min_seats: int
    max_seats: int
    max_length: int | None
    """A bound on the number of inputs a game can take; None if unbounded."""
    length_note: Msg | None = None
    """What bounds the length, in words (the scenario's last turn, say)."""


@dataclass(frozen=True)
class Void:
    """A part of an accepted answer the rules will not carry out, and why;
    told to the answering seat alone (and the referee)."""

    part: str
    reason: Msg
    told_by_rules: bool = False
    """True where the rules tell it themselves when they come to the part
    (Facility: in its turn's actions): the seat learns it as it answers, and
    the game does not say it again when the decision closes."""
    code: str | None = None
    """Why, as data, in the ruleset's word for it (``"no-door"``); ``reason``
    says it in words."""
    about: Mapping[str, Any] | None = None
    """The ids and numbers the reason names (``{"door": "north", "room": 3}``)."""

    def facts(self) -> dict[str, Any]:
        """Why, as the facts of a void part and the seat's view give it:
        ``code`` and ``about``, where the ruleset gives them."""
        if self.code is None:
            return {}
        return {"code": self.code, "about": copy.deepcopy(dict(self.about or {}))}


@dataclass(frozen=True)
class Verdict:
    """A ruleset's judgement of an answer that fits its shape: refused (with
    every reason), or accepted as ``answer`` with the ``voids`` left out."""

    answer: Any
    refusals: tuple[Msg, ...] = ()
    voids: tuple[Void, ...] = field(default=())

    def __init__(self, answer: Any, refusals: tuple[Msg, ...] = (),
                 voids: tuple[Void, ...] = ()) -> None:
        # its fields set in one step (one verdict an answer; the frozen
        # class's own __init__ sets them one by one)
        self.__dict__.update(answer=answer, refusals=refusals, voids=voids)


class _OnFirstRead:
    """A class attribute held as ``"module:name"`` and imported when first
    read, then kept on the class as a plain attribute (see :func:`on_first_read`)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        module, _, attribute = self.target.partition(":")
        value = getattr(importlib.import_module(module), attribute)
        setattr(owner, self.name, value)
        return value


def on_first_read(target: str) -> Any:
    """A ruleset's class attribute named by ``"module:name"``, imported when
    first read: its view models (``view_model = on_first_read(
    "referee.games.echo.view:EchoStateView")``), which only the schema and
    the contract tests read, so that loading a ruleset to list it or check a
    scenario does not build them."""
    return _OnFirstRead(target)


ScenarioT = TypeVar("ScenarioT", bound=BaseModel)
StateT = TypeVar("StateT", bound=GameState)


class Ruleset(ABC, Generic[ScenarioT, StateT]):
    """A game's rules. Subclasses declare their metadata and fill in the hooks.

    The core owns the flow: it asks :meth:`play` for what the game waits for,
    feeds it answers, and builds views with :meth:`view`.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1"
    title: ClassVar[Msg]
    game_type: ClassVar[GameType]
    scenario_model: ClassVar[type[BaseModel]]
    view_model: ClassVar[type[BaseModel] | None] = None
    """The ``state`` part of a seat's view (:mod:`referee.core.views`)."""
    facts_model: ClassVar[Any] = None
    """The facts of the ruleset's log lines: a union of models told apart by
    their ``kind`` field (:mod:`referee.core.views`)."""
    meaning_model: ClassVar[Any] = None
    """What an option of a decision means, as data (a model or a union)."""
    chance_model: ClassVar[Any] = None
    """What a chance rolls or draws, as data (a model or a union)."""
    fresh_views: ClassVar[bool] = False
    """True when :meth:`view` builds every list and mapping anew on each call,
    sharing none with the state or an earlier view but read-only parts
    (:mod:`referee.core.readonly`, names worked out once per scenario, say):
    the game then hands the view out as it is. False: the game copies it
    first, so a seat changing its view changes nothing in the game."""

    @abstractmethod
    def seats(self, scenario: ScenarioT) -> tuple[Seat, ...]:
        """The seats a game of this scenario has, in turn order."""

    @property
    def has_chance(self) -> bool:
        return self.game_type.chance

    @property
    def has_hidden_information(self) -> bool:
        return self.game_type.hidden_information

    def check_scenario(self, scenario: ScenarioT) -> Sequence[Msg | str]:
        """Problems the schema cannot see (a name that refers to nothing), as
        messages naming the field and what was expected; empty when all is well."""
        return []

    @abstractmethod
    def new_state(self, scenario: ScenarioT) -> StateT:
        """The state at setup, before any input."""

    @abstractmethod
    def play(self, state: StateT) -> Frame | Flow:
        """The rules: the frame (or generator) at the bottom of the flow."""

    @abstractmethod
    def view(self, state: StateT, seat: Seat) -> dict[str, JSON]:
        """What ``seat`` may know of ``state`` (the referee's seat sees all). JSON only."""

    # The core asks these two, in this order, whenever the rules wait or end;
    # the first result ends the game.

    def decided(self, state: StateT) -> Outcome | None:
        """A side has won (or the co-operative seats have won or lost); None
        while nobody has."""
        return None

    def timed_out(self, state: StateT) -> Outcome | None:
        """The game's bound on length is reached (the last turn played)."""
        return None

    def check_answer(self, state: StateT, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """Judge an answer that fits the decision's shape against the state:
        refuse it with reasons, or accept it, leaving out void parts. Asked
        of answers by shape alone: an option put to the seat is legal as the
        rules listed it."""
        return Verdict(answer)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A legal answer for a decision given by shape rather than options."""
        raise NotImplementedError(f"{self.name} has no random answer for {decision.question.key}")

    def within_earshot(self, state: StateT, seat: Seat) -> frozenset[Seat] | None:
        """The other seats that hear what ``seat`` says to its room now (the
        characters in the same room); None where the game has no rooms."""
        return None

    def seat_name(self, scenario: ScenarioT, seat: Seat) -> Msg | Name:
        """How players call ``seat`` in this scenario (a posse, a character)."""
        return msg("core.seat-name", seat=seat)

    def outcome_words(self, scenario: ScenarioT, outcome: Outcome) -> Msg:
        """The end of a game as a person says it: who won, or that it is a
        draw, and why ("The Night Watch won: ..."). A co-operative game's
        ruleset says who played together ("The investigators lost: ...")."""
        if outcome.kind == "win":
            return msg("core.end.won", reason=outcome.reason, winners=tuple(
                self.seat_name(scenario, seat) for seat in outcome.winners))
        if outcome.kind == "draw":
            return msg("core.draw", reason=outcome.reason)
        return msg(f"core.{outcome.kind}", reason=outcome.reason)

    def examples(self) -> list[Path]:
        """The example scenario files shipped with the ruleset, default first."""
        folder = Path(__import__(type(self).__module__, fromlist=["_"]).__file__ or "").parent
        return sorted((folder / "scenarios").glob("*.toml"))


AnyRuleset: TypeAlias = Ruleset[Any, Any]
RULESETS_GROUP = "referee.rulesets"
"""The entry-point group a package registers its rulesets in: the entry
point's name is the ruleset's name, its object the ruleset class
(``night-watch = "referee.games.night_watch.ruleset:NightWatch"``)."""
_REGISTRY: dict[str, AnyRuleset] = {}
_BROKEN: dict[str, str] = {}
_LOADED = False


def register(cls: type[Ruleset[ScenarioT, StateT]]) -> type[Ruleset[ScenarioT, StateT]]:
    """Make a ruleset findable by its name and aliases in this process
    (tests, scripts); a package registers its rulesets through the
    ``referee.rulesets`` entry points instead."""
    instance = cls()
    for key in (cls.name, *cls.aliases):
        _REGISTRY[_normal(key)] = instance
    return cls


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def _load(entry: plugins.EntryPoint) -> None:
    """Load one ruleset's entry point and register it; a broken package is
    recorded, never allowed to hide the others."""
    try:
        cls = entry.load()
        if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            raise TypeError(f"{entry.value} is not a Ruleset class")
        register(cls)
    except Exception as exc:
        _BROKEN[entry.name] = f"{type(exc).__name__}: {exc}"


def _load_all() -> None:
    global _LOADED
    if _LOADED:
        return
    for entry in plugins.entry_points(RULESETS_GROUP).values():
        if not any(type(r).__module__ + ":" + type(r).__qualname__ == entry.value
                   for r in _REGISTRY.values()):
            _load(entry)
    _LOADED = True


def broken_rulesets() -> dict[str, str]:
    """Registered ruleset packages that failed to load, with the reason."""
    _load_all()
    return dict(_BROKEN)


def find_ruleset(name: str) -> AnyRuleset:
    """The ruleset registered as ``name`` (any alias, ``_`` or ``-`` alike).
    A ruleset's own name loads that ruleset alone; an alias loads them all.

    :raises UnknownRuleset: naming the rulesets there are.
    """
    key = _normal(name)
    if key not in _REGISTRY:
        entry = plugins.entry_points(RULESETS_GROUP).get(key)
        if entry is not None:
            _load(entry)
        if key not in _REGISTRY:
            _load_all()
    try:
        return _REGISTRY[key]
    except KeyError:
        close = difflib.get_close_matches(key, list(_REGISTRY), n=1)
        found = find_ruleset(close[0]).name if close else ""
        broken = tuple(msg("core.error.broken-ruleset", package=pkg, why=why)
                       for pkg, why in _BROKEN.items())
        raise UnknownRuleset(msg("core.error.unknown-ruleset", name=name,
                                 known=tuple(ruleset_names()),
                                 suggestion=msg("core.did-you-mean", name=found) if found else "",
                                 broken=broken)) from None


def all_rulesets() -> list[AnyRuleset]:
    """Every registered ruleset, once each, by name."""
    _load_all()
    unique = {id(r): r for r in _REGISTRY.values()}
    return sorted(unique.values(), key=lambda r: r.name)


def ruleset_names() -> list[str]:
    return [r.name for r in all_rulesets()]
