"""The Melee phase: fights, the Fight, Back Off, Wounding (OW-MEL, OW-FGT,
OW-BCK, OW-WND, OW-SUR, OW-GRD, OW-ATT, OW-MUL, OW-OBS, OW-RID) and Tike for
Whuppin' (OW-WHP)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.boards.table import XY, Drop, Obstacle
from referee.boards.tablemap import tenths
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.old_west.back_off import back_off, make_way
from referee.games.old_west.fights import (
    Bout,
    SplitGroups,
    melee_groups,
    members,
    still_fought,
    unfought,
)
from referee.games.old_west.heroics import declare_heroics
from referee.games.old_west.movement import HeroesFirst, MoveModel
from referee.games.old_west.rolls import Fall, Hit, d6, mount_of, spend_fame
from referee.games.old_west.state import OldWestState, PhaseMarks, fact_xy, frozen, rounded_xy
from referee.games.old_west.tables import ACROSS_NEED, SURROUNDED_BLOWS, TIE_DIE_LOW
from referee.games.old_west.view import Part


@dataclass
class Fight:
    """One melee group as it stood when its fight began."""

    sides: dict[str, list[str]]
    engaged: dict[str, list[str]]
    across: dict[tuple[str, str], Obstacle]
    surrounded: set[str] = field(default_factory=set)
    over_edge: dict[str, Drop] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, object]) -> Fight:
        """A copy of the lists and marks; obstacles and drops are frozen and shared."""
        twin = Fight({seat: list(ids) for seat, ids in self.sides.items()},
                     {m: list(ids) for m, ids in self.engaged.items()},
                     dict(self.across), set(self.surrounded), dict(self.over_edge))
        memo[id(self)] = twin
        return twin

    def position_key(self) -> tuple[object, ...]:
        """The fight, compactly (for :meth:`Game.key`); the obstacles and
        drops stand for themselves (frozen, compared by shape)."""
        return (tuple((seat, tuple(ids)) for seat, ids in self.sides.items()),
                tuple((m, tuple(ids)) for m, ids in self.engaged.items()),
                tuple(self.across.items()), frozenset(self.surrounded),
                tuple(self.over_edge.items()))


# -- the phase ---------------------------------------------------------------------


@dataclass
class MeleePhase(HeroesFirst):
    """Tike for Whuppin' first, then the side with Advantage splits the
    groups into fights and picks each next fight until all are fought
    (OW-MEL-2, OW-WND-4)."""

    def start(self, state: OldWestState) -> Step:
        state.phase = "melee"
        state.marks = PhaseMarks()
        state.emit(msg("ow.phase.melee", turn=state.turn),
                   facts=frozen({"kind": "phase-started", "phase": "melee", "turn": state.turn}))
        return declare_heroics(self, state, "melee", self.declared)

    def action(self, hero_id: str) -> Frame:
        return Whuppin(hero_id)

    def rest(self) -> Frame:
        return FightEach()


@dataclass
class FightEach(Frame):
    """The side with Advantage splits the groups into fights, then picks each
    next fight until all are fought (OW-MEL-2, OW-WND-4)."""

    bouts: list[Bout] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        fresh = unfought(state)
        return self.call(SplitGroups(melee_groups(state, fresh)), self.split)

    def split(self, state: OldWestState, bouts: list[Bout]) -> Step:
        self.bouts = list(bouts)
        return self.next_bout(state, None)

    def next_bout(self, state: OldWestState, _: object) -> Step:
        self.bouts = [b for b in (still_fought(state, b) for b in self.bouts) if b is not None]
        if not self.bouts:
            state.emit(msg("ow.phase.melee-ended", turn=state.turn), clause="OW-WND-4",
                       facts=frozen({"kind": "phase-ended", "phase": "melee", "turn": state.turn}))
            return done()
        if len(self.bouts) == 1:
            return self.picked(state, 0)
        options = [Option(i, msg("ow.opt.group", names=tuple(state.name(m) for m in members(b))),
                          {"kind": "fight", "models": members(b)})
                   for i, b in enumerate(self.bouts)]
        return self.ask(Decision.single(state.advantage, msg("ow.ask.group"), options),
                        self.picked)

    def picked(self, state: OldWestState, pick: int) -> Step:
        bout = self.bouts.pop(pick)
        return self.call(FightGroup(members(bout)), self.next_bout)


@dataclass
class Whuppin(Frame):
    """The Hero's melee is fought at once (OW-WHP-1). If all his opponents
    fall, he and his friends in that melee may move again at once, and may
    fight again in another group (OW-WHP-2, OW-HAC-6) — each model only once
    a phase by a Heroic Action (OW-HAC-4)."""

    hero_id: str
    opponents: list[str] = field(default_factory=list)
    friends: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        fresh = unfought(state)
        if self.hero_id not in fresh:
            return done()
        group = next((g for g in melee_groups(state, fresh) if self.hero_id in g), None)
        if group is None:
            return done()
        return self.call(SplitGroups([group]), self.split)

    def split(self, state: OldWestState, bouts: list[Bout]) -> Step:
        """His own fight, as the side with Advantage split his group (the rest
        of the group is split again with the others, OW-WHP-2)."""
        hero = state.fighters[self.hero_id]
        fight = next(members(b) for b in bouts if self.hero_id in members(b))
        state.emit(msg("ow.whuppin", name=hero.name), clause="OW-WHP-1",
                   facts={"kind": "whuppin-fight", "model": self.hero_id})
        self.opponents = [m for m in fight if state.fighters[m].posse != hero.posse]
        self.friends = [m for m in fight if state.fighters[m].posse == hero.posse]
        return self.call(FightGroup(fight), self.fought)

    def fought(self, state: OldWestState, _: object) -> Step:
        hero = state.fighters[self.hero_id]
        if not hero.active or any(state.fighters[o].active for o in self.opponents):
            return done()
        self.friends = [m for m in self.friends if state.fighters[m].active
                        and m not in state.marks.benefited]
        state.emit(msg("ow.whuppin-move", names=tuple(state.name(m) for m in self.friends)),
                   clause="OW-WHP-2", facts={"kind": "whuppin-move", "models": list(self.friends)})
        return self.next_mover(state, None)

    def next_mover(self, state: OldWestState, _: object) -> Step:
        if not self.friends:
            return done()
        mover = self.friends.pop(0)
        state.marks.benefited.add(mover)
        state.marks.fought.discard(mover)
        return self.call(MoveModel(mover, extra=True), self.next_mover)


@dataclass
class FightGroup(Frame):
    """One round of melee in one fight (one model against one or several):
    Fight, Back Off, Wounding (OW-MEL-1)."""

    group: list[str]
    fight: Fight | None = None
    loser: str = ""
    strikers: list[str] = field(default_factory=list)
    falls: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        self.fight = _survey(state, self.group)
        state.marks.fought.update(self.group)
        return self.call(DukinItOut(self.fight), self.won)

    def won(self, state: OldWestState, winner: str) -> Step:
        fight = self.fight
        assert fight is not None
        self.loser = state.other(winner)
        state.emit(msg("ow.fight-won", posse=state.posse_names[winner]), clause="OW-FGT-1",
                   facts=frozen({"kind": "fight-won", "seat": winner}))
        self.strikers = _stand_up_winners(state, fight.sides[winner])
        return self.call(BackOffAll(fight, list(fight.sides[self.loser])), self.backed_off)

    def backed_off(self, state: OldWestState, _: object) -> Step:
        fight = self.fight
        assert fight is not None
        strikers, self.strikers = self.strikers, []
        return self.call(Wounding(fight, strikers, list(fight.sides[self.loser])),
                         self.wounded)

    def wounded(self, state: OldWestState, _: object) -> Step:
        assert self.fight is not None
        self.falls = list(self.fight.over_edge)
        return self.next_fall(state, None)

    def next_fall(self, state: OldWestState, _: object) -> Step:
        assert self.fight is not None
        while self.falls:
            loser_id = self.falls.pop(0)
            if state.fighters[loser_id].active:
                height = self.fight.over_edge[loser_id].height
                return self.call(Fall(loser_id, height), self.next_fall)
        return done()


def _survey(state: OldWestState, group: list[str]) -> Fight:
    sides: dict[str, list[str]] = {seat: [] for seat in state.seats}
    engaged: dict[str, list[str]] = {}
    across: dict[tuple[str, str], Obstacle] = {}
    inside = set(group)
    for member in group:
        sides[state.fighters[member].posse].append(member)
        engaged[member] = [e for e in state.engaged_with(member) if e in inside]
        for enemy in engaged[member]:
            obstacle = state.table.engaged_across(member, enemy, state.rules.across_reach)
            if obstacle is not None:
                across[(member, enemy)] = obstacle
    return Fight(sides, engaged, across)


# -- 1. the fight ------------------------------------------------------------------


@dataclass
class DukinItOut(Frame):
    """Each side rolls a die per Attack of each model and keeps its best
    (OW-FGT-1, OW-ATT-1, OW-MUL-1); Fame may raise a Hero's die after the
    roll (OW-FAM-2, OW-FAM-3); ties go to the best Fighting, then a die
    (OW-FGT-2, OW-FGT-3, OW-MUL-2). Returns the winning seat."""

    fight: Fight
    seats: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    dice_left: int = 0
    best: dict[str, int] = field(default_factory=dict)
    """Each model's best die so far: all the rest of the fight needs (the log
    shows every die), so positions reached by different dice are one."""
    side_best: dict[str, int] = field(default_factory=dict)
    fame_heroes: dict[str, list[str]] = field(default_factory=dict)

    def start(self, state: OldWestState) -> Step:
        self.seats = list(state.by_advantage())
        return self.next_seat(state)

    def next_seat(self, state: OldWestState) -> Step:
        if not self.seats:
            return self.fame(state)
        self.members = list(self.fight.sides[self.seats[0]])
        return self.next_die(state)

    def next_die(self, state: OldWestState) -> Step:
        if not self.members:
            seat = self.seats.pop(0)
            best = max(self.best[m] for m in self.fight.sides[seat])
            state.emit(msg("ow.fight-dice", posse=state.posse_names[seat], best=best),
                       clause="OW-MUL-1" if len(self.fight.sides[seat]) > 1 else "OW-FGT-1",
                       facts=frozen({"kind": "fight-best", "seat": seat, "value": best}))
            return self.next_seat(state)
        member = state.fighters[self.members[0]]
        if self.dice_left == 0:
            self.dice_left = member.attacks
        return self.ask(d6(msg("ow.roll.fight", name=member.name),
                           {"roll": "fight", "seat": self.seats[0], "model": member.id}),
                        self.rolled)

    def rolled(self, state: OldWestState, value: int) -> Step:
        member = self.members[0]
        self.best[member] = max(self.best.get(member, 0), value)
        state.emit(msg("ow.fight-die", name=state.name(member), roll=value),
                   clause="OW-ATT-1", facts=frozen({"kind": "fight-die", "seat": self.seats[0],
                                                    "model": member, "value": value}))
        self.dice_left -= 1
        if self.dice_left == 0:
            self.members.pop(0)
        return self.next_die(state)

    # -- Fame (OW-FAM-2, OW-FAM-3, OW-FAM-6)

    def _fame_heroes(self, state: OldWestState, seat: str) -> list[str]:
        """The side's Heroes who may still raise their own best fight die
        with their own Fame (OW-FAM-2, OW-FAM-4)."""
        return [m for m in self.fight.sides[seat] if state.fighters[m].hero
                and state.fighters[m].fame > 0 and self.best[m] < state.rules.fame_cap]

    def _bids(self, state: OldWestState, seat: str) -> list[Option]:
        """A side's choices: no Fame, or one of its Heroes raising his own die
        by 1 up to what his Fame and the cap allow. Only the side's best die
        counts (OW-MUL-1), so Fame on a second Hero's die would buy nothing."""
        options = [Option({}, msg("ow.opt.no-fame"), {"kind": "no-fame", "seat": seat})]
        for hero_id in self.fame_heroes[seat]:
            hero, die = state.fighters[hero_id], self.best[hero_id]
            for n in range(1, min(hero.fame, state.rules.fame_cap - die) + 1):
                options.append(Option({hero_id: n}, msg("ow.opt.fame-die", name=hero.name, n=n,
                                                        die=die, to=die + n),
                                      {"kind": "fame-die", "model": hero_id, "points": n,
                                       "die": die, "to": die + n}))
        return options

    def fame(self, state: OldWestState) -> Step:
        """After both sides rolled, each Hero may spend his own Fame on his
        own die; if both sides have such a Hero, both bid secretly and at
        once, and the bids are revealed together (OW-FAM-3)."""
        self.side_best = {seat: max(self.best[m] for m in self.fight.sides[seat])
                          for seat in state.seats}
        self.fame_heroes = {seat: heroes for seat in state.seats
                            if (heroes := self._fame_heroes(state, seat))}
        if not self.fame_heroes:
            return self.compare(state)
        if len(self.fame_heroes) == 1:
            (seat,) = self.fame_heroes
            other = self.side_best[state.other(seat)]
            if self.side_best[seat] > other:
                return self.compare(state)
            question = msg("ow.ask.fame-fight", posse=state.posse_names[seat],
                           die=self.side_best[seat], other=other)
            return self.ask(Decision.single(seat, question, self._bids(state, seat)),
                            self.bid_one)
        options = {seat: tuple(self._bids(state, seat)) for seat in self.fame_heroes}
        return self.ask(Decision(tuple(self.fame_heroes), msg("ow.ask.fame-bid"), options),
                        self.bids)

    def bid_one(self, state: OldWestState, bid: dict[str, int]) -> Step:
        (seat,) = self.fame_heroes
        return self.spend(state, {seat: bid})

    def bids(self, state: OldWestState, bids: dict[str, dict[str, int]]) -> Step:
        first, second = state.seats
        state.emit(msg("ow.fame-bids", first=self._bid_text(state, first, bids[first]),
                       second=self._bid_text(state, second, bids[second])), clause="OW-FAM-3",
                   facts={"kind": "fame-bids", "bids": {seat: dict(bid)
                                                        for seat, bid in bids.items()}})
        return self.spend(state, bids)

    def _bid_text(self, state: OldWestState, seat: str, bid: dict[str, int]) -> Msg:
        if not bid:
            return msg("ow.bid-none", posse=state.posse_names[seat])
        return msg("ow.bid", names=tuple(msg("ow.bid-hero", name=state.name(h), n=n)
                                         for h, n in bid.items()))

    def spend(self, state: OldWestState, bids: dict[str, dict[str, int]]) -> Step:
        for seat, bid in bids.items():
            for hero_id, points in bid.items():
                spend_fame(state, hero_id, points, "OW-FAM-2")
                self.side_best[seat] = max(self.side_best[seat], self.best[hero_id] + points)
        return self.compare(state)

    # -- ties (OW-FGT-2, OW-FGT-3, OW-MUL-2)

    def compare(self, state: OldWestState) -> Step:
        best = self.side_best
        first, second = state.by_advantage()
        if best[first] != best[second]:
            return done(first if best[first] > best[second] else second)
        fighting = {seat: max(state.fighters[m].fighting for m in self.fight.sides[seat])
                    for seat in state.seats}
        if fighting[first] != fighting[second]:
            winner = first if fighting[first] > fighting[second] else second
            state.emit(msg("ow.tie-fighting", posse=state.posse_names[winner]),
                       clause="OW-FGT-2" if _one_each(self.fight) else "OW-MUL-2",
                       facts={"kind": "tie-fighting", "seat": winner, "fighting": fighting})
            return done(winner)
        low, _ = self._tie_sides(state)
        return self.ask(d6(msg("ow.roll.tie"), {"roll": "tie", "seat": low}), self.tie_die)

    def _tie_sides(self, state: OldWestState) -> tuple[str, str]:
        """The seat 1–3 on the tie die goes to, and the seat 4–6 goes to (OW-FGT-3)."""
        first, second = state.by_advantage()
        return (first, second) if state.rules.tie_die_advantage_wins_low else (second, first)

    def tie_die(self, state: OldWestState, roll: int) -> Step:
        low, high = self._tie_sides(state)
        winner = low if roll in TIE_DIE_LOW else high
        state.emit(msg("ow.tie-die", posse=state.posse_names[winner], roll=roll),
                   clause="OW-FGT-3" if _one_each(self.fight) else "OW-MUL-2",
                   facts={"kind": "tie-die", "seat": winner, "roll": roll})
        return done(winner)


def _one_each(fight: Fight) -> bool:
    return all(len(ids) == 1 for ids in fight.sides.values())


# -- 2. back off -------------------------------------------------------------------


def _stand_up_winners(state: OldWestState, winners: list[str]) -> list[str]:
    """A prone model that wins stands up but does not strike (OW-GRD-2)."""
    strikers = []
    for member in winners:
        if state.fighters[member].prone:
            state.set_prone(member, False)
            state.emit(msg("ow.stands-up-no-strike", name=state.name(member)), clause="OW-GRD-2",
                       facts={"kind": "got-up", "model": member})
        else:
            strikers.append(member)
    return strikers


@dataclass
class BackOffAll(Frame):
    """Every loser backs off, in the order its owner picks (OW-MUL-3, OW-MUL-4)."""

    fight: Fight
    left: list[str]

    def start(self, state: OldWestState) -> Step:
        return self.next_loser(state, None)

    def next_loser(self, state: OldWestState, _: object) -> Step:
        if not self.left:
            return done()
        if len(self.left) == 1:
            return self.picked(state, self.left[0])
        seat = state.fighters[self.left[0]].posse
        options = [Option(m, msg("ow.name", name=state.name(m)),
                          {"kind": "back-off-next", "model": m}) for m in self.left]
        return self.ask(Decision.single(seat, msg("ow.ask.back-off-order"), options),
                        self.picked)

    def picked(self, state: OldWestState, loser: str) -> Step:
        self.left.remove(loser)
        return self.call(BackOffOne(self.fight, loser), self.next_loser)


@dataclass
class BackOffOne(Frame):
    """Back off 1" from the opponents (OW-BCK-1), or from the obstacle fought
    across (OW-OBS-1), never into contact with another enemy (OW-BCK-2); with
    nowhere to go, surrounded (OW-SUR-1) and others make way (OW-SUR-3).
    A prone loser stays prone and counts as surrounded (OW-GRD-3)."""

    fight: Fight
    loser: str
    spots: tuple[XY, ...] = ()
    over: Drop | None = None
    across: bool = False

    def start(self, state: OldWestState) -> Step:
        table, rules, fight, loser = state.table, state.rules, self.fight, self.loser
        model = state.fighters[loser]
        opponents = [e for e in fight.engaged[loser] if (loser, e) not in fight.across]
        obstacles = list({id(o): o for (a, _), o in fight.across.items() if a == loser}.values())
        options = back_off(table, loser, opponents, obstacles, rules.back_off_inches,
                           rules.back_off_reach, across_reach=rules.across_reach)
        if model.prone:
            fight.surrounded.add(loser)
            state.emit(msg("ow.prone-loses", name=model.name), clause="OW-GRD-3",
                       facts={"kind": "prone-loses", "model": loser})
        if options.surrounded:
            fight.surrounded.add(loser)
            moved = make_way(table, loser, opponents, across_reach=rules.across_reach)
            state.emit(msg("ow.surrounded", name=model.name), clause="OW-SUR-1",
                       facts={"kind": "surrounded", "model": loser,
                              "moved": {key: rounded_xy(state.pos(key)) for key in moved
                                        if key in state.fighters}})
            return done()
        self.spots, self.over, self.across = options.spots, options.over, bool(obstacles)
        if len(self.spots) == 1:
            return self.picked(state, 0)
        labels = [Option(i, msg("ow.opt.spot", x=tenths(x), y=tenths(y)),
                         {"kind": "back-off-to", "model": loser, "to": rounded_xy((x, y))})
                  for i, (x, y) in enumerate(self.spots)]
        return self.ask(Decision.single(model.posse, msg("ow.ask.back-off", name=model.name),
                                        labels), self.picked)

    def picked(self, state: OldWestState, pick: int) -> Step:
        model = state.fighters[self.loser]
        start = fact_xy(state.pos(self.loser))
        state.table.move(self.loser, self.spots[pick])
        self.spots = ()
        end = fact_xy(state.pos(self.loser))
        if self.over is not None:
            self.fight.over_edge[self.loser] = self.over
            state.emit(msg("ow.over-edge", name=model.name, drop=state.terrain(self.over.name)),
                       clause="OW-SUR-5",
                       facts=frozen({"kind": "over-edge", "model": self.loser,
                                     "drop": self.over.name, "from": start, "to": end}))
            return done()
        state.emit(msg("ow.backs-off", name=model.name),
                   clause="OW-OBS-1" if self.across else "OW-BCK-1",
                   facts=frozen({"kind": "backed-off", "model": self.loser, "from": start,
                                 "to": end, "across": self.across}))
        return done()


# -- 3. wounding -------------------------------------------------------------------


@dataclass
class Wounding(Frame):
    """Every model of the winning side strikes (OW-MUL-5), once per Attack
    (OW-ATT-2), each strike at an enemy it fought that its owner picks
    (OW-MUL-6, OW-OBS-4), rider or mount (OW-RID-2, OW-RID-4)."""

    fight: Fight
    strikers: list[str]
    losers: list[str]
    strikes_left: int = 0

    def start(self, state: OldWestState) -> Step:
        return self.next_striker(state)

    def next_striker(self, state: OldWestState) -> Step:
        if not self.strikers:
            return done()
        self.strikes_left = state.fighters[self.strikers[0]].attacks
        return self.next_strike(state, None)

    def _striker_done(self, state: OldWestState) -> Step:
        self.strikers.pop(0)
        return self.next_striker(state)

    def next_strike(self, state: OldWestState, _: object) -> Step:
        if self.strikes_left == 0:
            return self._striker_done(state)
        self.strikes_left -= 1
        striker = state.fighters[self.strikers[0]]
        foes = [f for f in self.fight.engaged[striker.id] if f in self.losers]
        options = _target_options(state, striker.id, foes)
        if not options:
            return self._striker_done(state)
        if len(options) == 1:
            return self.picked(state, options[0].value)
        return self.ask(Decision.single(striker.posse, msg("ow.ask.strike", name=striker.name),
                                        options), self.picked)

    def picked(self, state: OldWestState, value: str) -> Step:
        target, _, part = str(value).partition(":")
        return self.call(Strike(self.fight, self.strikers[0], target,
                                "mount" if part == "mount" else "rider"), self.next_strike)


def _target_options(state: OldWestState, striker: str, foes: list[str]) -> list[Option]:
    options: list[Option] = []
    for foe in foes:
        model = state.fighters[foe]
        if not model.active:
            continue
        options.append(Option(foe, msg("ow.name", name=model.name),
                              {"kind": "strike", "model": striker, "target": foe,
                               "part": "rider"}))
        if model.mount is not None:
            options.append(Option(f"{foe}:mount", mount_of(model),
                                  {"kind": "strike", "model": striker, "target": foe,
                                   "part": "mount"}))
    return options


@dataclass
class Strike(Frame):
    """One strike: doubled on a surrounded model (OW-SUR-2; not at a drop's
    edge, OW-SUR-5); across an obstacle each blow first needs 4+ (OW-OBS-2)."""

    fight: Fight
    striker_id: str
    target_id: str
    part: Part
    blows_left: int = 0

    def start(self, state: OldWestState) -> Step:
        self.blows_left = SURROUNDED_BLOWS if self.target_id in self.fight.surrounded else 1
        if self.blows_left > 1:
            state.emit(msg("ow.doubled", name=state.name(self.target_id)), clause="OW-SUR-2",
                       facts={"kind": "strike-doubled", "model": self.striker_id,
                              "target": self.target_id})
        return self.next_blow(state, None)

    def next_blow(self, state: OldWestState, _: object) -> Step:
        if self.blows_left == 0 or not state.fighters[self.target_id].active:
            return done()
        self.blows_left -= 1
        obstacle = self.fight.across.get((self.striker_id, self.target_id))
        if obstacle is None:
            return self.blow(state)
        barrier = state.terrain(obstacle.name)
        return self.ask(d6(msg("ow.roll.across", obstacle=barrier),
                           {"roll": "across", "model": self.striker_id, "target": self.target_id,
                            "obstacle": obstacle.name, "need": ACROSS_NEED}), self.across)

    def across(self, state: OldWestState, roll: int) -> Step:
        obstacle_id = self.fight.across[(self.striker_id, self.target_id)].name
        reaches = roll >= ACROSS_NEED
        state.emit(msg("ow.blow-across" if reaches else "ow.hits-barrier",
                       name=state.name(self.striker_id), obstacle=state.terrain(obstacle_id),
                       roll=roll, need=ACROSS_NEED), clause="OW-OBS-2",
                   facts={"kind": "across", "model": self.striker_id, "target": self.target_id,
                          "obstacle": obstacle_id, "roll": roll, "need": ACROSS_NEED,
                          "reaches": reaches})
        return self.blow(state) if reaches else self.next_blow(state, None)

    def blow(self, state: OldWestState) -> Step:
        if self.part == "mount" and state.fighters[self.target_id].mount is None:
            self.part = "rider"
        striker = state.fighters[self.striker_id]
        return self.call(Hit(self.striker_id, striker.strength, self.target_id, self.part,
                             "OW-WND-1"), self.next_blow)
