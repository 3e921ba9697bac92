"""A move to any point the fighter can reach (house rule, like the rest of the
Move phase). The player picks "move to a point" among the fighter's moves and
then gives the point, typed as x and y in inches or picked from named moves
(toward or away from the nearest fighters). The rules check it as they check
an advance: on the table, by a clear straight way (walls, buildings and other
fighters block it; light cover does not), within the fighter's move, and not
into base contact with anyone (a charge is how fighters come to blows).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from referee.boards.points import NAMED_MOVES, STILL, PointMove, farthest_point
from referee.boards.table import EPS, XY
from referee.boards.tablemap import tenths
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.samurai.state import SamuraiState, Shown


def moving_part(state: SamuraiState, fid: str, options: list[Option],
                what: str = "move", spots: dict[str, XY] | None = None) -> dict[str, Any]:
    """What a seat's view says of the fighter asked to move: where each move
    option (or, for a point, each named move) puts it."""
    found: list[Any] = [{"value": o.value, "at": o.value["to"]} for o in options
                        if isinstance(o.value, dict) and "to" in o.value]
    found += [{"value": name, "at": [at[0], at[1]]} for name, at in (spots or {}).items()]
    return {"fighter": fid, "what": what, "spots": found}


@dataclass
class MoveToPoint(Frame):
    """Ask for the point and move there (the answer is checked first:
    :func:`point_refusals`)."""

    fighter_id: str

    def start(self, state: SamuraiState) -> Step:
        f = state.fighters[self.fighter_id]
        state.moving = Shown(moving_part(state, self.fighter_id, [], "point",
                                         named_moves(state, self.fighter_id)))
        template = {"x": round(f.x, 2), "y": round(f.y, 2)}
        return self.ask(Decision((f.side,), msg("sam.ask.point", name=f.name),
                                 schema={f.side: PointMove}, templates={f.side: template}),
                        self.chosen)

    def chosen(self, state: SamuraiState, answer: PointMove) -> Step:
        state.moving = None
        f = state.fighters[self.fighter_id]
        if math.hypot(answer.x - f.x, answer.y - f.y) < STILL:
            state.emit(msg("sam.point.stays", name=f.name),
                       facts={"kind": "stayed", "fighter": self.fighter_id})
            return done()
        start = [f.x, f.y]
        f.x, f.y = answer.x, answer.y
        f.moved = True
        state.emit(msg("sam.point.moves", name=f.name, x=tenths(f.x), y=tenths(f.y)),
                   facts={"kind": "moved", "fighter": self.fighter_id, "start": start,
                          "end": [f.x, f.y], "move": "point", "target": None})
        return done()


def point_refusals(state: SamuraiState, fid: str, answer: PointMove) -> list[Msg]:
    """Why the fighter cannot go to the point, every reason; empty when it can."""
    f = state.fighters[fid]
    spot = (answer.x, answer.y)
    if not all(math.isfinite(v) for v in spot):
        return [msg("sam.point.not-a-point")]
    if math.hypot(spot[0] - f.x, spot[1] - f.y) < STILL:
        return []
    table = state.table()
    refusals: list[Msg] = []
    if not table.on_table(spot, table.pieces[fid].radius):
        return [msg("sam.point.off-table", width=tenths(table.width),
                    depth=tenths(table.depth))]
    blockers = table.sweep_blockers(fid, spot)
    for blocker in blockers[:1]:
        other = state.fighters.get(blocker)
        if other is not None and math.hypot(spot[0] - other.x, spot[1] - other.y) \
                <= f.radius + other.radius + EPS:
            refusals.append(msg("sam.point.touching", other=other.name))
        elif other is not None:
            refusals.append(msg("sam.point.blocked-by-fighter", by=other.name))
        else:
            refusals.append(msg("sam.point.blocked-by-terrain",
                                by=state.terrain.names.get(blocker, blocker)))
    distance = math.hypot(spot[0] - f.x, spot[1] - f.y)
    if distance > f.spec.move + 1e-6:
        refusals.append(msg("sam.point.too-far", inches=tenths(distance),
                            move=tenths(f.spec.move)))
    return refusals


def named_moves(state: SamuraiState, fid: str) -> dict[str, XY]:
    """Points for the short list: as far as the fighter may go toward and
    away from each of the nearest fighters (enemies first), each checked as
    a typed point would be; a way that is blocked is tried at half."""
    f = state.fighters[fid]
    others = sorted((o for o in state.alive() if o.id != fid),
                    key=lambda o: (o.side == f.side, math.hypot(o.x - f.x, o.y - f.y), o.id))
    found: dict[str, XY] = {}
    for other in others[:NAMED_MOVES]:
        gap = math.hypot(other.x - f.x, other.y - f.y) - f.radius - other.radius
        for way, length in (("toward", min(f.spec.move, gap - 0.5)), ("away", f.spec.move)):
            spot = _farthest(state, fid, other.xy, length, way == "away")
            if spot is not None:
                found[f"{way}:{other.id}"] = spot
    return found


def _farthest(state: SamuraiState, fid: str, target: XY, length: float,
              away: bool) -> XY | None:
    f = state.fighters[fid]
    return farthest_point((f.x, f.y), target, length, away,
                          lambda point: not point_refusals(state, fid, point))
