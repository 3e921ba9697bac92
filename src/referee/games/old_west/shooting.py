"""The Shooting phase (house rule: the fragment names shooting but leaves it
out) with Quickdraw and "Fire!", Fearsome Reputation and Diving for Cover."""

from __future__ import annotations

import math

from referee.boards.table import EPS, XY, Piece
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.rolls import d6, dares, fame_to_reach, hit, pluck_test
from referee.games.old_west.state import OldWestState, PhaseMarks, Step

FIRE_RANGE = 6.0


def shooting_phase(state: OldWestState) -> Step[None]:
    """Quickdraw Heroes first, then the side with Advantage, then the other (OW-HAC-1)."""
    state.phase = "shooting"
    state.marks = PhaseMarks()
    for fighter in state.fighters.values():
        fighter.shot = fighter.done = False
    state.emit(msg("ow.phase.shooting", turn=state.turn))
    for hero_id in (yield from declare_heroics(state, "shooting")):
        yield from quickdraw(state, hero_id)
    for seat in state.by_advantage():
        for fighter in state.posse(seat):
            yield from shoot_with(state, fighter.id)
    state.emit(msg("ow.phase.shooting-ended", turn=state.turn))


def quickdraw(state: OldWestState, hero_id: str) -> Step[None]:
    """The Hero shoots before everyone (OW-QDR-1); if he shouts "Fire!",
    friends within 6" shoot too (OW-QDR-2) — only if he himself shoots
    (OW-QDR-3)."""
    hero = state.fighters[hero_id]
    friends = [f.id for f in state.posse(hero.posse) if f.id != hero_id and f.gun is not None
               and f.id not in state.marks.benefited
               and state.table.within(hero_id, f.id, FIRE_RANGE)]
    shout = False
    if friends and can_shoot(state, hero_id):
        options = [Option(False, msg("ow.opt.no-shout")), Option(True, msg("ow.opt.fire"))]
        shout = yield Decision.single(hero.posse, msg("ow.ask.fire", name=hero.name), options)
    state.marks.benefited.add(hero_id)
    fired = yield from shoot_with(state, hero_id)
    if not fired:
        state.emit(msg("ow.quickdraw-wasted", name=hero.name), clause="OW-QDR-3")
        return
    if not shout:
        return
    state.emit(msg("ow.fire", name=hero.name), clause="OW-QDR-2")
    for friend in friends:
        state.marks.benefited.add(friend)
        yield from shoot_with(state, friend)


def can_shoot(state: OldWestState, shooter_id: str) -> bool:
    shooter = state.fighters[shooter_id]
    return (shooter.active and shooter.gun is not None and not shooter.shot
            and not shooter.dived and not shooter.prone and not shooter.done
            and not state.engaged_with(shooter_id))


def targets(state: OldWestState, shooter_id: str) -> list[str]:
    """Enemies in range and sight, not fighting in a melee (house rules)."""
    shooter = state.fighters[shooter_id]
    if shooter.gun is None:
        return []
    found = []
    for enemy in state.active():
        if enemy.posse == shooter.posse or state.engaged_with(enemy.id):
            continue
        if state.table.distance(shooter_id, enemy.id) > shooter.gun.range + EPS:
            continue
        if any(o.height >= state.rules.sight_height
               for o in state.table.obstacles_between(state.pos(shooter_id), state.pos(enemy.id))):
            continue
        found.append(enemy.id)
    return found


def shoot_with(state: OldWestState, shooter_id: str) -> Step[bool]:
    """One model's shot, if it can shoot; True if it fired."""
    if not can_shoot(state, shooter_id):
        return False
    shooter = state.fighters[shooter_id]
    aims = targets(state, shooter_id)
    if not aims:
        return False
    options = [Option("hold", msg("ow.opt.hold-fire"))] + [
        Option(f"shoot:{t}", msg("ow.opt.shoot", target=state.name(t))) for t in aims]
    choice = yield Decision.single(shooter.posse, msg("ow.ask.shoot", name=shooter.name), options)
    shooter.shot = True
    if choice == "hold":
        return False
    target_id = choice.split(":", 1)[1]
    if not (yield from dares(state, shooter_id, target_id)):
        return False
    yield from resolve_shot(state, shooter_id, target_id)
    return True


def resolve_shot(state: OldWestState, shooter_id: str, target_id: str) -> Step[None]:
    """To hit (house rule: ``shooting`` or more, Fame may help, OW-FAM-6),
    past cover (house rule: ``in_the_way`` or more for each obstacle crossed
    or cover area), rider or mount (house rule), wound, then Diving for Cover."""
    shooter, target = state.fighters[shooter_id], state.fighters[target_id]
    strength = shooter.gun.strength if shooter.gun is not None else shooter.strength
    state.emit(msg("ow.shoots", name=shooter.name, target=target.name))
    roll = yield from d6(msg("ow.roll.to-hit", name=shooter.name, need=shooter.shooting))
    roll += yield from fame_to_reach(state, shooter_id, roll, shooter.shooting,
                                     state.rules.fame_cap - roll, "OW-FAM-6")
    if roll < shooter.shooting:
        state.emit(msg("ow.missed", name=shooter.name, roll=roll))
        return
    for cover_name in _cover_between(state, shooter_id, target_id):
        cover = state.terrain(cover_name)
        past = yield from d6(msg("ow.roll.in-the-way", cover=cover))
        if past < state.rules.in_the_way:
            state.emit(msg("ow.hit-cover", cover=cover, roll=past))
            return
    part = "rider"
    if target.mount is not None:
        side = yield from d6(msg("ow.roll.rider-or-mount", name=target.name))
        part = "rider" if side >= state.rules.rider_hit_on else "mount"
    yield from hit(state, shooter_id, strength, target_id, part, "OW-WND-1")
    if target.active:
        yield from dive_for_cover(state, target_id, shooter_id)


def _cover_between(state: OldWestState, shooter_id: str, target_id: str) -> list[str]:
    table = state.table
    names = [o.name for o in table.obstacles_between(state.pos(shooter_id), state.pos(target_id))]
    area = table.in_cover_area(target_id)
    return names + ([area.name] if area is not None else [])


def behind_cover(state: OldWestState, target_id: str, shooter_id: str) -> bool:
    return bool(_cover_between(state, shooter_id, target_id))


def dive_for_cover(state: OldWestState, target_id: str, shooter_id: str) -> Step[None]:
    """Hit and not removed: a Pluck test at once (OW-DIV-1), with the rider's
    Pluck even if the mount was hit (OW-MNT-1). Failed: run for cover
    (OW-DIV-2), or go prone if already behind it (OW-DIV-3) — a rider
    dismounts instead (OW-MNT-2); either way no shooting back (OW-DIV-4)."""
    if (yield from pluck_test(state, target_id, "OW-DIV-1")):
        return
    target = state.fighters[target_id]
    target.dived = True
    if behind_cover(state, target_id, shooter_id):
        if target.mount is not None:
            _dismount_behind(state, target_id, shooter_id)
            return
        state.set_prone(target_id, True)
        state.emit(msg("ow.dives-prone", name=target.name), clause="OW-DIV-3")
        return
    spot = cover_spot(state, target_id, shooter_id)
    if spot is None:
        state.set_prone(target_id, True)
        state.emit(msg("ow.no-cover", name=target.name), clause="OW-DIV-2")
        return
    state.table.move(target_id, spot)
    state.emit(msg("ow.runs-for-cover", name=target.name, x=f"{spot[0]:.1f}",
                   y=f"{spot[1]:.1f}"), clause="OW-DIV-2")


def cover_spot(state: OldWestState, target_id: str, shooter_id: str) -> XY | None:
    """The nearest spot within a normal move, reached by a straight clear way,
    with an obstacle or cover between it and the shooter (OW-DIV-2; it may be
    toward the shooter)."""
    table = state.table
    me = table.pieces[target_id]
    shooter = state.pos(shooter_id)
    best: tuple[float, XY] | None = None
    steps = int(state.fighters[target_id].move / 0.5)
    for k in range(24):
        angle = 2 * math.pi * k / 24
        for n in range(1, steps + 1):
            d = n * 0.5
            spot = (me.x + d * math.cos(angle), me.y + d * math.sin(angle))
            if best is not None and d >= best[0]:
                break
            if table.sweep_blockers(target_id, spot):
                break
            covered = table.obstacles_between(shooter, spot) or \
                table.cover_at(spot) is not None
            if covered:
                best = (d, spot)
                break
    return None if best is None else best[1]


def _dismount_behind(state: OldWestState, rider_id: str, shooter_id: str) -> None:
    """OW-MNT-2: the rider gets down and stands with the mount between him and
    the shooter. The riderless mount stays on the table as a marker."""
    table = state.table
    rider = state.fighters[rider_id]
    piece = table.pieces[rider_id]
    mount_xy, mount_radius = piece.xy, piece.radius
    sx, sy = state.pos(shooter_id)
    away = math.atan2(piece.y - sy, piece.x - sx)
    state.dismount(rider_id)
    reach = mount_radius + rider.foot_radius + 2 * EPS
    spot = (mount_xy[0] + reach * math.cos(away), mount_xy[1] + reach * math.sin(away))
    table.add(Piece(f"{rider_id}~mount", mount_xy[0], mount_xy[1], mount_radius, rider.posse,
                    "", {"mount"}))
    if table.on_table(spot, rider.foot_radius) and not table.sweep_blockers(
            rider_id, spot, ignore=(f"{rider_id}~mount",)):
        table.move(rider_id, spot)
    state.emit(msg("ow.dismounts", name=rider.name), clause="OW-MNT-2")
