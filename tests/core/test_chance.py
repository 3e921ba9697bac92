"""Chance events: every outcome with its exact probability."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core.i18n import msg, render
from referee.core.waits import Chance, die

WHAT = msg("test.what")


def test_uniform_gives_each_value_an_equal_share() -> None:
    chance = Chance.uniform(WHAT, ["x", "y", "z"])
    assert [value for value, _ in chance.outcomes] == ["x", "y", "z"]
    assert all(p == Fraction(1, 3) for _, p in chance.outcomes)
    assert chance.probability("y") == Fraction(1, 3)
    assert chance.probability("w") == 0


def test_weighted_is_in_proportion_to_the_counts_and_drops_empty_ones() -> None:
    chance = Chance.weighted(WHAT, {"ace": 3, "king": 1, "queen": 0})
    assert dict(chance.outcomes) == {"ace": Fraction(3, 4), "king": Fraction(1, 4)}
    assert chance.probability("queen") == 0


@given(st.dictionaries(st.text(max_size=3), st.integers(0, 50), min_size=1)
       .filter(lambda counts: sum(counts.values()) > 0))
def test_weighted_probabilities_are_exact_and_sum_to_one(counts: dict[str, int]) -> None:
    chance = Chance.weighted(WHAT, counts)
    total = sum(counts.values())
    assert sum(p for _, p in chance.outcomes) == 1
    for value, n in counts.items():
        assert chance.probability(value) == Fraction(n, total)


@pytest.mark.parametrize("sides", [2, 3, 6, 10, 20])
def test_a_die_has_each_face_once_with_one_chance_in_sides(sides: int) -> None:
    chance = die(sides=sides)
    assert [value for value, _ in chance.outcomes] == list(range(1, sides + 1))
    assert {p for _, p in chance.outcomes} == {Fraction(1, sides)}
    assert chance.probability(0) == chance.probability(sides + 1) == 0


def test_a_die_is_described_by_its_label() -> None:
    assert "d6" in render(die().what)
    assert "d10" in render(die("d10", 10).what, "ru")
    assert render(die().what) != render(die().what, "ru")
    assert die("2d6", extra="x").what.params["extra"] == "x"


@pytest.mark.parametrize("value", [True, 1.0, "1", [1]])
def test_only_the_very_json_value_of_a_face_has_its_probability(value: Any) -> None:
    assert die().probability(value) == 0


def test_an_outcome_given_as_a_tuple_matches_its_json_list() -> None:
    chance = Chance.uniform(WHAT, [(1, "x"), (2, "y")])
    assert chance.probability([1, "x"]) == Fraction(1, 2)
    assert chance.probability((2, "y")) == Fraction(1, 2)
    assert chance.probability([1, "y"]) == 0
