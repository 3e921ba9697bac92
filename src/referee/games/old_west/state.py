"""The state of an Old West game: the table, every model's profile and what
has befallen it, the turn, the phase and who has Advantage."""

from __future__ import annotations

import copy
import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, TypeVar

from referee.boards.table import (
    EPS,
    XY,
    CoverArea,
    Drop,
    Obstacle,
    Piece,
    Table,
    Terrain,
    mm_to_inches,
    obstacle_shape,
)
from referee.core.i18n import Name
from referee.core.prepared import prepared
from referee.core.readonly import ReadOnlyList, frozen_facts, frozen_list
from referee.core.ruleset import GameState
from referee.core.waits import Wait
from referee.games.old_west.scenario import (
    CoverSpec,
    DropSpec,
    Gun,
    ModelSpec,
    ObstacleSpec,
    OldWestScenario,
    base_radius,
    named,
    posse_name,
)
from referee.games.old_west.settings import HouseRules
from referee.games.old_west.tables import MOVE_BY_MOUNT

R = TypeVar("R")
Step: TypeAlias = Generator[Wait, Any, R]
"""A piece of the rules that may wait for dice or decisions and returns an R."""

Status = Literal["active", "out", "escaped", "fled"]


@dataclass
class MountState:
    kind: str
    toughness: int
    wounds: int


@dataclass
class Fighter:
    """A model in play: its profile (from the scenario) and its condition."""

    id: str
    name: Name
    posse: str
    fighting: int
    strength: int
    toughness: int
    attacks: int
    wounds: int
    pluck: int
    shooting: int
    gun: Gun | None
    hero: bool
    fame: int
    fortune: int
    fearsome: bool
    mount: MountState | None
    foot_radius: float
    order: int
    status: Status = "active"
    prone: bool = False
    moved: bool = False
    shot: bool = False
    dived: bool = False
    done: bool = False
    move: float = field(init=False)
    """How far the model moves: its mount's move, or on foot's (kept as
    the mount changes: :meth:`OldWestState.dismount`; read for every move
    and charge weighed)."""

    def __post_init__(self) -> None:
        self.move = move_of(self.mount)

    @property
    def active(self) -> bool:
        return self.status == "active"

    def copy(self) -> Fighter:
        twin = Fighter.__new__(Fighter)
        twin.__dict__.update(self.__dict__)
        if self.mount is not None:
            twin.mount = MountState(self.mount.kind, self.mount.toughness, self.mount.wounds)
        return twin


def move_of(mount: MountState | None) -> float:
    """How far a model on ``mount`` (None: on foot) moves."""
    return MOVE_BY_MOUNT[mount.kind if mount else "foot"]


def fighter_from(spec: ModelSpec, posse: str, order: int, rules: HouseRules) -> Fighter:
    mount = MountState(spec.mount.kind, spec.mount.toughness, spec.mount.wounds) \
        if spec.mount else None
    hero = spec.hero or spec.fame > 0 or spec.fortune > 0
    foot = mm_to_inches(rules.foot_base_mm if spec.base_mm is None or spec.mount else spec.base_mm)
    return Fighter(
        id=spec.id, name=named(spec), posse=posse,
        fighting=spec.fighting, strength=spec.strength, toughness=spec.toughness,
        attacks=spec.attacks, wounds=spec.wounds, pluck=spec.pluck, shooting=spec.shooting,
        gun=spec.gun, hero=hero, fame=spec.fame, fortune=spec.fortune, fearsome=spec.fearsome,
        mount=mount, foot_radius=foot / 2, order=order)


class Setup:
    """What a scenario fixes for every game of it, prepared once: the terrain
    and the posses' names, leaders, exit edges and objectives. Never changed;
    every game and copy of the scenario shares the same objects."""

    def __init__(self, scenario: OldWestScenario) -> None:
        from shapely.geometry import LineString, Polygon  # loaded when a game is made

        obstacles = [Obstacle(terrain_id("obstacle", n), obstacle_shape(o.points, o.closed),
                              o.height) for n, o in enumerate(scenario.obstacles)]
        covers = [CoverArea(terrain_id("cover", n), Polygon(c.points))
                  for n, c in enumerate(scenario.covers)]
        drops = [Drop(terrain_id("drop", n), LineString(d.points), d.height)
                 for n, d in enumerate(scenario.drops)]
        self.terrain = Terrain(obstacles, covers, drops)
        self.terrain_names = {key: named(spec) for key, spec in terrain_entries(scenario)}
        self.seats: tuple[str, ...] = tuple(p.seat for p in scenario.posses)
        self.posse_names = {p.seat: posse_name(p) for p in scenario.posses}
        self.leaders = {p.seat: _leader(p.leader, p.models) for p in scenario.posses}
        self.exit_edges = {p.seat: p.exit_edge for p in scenario.posses}
        self.objectives = {p.seat: p.objective for p in scenario.posses}
        self.foes: dict[str, tuple[str, ...]] = {
            p.seat: tuple(m.id for q in scenario.posses if q.seat != p.seat for m in q.models)
            for p in scenario.posses}
        """Each posse's enemies: the other posse's models, in the scenario's order."""

    def shared(self) -> tuple[object, ...]:
        terrain = self.terrain
        return (self, terrain, terrain.obstacles, terrain.covers, terrain.drops, self.terrain_names,
                *terrain.obstacles, *terrain.covers, *terrain.drops, self.seats, self.foes,
                self.posse_names, self.leaders, self.exit_edges, self.objectives,
                *(o for o in self.objectives.values() if o is not None))


def terrain_id(kind: str, index: int) -> str:
    """A piece of terrain's id: its kind and its place among the scenario's
    entries of that kind, from 1 (``obstacle-1``, ``cover-2``, ``drop-1``).
    The rules name terrain by it; views and facts too."""
    return f"{kind}-{index + 1}"


def terrain_entries(scenario: OldWestScenario
                    ) -> list[tuple[str, ObstacleSpec | CoverSpec | DropSpec]]:
    """Every piece of terrain with its id, obstacles, covers, then drops."""
    found: list[tuple[str, ObstacleSpec | CoverSpec | DropSpec]] = []
    found += [(terrain_id("obstacle", n), o) for n, o in enumerate(scenario.obstacles)]
    found += [(terrain_id("cover", n), c) for n, c in enumerate(scenario.covers)]
    found += [(terrain_id("drop", n), d) for n, d in enumerate(scenario.drops)]
    return found


def setup_of(scenario: OldWestScenario) -> Setup:
    """The scenario's :class:`Setup`, prepared once (kept for the last few scenarios)."""
    return prepared(scenario, Setup)


def build_table(scenario: OldWestScenario) -> Table:
    table = Table.on(setup_of(scenario).terrain, scenario.table.width, scenario.table.depth)
    rules = scenario.house_rules
    for posse in scenario.posses:
        for spec in posse.models:
            table.add(Piece(spec.id, spec.at[0], spec.at[1], base_radius(spec, rules),
                            posse.seat, spec.name.en))
    return table


@dataclass(frozen=True)
class PointAsk:
    """A model asked where it moves to (:mod:`.move_to`): the Hero it must
    end near after a Yee Haw!, and the named moves the rules offer, each
    ``(way, the model it goes toward or away from, where it ends)``, checked
    as a typed point would be."""

    model: str
    near: str | None
    spots: tuple[tuple[str, str, XY], ...]


@dataclass
class PhaseMarks:
    """What each model has done in the current phase."""

    fought: set[str] = field(default_factory=set)
    benefited: set[str] = field(default_factory=set)


class OldWestState(GameState):
    """Everything the rules know. The table holds positions; fighters hold the rest."""

    def __init__(self, scenario: OldWestScenario) -> None:
        super().__init__()
        self.scenario = scenario
        self.rules = scenario.house_rules
        self.setup = setup_of(scenario)
        self.table = build_table(scenario)
        self.seats = self.setup.seats
        self.posse_names = self.setup.posse_names
        self.terrain_names = self.setup.terrain_names
        self.leaders = self.setup.leaders
        self.exit_edges = self.setup.exit_edges
        self.fighters: dict[str, Fighter] = {}
        order = 0
        for posse in scenario.posses:
            for spec in posse.models:
                self.fighters[spec.id] = fighter_from(spec, posse.seat, order, self.rules)
                self.set_prone(spec.id, spec.prone)
                order += 1
        self.turn = 0
        self.phase = "setup"
        self.advantage: str = self.seats[0]
        self.last_advantage: str | None = None
        self.fleeing: set[str] = set()
        self.ran: set[str] = set()
        self.marks = PhaseMarks()
        self.point: PointAsk | None = None
        """The pending question of a point to move to, if one is asked."""

    def __deepcopy__(self, memo: dict[int, object]) -> OldWestState:
        """A copy of what changes (the pieces, the models' condition, the
        turn's marks and the log); the scenario and its setup are shared."""
        twin = OldWestState.__new__(OldWestState)
        twin.__dict__.update(self.__dict__)
        memo[id(self)] = twin
        twin.log = copy.deepcopy(self.log, memo)
        twin.table = copy.deepcopy(self.table, memo)
        twin.fighters = {key: f.copy() for key, f in self.fighters.items()}
        twin.fleeing, twin.ran = set(self.fleeing), set(self.ran)
        twin.marks = PhaseMarks(set(self.marks.fought), set(self.marks.benefited))
        return twin

    def position_key(self) -> tuple[object, ...]:
        """What can change the rest of the game, compactly (for
        :meth:`Game.key`): every model's condition, every base on the table,
        the turn, phase, Advantage, the posses fleeing or run and the phase's
        marks. The profiles, terrain and names come from the scenario and
        never change; the log is history."""
        models = tuple((f.id, f.status, f.wounds, f.fame, f.fortune,
                        None if f.mount is None else f.mount.wounds,
                        f.prone, f.moved, f.shot, f.dived, f.done)
                       for f in self.fighters.values())
        pieces = tuple((p.id, p.x, p.y, p.radius, p.side, frozenset(p.marks))
                       for p in self.table.pieces.values())
        marks = self.marks
        return (self.turn, self.phase, self.advantage, self.last_advantage,
                frozenset(self.fleeing), frozenset(self.ran),
                frozenset(marks.fought), frozenset(marks.benefited), models, pieces)

    def shared(self) -> tuple[object, ...]:
        """The scenario, its prepared terrain and the profiles' guns never change."""
        guns = tuple(f.gun for f in self.fighters.values() if f.gun is not None)
        return (self.scenario, self.rules, *self.setup.shared(), *guns)

    # -- lookups ------------------------------------------------------------------

    def other(self, seat: str) -> str:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def by_advantage(self) -> tuple[str, str]:
        advantage, seats = self.advantage, self.seats  # self.other, inlined
        return (advantage, seats[1] if advantage == seats[0] else seats[0])

    def posse(self, seat: str, status: Status | None = "active") -> list[Fighter]:
        """The posse's models with ``status`` (None: all), in the scenario's order."""
        if status == "active":  # the usual question: read from the remembered models in play
            return [f for f in self.active() if f.posse == seat]
        return [f for f in self.fighters.values()
                if f.posse == seat and (status is None or f.status == status)]

    def active(self) -> tuple[Fighter, ...]:
        """The models in play, in the scenario's order. Worked out once per
        position of the bases: a model leaves play only by leaving the table
        (:meth:`remove_from_table`), which makes the table forget it. Handed
        out as it is kept: a tuple, which no caller can change."""
        known = self.table.known
        found: tuple[Fighter, ...] | None = known.get("active")
        if found is None:
            found = known["active"] = tuple([f for f in self.fighters.values()
                                             if f.status == "active"])
        return found

    def name(self, fighter_id: str) -> Name:
        return self.fighters[fighter_id].name

    def terrain(self, name: str) -> Name:
        """A piece of terrain's name in each language."""
        found = self.terrain_names.get(name)
        return found if found is not None else Name(name)

    def pos(self, fighter_id: str) -> tuple[float, float]:
        return self.table.pieces[fighter_id].xy

    def engaged_with(self, fighter_id: str) -> tuple[str, ...]:
        """Enemies fighting ``fighter_id``: in base contact, or across an
        obstacle within reach (OW-OBS-1). Worked out once per position of
        the bases (the table forgets it when one changes), and handed out
        as it is kept: a tuple, which no caller can change."""
        engaged: dict[str, tuple[str, ...]] | None = self.table.known.get("engaged")
        if engaged is None:
            engaged = self.table.known["engaged"] = {}
        found = engaged.get(fighter_id)
        if found is None:
            found = engaged[fighter_id] = self._engaged_with(fighter_id)
        return found

    def _engaged_with(self, fighter_id: str) -> tuple[str, ...]:
        """The enemies' gaps to the base, and the obstacles only for an enemy
        close enough to fight across one (:meth:`Table.across_at`)."""
        table, fighters = self.table, self.fighters
        pieces, reach = table.pieces, self.rules.across_reach
        me = None
        found = []
        for other in self.setup.foes[fighters[fighter_id].posse]:
            if fighters[other].status != "active":
                continue
            if me is None:
                me = pieces[fighter_id]
            them = pieces[other]
            apart = math.hypot(me.x - them.x, me.y - them.y) - me.radius - them.radius
            if apart <= EPS or (apart <= 2 * reach + EPS and table.across_at(
                    me.xy, me.radius, other, reach) is not None):
                found.append(other)
        return tuple(found)

    def remove_from_table(self, fighter_id: str, status: Status) -> None:
        self.fighters[fighter_id].status = status
        self.table.remove(fighter_id)

    def set_prone(self, fighter_id: str, prone: bool) -> None:
        self.fighters[fighter_id].prone = prone
        piece = self.table.pieces.get(fighter_id)
        if piece is not None:
            (piece.marks.add if prone else piece.marks.discard)("prone")

    def dismount(self, fighter_id: str) -> None:
        """The rider loses his mount: he stands on a foot base where he was."""
        fighter = self.fighters[fighter_id]
        fighter.mount = None
        fighter.move = move_of(None)
        if fighter_id in self.table.pieces:
            self.table.resize(fighter_id, fighter.foot_radius)


def _leader(named: str | None, models: list[ModelSpec]) -> str:
    """House rule: the named leader, else the first Hero, else the first model."""
    if named:
        return named
    heroes = [m.id for m in models if m.hero or m.fame or m.fortune]
    return heroes[0] if heroes else models[0].id


_ROUNDED: dict[float, float] = {}
"""Lengths and coordinates to 3 decimals, by their exact value (``round``
is a slow call and the same few positions are shown again and again)."""


def round3(value: float) -> float:
    """``round(value, 3)``, remembered (0.0 and -0.0 are one key: never kept)."""
    found = _ROUNDED.get(value)
    if found is None:
        found = round(value, 3)
        if value != 0.0:
            if len(_ROUNDED) >= 100_000:
                _ROUNDED.clear()
            _ROUNDED[value] = found
    return found


def rounded_xy(xy: XY) -> list[float]:
    """A point as views, facts and meanings show it: inches to three decimals
    (:func:`round3`)."""
    return [round3(xy[0]), round3(xy[1])]


frozen = frozen_facts
"""Facts made read-only the quick way (:func:`referee.core.readonly.frozen_facts`)."""
fact_list = frozen_list
"""A list of texts or numbers in :func:`frozen` facts, read-only."""


def fact_xy(xy: XY) -> ReadOnlyList:
    """A point in :func:`frozen` facts: :func:`rounded_xy`, read-only."""
    return fact_list(rounded_xy(xy))


def distance_xy(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
