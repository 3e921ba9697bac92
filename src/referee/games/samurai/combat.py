"""The Combat phase (SAM-CMB-1..5): brawls split into fights by the player
with priority, then fights chosen in turn until all are played."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeAlias

from referee.core.events import Facts, Seat
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.samurai.fight import Fight as FightFrame
from referee.games.samurai.state import SamuraiState
from referee.games.samurai.tables import MAX_ENEMIES_IN_FIGHT, RELENTLESS_FIGHTS

Fight: TypeAlias = tuple[str, tuple[str, ...]]
"""A fight: the one fighter and the one to four enemies it faces (SAM-CMB-2).
One against one is written with the smaller id first."""
Split: TypeAlias = tuple[Fight, ...]

SPLIT_LIMIT = 64
"""At most this many splits of one brawl are offered (a brawl of a dozen
models has more; the example's brawls have far fewer)."""
_SEARCH_LIMIT = 50_000


def contacts(state: SamuraiState) -> dict[str, set[str]]:
    """For each fighter still on the table, the enemies its base touches."""
    return {fid: set(enemies) for fid, enemies in state.contacts().items()}


def capacity(state: SamuraiState, fighter: str) -> int:
    """Fights this fighter may still take part in this turn (SAM-CMB-5; house
    rule: a Relentless fighter two)."""
    f = state.fighters[fighter]
    return (RELENTLESS_FIGHTS if f.spec.relentless else 1) - f.fights


def brawls(state: SamuraiState) -> list[list[str]]:
    """Groups of fighters joined by base contact with enemies (свалки), each
    listed in the scenario's order; fighters with no fight left are out."""
    adjacent = contacts(state)
    able = {f for f in adjacent if capacity(state, f) > 0}
    order = list(state.fighters)
    seen: set[str] = set()
    groups = []
    for start in order:
        if start in seen or start not in able or not adjacent[start] & able:
            continue
        group, todo = set(), [start]
        while todo:
            one = todo.pop()
            if one in group:
                continue
            group.add(one)
            todo += [e for e in adjacent[one] & able if e not in group]
        seen |= group
        groups.append(sorted(group, key=order.index))
    return groups


def melee_of(state: SamuraiState, fighter: str) -> list[str]:
    """Everyone in the same melee as ``fighter`` (joined by base contact), itself
    included; just itself when it touches no enemy (SAM-RNG-5)."""
    adjacent = contacts(state)
    group, todo = set(), [fighter]
    while todo:
        one = todo.pop()
        if one in group:
            continue
        group.add(one)
        todo += [e for e in adjacent.get(one, ()) if e not in group]
    return [f for f in state.fighters if f in group]


def possible_fights(members: Sequence[str], adjacent: dict[str, set[str]]) -> list[Fight]:
    """Every fight the brawl allows: one fighter against one to four enemies
    it touches (SAM-CMB-2, SAM-CMB-3)."""
    found: set[Fight] = set()
    inside = set(members)
    for one in members:
        enemies = sorted(adjacent[one] & inside, key=members.index)
        for size in range(1, min(MAX_ENEMIES_IN_FIGHT, len(enemies)) + 1):
            for many in _subsets(enemies, size):
                found.add(canonical(one, many))
    return sorted(found, key=lambda f: (members.index(f[0]), [members.index(m) for m in f[1]]))


def canonical(one: str, many: Sequence[str]) -> Fight:
    if len(many) == 1 and many[0] < one:
        return (many[0], (one,))
    return (one, tuple(sorted(many)))


def _subsets(items: Sequence[str], size: int) -> Iterable[tuple[str, ...]]:
    if size == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for rest in _subsets(items[i + 1:], size - 1):
            yield (item, *rest)


def legal_splits(members: Sequence[str], adjacent: dict[str, set[str]],
                 caps: dict[str, int]) -> list[Split]:
    """Every legal split of a brawl into fights: no fighter in more fights
    than it may take (SAM-CMB-5), and no fighter left out that could be put
    into a fight (SAM-CMB-3, disputed case 5): the splits that leave out the
    fewest fighters. At most :data:`SPLIT_LIMIT`."""
    fights = possible_fights(members, adjacent)
    found: list[Split] = []
    fewest = [len(members) + 1]
    used = dict.fromkeys(members, 0)
    chosen: list[Fight] = []
    budget = [_SEARCH_LIMIT]

    def search(i: int) -> None:
        budget[0] -= 1
        if (len(found) >= SPLIT_LIMIT and fewest[0] == 0) or budget[0] < 0:
            return
        if i == len(fights):
            if chosen and _nobody_could_join(chosen, fights, members, adjacent, caps, used):
                keep(tuple(chosen), sum(1 for m in members if not used[m]))
            return
        one, many = fights[i]
        if all(used[m] < caps[m] for m in (one, *many)):
            for m in (one, *many):
                used[m] += 1
            chosen.append(fights[i])
            search(i + 1)
            chosen.pop()
            for m in (one, *many):
                used[m] -= 1
        search(i + 1)

    def keep(split: Split, left_out: int) -> None:
        if left_out < fewest[0]:
            fewest[0] = left_out
            found.clear()
        if left_out == fewest[0] and len(found) < SPLIT_LIMIT:
            found.append(split)

    search(0)
    return found


def _nobody_could_join(split: Sequence[Fight], fights: Sequence[Fight], members: Sequence[str],
                       adjacent: dict[str, set[str]], caps: dict[str, int],
                       used: dict[str, int]) -> bool:
    """SAM-CMB-3: a fighter may be left out only when it cannot be put into
    one of the fights nor into a new fight (a quick test; a split that passes
    it may still leave out more fighters than another)."""
    for u in members:
        if used[u]:
            continue
        for one, many in split:
            if u in adjacent[one] and len(many) < MAX_ENEMIES_IN_FIGHT:
                return False
            if len(many) == 1 and u in adjacent[many[0]]:
                return False
        for one, many in fights:
            group = (one, *many)
            if u in group and all(used[m] < caps[m] for m in group):
                return False
    return True


def fight_label(state: SamuraiState, fight: Fight) -> Msg:
    """"A against B and C" («А против Б и В»)."""
    one, many = fight
    return msg("sam.fight", one=state.fighters[one].name,
               many=tuple(state.fighters[m].name for m in many))


def split_label(state: SamuraiState, split: Split) -> Msg:
    """The fights of a split, one after another, apart by semicolons (a fight
    names its enemies in a list of its own)."""
    label = fight_label(state, split[-1])
    for fight in reversed(split[:-1]):
        label = msg("sam.fights", fight=fight_label(state, fight), rest=label)
    return label


@dataclass
class CombatPhase(Frame):
    """SAM-CMB-1..4: split every brawl (the player with priority), then
    choose fights in turn, priority first, until all are played."""

    groups: list[list[str]] = field(default_factory=list)
    fights: list[Fight] = field(default_factory=list)
    chooser: Seat = ""

    def start(self, state: SamuraiState) -> Step:
        state.phase = "combat"
        state.say_phase("sam.phase.combat", "combat", "phase-began")
        self.groups = brawls(state)
        self.chooser = state.priority
        return self.next_brawl(state)

    def next_brawl(self, state: SamuraiState) -> Step:
        if not self.groups:
            return self.next_fight(state)
        members = self.groups.pop(0)
        splits = splits_of(state, members)
        if len(splits) == 1:
            return self.split(state, _as_json(splits[0]))
        return self.ask(state.question(("sam.ask.split", state.priority, splits),
                                       lambda: _split_question(state, splits)),
                        self.split)

    def split(self, state: SamuraiState, value: list[list[object]]) -> Step:
        split = [_fight_of(item) for item in value]
        for fight in split:
            state.say(("sam.split", fight), partial(_fight_set, state, fight), clause="SAM-CMB-2")
        self.fights += split
        return self.next_brawl(state)

    def next_fight(self, state: SamuraiState) -> Step:
        self.fights = [f for f in self.fights if _both_sides_stand(state, f)]
        if not self.fights:
            state.say_phase("sam.phase.combat-ended", "combat", "phase-ended")
            return done()
        if len(self.fights) == 1:
            return self.chosen(state, _fight_json(self.fights[0]))
        fights = tuple(self.fights)
        return self.ask(state.question(("sam.ask.fight", self.chooser, fights),
                                       lambda: _fight_question(state, self.chooser, fights)),
                        self.chosen)

    def chosen(self, state: SamuraiState, value: list[object]) -> Step:
        fight = _fight_of(value)
        self.fights.remove(fight)
        chooser = self.chooser
        state.say(("sam.fight-chosen", chooser, fight), lambda: (
            msg("sam.fight-chosen", band=state.band_names[chooser],
                fight=fight_label(state, fight)),
            {"kind": "fight-chosen", "seat": chooser, **_fight_facts(fight)}),
            clause="SAM-CMB-4")
        self.chooser = state.other(self.chooser)
        one, many = fight
        return self.call(FightFrame([one, *many]), self.fought)

    def fought(self, state: SamuraiState, result: object) -> Step:
        return self.next_fight(state)


def _fight_set(state: SamuraiState, fight: Fight) -> tuple[Msg, Facts]:
    """SAM-CMB-2: a fight the split sets."""
    return msg("sam.split", fight=fight_label(state, fight)), {"kind": "fight-set",
                                                               **_fight_facts(fight)}


def splits_of(state: SamuraiState, members: list[str]) -> tuple[Split, ...]:
    """:func:`legal_splits` of the brawl of ``members`` as the fighters stand
    and with the fights each may still take, remembered by the table (the
    same brawl on the same table splits the same ways)."""
    caps = {m: capacity(state, m) for m in members}
    table = state.table()
    key = (_SPLITS, *members, *caps.values())
    found: tuple[Split, ...] | None = table.known.get(key)
    if found is None:
        found = table.known[key] = tuple(legal_splits(members, contacts(state), caps))
    return found


_SPLITS = "samurai.splits"
"""Where a table remembers how a brawl may be split (:func:`splits_of`)."""


def _split_question(state: SamuraiState, splits: Sequence[Split]) -> Decision:
    """SAM-CMB-2: the player with priority splits the brawl into fights."""
    options = [Option(_as_json(s), msg("sam.opt.split", fights=split_label(state, s)),
                      {"kind": "split", "fights": [_fight_facts(f) for f in s]})
               for s in splits]
    return Decision.single(state.priority, msg("sam.ask.split"), options)


def _fight_question(state: SamuraiState, chooser: Seat, fights: Sequence[Fight]) -> Decision:
    """SAM-CMB-4: ``chooser`` picks the next fight to play."""
    options = [Option(_fight_json(f), fight_label(state, f),
                      {"kind": "fight", **_fight_facts(f)}) for f in fights]
    return Decision.single(chooser, msg("sam.ask.fight"), options)


def _both_sides_stand(state: SamuraiState, fight: Fight) -> bool:
    one, many = fight
    return state.fighters[one].alive and any(state.fighters[m].alive for m in many)


def _fight_facts(fight: Fight) -> dict[str, object]:
    """A fight as data: the one fighter and the enemies it faces."""
    return {"fighter": fight[0], "enemies": list(fight[1])}


def _fight_json(fight: Fight) -> list[object]:
    return [fight[0], list(fight[1])]


def _as_json(split: Split) -> list[list[object]]:
    return [_fight_json(f) for f in split]


def _fight_of(value: Sequence[object]) -> Fight:
    one, many = value
    return (str(one), tuple(str(m) for m in many))  # type: ignore[attr-defined]
