"""A move to any point the model can reach (house rule, like the rest of
the Movement phase: the fragment leaves movement out). The player picks
"move to a point" among the model's moves and then gives the point, typed as
x and y in inches or picked from a short list of named moves (toward or away
from a model). The rules check it as they check every move: on the table, by
a clear straight way, jumping barriers at their cost, within the model's
move, not into an enemy's reach (only a charge brings models to fight,
OW-MEL-1) and, with a Yee Haw!, within 6" of the Hero.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from referee.boards.points import NAMED_MOVES, STILL, PointMove, farthest_point
from referee.boards.table import EPS, XY, fights_across_within
from referee.boards.tablemap import tenths
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision
from referee.games.old_west.state import OldWestState, PointAsk, distance_xy, fact_xy, frozen
from referee.games.old_west.tables import YEE_HAW_RANGE


@dataclass
class MoveToPoint(Frame):
    """Ask for the point and move there (the answer is checked first:
    :func:`point_refusals`)."""

    fighter_id: str
    near: str | None = None

    def start(self, state: OldWestState) -> Step:
        fighter = state.fighters[self.fighter_id]
        here = state.pos(self.fighter_id)
        spots = named_moves(state, self.fighter_id, self.near)
        state.point = PointAsk(self.fighter_id, self.near, tuple(
            (way, other, (round(at[0], 2), round(at[1], 2)))
            for (way, other), at in spots.items()))
        template = {"x": round(here[0], 2), "y": round(here[1], 2)}
        return self.ask(Decision((fighter.posse,), msg("ow.ask.point", name=fighter.name),
                                 schema={fighter.posse: PointMove},
                                 templates={fighter.posse: template}), self.chosen)

    def chosen(self, state: OldWestState, answer: PointMove) -> Step:
        state.point = None
        fighter = state.fighters[self.fighter_id]
        spot = (answer.x, answer.y)
        if distance_xy(spot, state.pos(self.fighter_id)) < STILL:
            state.emit(msg("ow.point.stays", name=fighter.name),
                       facts={"kind": "stayed", "model": self.fighter_id})
            return done()
        moved(state, self.fighter_id, spot)
        return done()


def moved(state: OldWestState, fighter_id: str, spot: XY) -> None:
    """The model goes straight to ``spot``, and the log says so."""
    start = fact_xy(state.pos(fighter_id))
    state.table.move(fighter_id, spot)
    state.emit(msg("ow.moves", name=state.name(fighter_id), x=tenths(spot[0]), y=tenths(spot[1])),
               facts=frozen({"kind": "moved", "model": fighter_id, "from": start,
                             "to": fact_xy(state.pos(fighter_id))}))


def point_refusals(state: OldWestState, fighter_id: str, near: str | None,
                   answer: PointMove) -> list[Msg]:
    """Why the model cannot go to the point, every reason; empty when it can."""
    spot = (answer.x, answer.y)
    if not all(math.isfinite(v) for v in spot):
        return [msg("ow.point.not-a-point")]
    if distance_xy(spot, state.pos(fighter_id)) < STILL:
        return []
    table, fighter = state.table, state.fighters[fighter_id]
    radius = table.pieces[fighter_id].radius
    if not table.on_table(spot, radius):
        return [msg("ow.point.off-table", width=_inches(table.width), depth=_inches(table.depth))]
    refusals: list[Msg] = []
    crossed = table.crossed_obstacles(fighter_id, spot)
    high = [o for o in crossed if o.height > state.rules.barrier_height]
    blockers = table.sweep_blockers(fighter_id, spot, crossable=crossed)  # on the table: no "edge"
    if high and high[0].geometry.geom_type == "Polygon":
        refusals.append(msg("ow.point.blocked-by-terrain", by=state.terrain(high[0].name)))
    elif high:
        refusals.append(msg("ow.point.too-high", obstacle=state.terrain(high[0].name)))
    elif blockers and blockers[0] in state.fighters:
        refusals.append(msg("ow.point.blocked-by-model", by=state.name(blockers[0])))
    elif blockers:
        refusals.append(msg("ow.point.blocked-by-terrain", by=state.terrain(blockers[0])))
    else:
        cost = distance_xy(table.pieces[fighter_id].xy, spot) \
            + state.rules.barrier_cost * len(crossed)
        if cost > fighter.move + EPS:
            refusals.append(msg("ow.point.too-far", inches=_inches(cost),
                                move=_inches(fighter.move)))
    enemy = in_reach_of(state, fighter_id, spot)
    if enemy is not None:
        refusals.append(msg("ow.point.in-reach", enemy=state.name(enemy)))
    if near is not None:
        hero = table.pieces[near]
        if distance_xy(spot, hero.xy) - radius - hero.radius > YEE_HAW_RANGE + EPS:
            refusals.append(msg("ow.point.far-from-hero", hero=state.name(near)))
    return refusals


def in_reach_of(state: OldWestState, fighter_id: str, spot: XY) -> str | None:
    """An enemy the model would touch at ``spot``, or fight across an
    obstacle (within ``across_reach`` of it on both sides); None if none."""
    table, me = state.table, state.fighters[fighter_id]
    radius = table.pieces[fighter_id].radius
    reach = state.rules.across_reach
    for enemy in state.active():
        if enemy.posse == me.posse or enemy.id not in table.pieces:
            continue
        other = table.pieces[enemy.id]
        if distance_xy(spot, other.xy) - radius - other.radius <= EPS:
            return enemy.id
        for obstacle in table.obstacles_between(spot, other.xy):
            if table.near_obstacle(obstacle, spot, fights_across_within(radius, reach)) and \
                    table.near_obstacle(obstacle, other.xy,
                                        fights_across_within(other.radius, reach)):
                return enemy.id
    return None


def named_moves(state: OldWestState, fighter_id: str,
                near: str | None) -> dict[tuple[str, str], XY]:
    """Points for the short list, by (``toward`` or ``away``, the other
    model): as far as the model may go toward and away from each of the
    nearest models (enemies first), each checked as a typed point would be; a
    way that is blocked is tried shorter."""
    table, me = state.table, state.fighters[fighter_id]
    others = [f for f in state.active() if f.id != fighter_id and f.id in table.pieces]
    others.sort(key=lambda f: (f.posse == me.posse, table.distance(fighter_id, f.id), f.id))
    found: dict[tuple[str, str], XY] = {}
    for other in others[:NAMED_MOVES]:
        target = table.pieces[other.id].xy
        gap = table.distance(fighter_id, other.id)
        for way, length in (("toward", min(me.move, gap - 1.0)), ("away", me.move)):
            spot = _farthest(state, fighter_id, near, target, length, way == "away")
            if spot is not None:
                found[(way, other.id)] = spot
    return found


def _farthest(state: OldWestState, fighter_id: str, near: str | None, target: XY,
              length: float, away: bool) -> XY | None:
    return farthest_point(state.pos(fighter_id), target, length, away,
                          lambda point: not point_refusals(state, fighter_id, near, point))


def _inches(value: float) -> Fraction:
    return tenths(value)
