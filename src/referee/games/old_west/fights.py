"""Melee groups and the fights they split into (OW-MEL-2, OW-MEL-3, OW-MUL-1).

The book's fights are one model against one enemy, or one against several
(«Если против одной фигурки сражаются сразу двое, трое...»); how touching
models are divided into them is in a part the fragment lost ("see earlier").
House rule, as in the Samurai brawl: the side with Advantage splits every
group of touching models into such fights — every model in exactly one,
each model paired only with enemies it touches — and each fight has its own
roll-off."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import JSON, Decision, Option
from referee.games.old_west.state import OldWestState

Bout: TypeAlias = tuple[str, tuple[str, ...]]
"""One fight: the one model and the one or more enemies it fights, each
touching it. One against one is written with the model listed first in the
scenario as the one."""
Split: TypeAlias = tuple[Bout, ...]

SPLIT_LIMIT = 64
"""At most this many splits of one group are offered (a group of a dozen
models may have more)."""
_SEARCH_LIMIT = 20_000


# -- groups ------------------------------------------------------------------------


def unfought(state: OldWestState) -> set[str]:
    """Models on the table that have not fought this phase."""
    return {f.id for f in state.active() if f.id not in state.marks.fought}


def melee_groups(state: OldWestState, among: set[str] | None = None) -> list[list[str]]:
    """Models joined by base contact or an obstacle they fight across
    (OW-MEL-3), each group in the scenario's order; ``among``: only these
    models count."""
    inside = {f.id for f in state.active()} if among is None else among
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for fighter_id in inside:
        for enemy in state.engaged_with(fighter_id):
            if enemy in inside:
                parent[root(fighter_id)] = root(enemy)
    clusters: dict[str, list[str]] = {}
    for fighter in state.active():
        if fighter.id in parent:
            clusters.setdefault(root(fighter.id), []).append(fighter.id)
    return sorted(clusters.values(), key=lambda g: state.fighters[g[0]].order)


def touching(state: OldWestState, group: Sequence[str]) -> dict[str, list[str]]:
    """For each model of ``group``, the enemies of the group it fights, in
    the scenario's order."""
    inside = set(group)
    order = {m: state.fighters[m].order for m in group}
    return {m: sorted((e for e in state.engaged_with(m) if e in inside), key=order.__getitem__)
            for m in group}


# -- the legal splits --------------------------------------------------------------


def legal_splits(group: Sequence[str], adjacent: dict[str, list[str]],
                 limit: int = SPLIT_LIMIT) -> list[Split]:
    """Every way to split ``group`` into fights of one model against one or
    more enemies it touches, every model in exactly one (at most ``limit``).
    A group of touching models always has one: the search never leaves a
    model with no enemy free to fight, so it never runs into a dead end."""
    order = {m: i for i, m in enumerate(group)}
    free = set(group)
    chosen: list[Bout] = []
    found: list[Split] = []
    budget = [_SEARCH_LIMIT]

    def take(bout: Bout) -> None:
        one, many = bout
        free.difference_update((one, *many))
        chosen.append(bout)
        search()
        chosen.pop()
        free.update((one, *many))

    def search() -> None:
        budget[0] -= 1
        if len(found) >= limit or (budget[0] < 0 and found):
            return
        if not free:
            found.append(tuple(chosen))
            return
        if any(not any(e in free for e in adjacent[m]) for m in free):
            return
        first = min(free, key=order.__getitem__)
        enemies = [e for e in adjacent[first] if e in free]
        for many in _subsets(enemies):
            take(_bout(first, many, order))
        for centre in enemies:
            others = [m for m in adjacent[centre] if m in free and m != first]
            for more in _subsets(others):
                take((centre, tuple(sorted((first, *more), key=order.__getitem__))))

    search()
    return found


def _bout(one: str, many: tuple[str, ...], order: dict[str, int]) -> Bout:
    if len(many) == 1 and order[many[0]] < order[one]:
        return (many[0], (one,))
    return (one, many)


def _subsets(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every non-empty subset, smaller ones first, each in the order given."""
    for size in range(1, len(items) + 1):
        yield from _of_size(items, size)


def _of_size(items: Sequence[str], size: int) -> Iterator[tuple[str, ...]]:
    if size == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for rest in _of_size(items[i + 1:], size - 1):
            yield (item, *rest)


def members(bout: Bout) -> list[str]:
    one, many = bout
    return [one, *many]


def still_fought(state: OldWestState, bout: Bout) -> Bout | None:
    """The fight as it stands now: the enemies still on the table, not yet
    fought and still touching the one; None if no one is left to fight."""
    one, many = bout
    fresh = unfought(state)
    if one not in fresh:
        return None
    engaged = state.engaged_with(one)
    left = tuple(m for m in many if m in fresh and m in engaged)
    return (one, left) if left else None


def bout_label(state: OldWestState, bout: Bout) -> Msg:
    one, many = bout
    return msg("ow.bout", one=state.name(one), many=tuple(state.name(m) for m in many))


def _as_json(split: Split) -> list[JSON]:
    return [[one, list(many)] for one, many in split]


def _fights(split: Split) -> list[JSON]:
    """The split as data (facts and meanings): each fight's one and those it fights."""
    return [{"one": one, "against": list(many)} for one, many in split]


def _split_of(value: JSON) -> Split:
    return tuple((str(one), tuple(str(m) for m in many)) for one, many in value)


# -- the decision ------------------------------------------------------------------


@dataclass
class SplitGroups(Frame):
    """The side with Advantage splits each group into fights, choosing among
    the legal splits; a group with one legal split is not asked about.
    Returns every fight of every group."""

    groups: list[list[str]]
    bouts: list[Bout] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        return self.next_group(state)

    def next_group(self, state: OldWestState) -> Step:
        while self.groups:
            group = self.groups.pop(0)
            splits = legal_splits(group, touching(state, group))
            if len(splits) == 1:
                self.settle(state, splits[0])
                continue
            options = [Option(_as_json(s), msg("ow.opt.split", fights=tuple(
                bout_label(state, b) for b in s)), {"kind": "split", "fights": _fights(s)})
                for s in splits]
            question = msg("ow.ask.split", names=tuple(state.name(m) for m in group))
            return self.ask(Decision.single(state.advantage, question, options), self.chosen)
        return done(self.bouts)

    def chosen(self, state: OldWestState, value: JSON) -> Step:
        self.settle(state, _split_of(value))
        return self.next_group(state)

    def settle(self, state: OldWestState, split: Split) -> None:
        if len(split) > 1:
            state.emit(msg("ow.split", fights=tuple(bout_label(state, b) for b in split)),
                       clause="OW-MEL-3", facts={"kind": "split", "fights": _fights(split)})
        self.bouts += split
