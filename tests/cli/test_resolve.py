"""The example Facility game played for three turns with `referee resolve`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.core.savefile import load_game

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
ORDERS = EXAMPLE / "research_wing_orders"
runner = CliRunner()


def resolve(*args: str | Path):
    return runner.invoke(app, ["resolve", *map(str, args)])


def test_three_turns_chain_through_the_next_state_and_keep_their_history(tmp_path: Path):
    state = EXAMPLE / "research_wing.toml"
    for turn in (1, 2, 3):
        next_state = tmp_path / f"state{turn + 1}.toml"
        result = resolve(state, ORDERS / f"turn{turn}.toml", "--out", next_state)
        assert result.exit_code == 0, result.output
        state = next_state
    history = load_game(tmp_path / "state4.game.json")
    assert [line for line in history.text_log() if "detains" in line] == [
        "[step 1] Boris detains Anna."]


def test_turn_one_in_json_anna_is_detained_in_the_corridor_with_the_keycard():
    result = resolve(EXAMPLE / "research_wing.toml", ORDERS / "turn1.toml", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    anna = data["characters"]["anna"]
    assert anna["room"] == 3
    assert "keycard" in json.dumps(anna["items"])
    assert any("Boris detains Anna" in line for line in anna["report"])
    assert any("Anna left room 1" in line for line in data["cameras"]["1"])
    assert data["void_orders"] == []


def test_turn_three_boris_does_not_follow_a_roommate_and_reports_come_in_russian(
        tmp_path: Path):
    state = EXAMPLE / "research_wing.toml"
    for turn in (1, 2):
        resolve(state, ORDERS / f"turn{turn}.toml", "--out", tmp_path / f"s{turn + 1}.toml")
        state = tmp_path / f"s{turn + 1}.toml"
    as_json = json.loads(resolve(state, ORDERS / "turn3.toml", "--json").output)
    assert (as_json["characters"]["anna"]["room"], as_json["characters"]["boris"]["room"]) == (2, 3)
    russian = resolve(state, ORDERS / "turn3.toml", "--lang", "ru")
    assert russian.exit_code == 0, russian.output
    assert "Отчёт: Борис" in russian.output
    assert "Анна выходит через дверь «западная»." in russian.output


def test_an_orders_file_for_another_turn_is_refused(tmp_path: Path):
    result = resolve(EXAMPLE / "research_wing.toml", ORDERS / "turn2.toml")
    assert result.exit_code == 2
    assert "turn" in result.output
    assert "Traceback" not in result.output
