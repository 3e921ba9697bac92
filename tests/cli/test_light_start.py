"""Commands that make no game load neither shapely nor NumPy (about 65 ms of
start-up): listing the rulesets checks each example scenario's terrain in
plain arithmetic, and the command's help and an odds query read no table."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.fresh import run_fresh

HEAVY = ("shapely", "numpy")


@pytest.mark.parametrize("arguments", [
    pytest.param(("rulesets",), id="rulesets"),
    pytest.param(("--help",), id="help"),
    pytest.param(("odds", "old-west", "wound", "-s", "3", "-t", "4"), id="odds"),
])
def test_a_command_that_makes_no_game_loads_neither_shapely_nor_numpy(
        arguments: tuple[str, ...]) -> None:
    assert run_fresh(arguments, watched=HEAVY).loaded == "LOADED []"


def test_the_listing_still_names_the_seats_of_the_table_games_examples() -> None:
    ran = run_fresh(["rulesets"])
    assert "lawmen" in ran.output and "retainers" in ran.output, ran.output
    assert "broken" not in ran.output + ran.errors


def test_a_game_on_the_table_loads_shapely() -> None:
    script = ("import sys\n"
              "from referee.core.game import Game\n"
              "from referee.core.scenario import load_scenario\n"
              "Game(*load_scenario('samurai')).view('retainers')\n"
              "print('shapely' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "True"
