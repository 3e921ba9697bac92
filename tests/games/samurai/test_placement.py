"""``referee validate`` refuses a Samurai scenario whose fighters stand where
the rules cannot play them: a base over another fighter's base, inside a
building, across a wall or over the table's edge, each named by the fighter's
id and the terrain's name, in English and in Russian. The places come from
the example scenario (`retainers_and_bandits.toml`): a 24" table, the stone
wall from (14, 12) to (21, 12), the farmhouse from (17, 17) to (22, 21), the
Bandit Chief at (12, 20); bases are 25 mm (a radius of 0.49")."""

from __future__ import annotations

from pathlib import Path

from referee.cli import app
from tests.cli.test_validate_scenario import edited as edited_copy
from tests.cli.test_validate_scenario import problems, runner

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/samurai/scenarios" \
    / "retainers_and_bandits.toml"
NINJA = "at = [15.0, 18.0]"
THUG = "at = [9.0, 19.0]"
POACHER = "at = [6.0, 21.0]"
ARCHER = "at = [5.0, 5.0]"


def edited(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    """The example with each ``(old, new)`` made once, written to tmp_path."""
    return edited_copy(tmp_path, EXAMPLE, *changes)


def test_the_example_scenario_is_valid():
    result = runner.invoke(app, ["validate", str(EXAMPLE), "--lang", "en"])
    assert result.exit_code == 0, result.output


def test_a_fighter_inside_the_farmhouse_is_refused(tmp_path: Path):
    path = edited(tmp_path, (NINJA, "at = [19.0, 19.0]"))
    assert problems(path) == [
        "bands[1].fighters[1].at: the base of `ninja` stands inside the building “farmhouse”"]
    assert problems(path, "ru") == [
        "bands[1].fighters[1].at: подставка `ninja` стоит внутри здания «крестьянский дом»"]


def test_a_base_half_over_the_farmhouse_wall_is_refused_too(tmp_path: Path):
    """At x = 16.7 the base (to 17.19) reaches 0.19" into the farmhouse."""
    path = edited(tmp_path, (NINJA, "at = [16.7, 19.0]"))
    assert problems(path) == [
        "bands[1].fighters[1].at: the base of `ninja` stands inside the building “farmhouse”"]


def test_a_fighter_across_the_stone_wall_is_refused(tmp_path: Path):
    path = edited(tmp_path, (POACHER, "at = [17.5, 12.2]"))
    assert problems(path) == [
        "bands[1].fighters[3].at: the base of `poacher` stands across the wall “stone wall”"]
    assert problems(path, "ru") == [
        "bands[1].fighters[3].at: подставка `poacher` стоит поперёк стены «каменная стена»"]


def test_a_fighter_on_another_fighters_spot_is_refused(tmp_path: Path):
    path = edited(tmp_path, (THUG, "at = [12.0, 20.0]"))  # the Bandit Chief's spot
    assert problems(path) == [
        "bands[1].fighters[2].at: the base of `thug` overlaps the base of `chief`"]
    assert problems(path, "ru") == [
        "bands[1].fighters[2].at: подставка `thug` налезает на подставку `chief`"]


def test_bases_that_only_touch_are_allowed(tmp_path: Path):
    """25 mm bases touch with their centres 25/25.4 = 0.984" apart."""
    path = edited(tmp_path, (THUG, "at = [12.985, 20.0]"))
    result = runner.invoke(app, ["validate", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output


def test_a_base_over_the_tables_edge_is_refused(tmp_path: Path):
    """At x = 0.2 the centre is on the table but the base reaches to −0.29."""
    path = edited(tmp_path, (ARCHER, "at = [0.2, 5.0]"))
    assert problems(path) == [
        'bands[0].fighters[3].at: `archer` stands at (0.2, 5): its base is off the '
        '24" × 24" table']
    assert problems(path, "ru") == [
        'bands[0].fighters[3].at: `archer` стоит в точке (0,2; 5): подставка выходит за '
        'стол 24" × 24"']
