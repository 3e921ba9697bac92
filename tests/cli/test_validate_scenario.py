"""``referee validate SCENARIO`` on a shipped scenario with one mistake: the
mistake's own line and nothing that only follows from it, in the reader's
language; and files that are no scenario at all, said in plain words."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
GAMES = Path(__file__).parents[2] / "src/referee/games"
OLD_WEST = GAMES / "old_west/scenarios/showdown_at_dry_gulch.toml"
SAMURAI = GAMES / "samurai/scenarios/retainers_and_bandits.toml"
FACILITY = GAMES / "facility/scenarios/research_wing.toml"


def edited(tmp_path: Path, source: Path, *changes: tuple[str, str]) -> Path:
    """``source`` with each ``(old, new)`` made once, written to tmp_path."""
    text = source.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path, lang: str = "en") -> list[str]:
    """The lines ``referee validate`` prints under its heading, without the file name."""
    result = runner.invoke(app, ["validate", str(path), "--lang", lang])
    assert result.exit_code == 2, result.output
    prefix = f"  {path}: "
    lines = result.output.splitlines()[1:]
    assert all(line.startswith(prefix) for line in lines), result.output
    return [line.removeprefix(prefix) for line in lines]


def test_a_misspelt_objective_kind_gives_its_own_line_only(tmp_path: Path) -> None:
    path = edited(tmp_path, OLD_WEST, ('objective = { kind = "hold" }',
                                        'objective = { kind = "hodl" }'))
    assert problems(path) == [
        'posses[0] (the Lawmen).objective.kind: expected one of escape, hold, got "hodl" '
        "(did you mean `hold`?)"]


def test_a_point_of_one_number_says_it_needs_two_and_the_leader_is_still_found(
        tmp_path: Path) -> None:
    path = edited(tmp_path, OLD_WEST, ("at = [8.0, 4.0]", "at = [8.0]"))
    assert problems(path) == [
        "posses[0] (the Lawmen).models[0] (marshal).at: needs a list of 2 numbers, got [8.0]"]
    assert problems(path, "ru") == [
        "posses[0] (Законники).models[0] (marshal).at: нужен список из 2 чисел, а не [8.0]"]


def test_a_refused_table_size_is_not_used_to_place_the_models(tmp_path: Path) -> None:
    path = edited(tmp_path, OLD_WEST, ("width = 24", "width = -24"),
                  ("at = [8.0, 4.0]", "at = [30.0, 4.0]"))
    assert problems(path) == ["table.width: must be more than 0, got -24"]


def test_a_misspelt_house_rule_leaves_the_models_checked_against_the_table(
        tmp_path: Path) -> None:
    """Only a refused base size keeps the models from being placed."""
    path = edited(tmp_path, OLD_WEST, ("max_turns = 12", "max_turns = 12\nmax_turnz = 3"),
                  ("at = [8.0, 4.0]", "at = [30.0, 4.0]"))
    found = problems(path)
    assert found[0].startswith("house_rules.max_turnz: unknown field `max_turnz`"), found
    assert any("marshal" in line and "off the" in line for line in found), found


def test_bands_with_a_bad_field_each_are_not_empty_and_are_still_cross_checked(
        tmp_path: Path) -> None:
    path = edited(tmp_path, SAMURAI, ("initiative = 3", 'initiative = "high"'),
                  ('seat = "bandits"', 'seat = "retainers"'),
                  ("initiative = 4", 'initiative = "fast"'),
                  ('id = "thug"', 'id = "hatamoto"'), ("at = [6.0, 21.0]", "at = [30.0, 21.0]"))
    assert problems(path) == [
        'bands[0] (the Retainers).fighters[0] (hatamoto).initiative: expected a whole number, '
        'got "high"',
        'bands[1] (the Bandits).fighters[1] (ninja).initiative: expected a whole number, '
        'got "fast"',
        "bands[1].seat: two bands share the seat `retainers`",
        "bands[1].fighters[2].id: the id `hatamoto` is used twice (fighters and seats need "
        "different ids)",
        "bands[1].fighters[3].at: `poacher` stands at (30, 21): its base is off the "
        '24" × 24" table']


def test_a_fighter_left_out_does_not_move_the_fields_named_after_it(tmp_path: Path) -> None:
    path = edited(tmp_path, SAMURAI, ('id = "chief"', 'id = "Chief!"'),
                  ("at = [6.0, 21.0]", "at = [30.0, 21.0]"))
    assert problems(path) == [
        'bands[1] (the Bandits).fighters[0] (Chief!).id: "Chief!" does not match the pattern '
        "^[a-z][a-z0-9_\\-]*$",
        "bands[1].fighters[3].at: `poacher` stands at (30, 21): its base is off the "
        '24" × 24" table']


def test_a_room_that_is_no_number_is_not_also_an_unknown_room(tmp_path: Path) -> None:
    path = edited(tmp_path, FACILITY, ("room = 5\n", 'room = "five"\n'))
    assert problems(path) == ['characters.gleb.room: expected a whole number, got "five"']


def test_names_in_a_fields_place_read_in_the_chosen_language(tmp_path: Path) -> None:
    path = edited(tmp_path, SAMURAI, ("initiative = 3", "initiative = 30"))
    assert problems(path, "ru") == [
        "bands[0] (Вассалы).fighters[0] (hatamoto).initiative: должно быть не больше 10, "
        "а не 30"]
    path = edited(tmp_path, OLD_WEST, ("fighting = 4", "fighting = 40"))
    assert problems(path, "ru") == [
        "posses[0] (Законники).models[0] (marshal).fighting: должно быть не больше 10, "
        "а не 40"]


def test_the_title_of_a_valid_scenario_is_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["validate", str(OLD_WEST), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == (f"ок: {OLD_WEST} — правильный сценарий old-west "
                                     "(Перестрелка у Сухого Оврага)")


def test_a_folder_is_said_to_be_a_folder(tmp_path: Path) -> None:
    assert problems(tmp_path) == [
        "this is a folder, not a scenario file; give the path of a scenario file (.toml)"]
    assert problems(tmp_path, "ru") == [
        "это папка, а не файл сценария; укажите путь к файлу сценария (.toml)"]


def test_text_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('ruleset = "old-west"\ntitle = "Caf\xe9"\n'.encode("latin-1"))
    assert problems(path) == ["not UTF-8 text (line 2); save the file as UTF-8"]
    assert problems(path, "ru") == [
        "текст не в кодировке UTF-8 (строка 2); сохраните файл в UTF-8"]


def test_a_saved_game_points_to_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "samurai", "--seat", "all=random", "--seed", "1",
                                 "--save", str(path)])
    assert played.exit_code == 0, played.output
    assert problems(path) == [
        f"this looks like a saved game, not a scenario; to replay it: referee replay {path}"]
    assert problems(path, "ru") == [
        f"похоже, это сохранённая игра, а не сценарий; воспроизвести её: referee replay {path}"]
