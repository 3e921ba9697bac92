"""What stands on the continuous table: round bases, and the terrain
(obstacles, cover areas, drops) prepared once for every table laid on it.

Lengths are in inches, positions from the table's bottom left corner.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeAlias

from referee.boards.inches import XY, Inches
from referee.boards.shapes import Shape

if TYPE_CHECKING:
    from shapely.geometry import LineString, Polygon
    from shapely.geometry.base import BaseGeometry
    from shapely.prepared import PreparedGeometry


@dataclass(frozen=True)
class Obstacle:
    """A fence, hedge or wall (a line) or a building or rock (a polygon)."""

    name: str
    geometry: BaseGeometry
    height: Inches


@dataclass(frozen=True)
class CoverArea:
    """Ground that gives cover to a model standing in it (scrub, a cornfield)."""

    name: str
    area: Polygon


@dataclass(frozen=True)
class Drop:
    """The edge of a cliff or a roof: crossing the line means falling ``height``."""

    name: str
    edge: LineString
    height: Inches


@dataclass
class Piece:
    """A model's base on the table."""

    id: str
    x: float
    y: float
    radius: Inches
    side: str
    label: str = ""
    marks: set[str] = field(default_factory=set)

    @property
    def xy(self) -> XY:
        return (self.x, self.y)


def obstacle_shape(points: Sequence[XY], closed: bool) -> BaseGeometry:
    """A line through ``points``, or the polygon they enclose when ``closed``."""
    from shapely.geometry import LineString, Polygon  # loaded with the first shape

    return Polygon(points) if closed else LineString(points)


Shaped: TypeAlias = Sequence[tuple[Any, Shape]]
"""Pieces of terrain, each with its :class:`Shape`."""


class Terrain:
    """A table's fixed terrain, prepared once: each piece's :class:`Shape`
    (and, when first asked, its prepared shapely geometry). It never
    changes: every table laid on it, every copy of a game, shares it."""

    def __init__(self, obstacles: Iterable[Obstacle] = (), covers: Iterable[CoverArea] = (),
                 drops: Iterable[Drop] = ()) -> None:
        self.obstacles = tuple(obstacles)
        self.covers = tuple(covers)
        self.drops = tuple(drops)
        self.shapes: dict[int, Shape] = {}
        for o in self.obstacles:
            self.shapes[id(o)] = Shape(o.geometry, o.geometry.geom_type == "Polygon")
        for c in self.covers:
            self.shapes[id(c)] = Shape(c.area, True)
        for d in self.drops:
            self.shapes[id(d)] = Shape(d.edge, False)
        self.obstacle_shapes: Shaped = tuple((o, self.shapes[id(o)]) for o in self.obstacles)
        self.cover_shapes: Shaped = tuple((c, self.shapes[id(c)]) for c in self.covers)
        self.drop_shapes: Shaped = tuple((d, self.shapes[id(d)]) for d in self.drops)
        self._caches: dict[str, dict[Hashable, Any]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> Terrain:
        return self

    def shape(self, item: Obstacle | CoverArea | Drop) -> Shape:
        return self.shapes[id(item)]

    def cache(self, name: str) -> dict[Hashable, Any]:
        """A game's own store of answers it worked out on this terrain, by
        keys it chooses (where every base stood, say), shared by every table
        on it: the same key must always give the same answer."""
        found = self._caches.get(name)
        if found is None:
            found = self._caches[name] = {}
        return found

    @cached_property
    def prepared_covers(self) -> tuple[tuple[CoverArea, PreparedGeometry], ...]:
        """The cover areas, prepared for shapely's fast rejection."""
        from shapely.prepared import prep

        return tuple((c, prep(c.area)) for c in self.covers)

    @cached_property
    def prepared_obstacles(self) -> tuple[tuple[Obstacle, PreparedGeometry], ...]:
        """The obstacles, prepared for shapely's fast rejection."""
        from shapely.prepared import prep

        return tuple((o, prep(o.geometry)) for o in self.obstacles)

    @cached_property
    def obstacle_boxes(self) -> tuple[tuple[float, float, float, float], ...]:
        """Each obstacle's bounding box (x0, y0, x1, y1), in order."""
        return tuple(o.geometry.bounds for o in self.obstacles)
