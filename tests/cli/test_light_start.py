"""Commands that make no game load neither shapely nor NumPy (about 65 ms of
start-up): listing the rulesets checks each example scenario's terrain in
plain arithmetic, and the command's help and an odds query read no table."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("shapely", "numpy")

RUN = (
    "import sys\n"
    "from referee.cli import main\n"
    "sys.argv = ['referee', *sys.argv[1:]]\n"
    "try:\n"
    "    main()\n"
    "except SystemExit:\n"
    "    pass\n"
    f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
"""Runs the command named by its arguments, then prints which of
:data:`HEAVY` it loaded."""


def loaded_by(*arguments: str) -> str:
    """The last line :data:`RUN` prints for ``referee ARGUMENTS`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", RUN, *arguments], capture_output=True,
                          text=True, check=True)
    return done.stdout.splitlines()[-1]


@pytest.mark.parametrize("arguments", [
    pytest.param(("rulesets",), id="rulesets"),
    pytest.param(("--help",), id="help"),
    pytest.param(("odds", "old-west", "wound", "-s", "3", "-t", "4"), id="odds"),
])
def test_a_command_that_makes_no_game_loads_neither_shapely_nor_numpy(
        arguments: tuple[str, ...]) -> None:
    assert loaded_by(*arguments) == "LOADED []"


def test_the_listing_still_names_the_seats_of_the_table_games_examples() -> None:
    done = subprocess.run([sys.executable, "-c", RUN, "rulesets"], capture_output=True,
                          text=True, check=True)
    assert "lawmen" in done.stdout and "retainers" in done.stdout, done.stdout
    assert "broken" not in done.stdout + done.stderr


def test_a_game_on_the_table_loads_shapely() -> None:
    script = ("import sys\n"
              "from referee.core.game import Game\n"
              "from referee.core.scenario import load_scenario\n"
              "Game(*load_scenario('samurai')).view('retainers')\n"
              "print('shapely' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "True"
