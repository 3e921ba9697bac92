"""A saved game remembers who played each seat: resumed, the same seats are
people and the same are bots, without asking, with or without a terminal;
``--seat`` on resuming still changes them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
from referee.cli import app

runner = CliRunner()


def run(*args: str, typed: str = "") -> Result:
    return runner.invoke(app, list(args), input=typed)


def stopped_game(tmp_path: Path) -> Path:
    """A Night Watch game with the Day Watch a person and the Night Watch a
    bot, stopped (the input ends) after three of the person's answers."""
    saved = tmp_path / "game.json"
    result = run("play", "night-watch", "--seat", "day=human", "--seat", "night=bot",
                 "--seed", "1", "--save", str(saved), typed="1\n" * 3)
    assert result.exit_code == 130, result.output[-600:]
    return saved


def test_the_save_file_records_who_played_each_seat(tmp_path: Path) -> None:
    data = json.loads(stopped_game(tmp_path).read_text(encoding="utf-8"))
    assert data["players"] == {"night": "random", "day": "human"}


@pytest.mark.parametrize("terminal", [True, False])
def test_a_resumed_game_keeps_its_players_without_asking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: bool) -> None:
    saved = stopped_game(tmp_path)
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: terminal)
    result = run("play", str(saved), typed="1\n" * 400)
    assert result.exit_code == 0, result.output[-600:]
    assert "p or b" not in result.output and "no terminal" not in result.output
    assert "The Day Watch to play" in result.output  # still the person's seat
    assert "The Night Watch to play" not in result.output  # still a bot's


def test_seats_named_on_resuming_replace_the_saved_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = stopped_game(tmp_path)
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: False)
    result = run("play", str(saved), "--seat", "day=bot")
    assert result.exit_code == 0, result.output[-600:]
    assert "Watch to play" not in result.output  # nobody is asked: both seats are bots
    assert json.loads(saved.read_text(encoding="utf-8"))["players"] == \
        {"night": "random", "day": "random"}


def test_a_file_that_does_not_say_who_played_is_asked_about(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = stopped_game(tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    del data["players"]
    saved.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    result = run("play", str(saved), typed="\n\n" + "1\n" * 400)
    assert "The Night Watch: p or b [p]: " in result.output


@pytest.mark.parametrize(("players", "said"), [
    ({"day": "robot"}, "players.day: no kind of player `robot`; known: human, random"),
    ({"day": "humna"}, "players.day: no kind of player `humna` (did you mean `human`?)"),
    ({"dya": "human"}, "players.dya: the game has no seat `dya` (did you mean `day`?)"),
    (["human"], "players: expected a table of seats"),
])
def test_a_player_the_file_gets_wrong_is_refused_even_in_a_hand_written_file(
        tmp_path: Path, players: object, said: str) -> None:
    """Who plays a seat is not in the checksum, so it is checked on its own:
    an unknown kind is refused, never passed over for the seat to be asked."""
    saved = stopped_game(tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["players"] = players
    del data["checksum"]
    data["unchecked"] = True
    saved.write_text(json.dumps(data), encoding="utf-8")
    for command in (["play", str(saved), "--seat", "all=bot"], ["replay", str(saved)]):
        result = run(*command)
        assert result.exit_code == 2, result.output[-600:]
        assert said in " ".join(result.output.split())
