"""What a ruleset declares about itself, and the registry that finds it by name."""

from __future__ import annotations

import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from pydantic import BaseModel

from referee.core.errors import UnknownRuleset
from referee.core.events import EVERYONE, Audience, Log, Seat
from referee.core.i18n import Lang, Msg
from referee.core.waits import JSON, Decision, Wait

Flow: TypeAlias = Generator[Wait, Any, None]
"""The rules of a game as a generator: yields what it waits for, receives answers."""

T = TypeVar("T")
Step: TypeAlias = Generator[Wait, Any, T]
"""A piece of the rules that asks questions and then returns a value (``yield from``)."""


class GameState:
    """Base of every ruleset's state: the one log its rules write to."""

    def __init__(self) -> None:
        self.log = Log()

    def emit(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None) -> None:
        self.log.emit(text, audience, clause)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (none for a draw) and why."""

    winners: tuple[Seat, ...]
    reason: Msg

    def to_json(self) -> dict[str, object]:
        return {"winners": list(self.winners), "reason": self.reason.to_json()}


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
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = False
    scenario_model: ClassVar[type[BaseModel]]
    phase_end_events: ClassVar[frozenset[str]] = frozenset()
    """Event keys after which a picture of the table is worth redrawing."""

    @abstractmethod
    def seats(self, scenario: ScenarioT) -> tuple[Seat, ...]:
        """The seats a game of this scenario has, in turn order."""

    def check_scenario(self, scenario: ScenarioT) -> list[str]:
        """Problems the schema cannot see (a name that refers to nothing), as
        ``"field.path: what was expected"``; empty when all is well."""
        return []

    @abstractmethod
    def new_state(self, scenario: ScenarioT) -> StateT:
        """The state at setup, before any input."""

    @abstractmethod
    def play(self, state: StateT) -> Flow:
        """The rules: yield each decision or chance, act on what is sent back."""

    @abstractmethod
    def view(self, state: StateT, seat: Seat) -> dict[str, JSON]:
        """What ``seat`` may know of ``state`` (the referee's seat sees all). JSON only."""

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over; None while it goes on."""
        return None

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A legal answer for a decision given by shape rather than options."""
        raise NotImplementedError(f"{self.name} has no random answer for {decision.question.key}")

    def seat_name(self, seat: Seat) -> Msg:
        """How players call ``seat`` (a side, a character)."""
        return Msg("core.seat-name", {"seat": seat})

    def svg(self, state: StateT) -> str | None:
        """A picture of the table (SVG), for games played on one; else None."""
        return None

    def board_table(self, view: dict[str, JSON],
                    lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """The board as a table (headings, rows) for the terminal, from a seat's
        view of the state; None where the ruleset has no table to show."""
        return None

    def examples(self) -> list[Path]:
        """The example scenario files shipped with the ruleset, default first."""
        folder = Path(__import__(type(self).__module__, fromlist=["_"]).__file__ or "").parent
        return sorted((folder / "scenarios").glob("*.toml"))


AnyRuleset: TypeAlias = Ruleset[Any, Any]
_REGISTRY: dict[str, AnyRuleset] = {}
_BROKEN: dict[str, str] = {}
_LOADED = False


def register(cls: type[Ruleset[ScenarioT, StateT]]) -> type[Ruleset[ScenarioT, StateT]]:
    """Class decorator: make a ruleset findable by its name and aliases."""
    instance = cls()
    for key in (cls.name, *cls.aliases):
        _REGISTRY[_normal(key)] = instance
    return cls


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def _load_builtin() -> None:
    global _LOADED
    if _LOADED:
        return
    import referee.games as games

    for module in pkgutil.iter_modules(games.__path__):
        try:
            importlib.import_module(f"referee.games.{module.name}")
        except Exception as exc:  # one broken package must not hide the others
            _BROKEN[module.name] = f"{type(exc).__name__}: {exc}"
    _LOADED = True


def broken_rulesets() -> dict[str, str]:
    """Built-in ruleset packages that failed to load, with the reason."""
    _load_builtin()
    return dict(_BROKEN)


def find_ruleset(name: str) -> AnyRuleset:
    """The ruleset registered as ``name`` (any alias, ``_`` or ``-`` alike).

    :raises UnknownRuleset: naming the rulesets there are.
    """
    _load_builtin()
    try:
        return _REGISTRY[_normal(name)]
    except KeyError:
        known = ", ".join(ruleset_names())
        broken = "".join(f"; {pkg} failed to load ({why})" for pkg, why in _BROKEN.items())
        raise UnknownRuleset(f"no ruleset named {name!r}; known: {known}{broken}") from None


def all_rulesets() -> list[AnyRuleset]:
    """Every registered ruleset, once each, by name."""
    _load_builtin()
    unique = {id(r): r for r in _REGISTRY.values()}
    return sorted(unique.values(), key=lambda r: r.name)


def ruleset_names() -> list[str]:
    return [r.name for r in all_rulesets()]
