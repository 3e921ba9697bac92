"""Line of sight and cover (SAM-LOS-1..4), read from the table's measured
sight lines (referee.boards.sightline)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from shapely.geometry import Point, Polygon

from referee.boards.sightline import SightLine, measure_sight
from referee.boards.table import Table
from referee.core.i18n import Msg, msg
from referee.games.samurai.scenario import HouseRules
from referee.games.samurai.state import SamuraiState, tenths
from referee.games.samurai.tables import LIGHT_COVER_LIMIT, Cover

_ROUNDING = 1e-6


@dataclass(frozen=True)
class Sight:
    """What a shooter sees of a target: whether the line is blocked and why,
    and the cover the target has when it is not."""

    line: SightLine
    blocked: Msg | None
    cover: Cover | None
    light_inches: float


def sight(state: SamuraiState, table: Table, shooter: str, target: str) -> Sight:
    """The centre-to-centre line from ``shooter`` to ``target`` (disputed
    case 1: one line, centre to centre), read through SAM-LOS-2..4."""
    line, light, heavy = _measured(state.rules, table, shooter, target)
    return Sight(line, blocked_by(state, table, line, light, heavy, target),
                 _cover(light, heavy), light)


def cover_seen(rules: HouseRules, table: Table, shooter: str,
               target: str) -> tuple[Cover | None, float]:
    """The cover ``target`` has from ``shooter`` (SAM-LOS-3, SAM-LOS-4) and
    the inches of Light cover between them: what :func:`sight` finds, read
    from the table and the house rules alone."""
    _, light, heavy = _measured(rules, table, shooter, target)
    return _cover(light, heavy), light


def _cover(light: float, heavy: bool) -> Cover | None:
    return "heavy" if heavy else ("light" if light > _ROUNDING else None)


def _measured(rules: HouseRules, table: Table, shooter: str,
              target: str) -> tuple[SightLine, float, bool]:
    """The sight line, the inches of Light cover on it and whether the target
    is in Heavy cover: geometry alone, remembered by the table while no
    fighter moves (a shot measures again what its question measured)."""
    key = ("sight", shooter, target)
    found: tuple[SightLine, float, bool] | None = table.known.get(key)
    if found is None:
        line = measure_sight(table, shooter, target)
        found = table.known[key] = (line, light_between(table, line, shooter, target),
                                    in_heavy_cover(rules, table, line, target))
    return found


def light_between(table: Table, line: SightLine, shooter: str, target: str) -> float:
    """SAM-LOS-3: the inches of Light cover between shooter and target, on
    the line from the rim of the shooter's base to the rim of the target's
    (disputed case 9: what lies under either base is not between them).
    Each inch counts once, however many areas lie on it."""
    return line.cover_length(start=table.pieces[shooter].radius,
                             end=line.length - table.pieces[target].radius)


def blocked_by(state: SamuraiState, table: Table, line: SightLine, light: float,
               heavy: bool, target: str) -> Msg | None:
    """Why the line is blocked, or None when the target can be shot."""
    names = state.fighters
    if line.bases:
        # SAM-LOS-2: another model on the straight line between them
        return msg("sam.los.model", name=names[line.bases[0].piece_id].name)
    if light > LIGHT_COVER_LIMIT + _ROUNDING:
        # SAM-LOS-3: more than 2" of Light cover
        # (rounded up, so that the text never says "2 inches, more than 2")
        return msg("sam.los.light", inches=Fraction(math.ceil(light * 10 - _ROUNDING), 10),
                   limit=tenths(LIGHT_COVER_LIMIT))
    if state.rules.buildings_block:
        for crossing in line.obstacles:
            if isinstance(crossing.obstacle.geometry, Polygon) and not _near(
                    state.rules, table, crossing.obstacle.geometry, target):
                # house rule, opt-in (buildings_block): one cannot see through a house
                return msg("sam.los.building", terrain=state.terrain.names[crossing.name])
    fighter = names[target]
    if heavy and not (fighter.moved or fighter.shot):
        # SAM-LOS-4: in Heavy cover, has neither moved nor shot this turn
        return msg("sam.los.heavy", name=fighter.name)
    return None


def in_heavy_cover(rules: HouseRules, table: Table, line: SightLine, target: str) -> bool:
    """House rule: the target is in Heavy cover when the line to it crosses a
    wall, palisade or building within ``heavy_cover_reach`` of its base (or
    the target stands inside the building)."""
    return any(_near(rules, table, c.obstacle.geometry, target) for c in line.obstacles)


def _near(rules: HouseRules, table: Table, geometry: object, target: str) -> bool:
    piece = table.pieces[target]
    gap = geometry.distance(Point(piece.xy)) - piece.radius  # type: ignore[attr-defined]
    return bool(gap <= rules.heavy_cover_reach + _ROUNDING)
