"""The referee command as a user meets it: exit codes, messages, files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from referee.cli import app
from referee.core.ruleset import find_ruleset

runner = CliRunner()
NW_VERSION = find_ruleset("night-watch").version


def run(*args: str):
    return runner.invoke(app, list(args))


def bot_game_saved(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A whole Night Watch game of bots (seed 2) saved to tmp_path, and its JSON."""
    saved = tmp_path / "game.json"
    assert run("play", "nw", "--seat", "all=bot", "--seed", "2", "--save", str(saved)) \
        .exit_code == 0
    return saved, json.loads(saved.read_text())


def flat(output: str) -> str:
    """``output`` with its lines, wrapped by the console, joined again."""
    return " ".join(output.split())


def test_bots_play_a_whole_night_watch_game_and_the_log_is_printed(tmp_path: Path):
    result = run("play", "night-watch", "--seat", "all=random", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "— Turn 1 —" in result.output
    assert "Egor" in result.output
    assert " Watch won: " in result.output or "The game is a draw: " in result.output


def test_the_same_seed_plays_the_same_game():
    first = run("play", "nw", "--seat", "all=random", "--seed", "9")
    second = run("play", "nw", "--seat", "all=random", "--seed", "9")
    assert first.output == second.output


def test_a_saved_game_replays_identically_with_check(tmp_path: Path):
    saved = tmp_path / "game.json"
    played = run("play", "night_watch", "--seat", "all=random", "--seed", "2", "--save", str(saved))
    assert played.exit_code == 0, played.output
    checked = run("replay", str(saved), "--check")
    assert checked.exit_code == 0, checked.output
    assert "replays identically" in checked.output
    replayed = run("replay", str(saved))
    turn_lines = [line for line in played.output.splitlines() if line.startswith("— Turn")]
    assert turn_lines and turn_lines == [
        line for line in replayed.output.splitlines() if line.startswith("— Turn")]


def test_an_edited_save_file_is_refused(tmp_path: Path):
    saved = tmp_path / "game.json"
    run("play", "nw", "--seat", "all=random", "--seed", "2", "--save", str(saved))
    data = json.loads(saved.read_text())
    first_move = next(i for i, item in enumerate(data["inputs"])
                      if item.get("answer") == "stay")
    seat = data["inputs"][first_move]["seat"]
    data["inputs"] = [*data["inputs"][:first_move], {"seat": seat, "answer": "move:metro"}]
    saved.write_text(json.dumps(data))
    result = run("replay", str(saved), "--check")
    assert result.exit_code == 2
    assert "game.json" in result.output
    assert "Traceback" not in result.output


def test_a_newer_save_format_is_refused_with_advice(tmp_path: Path):
    saved = tmp_path / "new.json"
    saved.write_text(json.dumps({"format": 99, "ruleset": "night_watch", "scenario": {},
                                 "inputs": []}))
    result = run("replay", str(saved))
    assert result.exit_code == 2
    assert "newer Referee" in result.output


def test_russian_output(tmp_path: Path):
    result = run("play", "nw", "--seat", "all=random", "--seed", "4", "--lang", "ru")
    assert result.exit_code == 0
    assert "— Ход 1 —" in result.output


def test_human_seats_need_a_terminal():
    result = run("play", "nw")
    assert result.exit_code == 2
    assert "--seat all=random" in result.output


def test_an_unknown_seat_is_named():
    result = run("play", "nw", "--seat", "dusk=random")
    assert result.exit_code == 2
    assert "night, day" in result.output


def test_an_unknown_seat_to_replay_is_refused_with_a_close_match(tmp_path: Path):
    saved = tmp_path / "game.json"
    run("play", "nw", "--seat", "all=random", "--seed", "2", "--save", str(saved))
    result = run("replay", str(saved), "--seat", "nigth")
    assert result.exit_code == 2
    assert "no seat `nigth` (did you mean `night`?)" in result.output
    assert "night, day, referee" in result.output
    assert run("replay", str(saved), "--seat", "nobody").exit_code == 2
    assert run("replay", str(saved), "--seat", "day").exit_code == 0


def test_replay_check_refuses_a_hand_written_file(tmp_path: Path):
    saved = tmp_path / "game.json"
    run("play", "nw", "--seat", "all=random", "--seed", "2", "--save", str(saved))
    data = json.loads(saved.read_text())
    del data["checksum"]
    saved.write_text(json.dumps(data))
    refused = run("replay", str(saved), "--check")
    assert refused.exit_code == 2 and "no checksum" in refused.output
    data["unchecked"] = True
    saved.write_text(json.dumps(data))
    refused = run("replay", str(saved), "--check")
    assert refused.exit_code == 2 and "written by hand" in refused.output
    assert run("replay", str(saved)).exit_code == 0


def test_validate_reports_every_problem_with_file_and_field(tmp_path: Path):
    broken = tmp_path / "broken.toml"
    source = Path(__file__).parents[2] / "src/referee/games/night_watch/scenarios/moscow.toml"
    text = source.read_text(encoding="utf-8")
    text = text.replace("hand_size = 3", "hand_size = -3").replace(
        'watch = "day"\ninitiative = 2', 'watch = "dusk"\ninitiative = "low"')
    broken.write_text(text, encoding="utf-8")
    result = run("validate", str(broken))
    assert result.exit_code == 2
    assert "3 problems" in result.output
    for field in ("settings.hand_size", "others[0] (larisa).watch",
                  "others[0] (larisa).initiative"):
        assert f"broken.toml: {field}:" in result.output
    assert "expected one of night, day, got \"dusk\"" in result.output
    russian = run("validate", str(broken), "--lang", "ru")
    assert "ожидается целое число" in russian.output and "не меньше 0" in russian.output


def test_validate_accepts_the_example():
    result = run("validate", "night-watch")
    assert result.exit_code == 0
    assert "valid night_watch scenario" in result.output


def test_validate_names_a_missing_file():
    result = run("validate", "no/such/file.toml")
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_schema_is_a_json_schema_of_the_scenario_format():
    result = run("schema", "nw")
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["required"][0] == "ruleset"
    assert {"locations", "others", "decks", "settings"} <= set(schema["properties"])


def test_schema_of_an_unknown_ruleset():
    result = run("schema", "chess")
    assert result.exit_code == 2
    assert "night_watch" in result.output


def test_rulesets_lists_night_watch_with_its_aliases():
    result = run("rulesets")
    assert result.exit_code == 0
    assert "night_watch" in result.output and "nw" in result.output


def test_rulesets_shows_each_game_type_and_the_examples_seats():
    result = run("rulesets")
    assert result.exit_code == 0
    facility = result.output.split("facility")[1].split("night_watch")[0]
    assert "simultaneous" in facility and "no chance" in facility
    assert "hidden information" in facility and "competitive" in facility
    assert "anna" in facility and "vera" in facility
    assert "unbounded" in facility or "at most" in facility


def test_a_replayed_old_west_game_says_its_end_once(tmp_path: Path):
    saved = tmp_path / "game.json"
    played = run("play", "old-west", "--seat", "all=random", "--seed", "5", "--save", str(saved))
    assert played.exit_code == 0, played.output
    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0, replayed.output
    last = replayed.output.strip().splitlines()[-1]
    assert last in played.output.splitlines()
    assert last.startswith(("The Lawmen won: ", "The Outlaws won: ", "The game is a draw: "))
    reason = last.split(": ", 1)[-1].strip()
    assert replayed.output.count(reason) == 1, replayed.output[-600:]


def test_every_shipped_scenario_meets_its_published_schema():
    """An editor checking a scenario against ``referee schema`` accepts every
    example the rulesets ship, whichever name or alias its ``ruleset`` key
    uses, and flags a misspelt field."""
    import tomllib

    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    from referee.core.ruleset import find_ruleset, ruleset_names

    checked = 0
    for name in ruleset_names():
        ruleset = find_ruleset(name)
        result = run("schema", name)
        assert result.exit_code == 0, result.output
        validator = Draft202012Validator(json.loads(result.output))
        for path in ruleset.examples():
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
            assert not list(validator.iter_errors(data)), (path, validator.iter_errors(data))
            for alias in (ruleset.name, *ruleset.aliases):
                assert validator.is_valid({**data, "ruleset": alias})
            assert not validator.is_valid({**data, "ruleset": "chess"})
            assert not validator.is_valid({**data, "titel": "typo"})
            checked += 1
    assert checked >= 5


def test_a_misspelt_seat_kind_is_refused_in_the_chosen_language():
    english = run("play", "nw", "--seat", "day=humn")
    assert english.exit_code == 2
    assert "--seat day=humn: expected `NAME=human` or `NAME=bot`" in english.output
    assert "did you mean `human`?" in english.output
    russian = run("play", "nw", "--seat", "day=humn", "--lang", "ru")
    assert russian.exit_code == 2
    assert "--seat day=humn: ожидалось `ИМЯ=human` или `ИМЯ=bot`" in russian.output
    assert "Invalid value" not in russian.output


def test_a_persons_answers_may_come_from_a_pipe(tmp_path: Path):
    """Without a terminal a person's seat reads one answer a line, so a game
    can be scripted; the input running out stops the game, saved."""
    played = runner.invoke(app, ["play", "nw", "--seat", "day=human", "--seat", "night=bot",
                                 "--seed", "3"], input="1\n" * 400)
    assert played.exit_code == 0, played.output[-1000:]
    assert "The Day Watch to play" in played.output and "Your choice" in played.output
    assert " Watch won: " in played.output or "The game is a draw: " in played.output
    saved = tmp_path / "game.json"
    stopped = runner.invoke(app, ["play", "nw", "--seat", "day=human", "--seat", "night=bot",
                                  "--seed", "3", "--save", str(saved)], input="1\n")
    assert "Stopped. The game so far is saved in" in stopped.output, stopped.output[-1000:]
    inputs = json.loads(saved.read_text())["inputs"]
    assert any(item.get("seat") == "day" for item in inputs)


def test_inputs_after_the_end_of_a_saved_game_are_counted(tmp_path: Path):
    saved, data = bot_game_saved(tmp_path)
    ended = len(data["inputs"])
    data["inputs"] += [{"chance": 1}, {"chance": 2}, {"chance": 3}]
    saved.write_text(json.dumps(data))
    result = run("replay", str(saved))
    assert result.exit_code == 2
    assert (f"inputs[{ended}]: the game was over after the inputs before it; this input and "
            "the 2 after it are too many") in flat(result.output)
    data["inputs"] = data["inputs"][:ended + 1]
    saved.write_text(json.dumps(data))
    result = run("replay", str(saved), "--lang", "ru")
    assert "игра закончилась на предыдущих записях; эта запись лишняя" \
        in flat(result.output)


def test_a_game_saved_under_other_rules_is_replayed_and_resumed_on_request(tmp_path: Path):
    """A rules version changes what a checksum digests, not whether a saved
    game's inputs still fit: asked with --any-version, the game goes on
    under this version, said so; without it, it is refused saying how; a
    proof (replay --check) is refused either way."""
    saved = tmp_path / "game.json"
    stopped = runner.invoke(app, ["play", "nw", "--seat", "day=human", "--seat", "night=bot",
                                  "--seed", "3", "--save", str(saved)], input="1\n")
    assert "Stopped." in stopped.output
    data = json.loads(saved.read_text())
    made = len(data["inputs"])
    data["ruleset_version"] = "0"
    saved.write_text(json.dumps(data))

    proof = run("replay", str(saved), "--check")
    assert proof.exit_code == 2
    assert f"saved with night_watch rules version 0; this Referee has version {NW_VERSION}" \
        in flat(proof.output)

    for command in (["replay", str(saved)], ["play", str(saved), "--seat", "all=bot"]):
        refused = run(*command)
        assert refused.exit_code == 2, refused.output
        assert (f"saved with night_watch rules version 0; this Referee has version {NW_VERSION}. "
                "To replay it under this version, every input checked again, add --any-version"
                ) in flat(refused.output)
    assert json.loads(saved.read_text())["ruleset_version"] == "0"
    assert run("replay", str(saved), "--check", "--any-version").exit_code == 2

    shown = run("replay", str(saved), "--any-version")
    assert shown.exit_code == 0, shown.output
    assert f"was saved with night_watch rules version 0; it is replayed with version {NW_VERSION}" \
        in flat(shown.output)

    resumed = runner.invoke(app, ["play", str(saved), "--seat", "all=bot", "--seed", "1",
                                  "--any-version"])
    assert resumed.exit_code == 0, resumed.output[-800:]
    assert f"it is replayed with version {NW_VERSION}, every input checked again" \
        in flat(resumed.output)
    rewritten = json.loads(saved.read_text())
    assert rewritten["ruleset_version"] == NW_VERSION and len(rewritten["inputs"]) > made
    assert run("replay", str(saved), "--check").exit_code == 0


def test_an_input_other_rules_no_longer_accept_is_named_with_both_versions(tmp_path: Path):
    saved, data = bot_game_saved(tmp_path)
    answered = next(i for i, item in enumerate(data["inputs"]) if "seat" in item)
    data["inputs"][answered]["answer"] = "fly:moon"
    data["ruleset_version"] = "0"
    saved.write_text(json.dumps(data))
    result = run("play", str(saved), "--seat", "all=bot", "--any-version")
    assert result.exit_code == 2
    text = flat(result.output)
    assert f"inputs[{answered}]:" in text
    assert ("(the game was saved with night_watch rules version 0, and version "
            f"{NW_VERSION} does not accept this input)") in text


def test_a_game_that_ends_sooner_under_this_rules_version_says_so(tmp_path: Path):
    saved, data = bot_game_saved(tmp_path)
    ended = len(data["inputs"])
    data["inputs"].append({"chance": 1})
    data["ruleset_version"] = "0"
    saved.write_text(json.dumps(data))
    result = run("replay", str(saved), "--any-version")
    assert result.exit_code == 2
    assert (f"inputs[{ended}]: the game is over before this input under night_watch rules "
            f"version {NW_VERSION}, though it went on under version 0") in flat(result.output)
