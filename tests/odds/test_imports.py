"""The odds load without the rulesets they read tables from: a question
answered in a fresh process does not pay for pydantic models, geometry,
numpy or the terminal; and the defaults the odds write down are the
scenario format's."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee.games.old_west.scenario import HouseRules
from referee.odds import old_west as ow
from referee.odds import old_west_round as owr

HEAVY = ("numpy", "shapely", "matplotlib", "rich", "referee.games.old_west.ruleset",
         "referee.games.samurai.ruleset", "referee.games.old_west.scenario",
         "referee.games.samurai.missiles")


def loaded_after(source: str) -> list[str]:
    """The heavy modules a fresh interpreter has loaded after running ``source``."""
    probe = (f"{source}\nimport json, sys\n"
             f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


@pytest.mark.parametrize("source", [
    "from referee.odds import old_west as ow\nprint(ow.wound(4, 4).probability)",
    "from referee.odds import old_west as ow\nprint(ow.fight(2, 1, 3, 3).probability)",
    "from referee.odds import samurai as sam\nprint(sam.attack(1, True).probability)",
    "from referee.odds import samurai as sam\nprint(sam.initiative(-1, False, True).probability)",
    "from referee.odds.old_west_round import Fighter, melee_round\n"
    "print(melee_round(Fighter(), Fighter(fortune=1, drop=3.0)).probability)",
    "from referee.odds import old_west as ow\nprint(ow.shot(4, fame=1).probability)",
    "from referee.odds.samurai_fight import Duelist, fight\n"
    "print(fight(Duelist(), Duelist()).probability)",
    "from referee.odds import samurai as sam\nprint(sam.shot(3, 'teppo', 30.0).probability)",
])
def test_a_question_loads_no_ruleset_nor_heavy_library(source: str):
    assert loaded_after(source) == []


def test_importing_a_ruleset_table_does_not_load_the_ruleset():
    assert loaded_after("import referee.games.old_west.tables\n"
                        "import referee.games.samurai.tables") == []


def test_the_ruleset_is_still_found_by_name_and_from_its_package():
    source = ("from referee import find_ruleset\n"
              "from referee.games.samurai.ruleset import Samurai\n"
              "assert type(find_ruleset('old-west')).__name__ == 'OldWest'\n"
              "assert type(find_ruleset('samurai')) is Samurai")
    assert "referee.games.old_west.ruleset" in loaded_after(source)


def test_the_odds_defaults_are_the_scenario_formats():
    rules = HouseRules()
    assert rules.fame_cap == ow.FAME_CAP
    assert rules.tie_die_advantage_wins_low == ow.ADVANTAGE_WINS_LOW
    assert rules.in_the_way == ow.IN_THE_WAY
    assert rules.fortune_save == owr.FORTUNE_SAVE
    assert rules.fall_safe_height == owr.FALL_SAFE_HEIGHT
    assert rules.fall_strength == owr.FALL_STRENGTH
