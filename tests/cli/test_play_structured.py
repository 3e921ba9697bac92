"""A person answers every decision at the terminal, structured answers too:
a guided form driven by the answer's JSON Schema, an editor, or JSON typed on
one line; a refused answer is shown with every reason and asked again with
the draft kept. Games are saved after every input and resume from the file."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
import referee.core.savefile as savefile_module
from referee.cli import app
from referee.core.i18n import msg
from referee.core.ruleset import Flow, GameState, GameType, Ruleset
from referee.core.savefile import Autosave
from referee.core.waits import JSON, Decision, Option
from tests.core.toy import Solo, SoloScenario, registered

runner = CliRunner()
PERSON = ("--seat", "solo=human")


class BoomScenario(SoloScenario):
    pass


class Boom(Ruleset[BoomScenario, GameState]):
    """One seat picks twice; picking 2 the second time breaks a rule."""

    name = "boom"
    title = msg("solo.title")
    game_type = GameType(decisions="sequential", chance=False, hidden_information=False,
                         cooperative=False, min_seats=1, max_seats=1, max_length=2)
    scenario_model = BoomScenario

    def seats(self, scenario: BoomScenario) -> tuple[str, ...]:
        return ("solo",)

    def new_state(self, scenario: BoomScenario) -> GameState:
        return GameState()

    def play(self, state: GameState) -> Flow:
        options = [Option(1, msg("solo.number", n=1)), Option(2, msg("solo.number", n=2))]
        yield Decision.single("solo", msg("solo.pick"), options)
        second = yield Decision.single("solo", msg("solo.pick"), options)
        if second == 2:
            raise ZeroDivisionError("a rule divided by zero")

    def view(self, state: GameState, seat: str) -> dict[str, JSON]:
        return {}


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    with registered(Solo, Boom):
        yield


def scenario(tmp_path: Path, ruleset: str = "solo", options: int = 3) -> Path:
    path = tmp_path / f"{ruleset}.toml"
    path.write_text(f'ruleset = "{ruleset}"\noptions = {options}\n', encoding="utf-8")
    return path


def run(*args: str, typed: str = "") -> Result:
    return runner.invoke(app, list(args), input=typed)


def saved_inputs(path: Path) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    inputs: list[dict[str, Any]] = data["inputs"]
    return inputs


def answers(path: Path) -> list[JSON]:
    return [item["answer"] for item in saved_inputs(path) if "answer" in item]


def test_a_person_fills_the_guided_form_and_a_refusal_keeps_the_draft(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # pick 1; then steps: the form offers the template (0); 5 is refused (at most 1),
    # the draft 5 is shown, and the second try types 1.
    result = run("play", str(scenario(tmp_path)), *PERSON, "--save", str(saved), "--seed", "1",
                 typed="1\ng\n5\ng\n1\n")
    assert result.exit_code == 0, result.output
    assert "Offered answer:" in result.output and '{"steps": 0}' in result.output
    assert "Not accepted:" in result.output and "at most 1 steps" in result.output
    assert "Your draft:" in result.output and '{"steps": 5}' in result.output
    assert "steps <integer>" in result.output
    assert answers(saved) == [1, {"steps": 1}]
    assert "The game is a draw" in result.output  # one seat alone: nobody beaten


def test_the_refusal_is_shown_in_the_players_language(tmp_path: Path) -> None:
    result = run("play", str(scenario(tmp_path)), *PERSON, "--lang", "ru", "--seed", "1",
                 typed="1\ng\n5\ng\n\n")
    assert "Не принято:" in result.output and "не больше 1 шагов" in result.output
    assert "Ваш черновик:" in result.output
    # an empty field keeps the draft's 5, refused again; the input then ends
    assert result.exit_code == 130


def test_json_on_one_line_with_a_typo_is_asked_again(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", str(scenario(tmp_path)), *PERSON, "--save", str(saved), "--seed", "1",
                 typed='1\nj\n{"steps": \n{"steps": 1}\n')
    assert result.exit_code == 0, result.output
    assert "not JSON" in result.output
    assert answers(saved) == [1, {"steps": 1}]


def editor_script(tmp_path: Path) -> Path:
    """An editor that first leaves broken JSON, then, seeing its own text kept,
    writes a good answer."""
    script = tmp_path / "editor.py"
    script.write_text(
        "import json, sys\n"
        "path = sys.argv[1]\n"
        "text = open(path, encoding='utf-8').read()\n"
        "if 'BROKEN' in text:\n"
        "    open(path, 'w', encoding='utf-8').write(json.dumps({'steps': 1}))\n"
        "else:\n"
        "    assert json.loads(text) == {'steps': 0}, text\n"
        "    open(path, 'w', encoding='utf-8').write('{BROKEN')\n",
        encoding="utf-8")
    return script


def test_the_editor_opens_on_the_template_and_keeps_broken_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor_script(tmp_path)}")
    saved = tmp_path / "game.json"
    result = run("play", str(scenario(tmp_path)), *PERSON, "--save", str(saved), "--seed", "1",
                 typed="1\ne\ne\n")
    assert result.exit_code == 0, result.output
    assert "not JSON" in result.output
    assert answers(saved) == [1, {"steps": 1}]


def test_without_an_editor_the_person_is_told_and_asked_again(tmp_path: Path) -> None:
    result = run("play", str(scenario(tmp_path)), *PERSON, "--seed", "1",
                 typed="1\ne\nj\n{\"steps\": 0}\n")
    assert result.exit_code == 0, result.output
    assert "$EDITOR" in result.output


def test_facility_plays_a_turn_typed_by_a_person(tmp_path: Path) -> None:
    """The acceptance test: `referee play facility --seat anna=human`; the
    other characters, asked about, are people at this terminal too; anna
    moves north by the guided form, the others give no orders."""
    saved = tmp_path / "facility.json"
    # boris, gleb, vera: a person each; anna sits down (Enter); the order
    # "move", where to: "north" (the door), no more orders; then each other
    # person sits down and gives none
    typed = "p\np\np\n" + "\ng\nmove\nnorth\n\n" + "\n" * 9
    result = run("play", "facility", "--seat", "anna=human", "--save", str(saved), typed=typed)
    data = json.loads(saved.read_text(encoding="utf-8"))
    first = data["inputs"][0]
    assert first["seat"] == "anna"
    assert first["answer"]["move"]["route"] == ["north"]
    assert {item.get("seat") for item in data["inputs"][1:4]} == {"boris", "gleb", "vera"}
    assert data["inputs"][4] == {"close": True}
    assert run("replay", str(saved), "--check").exit_code == 0
    assert result.exit_code == 130  # the typed input ran out in a later answer
    assert "Traceback" not in result.output


def test_facility_turn_resolves_after_every_person_answered(tmp_path: Path) -> None:
    saved = tmp_path / "facility.json"
    # each person presses Enter on sitting down, then types JSON on one line
    typed = '\nj\n{"move": {"route": ["north"]}}\n' + "\nj\n{}\n" * 3
    result = run("play", "facility", "--seat", "all=human", "--save", str(saved), typed=typed)
    assert result.exit_code == 130, result.output
    inputs = saved_inputs(saved)
    assert inputs[:5] == [{"seat": "anna", "answer": {"move": {"route": ["north"]}}},
                          {"seat": "boris", "answer": {}}, {"seat": "gleb", "answer": {}},
                          {"seat": "vera", "answer": {}}, {"close": True}]


def test_a_saved_game_resumes_from_its_file_and_keeps_saving_there(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = run("play", str(scenario(tmp_path)), *PERSON, "--save", str(saved), "--seed", "1",
                typed="2\n")
    assert first.exit_code == 130
    assert f"The game so far is saved in {saved}; to go on: referee play {saved}" \
        in first.output.replace("\n", "")
    assert answers(saved) == [2]
    made = len(json.loads(saved.read_text(encoding="utf-8"))["inputs"])
    resumed = run("play", str(saved), *PERSON, "--seed", "1", typed="j\n{\"steps\": 2}\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed {saved} after its {made} inputs." in resumed.output.replace("\n", "")
    assert answers(saved) == [2, {"steps": 2}]
    assert run("replay", str(saved), "--check").exit_code == 0


def test_a_resumed_game_saves_to_another_file_with_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run("play", str(scenario(tmp_path)), *PERSON, "--save", str(saved), "--seed", "1", typed="2\n")
    other = tmp_path / "other.json"
    resumed = run("play", str(saved), "--seat", "all=random", "--save", str(other))
    assert resumed.exit_code == 0, resumed.output
    assert answers(saved) == [2]
    assert answers(other)[0] == 2 and len(answers(other)) == 2


def test_the_game_is_written_after_every_input(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """After each input the file and its journal hold every input so far
    (what a kill -9 then leaves loads); when play ends, the file alone."""
    written: list[int] = []
    real = Autosave.save

    def checked(self: Any, game: Any) -> None:
        real(self, game)
        written.append(len(game.inputs))
        if len(written) % 7 == 1:
            assert savefile_module.load_game(self.path).inputs == game.inputs

    monkeypatch.setattr(Autosave, "save", checked)
    saved = tmp_path / "game.json"
    result = run("play", str(scenario(tmp_path)), "--seat", "all=random", "--save", str(saved))
    assert result.exit_code == 0, result.output
    count = len(saved_inputs(saved))
    assert written == list(range(count + 1))
    assert not (tmp_path / "game.json.journal").exists()


def test_an_unwritable_save_file_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    result = run("play", str(scenario(tmp_path)), "--seat", "all=random",
                 "--save", str(tmp_path / "no" / "such" / "dir" / "game.json"))
    assert result.exit_code == 2
    assert "cannot save the game there" in result.output
    assert " won: " not in result.output
    folder = tmp_path / "folder.json"
    folder.mkdir()
    result = run("play", str(scenario(tmp_path)), "--seat", "all=random", "--save", str(folder))
    assert result.exit_code == 2 and "directory" in result.output


def test_a_save_path_under_a_plain_file_is_refused(tmp_path: Path) -> None:
    """Refused for every user, root included: a file cannot hold a folder."""
    plain = tmp_path / "notes.txt"
    plain.write_text("not a folder", encoding="utf-8")
    result = run("play", str(scenario(tmp_path)), "--seat", "all=random",
                 "--save", str(plain / "game.json"))
    assert result.exit_code == 2 and "cannot save" in result.output
    assert plain.read_text(encoding="utf-8") == "not a folder"


def test_a_broken_rule_is_an_internal_error_and_the_file_holds_the_game_before_it(
        tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", str(scenario(tmp_path, "boom")), *PERSON, "--save", str(saved),
                 typed="1\n2\n")
    assert result.exit_code == 3, result.output
    assert "internal error" in result.output
    assert "input 1" in result.output and '"answer": 2' in result.output.replace("'", '"')
    assert "not a wrong move" in result.output
    assert answers(saved) == [1]
