"""The Movement phase. The fragment refers to movement rules it does not
contain; what is here is a simple house rule from the full game: a model
holds, advances toward the nearest enemy, charges an enemy it can reach, or
leaves by its posse's exit edge. Yee Haw! lets a Hero and friends go first."""

from __future__ import annotations

from referee.boards.table import EPS, XY, Obstacle
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.old_west.ending import run_fleeing
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.rolls import dares
from referee.games.old_west.state import OldWestState, PhaseMarks, Step, distance_xy

YEE_HAW_RANGE = 6.0


def movement_phase(state: OldWestState) -> Step[None]:
    """Heroes with Yee Haw! first, then the side with Advantage, then the
    other (OW-HAC-1, OW-YEE-1)."""
    state.phase = "movement"
    state.marks = PhaseMarks()
    for fighter in state.fighters.values():
        fighter.moved = fighter.done = False
    state.emit(msg("ow.phase.movement", turn=state.turn))
    run_fleeing(state)
    if state.finished is not None:
        return
    for hero_id in (yield from declare_heroics(state, "movement")):
        yield from yee_haw(state, hero_id)
    for seat in state.by_advantage():
        for fighter in state.posse(seat):
            if fighter.active and not fighter.moved:
                yield from move_model(state, fighter.id)
    state.emit(msg("ow.phase.movement-ended", turn=state.turn))


def yee_haw(state: OldWestState, hero_id: str) -> Step[None]:
    """The Hero moves before everyone else (OW-YEE-1); if he shouts, friends
    within 6" may move with him and must end within 6" of him (OW-YEE-2),
    each at most once (OW-HAC-4, OW-HAC-5)."""
    hero = state.fighters[hero_id]
    if not hero.active or hero.moved:
        return
    friends = [f.id for f in state.posse(hero.posse) if f.id != hero_id and not f.moved
               and f.id not in state.marks.benefited
               and state.table.within(hero_id, f.id, YEE_HAW_RANGE)]
    shout = False
    if friends:
        options = [Option(False, msg("ow.opt.no-shout")), Option(True, msg("ow.opt.yee-haw"))]
        shout = yield Decision.single(hero.posse, msg("ow.ask.yee-haw", name=hero.name), options)
    state.marks.benefited.add(hero_id)
    yield from move_model(state, hero_id)
    if not shout or not hero.active:
        return
    state.emit(msg("ow.yee-haw", name=hero.name), clause="OW-YEE-2")
    for friend in friends:
        state.marks.benefited.add(friend)
        yield from move_model(state, friend, near=hero_id)


def move_model(state: OldWestState, fighter_id: str, near: str | None = None,
               extra: bool = False) -> Step[None]:
    """One model's move. ``near``: it moves with a Yee Haw! and must end
    within 6" of that Hero, or may wait for its normal turn. ``extra``: the
    move after a Tike for Whuppin' (OW-WHP-2)."""
    fighter = state.fighters[fighter_id]
    if not fighter.active or (fighter.moved and not extra) or fighter.done:
        return
    if state.engaged_with(fighter_id):
        fighter.moved = True
        return
    if fighter.prone:
        fighter.moved = True
        state.set_prone(fighter_id, False)
        state.emit(msg("ow.stands-up", name=fighter.name))
        return
    plans = move_plans(state, fighter_id, near)
    options = [Option(value, label) for value, (label, _, _) in plans.items()]
    choice = options[0].value
    if len(options) > 1:
        choice = yield Decision.single(fighter.posse, msg("ow.ask.move", name=fighter.name),
                                       options)
    if choice == "later":
        return
    fighter.moved = True
    yield from carry_out(state, fighter_id, choice, plans[choice])


Plan = tuple[Msg, XY | None, Obstacle | None]


def carry_out(state: OldWestState, fighter_id: str, choice: str, plan: Plan) -> Step[None]:
    fighter = state.fighters[fighter_id]
    _, spot, across = plan
    if choice == "exit":
        state.remove_from_table(fighter_id, "escaped")
        state.emit(msg("ow.exits", name=fighter.name), clause="OW-HFH-3")
        return
    if spot is None:
        return
    if choice.startswith("charge:"):
        target = choice.split(":", 1)[1]
        if not (yield from dares(state, fighter_id, target)):
            return
        state.table.move(fighter_id, spot)
        key = "ow.charges-across" if across else "ow.charges"
        state.emit(msg(key, name=fighter.name, target=state.name(target),
                       obstacle=state.terrain(across.name) if across else ""), clause="OW-MEL-1")
        return
    state.table.move(fighter_id, spot)
    state.emit(msg("ow.moves", name=fighter.name, x=f"{spot[0]:.1f}", y=f"{spot[1]:.1f}"))


def move_plans(state: OldWestState, fighter_id: str, near: str | None) -> dict[str, Plan]:
    """Every move the model may make, the first a sensible default (stay put)."""
    fighter = state.fighters[fighter_id]
    plans: dict[str, Plan] = {}
    if near is not None:
        plans["later"] = (msg("ow.opt.later"), None, None)
    else:
        plans["hold"] = (msg("ow.opt.hold"), None, None)
    advance = advance_spot(state, fighter_id)
    if advance is not None and _keeps_near(state, fighter_id, advance, near):
        plans["advance"] = (msg("ow.opt.advance"), advance, None)
    for enemy in state.active():
        if enemy.posse == fighter.posse:
            continue
        found = charge_spot(state, fighter_id, enemy.id)
        if found is not None and _keeps_near(state, fighter_id, found[0], near):
            plans[f"charge:{enemy.id}"] = (msg("ow.opt.charge", target=enemy.name), *found)
    edge = state.exit_edges.get(fighter.posse)
    if edge and near is None and state.table.distance_to_edge(fighter_id, edge) <= fighter.move:
        plans["exit"] = (msg("ow.opt.exit"), None, None)
    return plans


def _keeps_near(state: OldWestState, fighter_id: str, spot: XY, near: str | None) -> bool:
    if near is None:
        return True
    me, hero = state.table.pieces[fighter_id], state.table.pieces[near]
    gap = distance_xy(spot, hero.xy) - me.radius - hero.radius
    return gap <= YEE_HAW_RANGE + EPS


def _path_cost(state: OldWestState, fighter_id: str, spot: XY,
               ignore: tuple[str, ...] = ()) -> float | None:
    """Inches of move to go straight to ``spot``, jumping barriers (house
    rule: ``barrier_cost`` each, no higher than ``barrier_height``); None if
    the way is blocked."""
    table, rules = state.table, state.rules
    crossed = table.crossed_obstacles(fighter_id, spot)
    if any(o.height > rules.barrier_height for o in crossed):
        return None
    if table.sweep_blockers(fighter_id, spot, ignore=ignore, crossable=crossed):
        return None
    return distance_xy(table.pieces[fighter_id].xy, spot) + rules.barrier_cost * len(crossed)


def advance_spot(state: OldWestState, fighter_id: str) -> XY | None:
    """Straight toward the nearest enemy, stopping 1" short (house rule)."""
    table = state.table
    fighter = state.fighters[fighter_id]
    enemies = [e.id for e in state.active() if e.posse != fighter.posse]
    if not enemies:
        return None
    nearest = min(enemies, key=lambda e: (table.distance(fighter_id, e), e))
    wanted = min(fighter.move, table.distance(fighter_id, nearest) - 1.0)
    for share in (1.0, 0.75, 0.5, 0.25):
        length = wanted * share
        if length < 0.25:
            return None
        spot = table.toward(fighter_id, table.pieces[nearest].xy, length)
        cost = _path_cost(state, fighter_id, spot)
        if cost is not None and cost <= fighter.move + EPS:
            return spot
    return None


def charge_spot(state: OldWestState, fighter_id: str,
                target_id: str) -> tuple[XY, Obstacle | None] | None:
    """Where a charge at ``target_id`` ends: against a barrier the target
    stands behind (they then fight across it, OW-OBS-1), else in base contact
    (OW-MEL-1). None if out of reach or blocked (house rule movement)."""
    table, rules = state.table, state.rules
    fighter = state.fighters[fighter_id]
    me, target = table.pieces[fighter_id], table.pieces[target_id]
    if table.distance(fighter_id, target_id) > fighter.move + rules.across_reach + 2 * EPS:
        return None  # no spot in reach: every way there is longer than the move
    for obstacle in table.obstacles_between(me.xy, target.xy):
        if obstacle.height > rules.barrier_height:
            continue
        behind = table.near_obstacle(obstacle, target.xy,
                                     target.radius + rules.across_reach + EPS)
        spot = table.stop_before(fighter_id, obstacle, target.xy) if behind else None
        if spot is None:
            continue
        reach = distance_xy(spot, target.xy) - me.radius - target.radius
        cost = _path_cost(state, fighter_id, spot, ignore=(target_id,))
        if reach <= rules.across_reach + EPS and cost is not None and cost <= fighter.move:
            return spot, obstacle
    for spot in table.contact_spots(fighter_id, target_id):
        cost = _path_cost(state, fighter_id, spot, ignore=(target_id,))
        if cost is not None and cost <= fighter.move + EPS:
            return spot, None
    return None
