"""Who may shoot, and at whom (house rules: the fragment names shooting but
leaves it out). Read by the Shooting phase and by the Quickdraw's offer."""

from __future__ import annotations

import math

from referee.boards.table import EPS
from referee.games.old_west.state import OldWestState


def can_shoot(state: OldWestState, shooter_id: str) -> bool:
    """Armed, on its feet, not in a melee, and has not shot, nor failed a
    Dive for Cover (OW-DIV-4), nor lost its nerve (OW-FEAR-2) this phase."""
    shooter = state.fighters[shooter_id]
    return (shooter.active and shooter.gun is not None and not shooter.shot
            and not shooter.dived and not shooter.prone and not shooter.done
            and not state.engaged_with(shooter_id))


def targets(state: OldWestState, shooter_id: str) -> tuple[str, ...]:
    """Enemies in range and sight, not fighting in a melee (house rules).
    Worked out once per position of the bases (the table forgets it when one
    changes, as when a model leaves play; the terrain never changes), and
    handed out as it is kept: a tuple, which no caller can change."""
    known: dict[str, tuple[str, ...]] | None = state.table.known.get("targets")
    if known is None:
        known = state.table.known["targets"] = {}
    found = known.get(shooter_id)
    if found is None:
        found = known[shooter_id] = _targets(state, shooter_id)
    return found


def _targets(state: OldWestState, shooter_id: str) -> tuple[str, ...]:
    """The enemies in range (the cheap question first), out of melee, with no
    obstacle as high as ``sight_height`` on the line to them."""
    shooter = state.fighters[shooter_id]
    if shooter.gun is None:
        return ()
    table, reach, sight = state.table, shooter.gun.range + EPS, state.rules.sight_height
    pieces = table.pieces
    me = pieces[shooter_id]
    at = me.xy
    found = []
    for enemy in state.active():
        if enemy.posse == shooter.posse:
            continue
        them = pieces[enemy.id]  # out of range: farther than reach, edge to edge (Table.distance)
        if math.hypot(me.x - them.x, me.y - them.y) - me.radius - them.radius > reach:
            continue
        if state.engaged_with(enemy.id):
            continue
        for obstacle in table.obstacles_between(at, them.xy):
            if obstacle.height >= sight:
                break
        else:
            found.append(enemy.id)
    return tuple(found)


def has_a_shot(state: OldWestState, shooter_id: str) -> bool:
    """It can shoot now, and has someone to shoot at."""
    return can_shoot(state, shooter_id) and bool(targets(state, shooter_id))
