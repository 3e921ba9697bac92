"""Saved games: written whole, read back identical, and refused when not trustworthy."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest

from referee.core.drivers import RandomBot, RandomChance, play_out
from referee.core.errors import SaveFileError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.savefile import FORMAT, load_game, save_game
from referee.core.scenario import load_scenario
from tests.core.toy import Solo, Toy, ToyScenario, registered


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with registered(Toy, Solo):
        yield


def played(until_closed: bool = False) -> Game:
    game = Game(Toy(), ToyScenario(deck=["A", "B", "C", "A", "B"], until_closed=until_closed))
    game.feed("B", "A", "C", "B")  # north B, C; south A, B
    return game


def same_game(one: Game, two: Game) -> None:
    assert one.checksum() == two.checksum()
    assert one.inputs == two.inputs
    for seat in ("north", "south", REFEREE):
        assert one.text_log(seat) == two.text_log(seat)
        assert json.dumps(one.view(seat)) == json.dumps(two.view(seat))


def saved(game: Game, path: Path) -> dict[str, Any]:
    save_game(game, path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_finished_game_round_trips(tmp_path: Path) -> None:
    game = played()
    game.answer("north", "C")
    game.answer("south", "B")
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    same_game(loaded, game)
    assert loaded.outcome() == game.outcome()
    assert loaded.scenario == game.scenario


def test_a_game_in_the_middle_of_a_secret_bid_round_trips(tmp_path: Path) -> None:
    game = played(until_closed=True)
    game.answer("north", "B")
    game.answer("north", "C")
    path = tmp_path / "mid.json"
    save_game(game, path)
    loaded = load_game(path)
    same_game(loaded, game)
    assert loaded.pending_answer("north") == "C"
    loaded.answer("south", "A")
    loaded.close()
    assert loaded.state.bids == {"north": "C", "south": "A"}


def test_the_file_says_what_it_holds_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    game = played()
    data = saved(game, tmp_path / "game.json")
    assert data["format"] == FORMAT
    assert data["ruleset"] == "toy"
    assert data["scenario"]["deck"] == ["A", "B", "C", "A", "B"]
    assert data["inputs"] == [{"chance": card} for card in ("B", "A", "C", "B")]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_file_of_a_newer_format_is_refused(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["format"] = FORMAT + 1
    path = write(tmp_path / "game.json", data)
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    text = str(caught.value)
    assert str(path) in text
    assert f"format {FORMAT + 1}" in text and "newer" in text and "Upgrade" in text


def test_a_file_whose_inputs_were_edited_is_refused(tmp_path: Path) -> None:
    game = played()
    game.answer("north", "C")
    game.answer("south", "B")
    data = saved(game, tmp_path / "game.json")
    data["inputs"][-1]["answer"] = "A"  # still legal, but not what was played
    path = write(tmp_path / "game.json", data)
    with pytest.raises(SaveFileError, match="checksum"):
        load_game(path)
    unchecked = load_game(path, check=False)
    assert unchecked.state.bids == {"north": "C", "south": "A"}


def test_an_edited_secret_answer_still_pending_is_refused(tmp_path: Path) -> None:
    game = played(until_closed=True)
    game.answer("north", "C")
    data = saved(game, tmp_path / "game.json")
    data["inputs"][-1]["answer"] = "B"
    with pytest.raises(SaveFileError, match="checksum"):
        load_game(write(tmp_path / "game.json", data))


def test_an_illegal_input_in_the_file_names_its_index(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["inputs"][2] = {"chance": "Z"}
    with pytest.raises(SaveFileError) as caught:
        load_game(write(tmp_path / "game.json", data))
    assert "inputs[2]" in str(caught.value)
    assert '"Z"' in str(caught.value)


def test_an_input_of_the_wrong_kind_names_its_index(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["inputs"][1] = {"seat": "north", "answer": "A"}
    with pytest.raises(SaveFileError, match=r"inputs\[1\]"):
        load_game(write(tmp_path / "game.json", data))


def test_a_file_that_is_not_json_is_refused_with_where_it_goes_wrong(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": 1,\n "inputs": [1, 2', encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    assert caught.value.render("en") == \
        f"{path}: not a saved game: not valid JSON at line 2, column 17"
    assert caught.value.render("ru") == \
        f"{path}: это не сохранённая игра: ошибка в JSON: строка 2, позиция 17"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(SaveFileError, match="not a saved game: not UTF-8 text"):
        load_game(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="no such file"):
        load_game(tmp_path / "nowhere.json")


@pytest.mark.parametrize("key", ["ruleset", "scenario", "inputs"])
def test_a_file_missing_a_key_names_it(tmp_path: Path, key: str) -> None:
    data = saved(played(), tmp_path / "game.json")
    del data[key]
    with pytest.raises(SaveFileError, match=f"missing {key}"):
        load_game(write(tmp_path / "game.json", data))


@pytest.mark.parametrize(("data", "needle"), [
    ([1, 2], "JSON object"),
    ({"ruleset": "toy"}, "format"),
    ({"format": "one", "ruleset": "toy", "scenario": {}, "inputs": []}, "format"),
    ({"format": 1, "ruleset": "toy", "scenario": {}, "inputs": 5}, "inputs"),
    ({"format": 1, "ruleset": "toy", "scenario": [], "inputs": []}, "scenario"),
    ({"format": 1, "ruleset": "toy", "scenario": {"deck": 3}, "inputs": []}, "deck"),
    ({"format": 1, "ruleset": "no-such-game", "scenario": {}, "inputs": []}, "no-such-game"),
    ({"format": 1, "ruleset": "toy", "ruleset_version": "7", "scenario": {}, "inputs": []},
     "version 7"),
])
def test_a_malformed_file_is_refused_with_a_saved_game_error(
        tmp_path: Path, data: Any, needle: str) -> None:
    path = write(tmp_path / "game.json", data)
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    assert needle in str(caught.value)
    assert str(path) in str(caught.value)


def test_a_file_without_a_checksum_is_refused(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    del data["checksum"]
    with pytest.raises(SaveFileError) as caught:
        load_game(write(tmp_path / "game.json", data))
    assert "no checksum" in str(caught.value) and '"unchecked": true' in str(caught.value)
    assert "нет контрольной суммы" in caught.value.render("ru")


def test_a_hand_written_file_says_so_and_is_replayed(tmp_path: Path) -> None:
    game = played()
    data = saved(game, tmp_path / "game.json")
    del data["checksum"]
    data["unchecked"] = True
    path = write(tmp_path / "game.json", data)
    assert load_game(path).checksum() == game.checksum()
    with pytest.raises(SaveFileError, match="written by hand"):
        load_game(path, allow_unchecked=False)


def test_a_hand_written_file_with_a_checksum_is_still_checked(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["unchecked"] = True
    data["checksum"] = "0" * 64
    with pytest.raises(SaveFileError, match="checksum differs"):
        load_game(write(tmp_path / "game.json", data))


def test_unchecked_must_be_true_or_false(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["unchecked"] = "yes"
    with pytest.raises(SaveFileError, match="unchecked"):
        load_game(write(tmp_path / "game.json", data))


def test_save_refusals_read_in_russian(tmp_path: Path) -> None:
    data = saved(played(), tmp_path / "game.json")
    data["format"] = FORMAT + 1
    with pytest.raises(SaveFileError) as caught:
        load_game(write(tmp_path / "game.json", data))
    assert "Обновите Referee" in caught.value.render("ru")


def test_a_save_cut_off_before_the_rename_leaves_the_old_file_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    first = played()
    save_game(first, path)
    before = path.read_text(encoding="utf-8")
    later = played()
    later.answer("north", "C")

    def killed(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("referee.core.savefile.os.replace", killed)
    with pytest.raises(KeyboardInterrupt):
        save_game(later, path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert load_game(path).checksum() == first.checksum()


@pytest.mark.parametrize(("extra", "english", "russian"), [
    (1, "this input is one too many", "эта запись лишняя"),
    (2, "this input and the one after it are too many",
     "эта запись и ещё одна после неё — лишние"),
    (21, "this input and the 20 after it are too many",
     "эта запись и ещё 20 после неё — лишние"),
])
def test_inputs_after_the_end_are_counted_in_both_languages(extra: int, english: str,
                                                            russian: str) -> None:
    """21 extra inputs are not "one" (a Russian plural category that 21 is in)."""
    from referee.core.i18n import msg, render

    told = msg("core.savefile.after-end", source="g.json", index=5, extra=extra,
               more=extra - 1)
    assert render(told, "en").endswith(english)
    assert render(told, "ru").endswith(russian)


# -- read strictly ------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d.update(chekcsum="0" * 64),
     "unknown key `chekcsum` (did you mean `checksum`?)"),
    (lambda d: d.update(junk=["x"] * 1000), "unknown key `junk`"),
    (lambda d: d["inputs"][1].update(note="mine"),
     "inputs[1]: an input with the keys `chance`, `note`"),
    (lambda d: d.update(format=0), "format 0 is no format of a saved game; Referee reads "
                                   "formats 1, 2"),
    (lambda d: d.update(format=-1), "format -1 is no format"),
    (lambda d: d.update(ruleset_version=3), "ruleset_version: expected text"),
    (lambda d: d.update(server=[]), "server: expected an object"),
])
def test_what_referee_never_writes_is_refused(tmp_path: Path, change: Any, said: str) -> None:
    data = saved(played(), tmp_path / "game.json")
    change(data)
    with pytest.raises(SaveFileError) as caught:
        load_game(write(tmp_path / "game.json", data))
    assert said in str(caught.value)
    assert caught.value.render("ru") != str(caught.value)


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(played(), path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"format": 2,', '"format": 2, "format": 2,', 1),
                    encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    assert "the key `format` is given twice in one object" in str(caught.value)
    assert "дан дважды" in caught.value.render("ru")


def test_the_checksum_covers_the_scenario_as_written_not_only_the_game(tmp_path: Path) -> None:
    """A change to the scenario that the game's state never shows (here a
    title) is caught: the checksum digests the file as well as the game."""
    game = Game(*load_scenario("night-watch"))
    play_out(game, dict.fromkeys(game.seats, RandomBot(Random(1))), RandomChance(Random(2)),
             max_inputs=6)
    data = saved(game, tmp_path / "game.json")
    assert load_game(write(tmp_path / "game.json", data)).checksum() == game.checksum()
    data["scenario"]["title"] = {"en": "Another title", "ru": "Другое название"}
    with pytest.raises(SaveFileError, match="checksum differs"):
        load_game(write(tmp_path / "game.json", data))


def test_a_file_of_format_one_still_loads_and_is_checked(tmp_path: Path) -> None:
    """Format 1 digested the game alone; such files are still read."""
    game = played()
    data = saved(game, tmp_path / "game.json")
    data.update(format=1, checksum=game.checksum())
    same_game(load_game(write(tmp_path / "game.json", data)), game)
    data["inputs"][0]["chance"] = "C"
    with pytest.raises(SaveFileError):
        load_game(write(tmp_path / "game.json", data))


def test_any_change_to_the_scenario_as_written_is_caught(tmp_path: Path) -> None:
    """The checksum digests the file as written, not only the game it plays:
    even a change the game would not show (a default left out) is caught,
    where a file of format 1 passed it."""
    game = Game(*load_scenario("night-watch"))
    data = saved(game, tmp_path / "game.json")
    del data["scenario"]["title"]["gender"]  # null: the default
    with pytest.raises(SaveFileError, match="checksum differs"):
        load_game(write(tmp_path / "game.json", data))
    data.update(format=1, checksum=game.checksum())
    assert load_game(write(tmp_path / "game.json", data)).checksum() == game.checksum()
