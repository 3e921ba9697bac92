"""``referee odds old-west ...`` as a user meets it: exact fractions in JSON,
English and Russian text, plots, and no ruleset imported by the command."""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

rule = pytest.mark.rule
runner = CliRunner()
ODDS_CLI = Path(__file__).parents[2] / "src/referee/cli/odds.py"


def run(*args: str) -> str:
    result = runner.invoke(app, ["odds", "old-west", *args])
    assert result.exit_code == 0, result.output
    return result.output


def as_json(*args: str) -> dict:
    return json.loads(run(*args, "--json"))


@rule("OW-WND-1", "OW-WND-2")
def test_wound_json_gives_the_exact_fraction():
    """S3 against T8 needs 6 then 4+: 1/6 × 3/6 = 1/12."""
    data = as_json("wound", "--strength", "3", "--toughness", "8")
    assert data["probability"] == "1/12"
    assert data["need"] == "6/4"
    assert data["distribution"] == {"wounded": "1/12", "unhurt": "11/12"}


@rule("OW-FAM-7")
def test_wound_json_with_fame_lists_fame_spent():
    data = as_json("wound", "-s", "3", "-t", "8", "--fame", "2")
    assert Fraction(data["probability"]) == Fraction(3, 6) * Fraction(5, 6)
    assert sum(Fraction(p) for p in data["fame_spent"].values()) == 1


@rule("OW-FGT-1", "OW-FGT-2", "OW-ATT-1")
def test_fight_json_is_the_chance_side_a_wins():
    """Two dice at Fighting 3 against one at Fighting 4: A wins only when its
    best die is higher: 1 - P(max of 2 <= B's die) = 1 - sum(b^2)/216 = 125/216."""
    data = as_json("fight", "--dice", "2", "1", "--fighting", "3", "4")
    assert data["probability"] == "125/216"
    assert data["distribution"]["b:fighting"] == "1/6"
    assert data["winner"] == {"a": "125/216", "b": "91/216"}


@rule("OW-PLK-1")
def test_pluck_json_and_totals():
    """Pluck 3 passes on 7+ on two dice: 21/36."""
    data = as_json("pluck", "--pluck", "3")
    assert data["probability"] == "7/12"
    assert data["totals"]["10"] == "1/6"


@rule("OW-WND-5")
def test_wound_table_json_has_every_cell():
    data = as_json("wound-table")
    assert data["rows"] == list(range(1, 11)) and data["columns"] == list(range(1, 11))
    assert data["probability"]["1"]["10"] == "0/1"
    assert data["probability"]["10"]["1"] == "2/3"
    assert data["probability"]["3"]["10"] == "1/36"
    assert len(data["cells"]) == 100


def test_fight_and_pluck_tables_print_as_json():
    fight = as_json("fight-table", "--fighting", "3", "3")
    assert fight["probability"]["1"]["1"] == "1/2"
    pluck = as_json("pluck-table", "--max-fame", "2")
    assert pluck["probability"]["0"]["0"] == "1/6"
    assert pluck["columns"] == [0, 1, 2]


def test_human_output_in_english_and_russian():
    english = run("wound", "-s", "3", "-t", "8", "--lang", "en")
    assert "1/12 ≈ 8.33%" in english and "Strength 3" in english
    russian = run("wound", "-s", "3", "-t", "8", "--lang", "ru")
    assert "1/12 ≈ 8,33%" in russian and "Сила 3" in russian and "Выносливости 8" in russian
    table = run("wound-table", "--lang", "ru")
    assert "Выносливость" in table and "6/4" in table


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plots_are_written(tmp_path: Path, suffix: str):
    for args in (["wound-table"], ["pluck", "--pluck", "2"], ["fight", "--dice", "1", "2"]):
        target = tmp_path / f"{args[0]}{suffix}"
        run(*args, "--plot", str(target))
        assert target.stat().st_size > 1000


def test_a_plot_to_an_unknown_format_is_refused(tmp_path: Path):
    result = runner.invoke(app, ["odds", "old-west", "pluck", "--pluck", "2", "--plot",
                                 str(tmp_path / "x.gif")])
    assert result.exit_code == 2
    assert ".png or .svg" in result.output


def test_the_odds_command_imports_no_ruleset():
    tree = ast.parse(ODDS_CLI.read_text(encoding="utf-8"))
    names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names]
    names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [n for n in names if n.startswith("referee.games")]


EVERY_QUESTION = [
    ["old-west", "wound", "--strength", "3", "--toughness", "4", "--fame", "1"],
    ["old-west", "fight", "--dice", "2", "3", "--fighting", "3", "4"],
    ["old-west", "pluck", "--pluck", "3", "--fame", "1"],
    ["old-west", "shot", "--shooting", "4", "--fame", "1"],
    ["old-west", "round"],
    ["samurai", "attack", "--modifier", "-1", "--boost-attack"],
    ["samurai", "initiative", "--difference", "1", "--boost-a"],
    ["samurai", "shot", "--shooting", "3", "--weapon", "yumi", "--distance", "10"],
    ["samurai", "fight"],
    ["echo", "check", "--skill", "3", "--penalty", "1"],
]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("question", EVERY_QUESTION, ids=lambda q: "-".join(q[:2]))
def test_every_answer_reads_without_a_bare_catalogue_key(question: list[str], lang: str):
    """Every line of a human answer is text from the catalogue: no heading or
    outcome falls back to its key (``odds.breakdown...``)."""
    result = runner.invoke(app, ["odds", *question, "--lang", lang])
    assert result.exit_code == 0, result.output
    assert "odds." not in result.output
    assert "_" not in result.output


@pytest.mark.parametrize(("args", "english", "russian"), [
    (["old-west", "round", "--attacks", "11", "1"],
     "--attacks: expected two numbers from 1 to 10, not 11 and 1",
     "--attacks: ожидались два числа от 1 до 10, а не 11 и 1"),
    (["old-west", "round", "--fame", "-1", "0"],
     "--fame: expected two numbers from 0 up, not -1 and 0",
     "--fame: ожидались два числа от 0 и больше, а не -1 и 0"),
    (["old-west", "fight", "--dice", "0", "2"],
     "--dice: expected two numbers from 1 to 20, not 0 and 2",
     "--dice: ожидались два числа от 1 до 20, а не 0 и 2"),
    (["old-west", "round", "--advantage", "c"],
     "--advantage: expected a or b, not `c`", "--advantage: ожидалось a или b, а не `c`"),
    (["samurai", "shot", "--shooting", "3", "--distance", "9", "--weapon", "yumii"],
     "--weapon: expected `yumi`, `teppo`, or `shuriken`, not `yumii` (did you mean `yumi`?)",
     "--weapon: ожидалось `yumi`, `teppo` или `shuriken`, а не `yumii` (может быть, `yumi`?)"),
])
def test_a_bad_option_is_refused_in_the_chosen_language(args: list[str], english: str,
                                                        russian: str) -> None:
    for lang, expected in (("en", english), ("ru", russian)):
        result = runner.invoke(app, ["odds", *args, "--lang", lang])
        assert result.exit_code == 2, result.output
        assert expected in result.output, result.output
