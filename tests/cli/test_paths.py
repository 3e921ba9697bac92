"""What the commands write: never over one of their own inputs, never over
an existing file without --force, into folders checked before anything is
played, one report file per character, and no temporary file left behind
by a writer that was killed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.cli.resolve import report_file_name
from referee.core.game import Game
from referee.core.savefile import save_game
from referee.core.scenario import load_scenario

runner = CliRunner()
GAMES = Path(__file__).parents[2] / "src/referee/games"
FACILITY = GAMES / "facility/scenarios/research_wing.toml"
ORDERS = GAMES / "facility/scenarios/research_wing_orders/turn1.toml"
NIGHT_WATCH = GAMES / "night_watch/scenarios/moscow.toml"


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def flat(text: str) -> str:
    return " ".join(text.split())


def copy(source: Path, target: Path) -> Path:
    target.write_bytes(source.read_bytes())
    return target


def test_play_never_saves_over_the_scenario_it_plays(tmp_path: Path) -> None:
    scenario = copy(NIGHT_WATCH, tmp_path / "s.toml")
    before = scenario.read_bytes()
    for given in (scenario, tmp_path / "sub" / ".." / "s.toml"):
        result = run("play", scenario, "--seat", "all=bot", "--save", given, "--force")
        assert result.exit_code == 2, result.output[-800:]
        assert "this is one of the command's own inputs" in flat(result.output)
    assert scenario.read_bytes() == before
    shipped = NIGHT_WATCH.read_bytes()
    result = run("play", "night-watch", "--seat", "all=bot", "--save", NIGHT_WATCH)
    assert result.exit_code == 2 and NIGHT_WATCH.read_bytes() == shipped


def test_play_saves_over_an_existing_file_only_with_force(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("my notes", encoding="utf-8")
    result = run("play", "night-watch", "--seat", "all=bot", "--save", saved, "--lang", "ru")
    assert result.exit_code == 2
    assert "такой файл уже есть" in flat(result.output) and "--force" in result.output
    assert saved.read_text(encoding="utf-8") == "my notes"
    result = run("play", "night-watch", "--seat", "all=bot", "--save", saved, "--force")
    assert result.exit_code == 0, result.output[-800:]
    assert json.loads(saved.read_text(encoding="utf-8"))["ruleset"] == "night_watch"


def test_a_resumed_game_goes_on_saving_to_its_own_file(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    save_game(Game(*load_scenario("night-watch")), saved)
    for extra in ((), ("--save", str(saved))):
        result = run("play", saved, "--seat", "all=bot", *extra)
        assert result.exit_code == 0, result.output[-800:]


def test_resolve_never_writes_over_its_orders_or_an_existing_file(tmp_path: Path) -> None:
    orders = copy(ORDERS, tmp_path / "orders.toml")
    before = orders.read_bytes()
    result = run("resolve", FACILITY, orders, "--out", orders, "--force")
    assert result.exit_code == 2 and "own inputs" in flat(result.output)
    assert orders.read_bytes() == before
    taken = tmp_path / "turn2.json"
    taken.write_text("{}", encoding="utf-8")
    result = run("resolve", FACILITY, orders, "--out", taken)
    assert result.exit_code == 2 and "the file exists" in flat(result.output)
    assert taken.read_text(encoding="utf-8") == "{}"
    assert run("resolve", FACILITY, orders, "--out", taken, "--force").exit_code == 0


def test_reports_never_replace_files_without_force(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    assert run("resolve", FACILITY, ORDERS, "--reports", reports).exit_code == 0
    written = (reports / "anna.txt").read_text(encoding="utf-8")
    (reports / "anna.txt").write_text("kept", encoding="utf-8")
    result = run("resolve", FACILITY, ORDERS, "--reports", reports)
    assert result.exit_code == 2 and "anna.txt: the file exists" in flat(result.output)
    assert (reports / "anna.txt").read_text(encoding="utf-8") == "kept"
    assert run("resolve", FACILITY, ORDERS, "--reports", reports, "--force").exit_code == 0
    assert (reports / "anna.txt").read_text(encoding="utf-8") == written


def test_reports_through_dot_dot_make_only_the_folder_named(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("resolve", FACILITY, ORDERS, "--reports", "a/../b/../rep")
    assert result.exit_code == 0, result.output[-800:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]
    assert "Report written: rep/anna.txt" in result.output


def test_report_files_are_one_per_character_whatever_its_id(tmp_path: Path) -> None:
    """Two characters whose ids differ only by a character no file name may
    hold once shared one file: each read the other's private report."""
    names = {report_file_name(seat) for seat in ("vera?", "vera*", "vera_", "vera%3F", ".vera",
                                                 "ve/ra", "vera")}
    assert len(names) == 7
    assert report_file_name("vera?") == "vera%3F.txt"
    assert report_file_name(".vera") == "%2Evera.txt"
    text = FACILITY.read_text(encoding="utf-8")
    assert "[characters.vera]" in text
    scenario = tmp_path / "s.toml"
    scenario.write_text(text.replace("[characters.vera]", '[characters."vera?"]'),
                        encoding="utf-8")
    result = run("resolve", scenario, ORDERS, "--reports", tmp_path / "rep")
    assert result.exit_code == 0, result.output[-800:]
    assert (tmp_path / "rep" / "vera%3F.txt").exists()
    assert not (tmp_path / "rep" / "vera_.txt").exists()


def test_report_files_that_only_capitals_tell_apart_are_refused(tmp_path: Path) -> None:
    text = FACILITY.read_text(encoding="utf-8")
    scenario = tmp_path / "s.toml"
    scenario.write_text(text.replace("[characters.vera]", "[characters.ANNA]"),
                        encoding="utf-8")
    result = run("resolve", scenario, ORDERS, "--reports", tmp_path / "rep")
    assert result.exit_code == 2
    assert "the reports of `ANNA` and `anna` would be one file" in flat(result.output) or \
        "the reports of `anna` and `ANNA` would be one file" in flat(result.output)
    assert not any((tmp_path / "rep").iterdir())


def _read_only_folder(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o555)
        return folder
    if not Path("/proc/self").is_dir():
        pytest.skip("no folder here that the superuser cannot write in")
    return Path("/proc")


def test_pictures_into_a_folder_that_cannot_be_written_are_refused_before_play(
        tmp_path: Path) -> None:
    folder = _read_only_folder(tmp_path)
    saved = tmp_path / "game.json"
    result = run("play", "old-west", "--seat", "all=bot", "--svg", folder, "--save", saved)
    assert result.exit_code == 2, result.output[-800:]
    assert "Traceback" not in result.output and not saved.exists()


def test_a_killed_writer_leaves_no_temporary_file_for_long(tmp_path: Path) -> None:
    """A save killed mid-write leaves its temporary file; the next write of
    the same file removes it (its process is gone)."""
    saved = tmp_path / "game.json"
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = tmp_path / f".game.json.{int(done.stdout)}.0badc0de.tmp"
    stale.write_text('{"format": 2, "ruleset": "night-wa', encoding="utf-8")
    mine = tmp_path / f".game.json.{os.getpid()}.feedface.tmp"  # a live writer's: kept
    mine.write_text("", encoding="utf-8")
    save_game(Game(*load_scenario("night-watch")), saved)
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name, "game.json"]
