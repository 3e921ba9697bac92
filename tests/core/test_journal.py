"""Autosave by journal: each input appended with a running checksum; the
file it follows loads with every input; a cut-off last line loses only the
input being made; a changed line is refused; the file is written whole
seldom enough that a save's cost does not grow with the game."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from random import Random

import pytest

import referee.core.journal as journal
from referee.core.errors import SaveFileError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.journal import journal_path
from referee.core.savefile import Autosave, load_game, load_to_resume, save_game
from referee.core.scenario import load_scenario


def old_west_game(inputs: int, seed: int = 7) -> tuple[Game, list[Game]]:
    """A game of the Old West example played to ``inputs`` inputs, and a
    fresh game of the same scenario."""
    from referee.bots import random_playouts

    ruleset, scenario = load_scenario("old-west")
    whole = next(iter(random_playouts(ruleset, scenario, [seed])))
    return whole, [Game(ruleset, scenario)]


def same_game(one: Game, two: Game) -> None:
    assert one.inputs == two.inputs
    assert one.checksum() == two.checksum()
    for seat in (*one.seats, REFEREE):
        assert one.text_log(seat) == two.text_log(seat)


def autosaved(path: Path, inputs: list[dict[str, object]], stop: int,
              close: bool = False) -> tuple[Game, Autosave]:
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    saver = Autosave(path, {seat: "random" for seat in game.seats})
    saver.save(game)
    for item in inputs[:stop]:
        game.apply(item)
        saver.save(game)
    if close:
        saver.close(game)
    return game, saver


@pytest.fixture(scope="module")
def inputs() -> list[dict[str, object]]:
    whole, _ = old_west_game(0)
    assert len(whole.inputs) > 150
    return list(whole.inputs)


def test_a_game_autosaved_input_by_input_loads_as_it_was_played(
        tmp_path: Path, inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    game, _ = autosaved(path, inputs, 150)  # not closed: as after kill -9
    assert journal_path(path).exists()
    same_game(load_game(path), game)
    resumed, notice, players = load_to_resume(path)
    same_game(resumed, game)
    assert notice is None and set(players.values()) == {"random"}


def test_closing_writes_the_file_whole_and_removes_the_journal(
        tmp_path: Path, inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    game, _ = autosaved(path, inputs, 100, close=True)
    assert not journal_path(path).exists()
    assert len(json.loads(path.read_text(encoding="utf-8"))["inputs"]) == 100
    same_game(load_game(path), game)


def test_a_line_cut_off_loses_only_the_input_being_made(
        tmp_path: Path, inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    game, _ = autosaved(path, inputs, 120)
    text = journal_path(path).read_text(encoding="utf-8")
    journal_path(path).write_text(text[: text.rstrip("\n").rfind("\n") + 20], encoding="utf-8")
    loaded = load_game(path)
    assert loaded.inputs == game.inputs[:-1]


def test_a_changed_line_of_the_journal_is_refused_naming_it(
        tmp_path: Path, inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    autosaved(path, inputs, 90)
    lines = journal_path(path).read_text(encoding="utf-8").splitlines()
    assert len(lines) > 3
    entry = json.loads(lines[2])
    entry["input"] = inputs[0] if entry["input"] != inputs[0] else inputs[1]
    lines[2] = json.dumps(entry)
    journal_path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"game\.json\.journal: line 3: .*changed"):
        load_game(path)


def test_a_journal_of_an_earlier_writing_of_the_file_is_passed_over(
        tmp_path: Path, inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    autosaved(path, inputs, 80)
    stale = journal_path(path).read_text(encoding="utf-8")
    game, _ = autosaved(tmp_path / "other.json", inputs, 40, close=True)
    save_game(game, path)  # written whole by another command
    journal_path(path).write_text(stale, encoding="utf-8")
    same_game(load_game(path), game)


def test_the_file_is_written_whole_seldom(
        tmp_path: Path, inputs: list[dict[str, object]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Written whole at the start and each time the journal grows as long as
    the game it follows: a handful of times in a long game, so that a save
    costs, on average, the same early and late."""
    wholes: list[int] = []
    write_whole = Autosave.write_whole

    def counted(self: Autosave, game: Game) -> None:
        wholes.append(len(game.inputs))
        write_whole(self, game)

    monkeypatch.setattr(Autosave, "write_whole", counted)
    monkeypatch.setattr(journal, "LEAST_BEFORE_WRITING_WHOLE", 8)
    autosaved(tmp_path / "game.json", inputs, len(inputs))
    assert wholes[0] == 0
    assert len(wholes) <= 6, wholes
    assert all(later > 2 * earlier for earlier, later in pairwise(wholes[1:]))


def test_undoing_writes_the_file_whole(tmp_path: Path,
                                       inputs: list[dict[str, object]]) -> None:
    path = tmp_path / "game.json"
    game, saver = autosaved(path, inputs, 60)
    game.undo()
    saver.save(game)
    same_game(load_game(path), game)


def test_random_games_resume_from_their_journal(tmp_path: Path) -> None:
    rng = Random(28)
    ruleset, scenario = load_scenario("night-watch")
    from referee.bots import random_playouts

    for seed in (rng.randrange(10**6) for _ in range(3)):
        whole = next(iter(random_playouts(ruleset, scenario, [seed])))
        path = tmp_path / f"{seed}.json"
        game = Game(ruleset, scenario)
        saver = Autosave(path)
        saver.save(game)
        for item in whole.inputs:
            game.apply(item)
            saver.save(game)
        same_game(load_game(path), whole)
