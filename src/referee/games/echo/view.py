"""What a seat's view of an Echo game holds, as pydantic models (the contract
of :mod:`referee.core.views`): the state part, the facts of each log line,
the meaning of each option, the label of each chance.

Everything is referred to by id: a Location, a Gate, an enemy and an item by
its scenario id, an investigator by its seat. Display names sit once, on the
entity keyed by its id. The one secret of the game is where a Gate leads
before its first passage (ECHO-GATE-4): ``GateView.to`` is null for every
seat until then, and no fact, meaning or label says it.
"""

from __future__ import annotations

from typing import Literal

from referee.core.places import RuPreposition
from referee.core.views import LocalName, ViewModel
from referee.games.echo.state import EnemyStatus, InvestigatorStatus
from referee.games.echo.tables import EnemyKind, Skill, Vitality

ItemEffect = Literal["units", "teleport", "smite", "heal"]
OrderSkill = Literal["attentiveness", "stealth"]

# -- the state ---------------------------------------------------------------------


class LocationView(ViewModel):
    """A Location of Echo or (``world``) of the World; ``pos`` is where the
    scenario draws it (0-100 each way), null where it gives none."""

    name: LocalName
    world: bool
    cursed: bool
    preposition: RuPreposition
    """The Russian preposition of being and going there («в», «во», «на»)."""
    pos: tuple[float, float] | None


class JoinView(ViewModel):
    """Two Echo Locations joined by a white rectangle (``link``, ECHO-MOV-2)
    or touching (``touch``, ECHO-MOV-3)."""

    between: tuple[str, str]
    kind: Literal["link", "touch"]


class GateView(ViewModel):
    """A Gate from the cursed Location ``at``; ``to`` is where it leads once
    ``revealed`` (ECHO-GATE-4), null before for every seat but the referee."""

    at: str
    open: bool
    revealed: bool
    to: str | None


class InvestigatorView(ViewModel):
    """An investigator, keyed by its seat: its card and where it stands."""

    name: LocalName
    location: str
    units: int
    health: int
    reason: int
    max_health: int
    max_reason: int
    status: InvestigatorStatus
    finished: bool
    """Its turn in this Movement phase is over (ECHO-ORD-1)."""
    speed: int
    attentiveness: int
    stealth: int
    fight: int
    magic: int
    harms: Vitality
    items: list[str]
    """The ids of the items it holds (``items`` of the state)."""


class EnemyView(ViewModel):
    """An enemy token: its card and where it stands."""

    name: LocalName
    kind: EnemyKind
    location: str
    status: EnemyStatus
    health: int
    reason: int
    max_health: int
    max_reason: int
    attentiveness: int
    fight: int
    harms: Vitality
    target: bool
    """Its defeat is needed to win (house rule 18)."""


class ItemView(ViewModel):
    """An item (house rule 13) and the investigator who holds it (null:
    nobody does)."""

    name: LocalName
    holder: str | None
    effect: ItemEffect
    cost: int
    power: int
    harms: Vitality
    skill: Skill | None
    penalty: int


class EchoStateView(ViewModel):
    """The ``state`` part of a seat's view of an Echo game."""

    title: LocalName
    turn: int
    max_turns: int
    first_player: str
    locations: dict[str, LocationView]
    joins: list[JoinView]
    gates: dict[str, GateView]
    investigators: dict[str, InvestigatorView]
    enemies: dict[str, EnemyView]
    items: dict[str, ItemView]
