"""The example Facility game played for three turns with `referee resolve`,
through the public game API and checked game files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.core.events import REFEREE
from referee.core.savefile import load_game

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
START = EXAMPLE / "research_wing.toml"
ORDERS = EXAMPLE / "research_wing_orders"
runner = CliRunner()


def resolve(*args: str | Path):
    return runner.invoke(app, ["resolve", *map(str, args)])


def play_turns(folder: Path, turns: int) -> Path:
    """Resolve the example's first ``turns`` turns, each into a new game file."""
    game = START
    for turn in range(1, turns + 1):
        following = folder / f"turn{turn + 1}.json"
        result = resolve(game, ORDERS / f"turn{turn}.toml", "--out", following)
        assert result.exit_code == 0, result.output
        game = following
    return game


def test_three_turns_chain_through_checked_game_files(tmp_path: Path):
    last = play_turns(tmp_path, 3)
    game = load_game(last)  # format, version and checksum checked
    assert game.state.world.turn == 4
    assert [line for line in game.text_log() if "detains" in line] == [
        "(step 1) Boris detains Anna."]
    assert not any(line.startswith(("You ", "Your ")) or ") You " in line or ") Your " in line
                   for line in game.text_log(REFEREE))


def test_turn_one_in_json_anna_is_detained_in_the_corridor_with_the_keycard():
    result = resolve(START, ORDERS / "turn1.toml", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    anna = data["seats"]["anna"]
    assert anna["name"] == "Anna"
    assert anna["state"]["character"]["room"] == 3
    assert anna["state"]["character"]["hands"] == ["keycard"]
    assert "(step 1) Boris detains Anna." in anna["log"]
    assert "(step 1) You go through the north door into room 3." in anna["log"]
    assert "(step 1) Anna goes through the north door into room 3." in data["referee"]
    assert "(step 1) Anna left room 1 through the north door." in data["observers"]["camera:1"]
    assert data["voids"] == [] and data["refused"] == []


def test_turn_three_boris_does_not_follow_a_roommate_and_reports_come_in_russian(
        tmp_path: Path):
    state = play_turns(tmp_path, 2)
    as_json = json.loads(resolve(state, ORDERS / "turn3.toml", "--json").output)
    rooms = {seat: data["state"]["character"]["room"] for seat, data in as_json["seats"].items()}
    assert (rooms["anna"], rooms["boris"]) == (2, 3)
    russian = resolve(state, ORDERS / "turn3.toml", "--lang", "ru")
    assert russian.exit_code == 0, russian.output
    assert "== Борис (boris)" in russian.output
    assert "Анна выходит через дверь «западная»." in russian.output
    assert "(шаг 1)" in russian.output and "== Ведущий" in russian.output


def test_phase_stamps_survive_the_terminal():
    result = resolve(START, ORDERS / "turn1.toml")
    assert result.exit_code == 0, result.output
    assert "  (step 1) Boris detains Anna." in result.output
    assert "  (actions) keycard goes to your hands." in result.output


def test_a_bad_order_is_void_for_its_seat_alone_and_the_rest_resolves(tmp_path: Path):
    orders = tmp_path / "orders.toml"
    orders.write_text('turn = 1\n[anna]\nmove = { to = "far" }\ntake = [{ item = "keycard" }]\n'
                      "unreadable = [{ order = \"x\", reason = \"y\" }]\n"
                      '[nobody]\nmove = { to = 2 }\n', encoding="utf-8")
    result = resolve(START, orders, "--json", "--out", tmp_path / "next.json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert sorted(v["part"] for v in data["voids"] if v["seat"] == "anna") == [
        "move", "unreadable"]
    assert [r["seat"] for r in data["refused"]] == ["nobody"]
    assert data["seats"]["anna"]["state"]["character"]["hands"] == ["keycard"]
    told = [line for line in data["seats"]["anna"]["log"] if "Not carried out" in line]
    assert len(told) == 2
    assert not any("Not carried out" in line for line in data["seats"]["boris"]["log"])
    game = load_game(tmp_path / "next.json")
    assert game.inputs[-1] == {"close": True}


def test_an_orders_file_for_another_turn_is_refused():
    result = resolve(START, ORDERS / "turn2.toml")
    assert result.exit_code == 2
    assert "turn" in result.output
    assert "Traceback" not in result.output


def test_refuses_to_overwrite_its_own_input(tmp_path: Path):
    first = play_turns(tmp_path, 1)
    before = first.read_bytes()
    result = resolve(first, ORDERS / "turn2.toml", "--out", first)
    assert result.exit_code == 2
    assert "new file" in result.output
    assert first.read_bytes() == before


def test_a_changed_game_file_is_refused(tmp_path: Path):
    first = play_turns(tmp_path, 1)
    data = json.loads(first.read_text(encoding="utf-8"))
    data["inputs"] = data["inputs"][:-1]  # the close of turn 1 lost: the checksum differs
    first.write_text(json.dumps(data), encoding="utf-8")
    result = resolve(first, ORDERS / "turn2.toml", "--out", tmp_path / "again.json")
    assert result.exit_code == 2
    assert "checksum" in result.output
    assert not (tmp_path / "again.json").exists()
