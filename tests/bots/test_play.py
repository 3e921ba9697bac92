"""``referee play --seat NAME=rules``: a person plays against the rules bot,
which the save file records, so that the game resumes against it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def test_a_person_plays_against_the_rules_bot_and_resumes_against_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "night-watch", "--seat", "day=human", "--seat",
                                 "night=rules", "--seed", "2", "--save", str(saved)],
                           input="1\n" * 3)
    assert result.exit_code == 130, result.output[-600:]  # the person's input ran out
    assert json.loads(saved.read_text(encoding="utf-8"))["players"] == \
        {"night": "rules", "day": "human"}
    result = runner.invoke(app, ["play", str(saved)], input="1\n" * 400)
    assert result.exit_code == 0, result.output[-600:]
    assert "The Day Watch to play" in result.output
    assert "The Night Watch to play" not in result.output  # still the bot's
    assert json.loads(saved.read_text(encoding="utf-8"))["players"]["night"] == "rules"


def test_rules_bots_at_every_seat_play_a_game_to_its_end_the_same_from_a_seed(
        tmp_path: Path) -> None:
    outputs = []
    for name in ("one.json", "two.json"):
        result = runner.invoke(app, ["play", "samurai", "--seat", "all=rules", "--seed", "4",
                                     "--save", str(tmp_path / name)])
        assert result.exit_code == 0, result.output[-600:]
        outputs.append(result.output)
    assert outputs[0].replace("one.json", "two.json") == outputs[1]
    assert "The Retainers won: " in outputs[0] or "The Bandits won: " in outputs[0] \
        or "The game is a draw: " in outputs[0]
