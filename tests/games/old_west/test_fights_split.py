"""Touching models split into fights of one against one, or one against
several, each with its own roll-off (OW-MEL-2, OW-MEL-3, OW-FGT-1, OW-MUL-1;
disputed case 11). Dice are scripted: the Drop first (Lawmen's die, then the
Outlaws'), then each fight die, the side with Advantage first."""

from __future__ import annotations

from itertools import combinations
from random import Random

import pytest

from referee.games.old_west.fights import Split, legal_splits
from tests.games.old_west.ow import (
    LAW_FIRST,
    R,
    asked,
    build,
    decision,
    events,
    keys,
    m,
    options,
    touching,
)

rule = pytest.mark.rule


def chain():
    """Lawman l1, Outlaw o1, Lawman l2, Outlaw o2 in a row, each touching the next."""
    x, y = 6.0, 12.0
    return build([m("l1", x, y), m("l2", x + 4 * R, y)],
                 [m("o1", x + 2 * R, y), m("o2", x + 6 * R, y)])


@rule("OW-FGT-1", "OW-MUL-1", "OW-MEL-3")
def test_a_chain_of_two_against_two_is_two_fights_each_with_its_own_roll_off():
    """«Тот, у кого выпадает больше, выигрывает раунд ближнего боя»: the
    Lawman who rolled 1 loses to the Outlaw who rolled 5, whatever the other
    Lawman rolled in his own fight. The chain splits only one way (o2 touches
    l2 alone, so l2 fights o2 and l1 fights o1): the split is not asked."""
    game = chain()
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.ask.group"  # which fight first; no split to choose
    assert options(game) == [0, 1] and "ow.split" in keys(game)
    game.feed(0, 1, 5)  # l1 against o1: 1 against 5
    dice = [(e["name"].en, e["roll"]) for e in events(game, "ow.fight-die")]
    assert dice == [("L1", 1), ("O1", 5)]
    assert [e["posse"].en for e in events(game, "ow.fight-won")] == ["Outlaws"]


def square():
    """Two Lawmen and two Outlaws at the corners of a square, each touching
    both enemies: two ways to pair them."""
    l1 = (12.0, 12.0)
    o1 = touching(*l1, 45)
    o2 = touching(*l1, -45)
    l2 = touching(o1[0], o1[1], -45)
    return build([m("l1", *l1), m("l2", *l2)], [m("o1", *o1), m("o2", *o2)])


@rule("OW-MEL-2", "OW-MEL-3")
def test_the_side_with_advantage_chooses_among_the_legal_splits_only():
    game = square()
    game.feed(1, 6)  # the Outlaws have Advantage
    assert asked(game) == "ow.ask.split" and decision(game).seats == ("outlaws",)
    # one against three or two against two would leave a model out or break
    # the one-against-several shape: only the two pairings are offered
    assert options(game) == [[["l1", ["o1"]], ["l2", ["o2"]]],
                             [["l1", ["o2"]], ["l2", ["o1"]]]]
    game.feed([["l1", ["o2"]], ["l2", ["o1"]]])
    assert asked(game) == "ow.ask.group"
    game.feed(0, 1, 6)  # l1 against o2 first (the Outlaws roll first): o2 1, l1 6
    assert [(e["name"].en, e["roll"]) for e in events(game, "ow.fight-die")] == [
        ("O2", 1), ("L1", 6)]
    assert [e["posse"].en for e in events(game, "ow.fight-won")] == ["Lawmen"]


@rule("OW-WHP-1", "OW-MEL-3")
def test_tike_for_whuppin_fights_the_heros_own_fight_at_once():
    """«ближний бой проводится тут же»: the Hero's fight, not the whole chain."""
    x, y = 6.0, 12.0
    game = build([m("l1", x, y, hero=True, fame=2), m("l2", x + 4 * R, y)],
                 [m("o1", x + 2 * R, y), m("o2", x + 6 * R, y)])
    game.feed(*LAW_FIRST, ["l1"])
    assert asked(game) == "ow.roll.fight"
    game.feed(6, 1)
    assert keys(game).count("ow.fight-die") == 2
    assert [e["posse"].en for e in events(game, "ow.fight-won")] == ["Lawmen"]


def by_brute_force(group: list[str], adjacent: dict[str, list[str]]) -> set[frozenset]:
    """Every partition of ``group`` whose every block is a fight: one model
    and one or more enemies, each touching it."""
    def is_fight(block: tuple[str, ...]) -> bool:
        return len(block) >= 2 and any(all(o in adjacent[c] for o in block if o != c)
                                       for c in block)

    def partitions(items: list[str]):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                left = [x for x in rest if x not in others]
                for more in partitions(left):
                    yield [(first, *others), *more]

    return {frozenset(frozenset(b) for b in p) for p in partitions(group)
            if all(is_fight(b) for b in p)}


def as_sets(splits: list[Split]) -> set[frozenset]:
    return {frozenset(frozenset((one, *many)) for one, many in s) for s in splits}


def random_group(rng: Random) -> tuple[list[str], dict[str, list[str]]]:
    lawmen = [f"l{i}" for i in range(rng.randint(1, 4))]
    outlaws = [f"o{i}" for i in range(rng.randint(1, 4))]
    adjacent: dict[str, list[str]] = {x: [] for x in lawmen + outlaws}
    for a in lawmen:
        for b in outlaws:
            if rng.random() < 0.5:
                adjacent[a].append(b)
                adjacent[b].append(a)
    group = [x for x in lawmen + outlaws if adjacent[x]]
    return group, {x: sorted(adjacent[x], key=group.index) for x in group}


@rule("OW-MEL-3", "OW-MUL-1")
def test_legal_splits_are_exactly_the_partitions_into_fights():
    """Checked against a count of every partition of the group, for groups
    of up to eight touching models (each model in exactly one fight)."""
    rng = Random(7)
    checked = 0
    for _ in range(300):
        group, adjacent = random_group(rng)
        if len(group) < 2:
            continue
        found = legal_splits(group, adjacent, limit=10_000)
        assert len(as_sets(found)) == len(found)  # no split twice
        assert as_sets(found) == by_brute_force(group, adjacent)
        checked += 1
    assert checked > 200


@rule("OW-MUL-1")
def test_one_against_several_is_one_fight_and_is_not_asked():
    game = build([m("cowboy", 12, 12)],
                 [m(f"o{i}", *touching(12, 12, a)) for i, a in enumerate((0, 90, 180))])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.roll.fight" and "ow.split" not in keys(game)
