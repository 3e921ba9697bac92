"""Old West odds against a count of every way the dice can fall
(itertools.product over each die), the rules applied step by step as the book
words them; and the book's own examples."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import TypeVar

import pytest

from referee.odds import old_west as ow

rule = pytest.mark.rule
FACES = range(1, 7)
K = TypeVar("K")


def shares(counts: Counter[K]) -> dict[K, Fraction]:
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in counts.items()}


def roll_off(dice_a: int, dice_b: int, fa: int, fb: int, fame_a: int = 0, fame_b: int = 0,
             advantage: str = "a", advantage_wins_low: bool = True) -> dict[str, Fraction]:
    """Every roll of every die, the tie die included: each side keeps its best
    die (OW-ATT-1, OW-MUL-1); a lone Hero (rolling all his side's dice) raises
    it by the fewest Fame points that win, else that reach a tie the tie die
    decides, up to 6, and spends nothing when neither is in reach; two Heroes
    who can both still raise a die both raise as far as they can (OW-FAM-3);
    then Fighting (OW-FGT-2); then the tie die, 1-3 to the side with
    Advantage (OW-FGT-3, house rule)."""
    counts: Counter[str] = Counter()
    for faces in itertools.product(FACES, repeat=dice_a + dice_b + 1):
        a, b, tie = max(faces[:dice_a]), max(faces[dice_a:-1]), faces[-1]

        def decided(x: int, y: int) -> str | None:
            """Who wins before the tie die is rolled; the Hero cannot see it."""
            if x != y:
                return "a" if x > y else "b"
            if fa != fb:
                return "a" if fa > fb else "b"
            return None

        def outcome(x: int, y: int, tie: int = tie) -> str:
            if x != y:
                return "a:dice" if x > y else "b:dice"
            if fa != fb:
                return "a:fighting" if fa > fb else "b:fighting"
            low_side = advantage if advantage_wins_low else ("b" if advantage == "a" else "a")
            other = "b" if low_side == "a" else "a"
            return f"{low_side if tie <= 3 else other}:tie-die"

        if fame_a and fame_b and a < 6 and b < 6:
            a, b = min(a + fame_a, 6), min(b + fame_b, 6)
        elif fame_a and a <= b:
            a = next((x for x in range(a, min(a + fame_a, 6) + 1) if decided(x, b) == "a"),
                     b if b <= min(a + fame_a, 6) and fa == fb else a)
        elif fame_b and b <= a:
            b = next((y for y in range(b, min(b + fame_b, 6) + 1) if decided(a, y) == "b"),
                     a if a <= min(b + fame_b, 6) and fa == fb else b)
        counts[outcome(a, b)] += 1
    return shares(counts)


def nonzero(dist: dict[str, Fraction]) -> dict[str, Fraction]:
    return {k: p for k, p in dist.items() if p}


@rule("OW-FGT-1", "OW-FGT-2", "OW-FGT-3", "OW-MUL-1", "OW-MUL-2")
@pytest.mark.parametrize(("dice_a", "dice_b"), [(1, 1), (2, 1), (1, 3), (2, 2)])
@pytest.mark.parametrize("fighting", [(5, 3), (3, 3), (2, 4)])
@pytest.mark.parametrize(("advantage", "low"), [("a", True), ("b", True), ("a", False)])
def test_roll_off_ways_match_a_count_of_every_die(dice_a, dice_b, fighting, advantage, low):
    fa, fb = fighting
    got = ow.fight_outcomes(dice_a, dice_b, fa, fb, advantage=advantage,
                            advantage_wins_low=low)
    assert nonzero(dict(got)) == roll_off(dice_a, dice_b, fa, fb, advantage=advantage,
                                          advantage_wins_low=low)


@rule("OW-FAM-2", "OW-FAM-3", "OW-FAM-6")
@pytest.mark.parametrize(("dice", "fame"), [((1, 1), (1, 0)), ((1, 2), (0, 2)),
                                            ((2, 1), (3, 0)), ((1, 1), (2, 1)),
                                            ((2, 2), (1, 4))])
@pytest.mark.parametrize("fighting", [(4, 3), (3, 3), (3, 4)])
def test_roll_off_with_fame_matches_a_count_of_every_die(dice, fame, fighting):
    got = ow.fight_outcomes(*dice, *fighting, fame_a=fame[0], fame_b=fame[1])
    assert nonzero(dict(got)) == roll_off(*dice, *fighting, *fame)


@rule("OW-WND-1", "OW-WND-2", "OW-FAM-6", "OW-FAM-7")
@pytest.mark.parametrize(("strength", "toughness", "first", "second"),
                         [(3, 3, 4, None), (3, 6, 6, None), (3, 8, 6, 4), (1, 8, 6, 6),
                          (5, 10, 6, 4), (10, 1, 3, None)])
@pytest.mark.parametrize("fame", [0, 1, 2, 3, 6])
def test_wound_rolls_and_fame_spent_match_a_count(strength, toughness, first, second, fame):
    """The needs are the book's (OW-WND-5). The Hero raises the first die
    to its need when his Fame covers it; the points carry to the second die,
    and he adds what is still short if he has it left (OW-FAM-7)."""
    counts: Counter[tuple[str, int]] = Counter()
    for one, two in itertools.product(FACES, repeat=2):
        spent = max(0, first - one)
        if spent > fame:
            counts[("unhurt", 0)] += 1
        elif second is None:
            counts[("wounded", spent)] += 1
        else:
            short = max(0, second - (two + spent))
            if short <= fame - spent:
                counts[("wounded", spent + short)] += 1
            else:
                counts[("unhurt", spent)] += 1
    expected = shares(counts)
    got = ow.wound(strength, toughness, fame)
    assert got.query["need"] == (str(first) if second is None else f"{first}/{second}")
    assert got.probability == sum((p for (r, _), p in expected.items() if r == "wounded"),
                                  Fraction(0))
    if fame:
        spent_dist: dict[str, Fraction] = {}
        for (_, n), p in expected.items():
            spent_dist[str(n)] = spent_dist.get(str(n), Fraction(0)) + p
        assert nonzero(dict(got.breakdowns["fame_spent"])) == nonzero(spent_dist)


@rule("OW-PLK-1", "OW-FAM-5")
@pytest.mark.parametrize("pluck", range(0, 11))
@pytest.mark.parametrize("fame", [0, 1, 3])
def test_pluck_tests_and_fame_spent_match_a_count(pluck, fame):
    counts: Counter[tuple[str, int]] = Counter()
    for one, two in itertools.product(FACES, repeat=2):
        short = max(0, 10 - (one + two + pluck))
        counts[("passed", short) if short <= fame else ("failed", 0)] += 1
    expected = shares(counts)
    got = ow.pluck(pluck, fame)
    assert got.probability == sum((p for (r, _), p in expected.items() if r == "passed"),
                                  Fraction(0))
    totals = shares(Counter(str(a + b + pluck) for a, b in itertools.product(FACES, repeat=2)))
    assert dict(got.breakdowns["totals"]) == totals


@rule("OW-FGT-4")
def test_the_books_lawman_and_outlaw():
    """One die each, Fighting 3 each: even odds; a sixth of the time the dice
    tie and the tie die decides (OW-FGT-4)."""
    got = ow.fight(1, 1, 3, 3)
    assert got.probability == Fraction(1, 2)
    assert got.distribution["a:tie-die"] + got.distribution["b:tie-die"] == Fraction(1, 6)


@rule("OW-MUL-1")
def test_three_outlaws_against_a_cowboy():
    """The book's three Outlaws roll three dice, the Cowboy one. The Cowboy
    wins only with a die above all three, or level with Fighting or the tie
    die: sum over his die c of ((c-1)/6)^3, plus ties."""
    beat = sum(Fraction(c - 1, 6) ** 3 for c in FACES) / 6
    level = sum(Fraction(c, 6) ** 3 - Fraction(c - 1, 6) ** 3 for c in FACES) / 6
    assert ow.fight(1, 3, 3, 3).probability == beat + level / 2
    assert ow.fight(1, 3, 4, 3).probability == beat + level


@rule("OW-FAM-7")
def test_the_books_fame_carried_to_the_second_die():
    """S3 against T8 needs 6 then 4+ (the book's example). With 3 Fame a first
    roll of 3 or more can be raised to 6, and the carried and remaining points
    (3 in all) make any second roll a 4: 4/6. With 2 Fame, first 4+ and second
    2+: 3/6 × 5/6."""
    assert ow.wound(3, 8, 3).probability == Fraction(4, 6)
    assert ow.wound(3, 8, 2).probability == Fraction(3, 6) * Fraction(5, 6)
    assert ow.wound(3, 8).probability == Fraction(1, 6) * Fraction(3, 6)


@rule("OW-WND-3")
def test_a_dash_never_wounds_whatever_the_fame():
    assert ow.wound(1, 9).probability == 0
    assert ow.wound(1, 10, 6).probability == 0
    assert ow.wound(2, 10).query["need"] == "–"
