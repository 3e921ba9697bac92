"""The Samurai scenario file: the table and its cover, two bands with their
fighters, and the house-rule settings (each marked with the gap it fills)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Annotated, Any

from pydantic import ConfigDict, Field, model_validator

from referee.boards.inches import EPS, XY, mm_to_inches
from referee.boards.outline import proper_area
from referee.boards.table import Obstacle, Piece, Table, obstacle_shape
from referee.core.i18n import Msg, Name, msg
from referee.core.model import LocalName, StrictModel
from referee.core.morphology import gender_of
from referee.core.scenario import Refused, refused
from referee.games.samurai.tables import (
    COVER_KINDS,
    CP_LIMITS,
    PROFILE_DEFAULTS,
    STAT_LIMITS,
    WEAPON_BONUS_LIMITS,
    Armour,
    Cover,
    MissileName,
    TerrainKind,
)

MAX_TABLE = 120.0
"""The widest and deepest table, in inches (10 feet; the game is played on a
small table, 2 by 2 feet). Every place on it is within this of its
bottom-left corner, either way."""
MAX_BASE_MM = 200.0
"""The largest base a fighter may have."""
MAX_FIGHTERS = 50
"""The most fighters in one band (a band is a handful)."""
MAX_TERRAIN = 200
"""The most pieces of cover on a table."""
MAX_POINTS = 100
"""The most points in one outline."""

Coordinate = Annotated[float, Field(ge=-MAX_TABLE, le=MAX_TABLE)]
Point = tuple[Coordinate, Coordinate]
ID_PATTERN = r"^[a-z][a-z0-9_\-]*$"


class FighterSpec(StrictModel):
    """One fighter (боец): its profile and where it stands at the start."""

    id: str = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    at: Point = Field(description="centre of the base, inches from the bottom-left corner")
    initiative: int = Field(PROFILE_DEFAULTS["initiative"], ge=STAT_LIMITS[0], le=STAT_LIMITS[1],
                            description="Initiative (Инициатива)")
    melee: int = Field(PROFILE_DEFAULTS["melee"], ge=STAT_LIMITS[0], le=STAT_LIMITS[1],
                       description="Melee (Рукопашная)")
    shooting: int = Field(PROFILE_DEFAULTS["shooting"], ge=STAT_LIMITS[0], le=STAT_LIMITS[1],
                          description="house rule: Shooting (Стрельба)")
    cp: int = Field(PROFILE_DEFAULTS["cp"], ge=CP_LIMITS[0], le=CP_LIMITS[1],
                    description="Combat Potential (Боевой Потенциал)")
    armour: Armour = "none"
    weapon_bonus: int = Field(PROFILE_DEFAULTS["weapon_bonus"], ge=WEAPON_BONUS_LIMITS[0],
                              le=WEAPON_BONUS_LIMITS[1],
                              description="house rule: melee weapon bonus")
    missile: MissileName | None = None
    relentless: bool = Field(False, description="skill Relentless (Неумолимый), SAM-CMB-5")
    move: float = Field(6.0, gt=0, le=24, description="house rule: inches per Move phase")
    base_mm: float = Field(25.0, gt=0, le=MAX_BASE_MM)


class Band(StrictModel):
    """One side, played from one seat."""

    seat: str = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    fighters: tuple[FighterSpec, ...] = Field(min_length=1, max_length=MAX_FIGHTERS)

    @property
    def side_name(self) -> Name:
        """The band's name as the text names the side: with the gender the
        scenario gives, else the one its Russian name has («Вассалы»: plural),
        so that English agrees as well ("the Retainers have priority")."""
        name = self.name.name
        if name.gender is None and name.ru:
            return replace(name, gender=gender_of(name.ru))
        return name


def _cover_or_kind(schema: dict[str, Any]) -> None:
    """The schema says what the model reads: ``cover`` may be left out when
    ``kind`` gives it."""
    schema["required"] = [f for f in schema.get("required", []) if f != "cover"]
    schema["anyOf"] = [{"required": ["cover"]}, {"required": ["kind"]}]


class TerrainSpec(StrictModel):
    """A piece of cover (SAM-LOS-1): light (woods, bushes, hedges: an area)
    or heavy (walls and palisades: a line; buildings: a closed polygon).
    Terrain of a kind the book names takes the book's cover
    (:data:`~referee.games.samurai.tables.COVER_KINDS`), and ``cover`` may
    be left out; other terrain states its cover."""

    model_config = ConfigDict(json_schema_extra=_cover_or_kind)

    name: LocalName
    kind: TerrainKind | None = Field(None, description="the book's kind of terrain, which gives "
                                                       "its cover: woods, bushes, hedge (light); "
                                                       "wall, palisade, building (heavy)")
    cover: Cover = Field(description="light or heavy; left out, the cover of its kind")
    points: tuple[Point, ...] = Field(min_length=2, max_length=MAX_POINTS)
    closed: bool = Field(True, description="an area or building rather than a wall line")
    height: float = Field(2.0, gt=0, le=MAX_TABLE)

    @model_validator(mode="before")
    @classmethod
    def _cover_from_kind(cls, data: Any) -> Any:
        """SAM-LOS-1: a kind the book names gives the cover left out. A kind
        it does not name is refused as such; its cover is not also said to
        be missing (the stand-in never reaches a scenario: the kind fails)."""
        if isinstance(data, dict) and "cover" not in data and data.get("kind") is not None:
            kind = data["kind"]
            known = isinstance(kind, str) and kind in COVER_KINDS
            return {**data, "cover": COVER_KINDS[kind] if known else "light"}
        return data


class TableSpec(StrictModel):
    width: float = Field(24.0, gt=0, le=MAX_TABLE, description="inches")
    depth: float = Field(24.0, gt=0, le=MAX_TABLE, description="inches")


class HouseRules(StrictModel):
    """Settings for what the fragment does not say; docs/rulesets/samurai.md
    says where each comes from."""

    max_turns: int = Field(8, ge=1, le=100, description="the game is a draw after this turn")
    pool_tokens: bool = Field(False, description="a side may spread its tokens over its "
                                                 "fighters regardless of each one's CP")
    break_at_half: bool = Field(True, description="a band reduced below half its fighters "
                                                  "at the End phase has lost")
    heavy_cover_reach: float = Field(1.0, ge=0, le=12, description="a target within this of a wall "
                                                            "or building on the line is in it")
    buildings_block: bool = Field(False, description="not the book's (SAM-LOS-2..4 block "
                                                     "sight only so): a building on the line "
                                                     "blocks it, unless the target is in or "
                                                     "against it (heavy cover)")


class SamuraiScenario(StrictModel):
    """A Samurai skirmish: two bands on a small table."""

    title: LocalName = LocalName(en="Samurai skirmish", ru="Стычка самураев")
    table: TableSpec = TableSpec()
    terrain: tuple[TerrainSpec, ...] = Field((), max_length=MAX_TERRAIN)
    bands: tuple[Band, ...] = Field(min_length=2, max_length=2)
    house_rules: HouseRules = HouseRules()


def scenario_problems(scenario: SamuraiScenario) -> list[Msg | str]:
    """What the schema cannot see, as catalogue messages naming the field; a
    check that reads a value the schema refused is not made."""
    problems: list[Msg | str] = []
    gone = refused(scenario)
    seats = [band.seat for band in scenario.bands]
    if len(set(seats)) < len(seats) and not any(
            gone("bands", b, "seat") for b in range(len(seats))):
        problems.append(msg("sam.check.same-seat", field="bands[1].seat", seat=seats[0]))
    seen: set[str] = set()
    for b, band in enumerate(scenario.bands):
        for f, spec in enumerate(band.fighters):
            where = f"bands[{b}].fighters[{f}]"
            if not gone("bands", b, "fighters", f, "id"):
                if spec.id in seen or spec.id in seats:
                    problems.append(msg("sam.check.same-id", field=f"{where}.id", id=spec.id))
                seen.add(spec.id)
    problems += _placement_problems(scenario)
    for t, terrain in enumerate(scenario.terrain):
        where = f"terrain[{t}]"
        if terrain.kind is not None and terrain.cover != COVER_KINDS[terrain.kind] \
                and not gone.within("terrain", t, "kind") \
                and not gone.within("terrain", t, "cover"):
            problems.append(msg("sam.check.kind-cover", field=f"{where}.cover",
                                kind=terrain.kind, cover=terrain.cover,
                                book=COVER_KINDS[terrain.kind]))
        elif terrain.cover == "light" and not terrain.closed \
                and not gone.within("terrain", t, "cover"):
            problems.append(msg("sam.check.light-line", field=f"{where}.closed"))
        elif terrain.kind in LINE_KINDS and terrain.closed \
                and not gone.within("terrain", t, "kind"):
            problems.append(msg("sam.check.kind-line", field=f"{where}.closed",
                                kind=terrain.kind))
        elif terrain.kind == "building" and not terrain.closed \
                and not gone.within("terrain", t, "kind"):
            problems.append(msg("sam.check.building-open", field=f"{where}.closed"))
        if terrain.closed and not gone.within("terrain", t, "points") \
                and not proper_area(terrain.points):
            problems.append(msg("sam.check.bad-area", field=f"{where}.points"))
    return problems + _same_names(scenario, gone)


LINE_KINDS = frozenset({"wall", "palisade"})
"""SAM-LOS-1: the heavy cover the book gives as a line (``closed = false``);
a building is a closed polygon, light cover an area."""


def _same_names(scenario: SamuraiScenario, gone: Refused) -> list[Msg | str]:
    """Two pieces of terrain with one (English) name: the table knows each
    piece by it, so the second would stand in for the first."""
    problems: list[Msg | str] = []
    first: dict[str, int] = {}
    for t, terrain in enumerate(scenario.terrain):
        if gone.within("terrain", t, "name"):
            continue
        name = terrain.name.en
        if name in first:
            problems.append(msg("sam.check.same-terrain", field=f"terrain[{t}].name",
                                name=name, other=f"terrain[{first[name]}]"))
        else:
            first[name] = t
    return problems


def _placement_problems(scenario: SamuraiScenario) -> list[Msg | str]:
    """Where the fighters stand at the start, as the rules could play it: each
    base wholly on the table, on no other fighter's base (touching is allowed)
    and neither inside a building nor across a wall (what a move may not end
    on, :meth:`referee.boards.table.Table.sweep_blockers`). A fighter whose
    place or base the schema refused is not checked, nor terrain whose points
    it refused or that is not a proper outline."""
    gone = refused(scenario)
    if gone.within("table"):
        return []
    names = {f"terrain[{t}]": spec.name.name for t, spec in enumerate(scenario.terrain)}
    problems: list[Msg | str] = []
    pieces: list[Piece] = []
    placed: dict[str, tuple[str, str]] = {}
    for b, band in enumerate(scenario.bands):
        for f, spec in enumerate(band.fighters):
            if gone("bands", b, "fighters", f, "at") \
                    or gone("bands", b, "fighters", f, "base_mm"):
                continue
            where = f"bands[{b}].fighters[{f}]"
            pieces.append(Piece(where, spec.at[0], spec.at[1], mm_to_inches(spec.base_mm) / 2,
                                band.seat, spec.id))
            placed[where] = (spec.id, f"{where}.at")
    table = Table(scenario.table.width, scenario.table.depth, _obstacles(scenario, gone, pieces))
    for piece in pieces:
        table.add(piece)
    order = {key: n for n, key in enumerate(placed)}
    for key, (fid, field) in placed.items():
        piece = table.pieces[key]
        if not table.on_table(piece.xy, piece.radius):
            problems.append(msg("sam.check.off-table", field=field, id=fid,
                                x=Fraction(str(piece.x)), y=Fraction(str(piece.y)),
                                width=Fraction(str(table.width)),
                                depth=Fraction(str(table.depth))))
        for obstacle in table.obstacles_under(key):
            kind = "sam.check.in-building" if obstacle.geometry.geom_type == "Polygon" \
                else "sam.check.on-wall"
            problems.append(msg(kind, field=field, id=fid, terrain=names[obstacle.name]))
        for other in table.overlapping(key):
            if order[other] < order[key]:  # each pair said once, by the later fighter
                problems.append(msg("sam.check.overlap", field=field, id=fid,
                                    other=placed[other][0]))
    return problems


def _obstacles(scenario: SamuraiScenario, gone: Refused,
               pieces: Sequence[Piece]) -> list[Obstacle]:
    """The heavy cover (walls, buildings) whose points the schema took and
    that form a proper line or outline, each named by its place in the file;
    of those, the pieces that may lie under one of ``pieces``' bases (the
    others could not be under any: no shape is made of them)."""
    obstacles = []
    for t, spec in enumerate(scenario.terrain):
        if spec.cover != "heavy" or gone.within("terrain", t):
            continue
        if spec.closed and not proper_area(spec.points):
            continue
        if not any(_may_be_under(spec.points, piece) for piece in pieces):
            continue
        obstacles.append(Obstacle(f"terrain[{t}]", obstacle_shape(spec.points, spec.closed),
                                  spec.height))
    return obstacles


def _may_be_under(points: Sequence[XY], piece: Piece) -> bool:
    """Does the box around ``points`` come within (about) the base's radius
    of its centre? Terrain whose box does not is not under the base (the
    first thing :meth:`~referee.boards.table.Table.obstacles_under` asks)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    dx = max(min(xs) - piece.x, 0.0, piece.x - max(xs))
    dy = max(min(ys) - piece.y, 0.0, piece.y - max(ys))
    return math.hypot(dx, dy) <= piece.radius + EPS
