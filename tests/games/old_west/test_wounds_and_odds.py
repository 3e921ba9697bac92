"""The Wound Table against the book, and exact odds of a melee round."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.core.enumerate import distribution
from referee.games.old_west.tables import WOUND_TABLE
from tests.games.old_west.ow import alive, build, keys, m, touching

rule = pytest.mark.rule

BOOK = """
1: 4 5 5 6 6 6/4 6/5 6/6 - -
2: 4 4 5 5 6 6 6/4 6/5 6/6 -
3: 3 4 4 5 5 6 6 6/4 6/5 6/6
4: 3 3 4 4 5 5 6 6 6/4 6/5
5: 3 3 3 4 4 5 5 6 6 6/4
6: 3 3 3 3 4 4 5 5 6 6
7: 3 3 3 3 3 4 4 5 5 6
8: 3 3 3 3 3 3 4 4 5 5
9: 3 3 3 3 3 3 3 4 4 5
10: 3 3 3 3 3 3 3 3 4 4
"""
"""The book's table, typed again from the seed, rows Strength, columns Toughness."""


@rule("OW-WND-5")
def test_wound_table_is_the_books_for_every_strength_and_toughness():
    for line in BOOK.strip().splitlines():
        strength, cells = line.split(":")
        for toughness, cell in enumerate(cells.split(), start=1):
            need = WOUND_TABLE[(int(strength), toughness)]
            shown = "-" if need is None else need.text
            assert shown == cell, f"S{strength} T{toughness}"
    assert len(WOUND_TABLE) == 100


def first_option(game, decision):
    return {seat: decision.options_for(seat)[0].value for seat in decision.seats}


def result(game) -> str:
    if not alive(game, "out"):
        return "outlaw down"
    if not alive(game, "law"):
        return "lawman down"
    return "both standing"


@rule("OW-FGT-4", "OW-WND-2")
def test_exact_odds_of_one_round_match_a_hand_count():
    """Lawman S3 against Outlaw T8 (6/4), Outlaw S3 against Lawman T3 (4+),
    both Fighting 3. By hand: each side wins the fight with 15/36 + 6/36 × 1/2
    = 1/2; the Lawman wounds with 1/6 × 3/6 = 1/12, the Outlaw with 3/6."""
    game = build([m("law", 12, 12)], [m("out", *touching(12, 12, 90), toughness=8)])
    game.feed(6, 1)
    odds = distribution(game, result, lambda g: "ow.phase.melee-ended" in keys(g),
                        first_option)
    half = Fraction(1, 2)
    assert odds == {"outlaw down": half * Fraction(1, 12),
                    "lawman down": half * half,
                    "both standing": 1 - half * Fraction(1, 12) - half * half}
