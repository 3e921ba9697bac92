"""The Old West scenario file: the table, its terrain, two posses with their
profiles, and the house-rule settings (each marked with the gap it fills)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.boards.inches import EPS, mm_to_inches
from referee.boards.outline import area_nearer_than, no_length, proper_area
from referee.core.i18n import Msg, Name, msg
from referee.core.model import LocalName, older_names
from referee.core.morphology import gender_of
from referee.core.scenario import refused, unknown_name
from referee.games.old_west.settings import MAX_BASE_MM, MAX_HEIGHT
from referee.games.old_west.settings import HouseRules as HouseRules

MAX_TABLE = 120.0
"""The widest and deepest table, in inches (10 feet; the game is played on
a table of 4 by 4 to 6 feet). Every place on it is within this of its
bottom-left corner, either way."""
MAX_MODELS = 50
"""The most models in one posse (a posse is a handful to a dozen or two)."""
MAX_TERRAIN = 200
"""The most obstacles, cover areas or drops of each kind on a table."""
MAX_POINTS = 100
"""The most points in one outline."""

Coordinate = Annotated[float, Field(ge=-MAX_TABLE, le=MAX_TABLE)]
Point2 = tuple[Coordinate, Coordinate]
Edge = Literal["north", "south", "east", "west"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class _Named(_Strict):
    """An entry with a name: ``name = "Kate"``, or in both languages
    ``name = { en = "Kate", ru = "Кейт" }`` with the Russian ``gender`` and
    ``cases`` inside where the morphology would read them wrong. The older
    spelling, ``name_ru`` (and ``gender``, ``cases``) beside ``name``, is still read."""

    @model_validator(mode="before")
    @classmethod
    def _older_spelling(cls, data: Any) -> Any:
        return older_names(data, "name", grammar=("gender", "cases"))


def _name_field() -> Any:
    return Field(description="the name: text, or { en, ru } with the Russian gender and cases "
                             "where the morphology would read them wrong")


class Gun(_Named):
    """A firearm or thrown weapon: range in inches and Strength of its hits."""

    name: LocalName = LocalName(en="pistol")
    range: float = Field(12.0, gt=0, le=MAX_TABLE, description="range in inches")
    strength: int = Field(3, ge=1, le=10)


class Mount(_Strict):
    """A horse or a mule the model rides (OW-RID-1..4)."""

    kind: Literal["horse", "mule"] = "horse"
    toughness: int = Field(3, ge=1, le=10)
    wounds: int = Field(1, ge=1, le=10)


class ModelSpec(_Named):
    """One model: its profile and where it stands at the start."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9_\-]+$")
    name: LocalName = _name_field()
    at: Point2 = Field(description="centre of the base, inches from the bottom-left corner")
    fighting: int = Field(3, ge=1, le=10, description="Fighting (Ближний Бой)")
    strength: int = Field(3, ge=1, le=10, description="Strength (Сила)")
    toughness: int = Field(3, ge=1, le=10, description="Toughness (Выносливость)")
    attacks: int = Field(1, ge=1, le=10, description="Attacks (Атаки)")
    wounds: int = Field(1, ge=1, le=10, description="Wounds (Ранения)")
    pluck: int = Field(3, ge=0, le=10, description="Pluck (Смелость)")
    shooting: int = Field(4, ge=2, le=6, description="house rule: the roll needed to hit")
    gun: Gun | None = None
    hero: bool = False
    fame: int = Field(0, ge=0, le=20, description="Fame (Слава), Heroes only")
    fortune: int = Field(0, ge=0, le=20, description="Fortune (Удача), Heroes only")
    fearsome: bool = Field(False, description="Fearsome Reputation (OW-FEAR-1)")
    mount: Mount | None = None
    prone: bool = Field(False, description="starts the game lying on the ground")
    base_mm: float | None = Field(None, gt=0, le=MAX_BASE_MM,
                                  description="base diameter; default by house rules")


class Objective(_Strict):
    """A posse's scenario objective (OW-HFH-3 names objectives, the fragment
    gives none: their forms are house rules). A posse that achieves it wins;
    otherwise Head for the Hills decides (docs: "How a game ends")."""

    kind: Literal["escape", "hold"] = Field(
        description="escape: enough models leave the table by the posse's exit_edge; "
                    "hold: the posse still has a model on the table when the last turn ends")
    models: int | None = Field(None, ge=1, le=50, description="escape: how many of the posse's "
                                                              "models must leave the table")


class Posse(_Named):
    """One side (Команда), played from one seat."""

    seat: str = Field(min_length=1, pattern=r"^[a-z0-9_\-]+$")
    name: LocalName = Field(description="the posse's name: text, or { en, ru } with the "
                                        "Russian gender (default: read from the Russian name, "
                                        "else plural) and cases")
    leader: str | None = Field(None, description="house rule: the posse's leader (OW-HFH-1); "
                                                 "default: its first Hero, else its first model")
    exit_edge: Edge | None = Field(None, description="models may leave the table by this edge "
                                                     "(OW-HFH-3); an escape objective counts them")
    objective: Objective | None = Field(None, description="the scenario objective; none: Head "
                                                          "for the Hills alone decides")
    models: list[ModelSpec] = Field(min_length=1, max_length=MAX_MODELS)


class ObstacleSpec(_Named):
    name: LocalName = _name_field()
    points: list[Point2] = Field(min_length=2, max_length=MAX_POINTS)
    closed: bool = Field(False, description="a polygon (building) rather than a line (fence)")
    height: float = Field(1.0, gt=0, le=MAX_HEIGHT, description="inches")


class CoverSpec(_Named):
    name: LocalName = _name_field()
    points: list[Point2] = Field(min_length=3, max_length=MAX_POINTS)


class DropSpec(_Named):
    name: LocalName = _name_field()
    points: list[Point2] = Field(min_length=2, max_length=MAX_POINTS)
    height: float = Field(gt=0, le=MAX_HEIGHT,
                          description="inches fallen by a model going over the edge")


class TableSpec(_Strict):
    width: float = Field(48.0, gt=0, le=MAX_TABLE, description="inches")
    depth: float = Field(48.0, gt=0, le=MAX_TABLE, description="inches")


class OldWestScenario(_Strict):
    """A Legends of the Old West scenario."""

    ruleset: str | None = None
    title: LocalName = Field(LocalName(en="Old West skirmish"),  # in Russian: DEFAULT_TITLE
                             description="the title: text, or { en, ru }")
    table: TableSpec = TableSpec()
    posses: list[Posse] = Field(min_length=2, max_length=2)
    obstacles: list[ObstacleSpec] = Field([], max_length=MAX_TERRAIN)
    covers: list[CoverSpec] = Field([], max_length=MAX_TERRAIN)
    drops: list[DropSpec] = Field([], max_length=MAX_TERRAIN)
    house_rules: HouseRules = HouseRules()

    @model_validator(mode="before")
    @classmethod
    def _older_spelling(cls, data: Any) -> Any:
        """``title_ru`` beside ``title``, the older spelling, is still read."""
        return older_names(data, "title")


def named(spec: ModelSpec | ObstacleSpec | CoverSpec | DropSpec) -> Name:
    """A model's or a piece of terrain's name, with the forms the scenario gives."""
    return spec.name.name


def posse_name(posse: Posse) -> Name:
    """A posse's name: a side is named in the plural (the Lawmen, «Законники»)
    unless the scenario, or the Russian name's own gender, says otherwise."""
    name = posse.name.name
    gender = name.gender or (gender_of(name.ru) if name.ru else None)
    return replace(name, gender=gender or "plural")


DEFAULT_TITLE = Name("Old West skirmish", "Стычка на Диком Западе")
"""The title of a scenario that gives none."""


def title_name(scenario: OldWestScenario) -> Name:
    """The scenario's title in each language (a scenario that gives none has
    the default's in both)."""
    title = scenario.title.name
    if title == Name(DEFAULT_TITLE.en):
        return DEFAULT_TITLE
    return title


def base_radius(spec: ModelSpec, rules: HouseRules) -> float:
    """Half the base diameter in inches: the scenario's, else by house rule
    25 mm on foot and 50 mm mounted."""
    if spec.base_mm is not None:
        return mm_to_inches(spec.base_mm) / 2
    return mm_to_inches(rules.mounted_base_mm if spec.mount else rules.foot_base_mm) / 2


# -- what the schema cannot see --------------------------------------------------


def scenario_problems(scenario: OldWestScenario) -> list[Msg]:
    """Every problem the schema cannot see and the rules could not play, each
    naming the entry by its id or name (catalogue keys ``ow.check.*``). A
    posse with no models is refused by the schema itself. A check that reads
    a value the schema refused is not made: that value's problem is said."""
    problems: list[Msg] = []
    gone = refused(scenario)
    seats = [p.seat for p in scenario.posses]
    if len(set(seats)) != len(seats) and not any(
            gone("posses", i, "seat") for i in range(len(seats))):
        problems.append(msg("ow.check.same-seat", seat=seats[0]))
    if "referee" in seats:
        problems.append(msg("ow.check.referee-seat"))
    problems += _objective_problems(scenario)
    problems += _model_problems(scenario)
    problems += _terrain_problems(scenario)
    return problems


def _objective_problems(scenario: OldWestScenario) -> list[Msg]:
    """An escape needs an exit edge and a number of models the posse has; a
    hold takes no number."""
    problems: list[Msg] = []
    gone = refused(scenario)
    for i, posse in enumerate(scenario.posses):
        objective = posse.objective
        if objective is None or gone.within("posses", i, "objective"):
            continue
        if objective.kind == "escape":
            if posse.exit_edge is None and not gone("posses", i, "exit_edge"):
                problems.append(msg("ow.check.escape-edge", posse=posse.seat))
            if objective.models is None:
                problems.append(msg("ow.check.escape-models", posse=posse.seat))
            elif objective.models > len(posse.models) and not gone.lost("posses", i, "models"):
                problems.append(msg("ow.check.escape-too-many", posse=posse.seat,
                                    models=objective.models, count=len(posse.models)))
        elif objective.models is not None:
            problems.append(msg("ow.check.hold-models", posse=posse.seat))
    return problems


def _model_problems(scenario: OldWestScenario) -> list[Msg]:
    problems: list[Msg] = []
    gone = refused(scenario)
    rules, table = scenario.house_rules, scenario.table
    sized = not gone.within("table") and not any(
        gone.within("house_rules", size) for size in ("foot_base_mm", "mounted_base_mm"))
    seen: set[str] = set()
    placed: list[tuple[str, float, float, float]] = []
    buildings = [(o.name.en, o.points) for i, o in enumerate(scenario.obstacles)
                 if o.closed and not gone.within("obstacles", i) and proper_area(o.points)]
    for p, posse in enumerate(scenario.posses):
        ids = [m.id for m in posse.models]
        known = not gone.lost("posses", p, "models") and not any(
            gone("posses", p, "models", i, "id") for i in range(len(ids)))
        if posse.leader is not None and posse.leader not in ids and known \
                and not gone("posses", p, "leader"):
            problems.append(msg("ow.check.leader", posse=posse.seat, leader=posse.leader,
                                **unknown_name(posse.leader, ids)))
        for i, model in enumerate(posse.models):
            where = ("posses", p, "models", i)
            if model.id in seen and not gone(*where, "id"):
                problems.append(msg("ow.check.id-twice", id=model.id))
            seen.add(model.id)
            if gone(*where, "at") or gone(*where, "base_mm") or gone(*where, "mount"):
                continue
            r = base_radius(model, rules)
            x, y = model.at
            if sized and not (r <= x <= table.width - r and r <= y <= table.depth - r):
                problems.append(msg("ow.check.off-table", id=model.id, x=_as_written(x),
                                    y=_as_written(y), width=_as_written(table.width),
                                    depth=_as_written(table.depth)))
            for name, outline in buildings:
                if area_nearer_than(outline, (x, y), r - EPS):
                    problems.append(msg("ow.check.in-obstacle", id=model.id, obstacle=name))
            placed.append((model.id, x, y, r))
    for (a, xa, ya, ra), (b, xb, yb, rb) in combinations(placed, 2):
        if math.hypot(xa - xb, ya - yb) < ra + rb - EPS:
            problems.append(msg("ow.check.overlap", id=b, other=a))
    return problems


def _as_written(value: float) -> Fraction:
    """A number from the scenario file, exactly as the file writes it, for the
    catalogue to write in the reader's language (23.5, 23,5)."""
    return Fraction(str(value))


def _terrain_problems(scenario: OldWestScenario) -> list[Msg]:
    """Outlines off the table, of no length, or not a simple shape; an entry
    whose points the schema refused in part is not checked."""
    problems: list[Msg] = []
    gone = refused(scenario)
    sized = not gone.within("table")
    w, d = scenario.table.width, scenario.table.depth
    groups: list[tuple[str, Sequence[ObstacleSpec | CoverSpec | DropSpec]]] = [
        ("obstacles", scenario.obstacles), ("covers", scenario.covers),
        ("drops", scenario.drops)]
    for field, entries in groups:
        for i, entry in enumerate(entries):
            if gone.within(field, i, "points"):
                continue
            name, points = entry.name.en, entry.points
            for x, y in points:
                if sized and not (0 <= x <= w and 0 <= y <= d):
                    problems.append(msg("ow.check.point-off-table", field=field, name=name,
                                        x=_as_written(x), y=_as_written(y)))
            if len(points) >= 2 and no_length(points):
                problems.append(msg("ow.check.no-length", field=field, name=name))
            closed = entry.closed if isinstance(entry, ObstacleSpec) else field == "covers"
            if closed and not proper_area(points) \
                    and not (isinstance(entry, ObstacleSpec) and gone(field, i, "closed")):
                problems.append(msg("ow.check.bad-outline", field=field, name=name))
    return problems
