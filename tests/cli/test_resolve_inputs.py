"""How `referee resolve` reads what the game master is sent: a file per
character or a folder of them, a character's orders given twice refused
with both files named, two templates joined into one file refused naming
the line; and no file written over without --force."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
from referee.cli import app

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
START = EXAMPLE / "research_wing.toml"
runner = CliRunner()


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(arg) for arg in args])


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def anna_and_boris(folder: Path) -> tuple[Path, Path]:
    """Turn 1 as two players send it: Anna walks into the corridor, Boris
    detains any scientist there (research_wing.toml: Boris waits in the corridor)."""
    return (write(folder / "anna.toml", 'turn = 1\n[anna]\nmove = { to = 3 }\n'),
            write(folder / "boris.toml", '[boris]\ndetain = ["uniform:scientist"]\n'))


def test_a_file_per_character_is_resolved_as_one_turn(tmp_path: Path) -> None:
    anna, boris = anna_and_boris(tmp_path / "turn1")
    result = run("resolve", START, anna, boris, "--json")
    assert result.exit_code == 0, result.output
    log = json.loads(result.output)["seats"]["anna"]["log"]
    assert "(step 1) Boris detains you." in log


def test_a_folder_of_orders_files_is_read_whole(tmp_path: Path) -> None:
    anna_and_boris(tmp_path / "turn1")
    result = run("resolve", START, tmp_path / "turn1", "--json")
    assert result.exit_code == 0, result.output
    assert "(step 1) Boris detains you." in json.loads(result.output)["seats"]["anna"]["log"]


def test_a_characters_orders_given_twice_are_refused_naming_both_files(tmp_path: Path) -> None:
    anna, _ = anna_and_boris(tmp_path / "turn1")
    again = write(tmp_path / "late" / "anna.toml", "[anna]\nignore = true\n")
    out = tmp_path / "turn2.json"
    result = run("resolve", START, tmp_path / "turn1", again, "--out", out)
    assert result.exit_code == 2
    assert f"`[anna]` is given orders twice, in {anna} and in {again}" in result.output
    assert "Nothing is resolved." in result.output
    assert "== Anna" not in result.output and not out.exists()


def test_two_templates_joined_into_one_file_are_refused_naming_the_line(tmp_path: Path) -> None:
    templates = [run("orders-template", START, seat).output for seat in ("anna", "boris")]
    assert all(text.startswith("# Orders for turn 1") for text in templates)
    joined = write(tmp_path / "orders.toml", templates[0] + templates[1])
    line = len(templates[0].splitlines()) + 1 + next(
        at for at, text in enumerate(templates[1].splitlines()) if text.startswith("turn ="))
    result = run("resolve", START, joined, "--out", tmp_path / "turn2.json")
    assert result.exit_code == 2
    assert (f"{joined}, line {line}: `turn = …` inside the table `[anna]`: two orders files "
            "seem joined into one.") in result.output
    assert "== Anna" not in result.output and not (tmp_path / "turn2.json").exists()
    russian = run("resolve", START, joined, "--lang", "ru")
    assert f"строка {line}: `turn = …` внутри таблицы `[anna]`" in russian.output
    assert run("validate", START, joined).exit_code == 2  # the same check before the deadline


def test_out_and_reports_never_write_over_a_file_without_force(tmp_path: Path) -> None:
    anna, boris = anna_and_boris(tmp_path / "turn1")
    out = write(tmp_path / "turn2.json", "kept\n")
    report = write(tmp_path / "reports" / "anna.txt", "kept\n")
    refused = run("resolve", START, anna, boris, "--out", out)
    assert refused.exit_code == 2 and "add --force to write over it" in refused.output
    refused = run("resolve", START, anna, boris, "--reports", tmp_path / "reports")
    assert refused.exit_code == 2 and "add --force to write over it" in refused.output
    assert out.read_text() == "kept\n" and report.read_text() == "kept\n"
    forced = run("resolve", START, anna, boris, "--out", out, "--reports", tmp_path / "reports",
                 "--force")
    assert forced.exit_code == 0, forced.output
    assert out.read_text() != "kept\n" and report.read_text().startswith("Anna: turn 1")


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    yield


def test_play_never_saves_over_a_file_without_force(tmp_path: Path, terminal: None) -> None:
    saved = write(tmp_path / "game.json", "kept\n")
    refused = run("play", "night-watch", "--seat", "all=bot", "--save", saved)
    assert refused.exit_code == 2 and "add --force to write over it" in refused.output
    assert saved.read_text() == "kept\n"
    forced = run("play", "night-watch", "--seat", "all=bot", "--seed", "1", "--save", saved,
                 "--force")
    assert forced.exit_code == 0 and json.loads(saved.read_text())["inputs"]
