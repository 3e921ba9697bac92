"""The book's numbers once: what Facility's tables hold is copied nowhere;
the cost of movement is the book's table, which the rules charge and the
docs print from one list; an orders file says the numbers its game plays by."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from referee.core.game import Game
from referee.core.scenario import validate_scenario
from referee.display.orders import desk_for
from referee.games.facility.tables import MOVEMENT_COST_TABLE, movement_cost
from tests.games.facility.helpers import RULESET
from tests.tables_once import copies_of_the_tables

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/facility/scenarios/research_wing.toml"


def test_no_module_keeps_a_copy_of_what_the_tables_hold():
    assert copies_of_the_tables("facility") == []


@pytest.mark.rule("CHAT-MOV-3")
def test_movement_costs_what_the_book_prints_and_the_docs_print_the_same_table():
    """1 door — 0; 2–3 doors — 0.5; 4–5 doors — 1."""
    assert [movement_cost(doors) for doors in range(1, 6)] == [
        0, Fraction(1, 2), Fraction(1, 2), 1, 1]
    assert (("1", Fraction(0)), ("2-3", Fraction(1, 2)), ("4-5", Fraction(1))) == \
        MOVEMENT_COST_TABLE


def _template(settings: dict[str, Any]) -> str:
    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.setdefault("settings", {}).update(settings)
    game = Game(RULESET, validate_scenario(RULESET, data, "test"))
    text = desk_for(RULESET).template(game.view("anna"), "en")
    return " ".join(line.removeprefix("# ") for line in text.splitlines())  # comments unwrapped


def test_an_orders_file_says_the_numbers_its_game_plays_by():
    """The book's 1 damage and 5 doors are the defaults of settings; a game
    that changes them is told so in its orders files (CHAT-MEL-1, CHAT-MOV-1)."""
    book = _template({})
    assert "at most 5 in all" in book and ": 1 damage to a character" in book
    changed = _template({"melee_damage": 2, "max_doors": 3})
    assert "at most 3 in all" in changed and ": 2 damage to a character" in changed
