"""Scenario values that once validated and then broke play (a table of 1e308
inches, an infinite concentration, a million dice, a thousand Locations) are
refused by ``referee validate`` with the field and the limit named; a
scenario at the limits still sets up and plays."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from random import Random

import pytest
import tomli_w
from typer.testing import CliRunner

from referee.cli import app
from referee.core.drivers import RandomBot, RandomChance, play_out
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario
from referee.display import display_for

runner = CliRunner()
GAMES = Path(__file__).parents[2] / "src/referee/games"
OLD_WEST = GAMES / "old_west/scenarios/showdown_at_dry_gulch.toml"
SAMURAI = GAMES / "samurai/scenarios/retainers_and_bandits.toml"
FACILITY = GAMES / "facility/scenarios/research_wing.toml"
ECHO = GAMES / "echo/scenarios/one_day_in_echo.toml"
NIGHT_WATCH = GAMES / "night_watch/scenarios/moscow.toml"


def edited(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "scenario.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def problems(path: Path, lang: str = "en") -> list[str]:
    result = runner.invoke(app, ["validate", str(path), "--lang", lang])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return [line.removeprefix(f"  {path}: ") for line in result.output.splitlines()[1:]]


@pytest.mark.parametrize(("value", "en", "ru"), [
    ("1e308", "table.width: must be at most 120, got 1e+308",
     "table.width: должно быть не больше 120, а не 1e+308"),
    ("1e9", "table.width: must be at most 120, got 1000000000.0",
     "table.width: должно быть не больше 120, а не 1000000000.0"),
    ("inf", "table.width: expected a finite number, got inf",
     "table.width: ожидается конечное число, а не inf"),
    ("nan", "table.width: expected a finite number, got nan",
     "table.width: ожидается конечное число, а не nan"),
])
def test_an_old_west_table_wider_than_ten_feet_or_not_finite_is_refused(
        tmp_path: Path, value: str, en: str, ru: str) -> None:
    path = edited(tmp_path, OLD_WEST, "width = 24", f"width = {value}")
    assert problems(path) == [en]
    assert problems(path, "ru") == [ru]


def test_an_old_west_model_placed_at_nan_is_refused_by_the_schema(tmp_path: Path) -> None:
    path = edited(tmp_path, OLD_WEST, "at = [8.0, 4.0]", "at = [nan, 4.0]")
    assert problems(path) == [
        "posses[0] (the Lawmen).models[0] (marshal).at[0]: expected a finite number, got nan"]


def test_a_samurai_terrain_point_far_off_any_table_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, SAMURAI, "points = [[3.0, 11.0]", "points = [[1e308, 11.0]")
    assert problems(path) == ["terrain[0] (hedge).points[0][0]: must be at most 120, "
                              "got 1e+308"]


def test_a_samurai_table_wider_than_ten_feet_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, SAMURAI, "width = 24", "width = 1e6")
    assert problems(path) == ["table.width: must be at most 120, got 1000000.0"]


def test_an_infinite_concentration_in_the_facility_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, FACILITY, "concentration = 2", "concentration = inf")
    assert problems(path) == ["characters.anna.concentration: expected a finite number, "
                              "got inf"]


def test_an_echo_blow_of_a_million_dice_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, ECHO, "fight = 2", "fight = 1000000")
    found = problems(path)
    assert len(found) == 1 and found[0].endswith(".fight: must be at most 20, got 1000000")
    assert found[0].startswith("investigators[0]")


def test_night_watch_with_a_thousand_locations_is_refused(tmp_path: Path) -> None:
    data = tomllib.loads(NIGHT_WATCH.read_text(encoding="utf-8"))
    given = len(data["locations"])
    data["locations"] += [{"id": f"place-{n}", "name": f"Place {n}"} for n in range(1000)]
    path = tmp_path / "big.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert problems(path) == [f"locations: takes at most 50 items, has {given + 1000}"]


def test_hundreds_of_problems_print_the_first_hundred_and_how_many_more(
        tmp_path: Path) -> None:
    """Fifty models of each posse on one spot: every pair overlaps."""
    data = tomllib.loads(OLD_WEST.read_text(encoding="utf-8"))
    for side, posse in enumerate(data["posses"]):
        posse["models"] = [{"id": f"m{side}-{n}", "name": f"M{n}", "at": [12.0, 12.0]}
                           for n in range(50)]
        posse.pop("leader", None)
        posse.pop("objective", None)
    path = tmp_path / "crowd.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path)])
    lines = result.output.splitlines()
    pairs = 100 * 99 // 2
    assert lines[0] == f"error: {pairs} problems in {path}:"
    assert len(lines) == 1 + 100 + 1
    assert lines[-1] == f"  … and {pairs - 100} more problems"


def test_an_old_west_table_of_the_largest_size_plays_and_draws_a_bounded_picture() -> None:
    data = tomllib.loads(OLD_WEST.read_text(encoding="utf-8"))
    data["table"] = {"width": 120, "depth": 120}
    ruleset = find_ruleset("old-west")
    game = Game(ruleset, validate_scenario(ruleset, data, "big.toml"))
    play_out(game, dict.fromkeys(game.seats, RandomBot(Random(1))), RandomChance(Random(2)),
             max_inputs=40)
    display = display_for(ruleset)
    assert display is not None
    picture = display.svg(game.view("outlaws"), "en")
    assert picture is not None
    width, height = (float(n) for n in re.search(
        r'<svg[^>]*width="([\d.]+)"[^>]*height="([\d.]+)"', picture).groups())  # type: ignore[union-attr]
    assert width < 2500 and height < 2500
