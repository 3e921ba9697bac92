"""Concentration in parts of a point the book's costs do not come in
(tenths, thousandths): spent, recovered and shown exactly, as decimal
arithmetic gives it (CHAT-MOV-3, CHAT-TAG-2, house rule 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.games.facility.helpers import resolve, text


@pytest.mark.rule("CHAT-MOV-3")
def test_tenths_walk_two_doors_and_recover_a_tenth() -> None:
    # 0.7 - 0.5 (two doors) + 0.1 (recovery) = 0.3, never 0.30000000000000004.
    result = resolve({"ann": {"concentration": 0.7, "max_concentration": 1}},
                     {"ann": {"move": {"route": ["east", "east"]}}},
                     settings={"concentration_recovery": 0.1})
    assert result.world.characters["ann"].concentration == Fraction(3, 10)
    lines = text(result, "ann")
    assert "(end of turn) You recover 0.1 concentration." in lines
    assert "Health 3 of 3, concentration 0.3. You carry" in lines
    state = result.game.view("ann")["state"]
    assert state["character"]["concentration"] == 0.3


@pytest.mark.rule("CHAT-TAG-2")
def test_thousandths_short_of_a_half_cannot_pay_for_a_second_door() -> None:
    # 0.499 pays for one door (free) but not for the second (0.5): tired.
    result = resolve({"ann": {"concentration": 0.499}},
                     {"ann": {"move": {"route": ["east", "east"]}}})
    ann = result.world.characters["ann"]
    assert ann.room == 2
    assert ann.concentration == Fraction(499, 1000)
