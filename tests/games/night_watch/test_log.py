"""What each reader's log says: one line per draw, the end said once."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.core.game import Game
from tests.games.night_watch.nw import new_game, other


def larisa_draws_attack_4() -> Game:
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "zoo")],
                    day=["attack-4"], hand_size=1)
    game.feed("attack-4")
    return game


def draw_lines(game: Game, reader: str, lang: str = "en") -> list[str]:
    word = "draws" if lang == "en" else "берёт"
    return [line for line in game.text_log(reader, lang) if word in line]


def test_each_seat_reads_one_line_for_a_draw_the_card_only_if_it_may_see_it():
    game = larisa_draws_attack_4()
    assert draw_lines(game, "day") == ["Larisa draws Attack-4."]
    assert draw_lines(game, "night") == ["Larisa draws a Spell card."]
    assert draw_lines(game, "day", "ru") == ["Лариса берёт карту «Атака-4»."]
    assert draw_lines(game, "night", "ru") == ["Лариса берёт карту Заклинания."]


def test_the_referee_reads_one_line_for_a_draw_with_the_card():
    game = larisa_draws_attack_4()
    assert draw_lines(game, "referee") == ["Larisa draws Attack-4."]


def test_a_seats_view_carries_one_log_entry_per_draw():
    game = larisa_draws_attack_4()
    for seat, spell in (("day", True), ("night", False)):
        entries = [e for e in game.view(seat)["log"] if e["key"].startswith("nw.draws")]
        assert [e["key"] for e in entries] == ["nw.draws-secret" if spell else "nw.draws"]


def test_the_printout_of_a_game_of_bots_shows_each_draw_once_and_the_end_once(tmp_path: Path):
    saved = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "night-watch", "--seat", "all=random",
                                      "--seed", "5", "--save", str(saved)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    draws = [item for item in json.loads(saved.read_text())["inputs"]
             if "chance" in item and str(item["chance"]).startswith(("attack-", "defence-"))]
    assert len([line for line in lines if " draws " in line]) == len(draws) > 0
    assert not any("a Spell card" in line for line in lines)
    assert sum("The game is over" in line for line in lines) == 1
    end = lines.index("The game is over.")
    assert lines[end + 1].startswith(("The Night Watch won: ", "The Day Watch won: ",
                                      "The game is a draw: "))
