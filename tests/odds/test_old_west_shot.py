"""An Old West shot's odds, and the single roll to hit with k Fame points:
every die counted (to hit, past each cover, both dice of a 6/x wound, the
Fame spent by the stated policy), icepool composing the shot without Fame,
and a shot worked by hand. The same counts give the odds shown at the table,
which tests/odds/test_at_the_table.py checks against the engine."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games.old_west.tables import WOUND_TABLE
from referee.odds import old_west as ow

rule = pytest.mark.rule
runner = CliRunner()
FACES = range(1, 7)
CAP = 6


def raise_to(die: int, need: int, fame: int, room: int) -> int:
    """Fame spent on one die: the shortfall when Fame and the die's room cover it."""
    short = need - die
    return short if 0 < short <= min(fame, room) else 0


def every_die(shooting: int, strength: int, toughness: int, covers: int,
              fame: int) -> dict[str, Fraction]:
    """The result of a shot over every roll of the to-hit die, the cover
    dice and the two wound dice (the second counted only for a 6/x)."""
    need = WOUND_TABLE[(strength, toughness)]
    found: dict[str, Fraction] = {}
    share = Fraction(1, 6 ** (3 + covers))
    for roll in itertools.product(FACES, repeat=3 + covers):
        to_hit, past, first, second = roll[0], roll[1:1 + covers], roll[-2], roll[-1]
        spent = raise_to(to_hit, shooting, fame, CAP - to_hit)
        if to_hit + spent < shooting:
            result = "missed"
        elif any(d < 4 for d in past):
            result = "cover"
        elif need is None:
            result = "unhurt"
        else:
            left = fame - spent
            carry = raise_to(first, need.first, left, CAP - first)
            if first + carry < need.first:
                result = "unhurt"
            elif need.second is None:
                result = "wounded"
            else:
                extra = raise_to(second + carry, need.second, left - carry, 99)
                result = "wounded" if second + carry + extra >= need.second else "unhurt"
        found[result] = found.get(result, Fraction(0)) + share
    return found


CASES = [(4, 3, 3, 0, 0), (5, 3, 4, 1, 2), (3, 2, 8, 0, 3), (6, 4, 10, 2, 1), (2, 5, 3, 1, 0),
         (6, 3, 9, 0, 4)]


@rule("OW-FAM-1", "OW-FAM-6", "OW-FAM-7", "OW-WND-1", "OW-WND-2", "OW-WND-3")
@pytest.mark.parametrize(("shooting", "strength", "toughness", "covers", "fame"), CASES)
def test_a_shot_matches_every_die_counted(shooting: int, strength: int, toughness: int,
                                          covers: int, fame: int):
    odds = ow.shot(shooting, strength, toughness, covers, fame)
    expected = every_die(shooting, strength, toughness, covers, fame)
    assert {k: p for k, p in odds.distribution.items() if p} == expected
    assert odds.probability == expected.get("wounded", 0)


@rule("OW-WND-1", "OW-WND-2")
@pytest.mark.parametrize(("shooting", "strength", "toughness", "covers"),
                         [(4, 3, 3, 0), (5, 3, 8, 1), (3, 6, 4, 2)])
def test_a_shot_without_fame_matches_icepool(shooting: int, strength: int, toughness: int,
                                             covers: int):
    need = WOUND_TABLE[(strength, toughness)]
    assert need is not None
    wounds = (icepool.d6 >= need.first) & (icepool.d6 >= (need.second or 1))
    shot = (icepool.d6 >= shooting) & (covers @ (icepool.d6 >= 4) == covers) & wounds
    assert ow.shot(shooting, strength, toughness, covers).probability == \
        Fraction(shot.probability(True))


@rule("OW-FAM-1", "OW-FAM-6")
@pytest.mark.parametrize(("shooting", "fame", "hit"), [
    (4, 0, Fraction(1, 2)), (4, 1, Fraction(2, 3)), (4, 3, Fraction(1)), (6, 2, Fraction(1, 2)),
    (5, 1, Fraction(1, 2))])
def test_the_roll_to_hit_with_k_fame_points(shooting: int, fame: int, hit: Fraction):
    """One die, ``shooting`` or more: k points turn the k faces below it into hits."""
    assert ow.shot(shooting, fame=fame).breakdowns["to_hit"]["hit"] == hit


@rule("OW-FAM-6")
def test_a_shot_worked_by_hand():
    """5+ to hit with 2 Fame: a 3, 4, 5 or 6 hits (2/3), spending 2, 1, 0, 0.
    Past one cover on 4+: 1/2. S3 against T4 needs 5 with the Fame left:
    after a 5 or 6, 3+ (4/6); after a 4, 4+ (3/6); after a 3, 5+ (2/6).
    1/2 · (2/6 · 4/6 + 1/6 · 3/6 + 1/6 · 2/6) = 13/72."""
    odds = ow.shot(5, 3, 4, covers=1, fame=2)
    assert odds.probability == Fraction(13, 72)
    assert odds.distribution["missed"] == Fraction(1, 3)
    assert odds.distribution["cover"] == Fraction(1, 3)
    assert sum(odds.breakdowns["fame_spent"].values()) == 1


def test_the_shot_command_in_json_and_russian():
    args = ["odds", "old-west", "shot", "--shooting", "5", "--covers", "1", "-t", "4",
            "--fame", "2"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert data["probability"] == "13/72" and data["to_hit"] == {"hit": "2/3", "missed": "1/3"}
    assert data["need"] == "5" and data["in_the_way"] == 4
    russian = runner.invoke(app, [*args, "--lang", "ru"]).output
    assert "на пути 1 укрытие" in russian and "13/72 ≈ 18,06%" in russian
