"""The example Facility game played for three turns with `referee resolve`,
through the public game API and checked game files; each character's report
written to its own file in its language; orders files refused whole."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.savefile import load_game
from referee.core.scenario import load_scenario
from referee.display.orders import OrdersDesk, desk_for

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
    assert "(step 1) Boris detains you." in anna["log"]
    assert "(step 1) You go through the north door into the corridor." in anna["log"]
    assert not any("Anna" in line for line in anna["log"])  # never named in her own report
    assert "(step 1) Anna goes through the north door into the corridor." in data["referee"]
    assert "(step 1) Boris detains Anna." in data["referee"]
    assert "(step 1) Anna leaves the lobby through the north door." in data["observers"][
        "camera:1"]
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
    assert "  (шаг 1) Анна выходит через западную дверь." in russian.output
    boris = russian.output.split("== Борис (boris)")[1].split("== ")[0]
    assert "Анна выходит через западную дверь." in boris and "следовать" not in boris
    assert "(шаг 1)" in russian.output and "== Ведущий" in russian.output


def test_phase_stamps_survive_the_terminal():
    result = resolve(START, ORDERS / "turn1.toml")
    assert result.exit_code == 0, result.output
    assert "  (step 1) Boris detains you." in result.output
    assert "  (actions) You put the keycard in your hands." in result.output


def test_a_cameras_record_is_headed_by_its_room_in_the_readers_language():
    """The text output heads each camera's record by the room the scenario
    names, in ``--lang`` (the JSON keeps the ``camera:<room>`` token)."""
    english = resolve(START, ORDERS / "turn1.toml")
    assert english.exit_code == 0, english.output
    record = english.output.split("== Record of the camera in the lobby\n")[1]
    assert record.startswith("  (actions) Anna takes the keycard from the floor of the lobby.\n")
    assert "== Record of the camera in the corridor\n" in english.output
    russian = resolve(START, ORDERS / "turn1.toml", "--lang", "ru")
    assert "== Запись камеры в вестибюле\n" in russian.output
    assert "== Запись камеры в коридоре\n" in russian.output
    assert "camera" not in russian.output


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


# -- play by chat: one report file per character, in its language -----------------------


def test_reports_one_file_per_character_each_in_its_language(tmp_path: Path):
    reports = tmp_path / "turn1"
    result = resolve(START, ORDERS / "turn1.toml", "--reports", reports, "--seat-lang",
                     "anna=ru", "--out", tmp_path / "turn2.json")
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in reports.iterdir()) == [
        "anna.txt", "boris.txt", "gleb.txt", "vera.txt"]
    anna = (reports / "anna.txt").read_text(encoding="utf-8")
    gleb = (reports / "gleb.txt").read_text(encoding="utf-8")
    assert anna.splitlines()[0] == "Анна: ход 1"
    assert "ключ-карт" in anna and "keycard" not in anna and "Turn" not in anna
    assert gleb.splitlines()[0] == "Gleb: turn 1"
    # what only Gleb saw (he took the folder alone in the office) is in his report alone
    assert "red folder" in gleb
    assert "папк" not in anna and "folder" not in anna
    assert f"{reports / 'anna.txt'} (Anna, in Russian)" in result.output
    assert f"{reports / 'gleb.txt'} (Gleb, in English)" in result.output


def test_a_report_is_the_characters_own_lines_ready_to_paste(tmp_path: Path):
    """The file holds exactly the lines the character's part of the log has
    this turn, in its language, under a heading; no seat id, no indent."""
    reports = tmp_path / "reports"
    args = (START, ORDERS / "turn1.toml", "--seat-lang", "boris=ru", "--json")
    result = resolve(*args, "--reports", reports)
    data = json.loads(result.output)
    assert data["seats"]["boris"]["lang"] == "ru"
    assert data["seats"]["anna"]["lang"] == "en"
    assert data["reports"]["boris"] == str(reports / "boris.txt")
    for seat, part in data["seats"].items():
        text = (reports / f"{seat}.txt").read_text(encoding="utf-8")
        assert text.splitlines()[2:] == part["log"], seat
        assert not text.startswith(" ") and f"({seat})" not in text


def test_the_reports_folder_is_made_and_a_file_in_its_place_is_refused(tmp_path: Path):
    deep = tmp_path / "game" / "turn1"
    assert resolve(START, ORDERS / "turn1.toml", "--reports", deep).exit_code == 0
    assert (deep / "anna.txt").exists()
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = resolve(START, ORDERS / "turn1.toml", "--reports", blocker,
                     "--out", tmp_path / "next.json")
    assert result.exit_code == 2
    assert "not a folder" in result.output
    assert not (tmp_path / "next.json").exists()


def test_a_character_language_given_wrong_is_refused_before_anything_is_written(
        tmp_path: Path):
    for wrong, said in (("ana=ru", "did you mean `anna`"), ("anna=de", "anna=de"),
                        ("anna", "CHARACTER=en")):
        result = resolve(START, ORDERS / "turn1.toml", "--seat-lang", wrong,
                         "--reports", tmp_path / "r", "--out", tmp_path / "next.json")
        assert result.exit_code == 2, wrong
        assert said in result.output
    assert not (tmp_path / "r").exists() and not (tmp_path / "next.json").exists()


def with_languages(folder: Path, **languages: str) -> Path:
    """The example scenario with ``lang = "<lang>"`` for the characters named."""
    text = START.read_text(encoding="utf-8")
    for seat, lang in languages.items():
        table = f"[characters.{seat}]\n"
        assert table in text
        text = text.replace(table, f'{table}lang = "{lang}"\n')
    path = folder / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_character_given_russian_by_the_scenario_gets_a_russian_report(tmp_path: Path):
    """``[characters.anna] lang = "ru"``: Anna's report file is in Russian, the
    others' in English (the default); the game file after the turn keeps her
    language for the next turn's report."""
    scenario = with_languages(tmp_path, anna="ru")
    result = resolve(scenario, ORDERS / "turn1.toml", "--reports", tmp_path / "turn1",
                     "--out", tmp_path / "turn2.json")
    assert result.exit_code == 0, result.output
    anna = (tmp_path / "turn1" / "anna.txt").read_text(encoding="utf-8")
    assert anna.splitlines()[:3] == ["Анна: ход 1", "", "Ход 1 просчитан."]
    assert "(шаг 1) Борис задерживает вас." in anna
    assert not re.search(r"[A-Za-z]", anna)
    for seat, heading in (("boris", "Boris: turn 1"), ("gleb", "Gleb: turn 1"),
                          ("vera", "Vera: turn 1")):
        text = (tmp_path / "turn1" / f"{seat}.txt").read_text(encoding="utf-8")
        assert text.splitlines()[0] == heading
        assert not re.search(r"[А-яЁё]", text), seat
    assert f"{tmp_path / 'turn1' / 'anna.txt'} (Anna, in Russian)" in result.output
    assert f"{tmp_path / 'turn1' / 'boris.txt'} (Boris, in English)" in result.output
    later = resolve(tmp_path / "turn2.json", ORDERS / "turn2.toml", "--reports",
                    tmp_path / "turn2", "--json")
    assert later.exit_code == 0, later.output
    langs = {seat: part["lang"] for seat, part in json.loads(later.output)["seats"].items()}
    assert langs == {"anna": "ru", "boris": "en", "gleb": "en", "vera": "en"}
    assert (tmp_path / "turn2" / "anna.txt").read_text(encoding="utf-8").startswith(
        "Анна: ход 2")


def test_the_option_and_the_game_masters_language_come_before_and_after_the_scenarios(
        tmp_path: Path):
    """``--seat-lang`` wins over the scenario's ``lang``; a character the
    scenario gives no language reads ``--lang``."""
    scenario = with_languages(tmp_path, anna="ru", boris="en")
    result = resolve(scenario, ORDERS / "turn1.toml", "--json", "--lang", "ru",
                     "--seat-lang", "anna=en")
    assert result.exit_code == 0, result.output
    langs = {seat: part["lang"] for seat, part in json.loads(result.output)["seats"].items()}
    assert langs == {"anna": "en", "boris": "en", "gleb": "ru", "vera": "ru"}


def test_a_language_the_scenario_gives_wrong_is_refused_naming_the_field(tmp_path: Path):
    scenario = with_languages(tmp_path, vera="de")
    result = resolve(scenario, ORDERS / "turn1.toml", "--reports", tmp_path / "r")
    assert result.exit_code == 2
    assert 'characters.vera.lang: expected one of en, ru, got "de"' in result.output
    assert not (tmp_path / "r").exists()


def test_a_characters_language_is_read_by_the_rulesets_desk(tmp_path: Path):
    """The desk reads a character's ``lang`` from the game master's view; a
    ruleset with no desk of its own gives no seat a language."""
    ruleset, scenario = load_scenario(with_languages(tmp_path, anna="ru", boris="en"))
    master = Game(ruleset, scenario).view(REFEREE)
    desk = desk_for(ruleset)
    assert [desk.seat_language(master, seat) for seat in ("anna", "boris", "gleb")] == [
        "ru", "en", None]
    assert OrdersDesk().seat_language(master, "anna") is None


# -- orders files that are refused whole ----------------------------------------------------


def test_the_scenario_given_as_the_orders_is_refused_not_resolved(tmp_path: Path):
    result = resolve(START, START, "--out", tmp_path / "next.json")
    assert result.exit_code == 2
    assert f"{START}: this is a scenario" in result.output
    assert "`anna`, `boris`, `gleb`, `vera`" in result.output
    assert "orders-template" in result.output
    assert not (tmp_path / "next.json").exists()
    assert "Traceback" not in result.output


def test_orders_naming_no_character_are_refused_with_the_closest_name(tmp_path: Path):
    orders = tmp_path / "orders.toml"
    orders.write_text('turn = 1\n[ana]\nmove = { to = 3 }\n', encoding="utf-8")
    result = resolve(START, orders, "--out", tmp_path / "next.json")
    assert result.exit_code == 2
    assert f"{orders}: the file names no character" in result.output
    assert "did you mean `anna`" in result.output
    assert not (tmp_path / "next.json").exists()
    russian = resolve(START, orders, "--lang", "ru")
    assert russian.exit_code == 2
    assert "в файле нет ни одного персонажа" in russian.output


def test_an_orders_file_with_no_orders_at_all_is_refused(tmp_path: Path):
    orders = tmp_path / "orders.toml"
    orders.write_text("turn = 1\n", encoding="utf-8")
    result = resolve(START, orders)
    assert result.exit_code == 2
    assert "holds no orders" in result.output


def test_orders_void_at_the_deadline_are_listed_with_their_reasons(tmp_path: Path):
    """An order the world does not allow (a door the room does not have, a
    character who does not exist) is void like one of the wrong shape, and
    ``--json`` lists each with the reason, as the game master reads it; an
    order declared that cannot happen (a target in another room) is listed
    too, as void or as impossible, whichever the rules make it."""
    orders = tmp_path / "orders.toml"
    orders.write_text('turn = 1\n[anna]\nmove = { route = ["nort"] }\n'
                      'melee = { target = "gleb" }\ntake = [{ item = "keycard" }]\n'
                      '[boris]\nchase = "zed"\n', encoding="utf-8")
    result = resolve(START, orders, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    voids = {(v["seat"], v["part"]): v["reason"] for v in data["voids"]}
    assert {("anna", "move"), ("boris", "chase")} <= set(voids)
    assert voids["anna", "move"] == "there is no door `nort` in the lobby"
    assert [v["what"] for v in data["voids"] if v["part"] == "move"] == ["movement"]
    assert "zed" in voids["boris", "chase"]
    told = {(v["seat"], v["part"]): v["reason"] for v in data["voids"] + data["impossible"]}
    assert "Gleb" in told["anna", "melee"]
    assert ("anna", "take[0]") not in told
    assert data["seats"]["anna"]["state"]["character"]["hands"] == ["keycard"]


def test_a_game_file_of_an_earlier_rules_version_goes_on_on_request(tmp_path: Path):
    """A game master's file from before a rules update is not lost: asked
    with --any-version, its turns are resolved again under this version, and
    the next file is this version; never without being asked."""
    first = play_turns(tmp_path, 1)
    data = json.loads(first.read_text())
    current = data["ruleset_version"]
    data["ruleset_version"] = "0"
    first.write_text(json.dumps(data))
    refused = resolve(first, ORDERS / "turn2.toml", "--out", tmp_path / "turn3.json")
    assert refused.exit_code == 2 and "add --any-version" in " ".join(refused.output.split())
    assert not (tmp_path / "turn3.json").exists()
    result = resolve(first, ORDERS / "turn2.toml", "--out", tmp_path / "turn3.json",
                     "--any-version")
    assert result.exit_code == 0, result.output
    assert f"was saved with facility rules version 0; it is replayed with version {current}" \
        in " ".join(result.output.split())
    assert json.loads((tmp_path / "turn3.json").read_text())["ruleset_version"] == current


def test_three_hundred_shapeless_takes_are_void_with_every_reason_and_no_crash(tmp_path: Path):
    """Each problem of a void order is joined to the next by the catalogue's
    template; three hundred of them once nested too deep to be written."""
    orders = tmp_path / "orders.toml"
    orders.write_text("[anna]\ntake = [" + "{}, " * 299 + "{}]\n", encoding="utf-8")
    out, reports = tmp_path / "turn2.json", tmp_path / "reports"
    result = resolve(START, orders, "--out", out, "--reports", reports)
    assert result.exit_code == 0, result.output[-2000:]
    report = (reports / "anna.txt").read_text(encoding="utf-8")
    assert "entry 1 → `item`: missing" in report and "entry 300 → `item`: missing" in report
    for command in (["replay", str(out), "--seat", "anna"],
                    ["validate", str(START), str(orders)]):
        checked = runner.invoke(app, command)
        assert checked.exception is None or isinstance(checked.exception, SystemExit), \
            checked.output[-2000:]
        assert "entry 300 → `item`: missing" in checked.output


def test_nothing_is_written_when_the_turn_cannot_be_reported(tmp_path: Path, monkeypatch):
    """The game file and the reports are written only once everything to
    print has been made: a failure on the way leaves no file behind."""
    resolve_module = importlib.import_module("referee.cli.resolve")

    def broken(self, seat):
        raise RuntimeError("cannot render")

    monkeypatch.setattr(resolve_module.Turn, "report", broken)
    out, reports = tmp_path / "turn2.json", tmp_path / "reports"
    result = resolve(START, ORDERS / "turn1.toml", "--out", out, "--reports", reports)
    assert result.exit_code != 0
    assert not out.exists()
    assert not reports.exists() or not any(reports.iterdir())


def test_orders_nested_hundreds_deep_are_refused_naming_the_limit(tmp_path: Path):
    orders = tmp_path / "orders.toml"
    orders.write_text("[anna]\nmove = " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    out = tmp_path / "turn2.json"
    for command in (["resolve", str(START), str(orders), "--out", str(out)],
                    ["validate", str(START), str(orders)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output[-2000:]
        assert "nested more than 12 levels deep" in result.output
    assert not out.exists()
