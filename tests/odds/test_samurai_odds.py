"""Samurai odds checked two ways: every roll of the dice counted with
itertools.product, and icepool composing the same mechanics from the book."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.odds import samurai as sam

runner = CliRunner()
FACES = range(1, 7)
BOOSTS = [(False, False), (True, False), (False, True), (True, True)]


def _attack_by_hand(modifier: int, boost_attack: bool, boost_defence: bool) -> dict[int, Fraction]:
    """SAM-ATK-6..8 and SAM-BST-3/4 applied to every roll: 2d6 (3d6, two highest)
    against 1d6 (2d6, both)."""
    attack_dice = 3 if boost_attack else 2
    defence_dice = 2 if boost_defence else 1
    counts: dict[int, int] = {}
    for roll in itertools.product(FACES, repeat=attack_dice + defence_dice):
        attack = sum(sorted(roll[:attack_dice], reverse=True)[:2])
        defence = sum(roll[attack_dice:])
        margin = max(attack - defence + modifier, 0)
        counts[margin] = counts.get(margin, 0) + 1
    whole = 6 ** (attack_dice + defence_dice)
    return {m: Fraction(n, whole) for m, n in counts.items()}


def _initiative_by_hand(difference: int, boost_a: bool, boost_b: bool) -> Fraction:
    """SAM-FGT-4, SAM-BST-2: the higher of 1 or 2 dice plus modifiers; a tie
    is rolled again plain, an even chance."""
    first = Fraction(0)
    dice_a, dice_b = (2 if boost_a else 1), (2 if boost_b else 1)
    whole = 6 ** (dice_a + dice_b)
    for roll in itertools.product(FACES, repeat=dice_a + dice_b):
        a, b = max(roll[:dice_a]) + difference, max(roll[dice_a:])
        first += Fraction(1 if a > b else (0 if a < b else Fraction(1, 2)), whole)
    return first


@pytest.mark.rule("SAM-ATK-6", "SAM-ATK-7", "SAM-ATK-8", "SAM-BST-3", "SAM-BST-4")
@pytest.mark.parametrize(("boost_attack", "boost_defence"), BOOSTS)
@pytest.mark.parametrize("modifier", [-6, -2, 0, 1, 6])
def test_the_attack_margin_matches_every_roll_counted(
        modifier: int, boost_attack: bool, boost_defence: bool) -> None:
    answer = sam.attack(modifier, boost_attack, boost_defence)
    expected = _attack_by_hand(modifier, boost_attack, boost_defence)
    assert {int(k): p for k, p in answer.distribution.items()} == expected
    assert answer.probability == 1 - expected.get(0, Fraction(0))


@pytest.mark.parametrize(("boost_attack", "boost_defence"), BOOSTS)
@pytest.mark.parametrize("modifier", range(-6, 7, 3))
def test_the_chance_of_damage_matches_icepool(
        modifier: int, boost_attack: bool, boost_defence: bool) -> None:
    attack = icepool.d6.highest(3, 2) if boost_attack else 2 @ icepool.d6
    defence = 2 @ icepool.d6 if boost_defence else icepool.d6
    damage = (attack - defence + modifier > 0).probability(True)
    assert sam.attack(modifier, boost_attack, boost_defence).probability == Fraction(damage)


def test_the_book_numbers_of_a_plain_attack() -> None:
    """Without modifiers 2d6 beats 1d6 unless 2d6 ≤ d6: (0+1+3+6+10+15)/216 = 35/216."""
    assert sam.attack(0).distribution["0"] == Fraction(35, 216)


@pytest.mark.rule("SAM-FGT-4", "SAM-BST-2")
@pytest.mark.parametrize(("boost_a", "boost_b"), BOOSTS)
@pytest.mark.parametrize("difference", range(-5, 6))
def test_initiative_matches_every_roll_counted_and_icepool(
        difference: int, boost_a: bool, boost_b: bool) -> None:
    answer = sam.initiative(difference, boost_a, boost_b)
    assert answer.probability == _initiative_by_hand(difference, boost_a, boost_b)
    a = (icepool.d6.highest(2, 1) if boost_a else icepool.d6) + difference
    b = icepool.d6.highest(2, 1) if boost_b else icepool.d6
    ahead = (a > b).probability(True)
    tie = (a == b).probability(True)
    assert answer.probability == Fraction(ahead) + Fraction(tie) / 2


def test_equal_fighters_without_boost_have_an_even_chance() -> None:
    assert sam.initiative(0).probability == Fraction(1, 2)


def test_the_tables_cover_every_case_and_agree_with_single_queries() -> None:
    attack = sam.attack_table()
    assert attack.rows == tuple(range(-6, 7)) and len(attack.columns) == 4
    assert attack.cells[(2, 3)] == sam.attack(2, True, True).probability
    initiative = sam.initiative_table()
    assert initiative.cells[(-1, 1)] == sam.initiative(-1, True, False).probability


def test_the_commands_answer_in_json_with_exact_fractions() -> None:
    result = runner.invoke(app, ["odds", "samurai", "attack", "--modifier", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["probability"] == "181/216" and data["distribution"]["0"] == "35/216"
    result = runner.invoke(app, ["odds", "samurai", "initiative", "--difference", "0",
                                 "--boost-a", "--boost-b", "--json"])
    assert json.loads(result.output)["probability"] == "1/2"
    table = runner.invoke(app, ["odds", "samurai", "attack-table", "--json"])
    assert json.loads(table.output)["probability"]["0"]["plain"] == "181/216"


def test_the_commands_answer_in_russian() -> None:
    result = runner.invoke(app, ["odds", "samurai", "attack", "--modifier", "-1",
                                 "--boost-defence", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "Атака, модификатор −1, Усиление: защита" in result.output
    assert "33,56%" in result.output  # 145/432


@pytest.mark.parametrize(("modifier", "boost_attack", "boost_defence"),
                         [(0, False, False), (-2, True, False), (1, True, True)])
def test_monte_carlo_attacks_agree_with_the_exact_odds(
        modifier: int, boost_attack: bool, boost_defence: bool) -> None:
    games = 200_000
    counts = sam.sample_attacks(games, modifier, boost_attack, boost_defence, seed=11)
    assert sum(counts.values()) == games
    exact = sam.attack(modifier, boost_attack, boost_defence).distribution
    assert set(counts) <= {int(k) for k in exact}
    for key, p in exact.items():
        share = counts.get(int(key), 0) / games
        spread = 4 * (float(p) * (1 - float(p)) / games) ** 0.5
        assert abs(share - float(p)) <= spread + 1e-9, (key, share, float(p))


@pytest.mark.parametrize(("args", "need"), [
    # 2d6 + Shooting + range band (house rule: within 6" +1, to 12" 0, to 24" -1,
    # to 36" -2, the Teppo -3 there), -1 after moving unless a Shuriken (SAM-RNG-2),
    # Shuriken -2; against 6 + cover (light 1, heavy 2) + armour (the Teppo:
    # only heavy +1, SAM-RNG-4). ``need``: the 2d6 total that damages.
    ((3, "yumi", 10.0), 4),                                  # 2d6 + 3 > 6
    ((3, "yumi", 5.0, True), 4),                             # +1 range, -1 moved
    ((2, "teppo", 20.0, False, "light", "heavy"), 8),        # +2-1 > 6+1+1
    ((2, "yumi", 20.0, False, "light", "heavy"), 10),        # +2-1 > 6+1+3
    ((2, "shuriken", 4.0, True), 6),                         # +2-2+1, no moving penalty
    ((4, "teppo", 30.0, False, "heavy"), 8),                 # +4-3 > 6+2
])
def test_a_shot_hits_from_the_total_the_house_rule_gives(
        args: tuple[object, ...], need: int) -> None:
    ways = sum(1 for a in FACES for b in FACES if a + b >= need)
    assert sam.shot(*args).probability == Fraction(ways, 36)


def test_the_shot_command_refuses_an_unknown_weapon_and_answers_in_json() -> None:
    result = runner.invoke(app, ["odds", "samurai", "shot", "--shooting", "3", "--distance",
                                 "20", "--weapon", "teppo", "--cover", "light", "--armour",
                                 "heavy", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["probability"] == "7/12"
    refused = runner.invoke(app, ["odds", "samurai", "shot", "--shooting", "3", "--distance",
                                  "5", "--weapon", "bow"])
    assert refused.exit_code == 2 and "expected `yumi`, `teppo`, or `shuriken`" in refused.output


@pytest.mark.rule("SAM-RNG-1")
def test_a_shot_beyond_the_weapons_range_is_refused_with_its_range() -> None:
    """The book's missile table: the Yumi reaches 48", the Shuriken 6"."""
    result = runner.invoke(app, ["odds", "samurai", "shot", "--shooting", "3", "--distance",
                                 "49", "--weapon", "yumi"])
    assert result.exit_code == 2
    assert "out of range: the yumi reaches 48 inches, the target is 49 inches away" \
        in result.output
    assert sam.shot(3, "yumi", 48.0).probability > 0
    result = runner.invoke(app, ["odds", "samurai", "shot", "--shooting", "3", "--distance",
                                 "7", "--weapon", "shuriken", "--lang", "ru"])
    assert result.exit_code == 2 and "цель вне досягаемости" in result.output, result.output
