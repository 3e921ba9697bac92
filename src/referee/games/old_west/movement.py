"""The Movement phase. The fragment refers to movement rules it does not
contain; what is here is a simple house rule from the full game: a model
holds, advances toward the nearest enemy, charges an enemy it can reach, or
leaves by its posse's exit edge. Yee Haw! lets a Hero and friends go first."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from referee.boards.shapes import SURE
from referee.boards.sweep import Ring
from referee.boards.table import EPS, XY, Around, Obstacle, fights_across_within
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Meaning, Option
from referee.games.old_west import move_to
from referee.games.old_west.ending import run_fleeing
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.rolls import dare
from referee.games.old_west.state import (
    OldWestState,
    PhaseMarks,
    distance_xy,
    fact_xy,
    frozen,
    rounded_xy,
)
from referee.games.old_west.tables import YEE_HAW_RANGE


@dataclass
class PosseLoop(Frame):
    """Each posse in turn, the side with Advantage first, and each of its
    models as the posse stood when its turn came: ``each`` is the frame to
    run for a model (subclasses)."""

    seats: list[str] = field(default_factory=list)
    models: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        self.seats = list(state.by_advantage())
        return self.next_seat(state)

    def next_seat(self, state: OldWestState) -> Step:
        if not self.seats:
            return self.finish(state)
        self.models = [f.id for f in state.posse(self.seats.pop(0))]
        return self.next_model(state, None)

    def next_model(self, state: OldWestState, _: object) -> Step:
        while self.models:
            frame = self.each(state, self.models.pop(0))
            if frame is not None:
                return self.call(frame, self.next_model)
        return self.next_seat(state)

    def each(self, state: OldWestState, fighter_id: str) -> Frame | None:
        raise NotImplementedError

    def finish(self, state: OldWestState) -> Step:
        return done()


@dataclass
class HeroesFirst(Frame):
    """Run ``action`` for each Hero who declared this phase's Heroic Action,
    in the order the Heroes act, then the phase's ``rest``."""

    heroes: list[str] = field(default_factory=list)

    def declared(self, state: OldWestState, heroes: list[str]) -> Step:
        self.heroes = list(heroes)
        return self.next_hero(state, None)

    def next_hero(self, state: OldWestState, _: object) -> Step:
        if self.heroes:
            return self.call(self.action(self.heroes.pop(0)), self.next_hero)
        return self.call(self.rest(), self.ended)

    def action(self, hero_id: str) -> Frame:
        raise NotImplementedError

    def rest(self) -> Frame:
        raise NotImplementedError

    def ended(self, state: OldWestState, _: object) -> Step:
        return done()


@dataclass
class MovementPhase(HeroesFirst):
    """Heroes with Yee Haw! first, then the side with Advantage, then the
    other (OW-HAC-1, OW-YEE-1)."""

    def start(self, state: OldWestState) -> Step:
        state.phase = "movement"
        state.marks = PhaseMarks()
        for fighter in state.fighters.values():
            fighter.moved = fighter.done = False
        state.emit(msg("ow.phase.movement", turn=state.turn),
                   facts=frozen({"kind": "phase-started", "phase": "movement", "turn": state.turn}))
        run_fleeing(state)
        if state.phase == "over":
            return done()
        return declare_heroics(self, state, "movement", self.declared)

    def action(self, hero_id: str) -> Frame:
        return YeeHaw(hero_id)

    def rest(self) -> Frame:
        return MoveEach()


@dataclass
class MoveEach(PosseLoop):
    """Every model that has not moved yet moves, posse by posse."""

    def each(self, state: OldWestState, fighter_id: str) -> Frame | None:
        fighter = state.fighters[fighter_id]
        return MoveModel(fighter_id) if fighter.active and not fighter.moved else None

    def finish(self, state: OldWestState) -> Step:
        state.emit(msg("ow.phase.movement-ended", turn=state.turn),
                   facts=frozen({"kind": "phase-ended", "phase": "movement", "turn": state.turn}))
        return done()


@dataclass
class YeeHaw(Frame):
    """The Hero moves before everyone else (OW-YEE-1); if he shouts, friends
    within 6" may move with him and must end within 6" of him (OW-YEE-2),
    each at most once (OW-HAC-4, OW-HAC-5)."""

    hero_id: str
    friends: list[str] = field(default_factory=list)
    shout: bool = False

    def start(self, state: OldWestState) -> Step:
        hero = state.fighters[self.hero_id]
        if not hero.active or hero.moved:
            return done()
        self.friends = [f.id for f in state.posse(hero.posse) if f.id != self.hero_id
                        and not f.moved and f.id not in state.marks.benefited
                        and state.table.within(self.hero_id, f.id, YEE_HAW_RANGE)]
        if not self.friends:
            return self.shouted(state, False)
        options = [Option(False, msg("ow.opt.no-shout"),
                          {"kind": "yee-haw", "model": self.hero_id, "shout": False}),
                   Option(True, msg("ow.opt.yee-haw"),
                          {"kind": "yee-haw", "model": self.hero_id, "shout": True})]
        return self.ask(Decision.single(hero.posse, msg("ow.ask.yee-haw", name=hero.name),
                                        options), self.shouted)

    def shouted(self, state: OldWestState, shout: bool) -> Step:
        self.shout = shout
        state.marks.benefited.add(self.hero_id)
        return self.call(MoveModel(self.hero_id), self.moved)

    def moved(self, state: OldWestState, _: object) -> Step:
        hero = state.fighters[self.hero_id]
        if not self.shout or not hero.active:
            return done()
        state.emit(msg("ow.yee-haw", name=hero.name), clause="OW-YEE-2",
                   facts={"kind": "shouted", "model": self.hero_id, "shout": "yee-haw"})
        return self.next_friend(state, None)

    def next_friend(self, state: OldWestState, _: object) -> Step:
        if not self.friends:
            return done()
        friend = self.friends.pop(0)
        state.marks.benefited.add(friend)
        return self.call(MoveModel(friend, near=self.hero_id), self.next_friend)


Plan = tuple[Msg, XY | None, Obstacle | None]

_LATER, _HOLD, _ADVANCE, _EXIT, _POINT = (
    msg(f"ow.opt.{key}") for key in ("later", "hold", "advance", "exit", "point"))
"""The moves' labels that name no one, made once (a text never changes)."""


@dataclass
class MoveModel(Frame):
    """One model's move. ``near``: it moves with a Yee Haw! and must end
    within 6" of that Hero, or may wait for its normal turn. ``extra``: the
    move after a Tike for Whuppin' (OW-WHP-2)."""

    fighter_id: str
    near: str | None = None
    extra: bool = False
    plans: dict[str, Plan] = field(default_factory=dict)
    choice: str = ""

    def start(self, state: OldWestState) -> Step:
        fighter = state.fighters[self.fighter_id]
        if not fighter.active or (fighter.moved and not self.extra) or fighter.done:
            return done()
        if state.engaged_with(self.fighter_id):
            fighter.moved = True
            return done()
        if fighter.prone:
            fighter.moved = True
            state.set_prone(self.fighter_id, False)
            state.emit(msg("ow.stands-up", name=fighter.name),
                       facts={"kind": "stood-up", "model": self.fighter_id})
            return done()
        self.plans = move_plans(state, self.fighter_id, self.near)
        options = [Option(value, plan[0], move_meaning(state, self.fighter_id, value, plan,
                                                       self.near))
                   for value, plan in self.plans.items()]
        if len(options) == 1:
            return self.chosen(state, options[0].value)
        return self.ask(Decision.single(fighter.posse, msg("ow.ask.move", name=fighter.name),
                                        options), self.chosen)

    def chosen(self, state: OldWestState, choice: str) -> Step:
        plan, self.plans = self.plans[choice], {}
        if choice == "later":
            return done()
        fighter = state.fighters[self.fighter_id]
        fighter.moved = True
        _, spot, _ = plan
        if choice == "exit":
            state.remove_from_table(self.fighter_id, "escaped")
            state.emit(msg("ow.exits", name=fighter.name), clause="OW-HFH-3",
                       facts={"kind": "left-table", "model": self.fighter_id,
                              "edge": state.exit_edges[fighter.posse]})
            return done()
        if choice == "point":
            return self.call(move_to.MoveToPoint(self.fighter_id, self.near), self.pointed)
        if spot is None:
            return done()
        if choice.startswith("charge:"):
            self.choice = choice
            self.plans = {choice: plan}
            return dare(self, state, self.fighter_id, choice.split(":", 1)[1], self.dared)
        move_to.moved(state, self.fighter_id, spot)
        return done()

    def dared(self, state: OldWestState, dares: bool) -> Step:
        _, spot, across = self.plans.pop(self.choice)
        if not dares or spot is None:
            return done()
        fighter = state.fighters[self.fighter_id]
        target = self.choice.split(":", 1)[1]
        start = fact_xy(state.pos(self.fighter_id))
        state.table.move(self.fighter_id, spot)
        key = "ow.charges-across" if across else "ow.charges"
        state.emit(msg(key, name=fighter.name, target=state.name(target),
                       obstacle=state.terrain(across.name) if across else ""), clause="OW-MEL-1",
                   facts=frozen({"kind": "charged", "model": self.fighter_id, "target": target,
                                 "from": start, "to": fact_xy(state.pos(self.fighter_id)),
                                 "across": across.name if across else None}))
        return done()

    def pointed(self, state: OldWestState, _: object) -> Step:
        """Moved to a point of the player's choice (:mod:`.move_to`)."""
        return done()


def move_plans(state: OldWestState, fighter_id: str, near: str | None) -> dict[str, Plan]:
    """Every move the model may make, the first a sensible default (stay put)."""
    fighter = state.fighters[fighter_id]
    plans: dict[str, Plan] = {}
    if near is not None:
        plans["later"] = (_LATER, None, None)
    else:
        plans["hold"] = (_HOLD, None, None)
    move = fighter.move
    ways = state.table.around(fighter_id, move + EPS)
    gaps = enemy_gaps(state, fighter_id)
    advance = advance_spot(state, fighter_id, ways, gaps)
    if advance is not None and _keeps_near(state, fighter_id, advance, near):
        plans["advance"] = (_ADVANCE, advance, None)
    farthest = charge_reach(state, fighter_id)
    for gap, enemy_id in gaps:
        if gap > farthest:
            continue  # out of reach: charge_spot's first answer, without the call
        found = charge_spot(state, fighter_id, enemy_id, ways)
        if found is not None and _keeps_near(state, fighter_id, found[0], near):
            plans[f"charge:{enemy_id}"] = (msg("ow.opt.charge", target=state.name(enemy_id)),
                                           *found)
    edge = state.exit_edges.get(fighter.posse)
    if edge and near is None and state.table.distance_to_edge(fighter_id, edge) <= fighter.move:
        plans["exit"] = (_EXIT, None, None)
    plans["point"] = (_POINT, None, None)
    return plans


def move_meaning(state: OldWestState, fighter_id: str, value: str, plan: Plan,
                 near: str | None) -> Meaning:
    """What a move option means, as data: the model, where it ends, whom it
    charges and across what, the edge it leaves by; standing still, the
    posse's objective (a bot leans by it without reading the whole view)."""
    _, spot, across = plan
    if value.startswith("charge:"):
        assert spot is not None
        return {"kind": "charge", "model": fighter_id, "target": value.split(":", 1)[1],
                "to": rounded_xy(spot), "across": across.name if across else None}
    if value == "advance" and spot is not None:
        return {"kind": "advance", "model": fighter_id, "to": rounded_xy(spot)}
    if value == "later" and near is not None:
        return {"kind": "later", "model": fighter_id, "hero": near}
    if value == "exit":
        return {"kind": "exit", "model": fighter_id,
                "edge": state.exit_edges[state.fighters[fighter_id].posse]}
    if value == "hold":
        objective = state.setup.objectives[state.fighters[fighter_id].posse]
        return {"kind": "hold", "model": fighter_id,
                "objective": None if objective is None else objective.kind}
    return {"kind": value, "model": fighter_id}


def _keeps_near(state: OldWestState, fighter_id: str, spot: XY, near: str | None) -> bool:
    if near is None:
        return True
    me, hero = state.table.pieces[fighter_id], state.table.pieces[near]
    gap = distance_xy(spot, hero.xy) - me.radius - hero.radius
    return gap <= YEE_HAW_RANGE + EPS


def _reaches(state: OldWestState, ways: Around, spot: XY, limit: float,
             ignore: tuple[str, ...] = ()) -> bool:
    """Can the model (``ways``: what it could meet on its way) go straight
    to ``spot`` for at most ``limit`` inches of move? The way costs its
    length and ``barrier_cost`` for each barrier jumped (house rule), and is
    barred by an obstacle higher than ``barrier_height``, the table's edge,
    another base (but ``ignore``), an obstacle it would end over and a drop
    (:meth:`Around.reaches`)."""
    rules = state.rules
    return ways.reaches(spot, limit, ignore, rules.barrier_height, rules.barrier_cost)


def out_of_reach(state: OldWestState, fighter_id: str, spot: XY) -> bool:
    """Would ``fighter_id`` standing at ``spot`` be out of every enemy's
    reach: not in base contact, nor across an obstacle within
    ``across_reach`` (OW-MEL-1: models come to fight only by a charge)?"""
    table, me = state.table, state.fighters[fighter_id]
    piece = table.pieces[fighter_id]
    reach = state.rules.across_reach
    across = 2 * reach + EPS  # farther apart, no obstacle is fought across (Table.across_at)
    for enemy in state.active():
        if enemy.posse == me.posse:
            continue
        other = table.pieces[enemy.id]
        gap = distance_xy(spot, other.xy) - piece.radius - other.radius
        if gap <= EPS:
            return False
        if gap <= across and table.across_at(spot, piece.radius, enemy.id, reach):
            return False
    return True


def enemy_gaps(state: OldWestState, fighter_id: str) -> list[tuple[float, str]]:
    """Each enemy in play, in the scenario's order, with its gap to the
    model (edge to edge, :meth:`Table.distance`)."""
    table, fighter = state.table, state.fighters[fighter_id]
    me = table.pieces[fighter_id]
    gaps = []
    for enemy in state.active():
        if enemy.posse != fighter.posse:
            o = table.pieces[enemy.id]
            gaps.append((max(0.0, math.hypot(me.x - o.x, me.y - o.y) - me.radius - o.radius),
                         enemy.id))
    return gaps


def advance_spot(state: OldWestState, fighter_id: str, ways: Around | None = None,
                 gaps: list[tuple[float, str]] | None = None) -> XY | None:
    """Straight toward the nearest enemy, stopping 1" short (house rule), and
    out of every enemy's reach: an advance is no charge (:func:`out_of_reach`).
    ``ways``: what the model could meet on its move, and ``gaps``, the
    enemies' (:func:`enemy_gaps`), if known."""
    table = state.table
    fighter = state.fighters[fighter_id]
    if ways is None:
        ways = table.around(fighter_id, fighter.move + EPS)
    if gaps is None:
        gaps = enemy_gaps(state, fighter_id)
    if not gaps:
        return None
    gap, nearest = min(gaps)
    wanted = min(fighter.move, gap - 1.0)
    for share in (1.0, 0.75, 0.5, 0.25):
        length = wanted * share
        if length < 0.25:
            return None
        spot = table.toward(fighter_id, table.pieces[nearest].xy, length)
        if _reaches(state, ways, spot, fighter.move + EPS) \
                and out_of_reach(state, fighter_id, spot):
            return spot
    return None


def charge_reach(state: OldWestState, fighter_id: str) -> float:
    """How far apart (base to base) an enemy may stand and still be charged:
    the model's move, and the reach of a fight across a barrier (OW-OBS-1)."""
    return state.fighters[fighter_id].move + state.rules.across_reach + 2 * EPS


def charge_spot(state: OldWestState, fighter_id: str, target_id: str,
                ways: Around | None = None) -> tuple[XY, Obstacle | None] | None:
    """Where a charge at ``target_id`` ends: against a barrier the target
    stands behind (they then fight across it, OW-OBS-1), else in base contact
    (OW-MEL-1). None if out of reach or blocked (house rule movement).
    ``ways``: what the model could meet on its move, if known."""
    table, rules = state.table, state.rules
    fighter = state.fighters[fighter_id]
    me, target = table.pieces[fighter_id], table.pieces[target_id]
    gap = max(0.0, math.hypot(me.x - target.x, me.y - target.y) - me.radius - target.radius)
    if gap > charge_reach(state, fighter_id):
        return None  # no spot in reach: every way there is longer than the move
    if ways is None:
        ways = table.around(fighter_id, fighter.move + EPS)
    between = table.obstacles_between(me.xy, target.xy)
    for obstacle in between:
        if obstacle.height > rules.barrier_height:
            continue
        behind = table.near_obstacle(obstacle, target.xy,
                                     fights_across_within(target.radius, rules.across_reach))
        if not behind:
            continue
        within = fights_across_within(me.radius, rules.across_reach) + target.radius
        spot = table.stop_before(fighter_id, obstacle, target.xy, within)
        if spot is None:
            continue
        reach = distance_xy(spot, target.xy) - me.radius - target.radius
        if reach <= rules.across_reach + EPS and \
                _reaches(state, ways, spot, fighter.move, (target_id,)):
            return spot, obstacle
    if gap > fighter.move + EPS + SURE:
        return None  # every spot in base contact is at least the gap away
    ring = Ring(ways, target_id, fighter.move + EPS, rules.barrier_height, rules.barrier_cost,
                between)
    spot = ring.first_reached(table.contact_spots(fighter_id, target_id))
    return None if spot is None else (spot, None)
