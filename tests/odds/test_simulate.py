"""Monte Carlo of whole games: counts, intervals, workers and the command."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.bots import random_playout
from referee.cli import app
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.odds.simulate import outcome_key, simulate, wilson_interval

runner = CliRunner()


@pytest.mark.parametrize(("count", "games", "low", "high"), [
    # Wilson score intervals at 95%, worked by hand from the formula
    # (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.95996.
    (0, 10, 0.0, 0.27753),
    (5, 10, 0.23659, 0.76341),
    (10, 10, 0.72247, 1.0),
    (1, 20, 0.00889, 0.23613),
])
def test_the_wilson_interval_matches_the_formula_worked_by_hand(
        count: int, games: int, low: float, high: float) -> None:
    assert wilson_interval(count, games) == pytest.approx((low, high), abs=1e-5)


def test_each_game_is_the_playout_of_its_own_seed() -> None:
    ruleset, scenario = load_scenario("night-watch")
    expected = Counter(outcome_key(random_playout(Game(ruleset, scenario), seed))
                       for seed in range(7, 7 + 30))
    result = simulate("night-watch", 30, seed=7)
    assert result.games == 30 and sum(o.count for o in result.outcomes) == 30
    counted = {o.label.key: o.count for o in result.outcomes if o.label.key != "odds.sim.won"}
    wins = sum(o.count for o in result.outcomes if o.label.key == "odds.sim.won")
    assert wins == sum(n for (kind, _), n in expected.items() if kind == "win")
    assert counted.get("odds.sim.draw", 0) == expected[("draw", ())]
    assert [o.count for o in result.outcomes] == sorted(
        (o.count for o in result.outcomes), reverse=True)


def test_two_worker_processes_play_the_same_games_as_one() -> None:
    one = simulate("night-watch", 40, seed=3, workers=1)
    two = simulate("night-watch", 40, seed=3, workers=2)
    assert [(o.label, o.count) for o in one.outcomes] == [(o.label, o.count) for o in two.outcomes]


def test_the_command_prints_json_with_exact_shares_and_intervals() -> None:
    result = runner.invoke(app, ["simulate", "night-watch", "--games", "12", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 12
    assert sum(o["count"] for o in data["outcomes"]) == 12
    for outcome in data["outcomes"]:
        p, q = map(int, outcome["share"].split("/"))
        low, high = outcome["interval_95"]
        assert low <= p / q <= high
        assert outcome["message"]["key"].startswith("odds.sim.")
    assert {o["outcome"] for o in data["outcomes"]} <= {
        "won by the Day Watch", "won by the Night Watch", "a draw"}


def test_json_outcomes_read_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["simulate", "night-watch", "-n", "6", "--json", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    shown = {o["outcome"] for o in json.loads(result.output)["outcomes"]}
    assert shown and all(text.startswith(("победа", "ничья")) for text in shown), shown


def test_a_scenario_for_another_ruleset_is_refused() -> None:
    from referee.core.ruleset import find_ruleset

    western = str(find_ruleset("old-west").examples()[0])
    result = runner.invoke(app, ["simulate", "night-watch", western, "-n", "3"])
    assert result.exit_code == 2
    assert "is a scenario for Legends of the Old West, not for" in result.output, result.output
    assert "played by bots" not in result.output


def test_a_plot_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    for path, reason in ((tmp_path / "plot.txt", "must end in .png or .svg"),
                         (tmp_path / "missing" / "plot.svg", "there is no folder"),
                         (tmp_path, "must end in")):
        result = runner.invoke(app, ["simulate", "night-watch", "-n", "3", "--plot", str(path)])
        assert result.exit_code == 2 and reason in result.output, result.output
        assert "played by bots" not in result.output
    folder = tmp_path / "folder.svg"
    folder.mkdir()
    result = runner.invoke(app, ["simulate", "night-watch", "-n", "3", "--plot", str(folder)])
    assert result.exit_code == 2 and "it is a folder" in result.output, result.output


def test_the_table_names_the_winners_and_a_plot_is_written(tmp_path: Path) -> None:
    picture = tmp_path / "outcomes.svg"
    result = runner.invoke(app, ["simulate", "night-watch", "-n", "10", "--plot", str(picture),
                                 "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "10 партий сыграно ботами" in result.output
    assert "Дозор" in result.output and "95% интервал" in result.output
    ET.parse(picture)


def test_a_bad_run_is_refused_with_the_option_named() -> None:
    result = runner.invoke(app, ["simulate", "night-watch", "--games", "0"])
    assert result.exit_code == 2 and "--games: at least 1 game, not 0" in result.output
    result = runner.invoke(app, ["simulate", "nightwatch", "-n", "3"])
    assert result.exit_code == 2 and "nightwatch" in result.output
