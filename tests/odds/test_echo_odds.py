"""Echo skill checks checked three ways: every roll of the dice counted with
itertools.product, icepool composing the same check, and the chance event the
Echo rules themselves ask for; and ``referee odds echo`` as a user meets it."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import icepool  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.i18n import msg
from referee.games.echo.checks import successes
from referee.games.echo.scenario import Settings
from referee.odds import echo

rule = pytest.mark.rule
runner = CliRunner()
SETTINGS = [(6, 5, 1), (6, 5, 2), (6, 4, 1), (8, 6, 3), (4, 4, 1), (6, 1, 1), (6, 6, 2)]


def by_hand(skill: int, penalty: int, sides: int, face: int,
            needed: int) -> tuple[dict[int, Fraction], Fraction]:
    """House rule 1 applied to every roll: a die per point of skill less the
    penalty, none below zero; a die of ``face`` or more is a success."""
    dice = max(skill - penalty, 0)
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, sides + 1), repeat=dice):
        hits = sum(1 for die in roll if die >= face)
        counts[hits] = counts.get(hits, 0) + 1
    whole = sides**dice
    dist = {k: Fraction(n, whole) for k, n in counts.items()}
    return dist, sum((p for k, p in dist.items() if k >= needed), Fraction(0))


@rule("ECHO-ITEM-2", "ECHO-BAT-5", "ECHO-BAT-1")
@pytest.mark.parametrize(("sides", "face", "needed"), SETTINGS)
def test_a_check_matches_every_roll_counted(sides: int, face: int, needed: int):
    for skill in range(0, 6):
        for penalty in range(0, 4):
            answer = echo.check(skill, penalty, sides, face, needed)
            dist, passed = by_hand(skill, penalty, sides, face, needed)
            assert {int(k): p for k, p in answer.distribution.items() if p} == dist
            assert answer.probability == passed
            assert answer.breakdowns["verdict"] == {"passed": passed, "failed": 1 - passed}


@rule("ECHO-ITEM-2", "ECHO-BAT-5")
@pytest.mark.parametrize(("sides", "face", "needed"), SETTINGS)
def test_a_check_matches_icepool(sides: int, face: int, needed: int):
    """icepool: the sum of (skill − penalty) dice, each counting 1 on ``face``+."""
    for skill in range(0, 9):
        for penalty in range(0, 4):
            dice = max(skill - penalty, 0)
            hits = dice @ (icepool.d(sides) >= face) if dice else icepool.Die([0])
            expected = Fraction((hits >= needed).probability(True))
            assert echo.check(skill, penalty, sides, face, needed).probability == expected


@pytest.mark.parametrize(("sides", "face", "needed"), SETTINGS)
def test_a_check_gives_the_odds_the_rules_roll_with(sides: int, face: int, needed: int):
    """The chance event the Echo rules ask for (referee.games.echo.checks)."""
    settings = Settings(die_sides=sides, success_face=face, successes_needed=needed)
    for dice in range(1, 8):
        chance = successes(msg("odds.echo.skill"), dice, settings)
        answer = echo.check(dice, 0, sides, face, needed)
        assert {str(k): p for k, p in chance.outcomes} == dict(answer.distribution)


def test_the_house_rule_defaults_are_the_scenarios():
    """A check with the defaults: two dice pass 5/9 (1 − (4/6)²), the
    docs' example 4/9, 4/9, 1/9."""
    answer = echo.check(4, 2)
    assert dict(answer.distribution) == {"0": Fraction(4, 9), "1": Fraction(4, 9),
                                         "2": Fraction(1, 9)}
    assert answer.probability == Fraction(5, 9)
    defaults = Settings()
    assert (defaults.die_sides, defaults.success_face, defaults.successes_needed) == \
        (echo.DIE_SIDES, echo.SUCCESS_FACE, echo.SUCCESSES_NEEDED)


@rule("ECHO-BAT-5")
def test_a_penalty_as_large_as_the_skill_leaves_no_dice_and_the_check_fails():
    answer = echo.check(3, 3)
    assert answer.probability == 0
    assert dict(answer.distribution) == {"0": Fraction(1)}
    assert echo.check(2, 5).query["dice"] == 0


def test_the_table_is_the_checks():
    table = echo.check_table(max_skill=4, max_penalty=2)
    assert table.rows == (0, 1, 2, 3, 4) and table.columns == (0, 1, 2)
    assert table.cells[(4, 1)] == echo.check(4, 1).probability == Fraction(19, 27)


def run(*args: str) -> str:
    result = runner.invoke(app, ["odds", "echo", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_check_json_gives_exact_fractions():
    data = json.loads(run("check", "--skill", "3", "--json"))
    assert data["probability"] == "19/27"
    assert data["distribution"] == {"0": "8/27", "1": "4/9", "2": "2/9", "3": "1/27"}
    assert data["dice"] == 3 and data["success_face"] == 5
    assert data["verdict"] == {"passed": "19/27", "failed": "8/27"}


def test_check_flags_are_the_house_rules_settings():
    data = json.loads(run("check", "--skill", "5", "--penalty", "1", "--die-sides", "8",
                          "--success-face", "7", "--successes-needed", "2", "--json"))
    _, passed = by_hand(5, 1, 8, 7, 2)
    assert Fraction(data["probability"]) == passed
    assert data["die_sides"] == 8 and data["successes_needed"] == 2


def test_check_in_english_and_russian():
    english = run("check", "--skill", "4", "--penalty", "2")
    assert "5/9 ≈ 55.56%" in english and "2 dice" in english and "1 success:" in english
    russian = run("check", "--skill", "4", "--penalty", "2", "--lang", "ru")
    assert "5/9 ≈ 55,56%" in russian and "штрафом 2" in russian and "2 успеха" in russian


def test_check_table_as_json_and_text():
    data = json.loads(run("check-table", "--max-skill", "3", "--max-penalty", "1", "--json"))
    assert data["probability"]["3"] == {"0": "19/27", "1": "5/9"}
    assert "штраф" in run("check-table", "--lang", "ru")


def test_a_success_face_off_the_die_is_refused():
    result = runner.invoke(app, ["odds", "echo", "check", "--skill", "3", "--success-face",
                                 "7"])
    assert result.exit_code == 2
    assert "--success-face" in result.output and "1 to 6" in result.output


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_echo_plots_are_written(tmp_path: Path, suffix: str):
    for args in (["check", "--skill", "3"], ["check-table"]):
        target = tmp_path / f"{args[0]}{suffix}"
        run(*args, "--plot", str(target))
        assert target.stat().st_size > 1000
