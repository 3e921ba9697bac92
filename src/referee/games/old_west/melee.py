"""The Melee phase: groups, the Fight, Back Off, Wounding (OW-MEL, OW-FGT,
OW-BCK, OW-WND, OW-SUR, OW-GRD, OW-ATT, OW-MUL, OW-OBS, OW-RID) and Tike for
Whuppin' (OW-WHP)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.boards.table import Drop, Obstacle
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.back_off import back_off, make_way
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.movement import move_model
from referee.games.old_west.rolls import amounts, d6, fall, hit, spend_fame
from referee.games.old_west.state import Fighter, OldWestState, PhaseMarks, Step


@dataclass
class Fight:
    """One melee group as it stood when its fight began."""

    sides: dict[str, list[str]]
    engaged: dict[str, list[str]]
    across: dict[tuple[str, str], Obstacle]
    surrounded: set[str] = field(default_factory=set)
    over_edge: dict[str, Drop] = field(default_factory=dict)


# -- groups ------------------------------------------------------------------------


def melee_groups(state: OldWestState) -> list[list[str]]:
    """Every fighting model in exactly one group: models joined by base
    contact or an obstacle they fight across (OW-MEL-3; house rule: the
    fragment's "see earlier" is lost, so a group is a connected cluster)."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for fighter in state.active():
        for enemy in state.engaged_with(fighter.id):
            parent[root(fighter.id)] = root(enemy)
    clusters: dict[str, list[str]] = {}
    for fighter in state.active():
        if fighter.id in parent:
            clusters.setdefault(root(fighter.id), []).append(fighter.id)
    return sorted(clusters.values(), key=lambda g: state.fighters[g[0]].order)


def pending_groups(state: OldWestState) -> list[list[str]]:
    return [g for g in melee_groups(state) if any(m not in state.marks.fought for m in g)]


def group_of(state: OldWestState, fighter_id: str) -> list[str] | None:
    return next((g for g in melee_groups(state) if fighter_id in g), None)


# -- the phase ---------------------------------------------------------------------


def melee_phase(state: OldWestState) -> Step[None]:
    """Tike for Whuppin' first, then the side with Advantage picks each next
    melee until all are fought (OW-MEL-2, OW-WND-4)."""
    state.phase = "melee"
    state.marks = PhaseMarks()
    state.emit(msg("ow.phase.melee", turn=state.turn))
    for hero_id in (yield from declare_heroics(state, "melee")):
        yield from whuppin(state, hero_id)
    while groups := pending_groups(state):
        group = groups[0]
        if len(groups) > 1:
            options = [Option(i, msg("ow.opt.group", names=tuple(state.name(m) for m in g)))
                       for i, g in enumerate(groups)]
            pick = yield Decision.single(state.advantage, msg("ow.ask.group"), options)
            group = groups[pick]
        yield from fight_group(state, group)
    state.emit(msg("ow.phase.melee-ended", turn=state.turn), clause="OW-WND-4")


def whuppin(state: OldWestState, hero_id: str) -> Step[None]:
    """The Hero's melee is fought at once (OW-WHP-1). If all his opponents
    fall, he and his friends in that melee may move again at once, and may
    fight again in another group (OW-WHP-2, OW-HAC-6) — each model only once
    a phase by a Heroic Action (OW-HAC-4)."""
    hero = state.fighters[hero_id]
    group = group_of(state, hero_id) if hero.active else None
    if group is None or all(m in state.marks.fought for m in group):
        return
    state.emit(msg("ow.whuppin", name=hero.name), clause="OW-WHP-1")
    opponents = state.engaged_with(hero_id)
    friends = [m for m in group if state.fighters[m].posse == hero.posse]
    yield from fight_group(state, group)
    if not hero.active or any(state.fighters[o].active for o in opponents):
        return
    movers = [m for m in friends if state.fighters[m].active
              and m not in state.marks.benefited]
    state.emit(msg("ow.whuppin-move", names=tuple(state.name(m) for m in movers)),
               clause="OW-WHP-2")
    for mover in movers:
        state.marks.benefited.add(mover)
        state.marks.fought.discard(mover)
        yield from move_model(state, mover, extra=True)


def fight_group(state: OldWestState, group: list[str]) -> Step[None]:
    """One round of melee in one group: Fight, Back Off, Wounding (OW-MEL-1)."""
    fight = _survey(state, group)
    state.marks.fought.update(group)
    winner = yield from dukin_it_out(state, fight)
    loser = state.other(winner)
    state.emit(msg("ow.fight-won", posse=state.posse_names[winner]), clause="OW-FGT-1")
    strikers = _stand_up_winners(state, fight.sides[winner])
    yield from back_off_all(state, fight, fight.sides[loser])
    yield from wounding(state, fight, strikers, fight.sides[loser])
    for loser_id, drop in fight.over_edge.items():
        if state.fighters[loser_id].active:
            yield from fall(state, loser_id, drop.height)


def _survey(state: OldWestState, group: list[str]) -> Fight:
    sides: dict[str, list[str]] = {seat: [] for seat in state.seats}
    engaged: dict[str, list[str]] = {}
    across: dict[tuple[str, str], Obstacle] = {}
    for member in group:
        sides[state.fighters[member].posse].append(member)
        engaged[member] = state.engaged_with(member)
        for enemy in engaged[member]:
            obstacle = state.table.engaged_across(member, enemy, state.rules.across_reach)
            if obstacle is not None:
                across[(member, enemy)] = obstacle
    return Fight(sides, engaged, across)


# -- 1. the fight ------------------------------------------------------------------


def dukin_it_out(state: OldWestState, fight: Fight) -> Step[str]:
    """Each side rolls a die per Attack of each model and keeps its best
    (OW-FGT-1, OW-ATT-1, OW-MUL-1); Fame may raise a Hero's die after the
    roll (OW-FAM-2, OW-FAM-3); ties go to the best Fighting, then a die
    (OW-FGT-2, OW-FGT-3, OW-MUL-2). Returns the winning seat."""
    dice: dict[str, list[int]] = {}
    for seat in state.by_advantage():
        for member in fight.sides[seat]:
            model = state.fighters[member]
            dice[member] = []
            for _ in range(model.attacks):
                dice[member].append((yield from d6(msg("ow.roll.fight", name=model.name))))
        shown = tuple(str(v) for m in fight.sides[seat] for v in dice[m])
        state.emit(msg("ow.fight-dice", posse=state.posse_names[seat], dice=shown),
                   clause="OW-MUL-1" if len(fight.sides[seat]) > 1 else "OW-FGT-1")
    best = {seat: max(v for m in fight.sides[seat] for v in dice[m]) for seat in state.seats}
    yield from fame_in_fight(state, fight, dice, best)
    return (yield from _compare(state, fight, best))


def _compare(state: OldWestState, fight: Fight, best: dict[str, int]) -> Step[str]:
    first, second = state.by_advantage()
    if best[first] != best[second]:
        return first if best[first] > best[second] else second
    fighting = {seat: max(state.fighters[m].fighting for m in fight.sides[seat])
                for seat in state.seats}
    if fighting[first] != fighting[second]:
        winner = first if fighting[first] > fighting[second] else second
        state.emit(msg("ow.tie-fighting", posse=state.posse_names[winner]),
                   clause="OW-FGT-2" if _one_each(fight) else "OW-MUL-2")
        return winner
    roll = yield from d6(msg("ow.roll.tie"))
    low, high = (first, second) if state.rules.tie_die_advantage_wins_low else (second, first)
    winner = low if roll <= 3 else high
    state.emit(msg("ow.tie-die", posse=state.posse_names[winner], roll=roll),
               clause="OW-FGT-3" if _one_each(fight) else "OW-MUL-2")
    return winner


def _one_each(fight: Fight) -> bool:
    return all(len(ids) == 1 for ids in fight.sides.values())


def _fame_hero(state: OldWestState, ids: list[str], dice: dict[str, list[int]]) -> Fighter | None:
    """The side's Hero who may raise his best fight die with Fame (house rule:
    the one with most Fame left), if raising it is possible."""
    heroes = [state.fighters[m] for m in ids if state.fighters[m].hero
              and state.fighters[m].fame > 0 and max(dice[m]) < state.rules.fame_cap]
    return max(heroes, key=lambda h: (h.fame, -h.order), default=None)


def fame_in_fight(state: OldWestState, fight: Fight, dice: dict[str, list[int]],
                  best: dict[str, int]) -> Step[None]:
    """After both sides rolled, a Hero may spend Fame on his die (OW-FAM-2,
    OW-FAM-6); if both sides have such a Hero, both bid secretly and at once,
    and the bids are revealed together (OW-FAM-3)."""
    heroes = {seat: h for seat in state.seats
              if (h := _fame_hero(state, fight.sides[seat], dice)) is not None}
    if not heroes:
        return
    room = {seat: min(h.fame, state.rules.fame_cap - max(dice[h.id]))
            for seat, h in heroes.items()}
    if len(heroes) == 1:
        (seat, hero), = heroes.items()
        if best[seat] > best[state.other(seat)]:
            return
        question = msg("ow.ask.fame-fight", name=hero.name, die=max(dice[hero.id]),
                       other=best[state.other(seat)])
        bids = {seat: (yield Decision.single(seat, question, amounts(room[seat])))}
    else:
        question = msg("ow.ask.fame-bid")
        options = {seat: tuple(amounts(room[seat])) for seat in heroes}
        bids = dict((yield Decision(tuple(heroes), question, options)))
        state.emit(msg("ow.fame-bids", first=heroes[state.seats[0]].name,
                       a=bids[state.seats[0]], second=heroes[state.seats[1]].name,
                       b=bids[state.seats[1]]), clause="OW-FAM-3")
    for seat, points in bids.items():
        hero = heroes[seat]
        spend_fame(state, hero.id, points, "OW-FAM-2")
        best[seat] = max(best[seat], max(dice[hero.id]) + points)


# -- 2. back off -------------------------------------------------------------------


def _stand_up_winners(state: OldWestState, winners: list[str]) -> list[str]:
    """A prone model that wins stands up but does not strike (OW-GRD-2)."""
    strikers = []
    for member in winners:
        if state.fighters[member].prone:
            state.set_prone(member, False)
            state.emit(msg("ow.stands-up-no-strike", name=state.name(member)), clause="OW-GRD-2")
        else:
            strikers.append(member)
    return strikers


def back_off_all(state: OldWestState, fight: Fight, losers: list[str]) -> Step[None]:
    """Every loser backs off, in the order its owner picks (OW-MUL-3, OW-MUL-4)."""
    left = list(losers)
    while left:
        loser = left[0]
        if len(left) > 1:
            seat = state.fighters[loser].posse
            options = [Option(m, msg("ow.name", name=state.name(m))) for m in left]
            loser = yield Decision.single(seat, msg("ow.ask.back-off-order"), options)
        left.remove(loser)
        yield from back_off_one(state, fight, loser)


def back_off_one(state: OldWestState, fight: Fight, loser: str) -> Step[None]:
    """Back off 1" from the opponents (OW-BCK-1), or from the obstacle fought
    across (OW-OBS-1), never into contact with another enemy (OW-BCK-2); with
    nowhere to go, surrounded (OW-SUR-1) and others make way (OW-SUR-3).
    A prone loser stays prone and counts as surrounded (OW-GRD-3)."""
    table, rules = state.table, state.rules
    model = state.fighters[loser]
    opponents = [e for e in fight.engaged[loser] if (loser, e) not in fight.across]
    obstacles = list({id(o): o for (a, _), o in fight.across.items() if a == loser}.values())
    options = back_off(table, loser, opponents, obstacles, rules.back_off_inches,
                       rules.back_off_reach)
    if model.prone:
        fight.surrounded.add(loser)
        state.emit(msg("ow.prone-loses", name=model.name), clause="OW-GRD-3")
    if options.surrounded:
        fight.surrounded.add(loser)
        make_way(table, loser, opponents)
        state.emit(msg("ow.surrounded", name=model.name), clause="OW-SUR-1")
        return
    spot = options.spots[0]
    if len(options.spots) > 1:
        labels = [Option(i, msg("ow.opt.spot", x=f"{x:.1f}", y=f"{y:.1f}"))
                  for i, (x, y) in enumerate(options.spots)]
        pick = yield Decision.single(model.posse, msg("ow.ask.back-off", name=model.name), labels)
        spot = options.spots[pick]
    table.move(loser, spot)
    if options.over is not None:
        fight.over_edge[loser] = options.over
        state.emit(msg("ow.over-edge", name=model.name, drop=options.over.name),
                   clause="OW-SUR-5")
        return
    state.emit(msg("ow.backs-off", name=model.name),
               clause="OW-OBS-1" if obstacles else "OW-BCK-1")


# -- 3. wounding -------------------------------------------------------------------


def wounding(state: OldWestState, fight: Fight, strikers: list[str],
             losers: list[str]) -> Step[None]:
    """Every model of the winning side strikes (OW-MUL-5), once per Attack
    (OW-ATT-2), each strike at an enemy it fought that its owner picks
    (OW-MUL-6, OW-OBS-4), rider or mount (OW-RID-2, OW-RID-4)."""
    for striker_id in strikers:
        striker = state.fighters[striker_id]
        foes = [f for f in fight.engaged[striker_id] if f in losers]
        for _ in range(striker.attacks):
            choice = yield from _pick_target(state, striker, foes)
            if choice is None:
                break
            yield from strike(state, fight, striker_id, *choice)


def _pick_target(state: OldWestState, striker: Fighter,
                 foes: list[str]) -> Step[tuple[str, str] | None]:
    options: list[Option] = []
    for foe in foes:
        model = state.fighters[foe]
        if not model.active:
            continue
        options.append(Option(foe, msg("ow.name", name=model.name)))
        if model.mount is not None:
            options.append(Option(f"{foe}:mount", msg("ow.mount-of", name=model.name)))
    if not options:
        return None
    value = options[0].value
    if len(options) > 1:
        value = yield Decision.single(striker.posse, msg("ow.ask.strike", name=striker.name),
                                      options)
    target, _, part = str(value).partition(":")
    return target, part or "rider"


def strike(state: OldWestState, fight: Fight, striker_id: str, target_id: str,
           part: str) -> Step[None]:
    """One strike: doubled on a surrounded model (OW-SUR-2; not at a drop's
    edge, OW-SUR-5); across an obstacle each blow first needs 4+ (OW-OBS-2)."""
    striker = state.fighters[striker_id]
    blows = 2 if target_id in fight.surrounded else 1
    if blows == 2:
        state.emit(msg("ow.doubled", name=state.name(target_id)), clause="OW-SUR-2")
    obstacle = fight.across.get((striker_id, target_id))
    for _ in range(blows):
        if not state.fighters[target_id].active:
            return
        if obstacle is not None:
            barrier = state.terrain(obstacle.name)
            roll = yield from d6(msg("ow.roll.across", obstacle=barrier))
            if roll <= 3:
                state.emit(msg("ow.hits-barrier", name=striker.name, obstacle=barrier,
                               roll=roll), clause="OW-OBS-2")
                continue
        if part == "mount" and state.fighters[target_id].mount is None:
            part = "rider"
        yield from hit(state, striker_id, striker.strength, target_id, part, "OW-WND-1")
