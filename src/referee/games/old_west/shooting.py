"""The Shooting phase (house rule: the fragment names shooting but leaves it
out) with Quickdraw and "Fire!", Fearsome Reputation and Diving for Cover."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from referee.boards.table import EPS, XY, Around, Piece
from referee.boards.tablemap import tenths
from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.aiming import can_shoot as can_shoot
from referee.games.old_west.aiming import targets as targets
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.movement import HeroesFirst, PosseLoop, out_of_reach
from referee.games.old_west.rolls import (
    FameToReach,
    Hit,
    PluckTest,
    d6,
    dare,
    mount_of,
    reach_with_fame,
    rolled,
)
from referee.games.old_west.state import (
    OldWestState,
    PhaseMarks,
    fact_list,
    frozen,
    rounded_xy,
)
from referee.games.old_west.tables import FIRE_RANGE
from referee.games.old_west.view import Part


@dataclass
class ShootingPhase(HeroesFirst):
    """Quickdraw Heroes first, then the side with Advantage, then the other (OW-HAC-1)."""

    def start(self, state: OldWestState) -> Step:
        state.phase = "shooting"
        state.marks = PhaseMarks()
        for fighter in state.fighters.values():
            fighter.shot = fighter.done = False
        state.emit(msg("ow.phase.shooting", turn=state.turn),
                   facts=frozen({"kind": "phase-started", "phase": "shooting", "turn": state.turn}))
        return declare_heroics(self, state, "shooting", self.declared)

    def action(self, hero_id: str) -> Frame:
        return Quickdraw(hero_id)

    def rest(self) -> Frame:
        return ShootEach()


@dataclass
class ShootEach(PosseLoop):
    """Every model that can shoot may, posse by posse. At the end of the
    phase a model that failed a Dive for Cover may shoot again: it may not
    shoot back in this phase only (OW-DIV-4)."""

    def each(self, state: OldWestState, fighter_id: str) -> Frame | None:
        """A model that cannot shoot now is passed over (its shot would end
        at once, firing nothing)."""
        return ShootWith(fighter_id) if can_shoot(state, fighter_id) else None

    def finish(self, state: OldWestState) -> Step:
        for fighter in state.fighters.values():
            fighter.dived = False
        state.emit(msg("ow.phase.shooting-ended", turn=state.turn),
                   facts=frozen({"kind": "phase-ended", "phase": "shooting", "turn": state.turn}))
        return done()


@dataclass
class Quickdraw(Frame):
    """The Hero shoots before everyone (OW-QDR-1); if he shouts "Fire!",
    friends within 6" shoot too (OW-QDR-2) — only if he himself shoots
    (OW-QDR-3). A Hero who can no longer shoot when his turn comes (taken
    out of action, or diving for cover, by a Hero who acted before him,
    OW-HAC-3) shouts nothing: his action comes to nothing."""

    hero_id: str
    friends: list[str] = field(default_factory=list)
    shout: bool = False

    def start(self, state: OldWestState) -> Step:
        if not can_shoot(state, self.hero_id):
            return self.shouted(state, False)
        hero = state.fighters[self.hero_id]
        self.friends = [f.id for f in state.posse(hero.posse) if f.id != self.hero_id
                        and f.gun is not None and f.id not in state.marks.benefited
                        and state.table.within(self.hero_id, f.id, FIRE_RANGE)]
        if not self.friends:
            return self.shouted(state, False)
        options = [Option(False, msg("ow.opt.no-shout"),
                          {"kind": "fire", "model": self.hero_id, "shout": False}),
                   Option(True, msg("ow.opt.fire"),
                          {"kind": "fire", "model": self.hero_id, "shout": True})]
        return self.ask(Decision.single(hero.posse, msg("ow.ask.fire", name=hero.name),
                                        options), self.shouted)

    def shouted(self, state: OldWestState, shout: bool) -> Step:
        self.shout = shout
        state.marks.benefited.add(self.hero_id)
        return self.call(ShootWith(self.hero_id), self.fired)

    def fired(self, state: OldWestState, fired: bool) -> Step:
        hero = state.fighters[self.hero_id]
        if not fired:
            state.emit(msg("ow.quickdraw-wasted", name=hero.name), clause="OW-QDR-3",
                       facts={"kind": "quickdraw-wasted", "model": self.hero_id})
            return done()
        if not self.shout:
            return done()
        state.emit(msg("ow.fire", name=hero.name), clause="OW-QDR-2",
                   facts={"kind": "shouted", "model": self.hero_id, "shout": "fire"})
        return self.next_friend(state, None)

    def next_friend(self, state: OldWestState, _: object) -> Step:
        if not self.friends:
            return done()
        friend = self.friends.pop(0)
        state.marks.benefited.add(friend)
        return self.call(ShootWith(friend), self.next_friend)


_HOLD_FIRE = msg("ow.opt.hold-fire")
"""The label of a shot not taken, made once (a text never changes)."""


@dataclass
class ShootWith(Frame):
    """One model's shot, if it can shoot; returns True if it fired."""

    shooter_id: str
    target_id: str = ""

    def start(self, state: OldWestState) -> Step:
        if not can_shoot(state, self.shooter_id):
            return done(False)
        shooter = state.fighters[self.shooter_id]
        aims = targets(state, self.shooter_id)
        if not aims:
            return done(False)
        options = [Option("hold", _HOLD_FIRE,
                          {"kind": "hold-fire", "model": self.shooter_id})] + [
            Option(f"shoot:{t}", msg("ow.opt.shoot", target=state.name(t)),
                   {"kind": "shoot", "model": self.shooter_id, "target": t,
                    "cover": cover_between(state, self.shooter_id, t)}) for t in aims]
        return self.ask(Decision.single(shooter.posse, msg("ow.ask.shoot", name=shooter.name),
                                        options), self.chose)

    def chose(self, state: OldWestState, choice: str) -> Step:
        state.fighters[self.shooter_id].shot = True
        if choice == "hold":
            return done(False)
        self.target_id = choice.split(":", 1)[1]
        return dare(self, state, self.shooter_id, self.target_id, self.dared)

    def dared(self, state: OldWestState, dares: bool) -> Step:
        if not dares:
            return done(False)
        return self.call(ResolveShot(self.shooter_id, self.target_id), self.resolved)

    def resolved(self, state: OldWestState, _: object) -> Step:
        return done(True)


@dataclass
class ResolveShot(Frame):
    """To hit (house rule: ``shooting`` or more, Fame may help, OW-FAM-6),
    past cover (house rule: ``in_the_way`` or more for each obstacle crossed
    or cover area), rider or mount (house rule), wound, then Diving for Cover."""

    shooter_id: str
    target_id: str
    roll: int = 0
    covers: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        shooter, target = state.fighters[self.shooter_id], state.fighters[self.target_id]
        self.covers = cover_between(state, self.shooter_id, self.target_id)
        state.emit(msg("ow.shoots", name=shooter.name, target=target.name),
                   facts=frozen({"kind": "shot", "model": self.shooter_id, "target": self.target_id,
                                 "cover": fact_list(self.covers),
                                 "in_the_way": state.rules.in_the_way}))
        return self.ask(d6(msg("ow.roll.to-hit", name=shooter.name, need=shooter.shooting),
                           {"roll": "to-hit", "model": self.shooter_id,
                            "target": self.target_id, "need": shooter.shooting}),
                        self.rolled)

    def rolled(self, state: OldWestState, roll: int) -> Step:
        self.roll = roll
        need = state.fighters[self.shooter_id].shooting
        return reach_with_fame(self, state, FameToReach(self.shooter_id, roll, need,
                                                        state.rules.fame_cap - roll, "OW-FAM-6"),
                               self.raised)

    def raised(self, state: OldWestState, spent: int) -> Step:
        shooter = state.fighters[self.shooter_id]
        hit = self.roll + spent >= shooter.shooting
        state.emit(msg("ow.hit" if hit else "ow.missed", name=shooter.name,
                       roll=rolled(self.roll, spent), need=shooter.shooting),
                   facts=frozen({"kind": "to-hit", "model": self.shooter_id,
                                 "target": self.target_id, "roll": self.roll, "fame": spent,
                                 "need": shooter.shooting, "hit": hit}))
        if not hit:
            return done()
        return self.next_cover(state)

    def next_cover(self, state: OldWestState) -> Step:
        if self.covers:
            cover = state.terrain(self.covers[0])
            return self.ask(d6(msg("ow.roll.in-the-way", cover=cover),
                               {"roll": "in-the-way", "model": self.shooter_id,
                                "target": self.target_id, "cover": self.covers[0],
                                "need": state.rules.in_the_way}), self.past)
        target = state.fighters[self.target_id]
        if target.mount is not None:
            return self.ask(d6(msg("ow.roll.rider-or-mount", name=target.name),
                               {"roll": "rider-or-mount", "model": self.target_id,
                                "need": state.rules.rider_hit_on}), self.sided)
        return self.hit_part(state, "rider")

    def past(self, state: OldWestState, roll: int) -> Step:
        cover_id = self.covers.pop(0)
        cover = state.terrain(cover_id)
        need = state.rules.in_the_way
        facts = frozen({"kind": "in-the-way", "model": self.shooter_id, "target": self.target_id,
                        "cover": cover_id, "roll": roll, "need": need, "past": roll >= need})
        if roll < need:
            state.emit(msg("ow.hit-cover", cover=cover, roll=roll, need=need), facts=facts)
            return done()
        state.emit(msg("ow.past-cover", cover=cover, roll=roll, need=need), facts=facts)
        return self.next_cover(state)

    def sided(self, state: OldWestState, side: int) -> Step:
        target = state.fighters[self.target_id]
        need = state.rules.rider_hit_on
        facts = {"kind": "rider-or-mount", "model": self.target_id, "roll": side, "need": need,
                 "hits": "rider" if side >= need else "mount"}
        if side >= need:
            state.emit(msg("ow.hits-rider", name=target.name, roll=side, need=need), facts=facts)
            return self.hit_part(state, "rider")
        state.emit(msg("ow.hits-mount", mount=mount_of(target), roll=side, need=need),
                   facts=facts)
        return self.hit_part(state, "mount")

    def hit_part(self, state: OldWestState, part: Part) -> Step:
        shooter = state.fighters[self.shooter_id]
        strength = shooter.gun.strength if shooter.gun is not None else shooter.strength
        return self.call(Hit(self.shooter_id, strength, self.target_id, part, "OW-WND-1"),
                         self.hit_done)

    def hit_done(self, state: OldWestState, _: object) -> Step:
        if state.fighters[self.target_id].active:
            return self.call(DiveForCover(self.target_id, self.shooter_id), self.dived)
        return done()

    def dived(self, state: OldWestState, _: object) -> Step:
        return done()


def cover_between(state: OldWestState, shooter_id: str, target_id: str) -> list[str]:
    """The terrain a shot must get past, by id: each obstacle the line of
    fire crosses, and the cover area the target stands in (house rule)."""
    table = state.table
    names = [o.name for o in table.obstacles_between(state.pos(shooter_id), state.pos(target_id))]
    area = table.in_cover_area(target_id)
    return names + ([area.name] if area is not None else [])


def behind_cover(state: OldWestState, target_id: str, shooter_id: str) -> bool:
    return bool(cover_between(state, shooter_id, target_id))


@dataclass
class DiveForCover(Frame):
    """Hit and not removed: a Pluck test at once (OW-DIV-1), with the rider's
    Pluck even if the mount was hit (OW-MNT-1). Failed: run for cover
    (OW-DIV-2), or go prone if already behind it (OW-DIV-3) — a rider
    dismounts instead (OW-MNT-2); either way no shooting back (OW-DIV-4)."""

    target_id: str
    shooter_id: str

    def start(self, state: OldWestState) -> Step:
        return self.call(PluckTest(self.target_id, "dive"), self.tested)

    def tested(self, state: OldWestState, passed: bool) -> Step:
        if not passed:
            _failed_dive(state, self.target_id, self.shooter_id)
        return done()


def _failed_dive(state: OldWestState, target_id: str, shooter_id: str) -> None:
    target = state.fighters[target_id]
    target.dived = True
    if behind_cover(state, target_id, shooter_id):
        if target.mount is not None:
            _dismount_behind(state, target_id, shooter_id)
            return
        state.set_prone(target_id, True)
        state.emit(msg("ow.dives-prone", name=target.name), clause="OW-DIV-3",
                   facts={"kind": "dived-prone", "model": target_id})
        return
    spot = cover_spot(state, target_id, shooter_id)
    if spot is None:
        state.set_prone(target_id, True)
        state.emit(msg("ow.no-cover", name=target.name), clause="OW-DIV-2",
                   facts={"kind": "found-no-cover", "model": target_id})
        return
    start = rounded_xy(state.pos(target_id))
    state.table.move(target_id, spot)
    state.emit(msg("ow.runs-for-cover", name=target.name, x=tenths(spot[0]),
                   y=tenths(spot[1])), clause="OW-DIV-2",
               facts={"kind": "ran-for-cover", "model": target_id, "from": start,
                      "to": rounded_xy(state.pos(target_id))})


def cover_spot(state: OldWestState, target_id: str, shooter_id: str) -> XY | None:
    """The nearest spot within a normal move, reached by a straight clear way,
    with an obstacle or cover between it and the shooter (OW-DIV-2; it may be
    toward the shooter), out of every enemy's reach (a dive is no charge,
    OW-MEL-1). Spots every half inch along 24 directions, the nearest first,
    then the first direction; a way is measured only to a spot that would
    do, most spots having no cover."""
    table = state.table
    me = table.pieces[target_id]
    shooter = state.pos(shooter_id)
    steps = int(state.fighters[target_id].move / 0.5)
    ways = _Ways(table.around(target_id, steps * 0.5 + EPS), me.xy, steps)
    for n in range(1, steps + 1):
        for k in range(DIVE_DIRECTIONS):
            if ways.barred[k] <= n:
                continue  # nor farther this way
            spot = ways.spot(n, k)
            covered = table.crosses_obstacle(shooter, spot) or table.cover_at(spot) is not None
            if covered and out_of_reach(state, target_id, spot) and ways.clear_to(n, k):
                return spot
    return None


DIVE_DIRECTIONS = 24
"""The directions :func:`cover_spot` looks along."""


class _Ways:
    """The ways out of one spot along :data:`DIVE_DIRECTIONS` directions, a
    spot every half inch (``steps`` of them), each way measured step by step
    as far as it is asked about (:meth:`clear_to`) and no farther."""

    def __init__(self, ways: Around, start: XY, steps: int) -> None:
        self.ways, self.start = ways, start
        self.clear = [0] * DIVE_DIRECTIONS
        """Each direction's steps found clear so far."""
        self.barred = [steps + 1] * DIVE_DIRECTIONS
        """Each direction's first step found barred (past the last: none yet)."""

    def spot(self, n: int, k: int) -> XY:
        """The ``n``-th spot along the ``k``-th direction."""
        angle = 2 * math.pi * k / DIVE_DIRECTIONS
        d = n * 0.5
        return (self.start[0] + d * math.cos(angle), self.start[1] + d * math.sin(angle))

    def clear_to(self, n: int, k: int) -> bool:
        """Is the way clear to every spot along the ``k``-th direction up to
        the ``n``-th (:meth:`Around.path_clear`)?"""
        while self.clear[k] < n:
            step = self.clear[k] + 1
            if not self.ways.path_clear(self.spot(step, k)):
                self.barred[k] = step
                return False
            self.clear[k] = step
        return True


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
    state.emit(msg("ow.dismounts", name=rider.name), clause="OW-MNT-2",
               facts={"kind": "dismounted", "model": rider_id,
                      "to": rounded_xy(state.pos(rider_id))})
