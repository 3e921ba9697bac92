"""Old West odds against icepool, which composes the same mechanics from the
rulebook's statements independently of referee.odds."""

from __future__ import annotations

from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest

from referee.games.old_west.tables import WOUND_TABLE
from referee.odds import old_west as ow

rule = pytest.mark.rule
d6 = icepool.d6
HALF = Fraction(1, 2)


def icepool_wound(first: int, second: int | None, fame: int) -> Fraction:
    """The first die plus all the Hero's Fame must reach ``first``; for 6/x the
    points carried over and those left add up to all his Fame again on the
    second die (OW-FAM-7)."""
    hit = d6 + fame >= first
    if second is not None:
        hit = hit & (d6 + fame >= second)
    return Fraction(hit.probability(True))


@rule("OW-WND-1", "OW-WND-2", "OW-WND-3", "OW-WND-5")
def test_every_cell_of_the_wound_table_matches_icepool():
    for (strength, toughness), need in WOUND_TABLE.items():
        expected = Fraction(0) if need is None else icepool_wound(need.first, need.second, 0)
        assert ow.wound(strength, toughness).probability == expected, (strength, toughness)


@rule("OW-FAM-6", "OW-FAM-7")
@pytest.mark.parametrize("fame", [1, 2, 3, 5])
def test_wound_rolls_with_fame_match_icepool(fame: int):
    for (strength, toughness), need in WOUND_TABLE.items():
        expected = Fraction(0) if need is None else icepool_wound(need.first, need.second, fame)
        assert ow.wound(strength, toughness, fame).probability == expected, (strength, toughness)


@rule("OW-PLK-1", "OW-FAM-5")
@pytest.mark.parametrize("fame", [0, 1, 2, 4])
def test_pluck_tests_match_icepool(fame: int):
    for pluck in range(0, 11):
        expected = Fraction((2 @ d6 + pluck + fame >= 10).probability(True))
        assert ow.pluck(pluck, fame).probability == expected, pluck


def side(dice: int, hero_dice: int, fame: int, cap: int = 6) -> icepool.Die:
    """A side's best die after its Hero raised his own best die as far as
    Fame and the cap allow."""
    hero = d6.highest(hero_dice).map(lambda v: min(v + fame, max(v, cap)))
    if hero_dice == dice:
        return hero
    return icepool.map(lambda x, y: max(x, y), d6.highest(dice - hero_dice), hero)


def icepool_fight(a: icepool.Die, b: icepool.Die, fighting_a: int, fighting_b: int) -> Fraction:
    """Higher die wins; on a tie higher Fighting; then a die, even odds."""
    compared = icepool.map(lambda x, y: "a" if x > y else ("b" if x < y else "tie"), a, b)
    tie_share = Fraction(1) if fighting_a > fighting_b else (
        Fraction(0) if fighting_a < fighting_b else HALF)
    return Fraction(compared.probability("a")) + Fraction(compared.probability("tie")) * tie_share


@rule("OW-FGT-1", "OW-FGT-2", "OW-FGT-3", "OW-ATT-1", "OW-MUL-1", "OW-MUL-2")
@pytest.mark.parametrize("fighting", [(4, 3), (3, 3), (3, 4)])
def test_the_fight_table_matches_icepool_for_each_fighting_case(fighting: tuple[int, int]):
    fa, fb = fighting
    for a in range(1, 7):
        for b in range(1, 7):
            expected = icepool_fight(d6.highest(a), d6.highest(b), fa, fb)
            assert ow.fight(a, b, fa, fb).probability == expected, (a, b)


@rule("OW-FAM-2", "OW-FAM-3", "OW-FAM-6")
@pytest.mark.parametrize(("dice", "fame", "hero_dice"), [
    ((1, 1), (1, 0), (1, 1)),
    ((2, 1), (0, 2), (2, 1)),
    ((1, 3), (2, 1), (1, 3)),
    ((3, 2), (1, 3), (1, 2)),
    ((2, 2), (6, 6), (1, 1)),
])
@pytest.mark.parametrize("fighting", [(4, 3), (3, 3), (3, 4)])
def test_fights_with_fame_match_icepool(dice, fame, hero_dice, fighting):
    """A Hero's win chance with Fame is that of raising his die as far as he
    can: the fewest points that win win just as surely."""
    a = side(dice[0], hero_dice[0], fame[0]) if fame[0] else d6.highest(dice[0])
    b = side(dice[1], hero_dice[1], fame[1]) if fame[1] else d6.highest(dice[1])
    got = ow.fight(dice[0], dice[1], *fighting, fame_a=fame[0], fame_b=fame[1],
                   hero_dice_a=hero_dice[0], hero_dice_b=hero_dice[1])
    assert got.probability == icepool_fight(a, b, *fighting)


@rule("OW-FAM-1")
def test_a_higher_fame_cap_lets_a_six_go_higher():
    """House rule fame_cap: with the cap at 8, a Hero's 6 may become 7 or 8."""
    a = side(1, 1, 2, cap=8)
    got = ow.fight(1, 1, 3, 3, fame_a=2, fame_b=2, fame_cap=8)
    assert got.probability == icepool_fight(a, a, 3, 3)
    assert ow.fight(1, 1, 3, 3, fame_a=2, fame_cap=8).probability == \
        icepool_fight(a, d6, 3, 3)
