"""`referee validate GAME ORDERS`: an orders file checked against its game
before the deadline, each void order named with its reason; the game is left
as it was. `referee validate SCENARIO` keeps checking scenarios."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.cli.orders import Answered, open_game
from referee.cli.validate import orders_report
from referee.core.events import Audience, Event
from referee.core.i18n import msg, personal
from referee.display.orders import IMPOSSIBLE, VOID, OrdersDesk, VoidOrder

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
START = EXAMPLE / "research_wing.toml"
ORDERS = EXAMPLE / "research_wing_orders"
runner = CliRunner()

BAD = """turn = 1
[anna]
move = { route = ["nort"] }
take = [{ item = "keycard" }]
melee = { target = "gleb" }
unreadable = 3
[boris]
detain = ["uniform:scientist"]
[bors]
move = { to = 2 }
"""


def validate(*args: str | Path):
    return runner.invoke(app, ["validate", *map(str, args)])


def write(folder: Path, text: str, name: str = "orders.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def lines_of(output: str, name: str) -> list[str]:
    """The indented lines under a character's heading ``Name (seat):``."""
    found: list[str] = []
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(name))
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        found.append(line.strip())
    return found


def test_orders_that_all_stand_exit_0():
    result = validate(START, ORDERS / "turn1.toml")
    assert result.exit_code == 0, result.output
    assert lines_of(result.output, "Anna (anna):") == ["every order stands"]
    assert "Every order given stands." in result.output


def test_a_template_sent_back_unchanged_gives_no_order(tmp_path: Path):
    template = runner.invoke(app, ["orders-template", str(START), "anna"])
    assert template.exit_code == 0, template.output
    result = validate(START, write(tmp_path, template.output))
    assert result.exit_code == 0, result.output
    assert lines_of(result.output, "Anna (anna):") == ["no orders: does nothing this turn"]
    assert "No orders are given: nobody does anything this turn." in result.output


def test_void_orders_are_named_with_their_reasons_and_exit_1(tmp_path: Path):
    result = validate(START, write(tmp_path, BAD))
    assert result.exit_code == 1, result.output
    anna = lines_of(result.output, "Anna (anna):")
    assert len(anna) == 3
    move, unreadable = (next(line for line in anna if line.startswith(f"void: `{part}`"))
                        for part in ("move", "unreadable"))
    # the order as the file names it, what it says, and why, with the room by its name
    assert move == "void: `move` (movement): there is no door `nort` in the lobby"
    assert unreadable.startswith("void: `unreadable`: there is no such order")
    # a target in another room: void, or declared and impossible, as the rules have it
    melee = next(line for line in anna if "`melee` (" in line)
    assert melee.startswith(("void: `melee`", "declared, but cannot be carried out: `melee`"))
    assert "(a melee attack on Gleb)" in melee and "Gleb is in another room" in melee
    assert not any("take[0]" in line for line in anna)  # the keycard lies in Anna's room
    assert lines_of(result.output, "Boris (boris):") == ["every order stands"]
    assert lines_of(result.output, "Gleb (gleb):") == ["no orders: does nothing this turn"]
    assert "Not taken: `[bors]`: there is no character `bors` (did you mean `boris`?)" \
        in result.output
    assert "Some orders would be void" in result.output


def test_orders_are_checked_against_the_state_given(tmp_path: Path):
    """Validation is against the state given: at the start Anna's room has
    no east door; after turn 1 she stands in the corridor, which has one."""
    east = write(tmp_path, '[anna]\nmove = { route = ["east"] }\n')
    before = validate(START, east)
    assert before.exit_code == 1
    assert lines_of(before.output, "Anna (anna):")[0] == (
        "void: `move` (movement): there is no door `east` in the lobby")
    turn2 = tmp_path / "turn2.json"
    played = runner.invoke(app, ["resolve", str(START), str(ORDERS / "turn1.toml"),
                                 "--out", str(turn2)])
    assert played.exit_code == 0, played.output
    assert validate(turn2, east).exit_code == 0


def test_validation_leaves_the_game_file_as_it_was(tmp_path: Path):
    turn2 = tmp_path / "turn2.json"
    runner.invoke(app, ["resolve", str(START), str(ORDERS / "turn1.toml"), "--out", str(turn2)])
    before = turn2.read_bytes()
    assert validate(turn2, ORDERS / "turn2.toml").exit_code == 0
    assert turn2.read_bytes() == before
    after = runner.invoke(app, ["resolve", str(turn2), str(ORDERS / "turn2.toml"),
                                "--out", str(tmp_path / "turn3.json")])
    assert after.exit_code == 0, after.output


def test_in_russian(tmp_path: Path):
    result = validate(START, write(tmp_path, BAD), "--lang", "ru")
    assert result.exit_code == 1
    anna = lines_of(result.output, "Анна (anna):")
    assert "недействительна: `move` (перемещение): в вестибюле нет двери `nort`" in anna
    assert "будет объявлена, но невыполнима: `melee` (рукопашная атака на Глеба): " \
        "Глеб в другой комнате" in anna
    assert "Не принято: `[bors]`: персонажа `bors` нет (может быть, `boris`?)" in result.output
    assert lines_of(result.output, "Борис (boris):") == ["все заявки в силе"]
    assert "Часть заявок будет недействительна" in result.output


def test_an_unreadable_orders_file_exits_2(tmp_path: Path):
    broken = write(tmp_path, "[anna\nmove = ", "broken.toml")
    result = validate(START, broken)
    assert result.exit_code == 2
    assert "broken.toml" in result.output and "TOML" in result.output
    missing = validate(START, tmp_path / "missing.toml")
    assert missing.exit_code == 2 and "no such file" in missing.output
    assert "Traceback" not in result.output + missing.output


def test_orders_refused_whole_exit_2(tmp_path: Path):
    scenario = validate(START, START)
    assert scenario.exit_code == 2 and "this is a scenario" in scenario.output
    nobody = validate(START, write(tmp_path, "[zoe]\nignore = true\n"))
    assert nobody.exit_code == 2 and "names no character" in nobody.output
    other_turn = validate(START, ORDERS / "turn2.toml")
    assert other_turn.exit_code == 2 and "turn 2" in other_turn.output


def test_a_scenario_is_still_validated_alone():
    result = validate(START)
    assert result.exit_code == 0
    assert "valid facility scenario" in result.output


def test_an_orders_file_given_alone_gets_a_hint():
    result = validate(ORDERS / "turn1.toml")
    assert result.exit_code == 2
    assert "referee validate GAME ORDERS" in result.output


def test_the_rules_lines_about_void_and_impossible_orders_are_read_by_their_facts():
    """A line whose facts say an order of a seat is ``void`` or ``impossible``
    is read as such, its reason and what the order says taken from its words
    as the game master reads them (at any depth, as a phase stamp wraps them);
    a line whose facts say otherwise is not, whatever its words."""
    def told(kind: str, order: str, facts: str) -> Event:
        reason = personal(("anna",), msg("t.you-reason"), msg("t.gm-reason"))
        what = personal(("boris",), msg("t.at-you"), msg("t.at-boris"))
        return Event(msg("t.at", what=personal(
            ("anna",), msg(f"t.{kind}", order=order, what=what, reason=reason),
            msg(f"t.gm.{kind}", who="Anna", order=order, what=what, reason=reason))),
            Audience.only("anna"), facts={"kind": facts, "seat": "anna", "part": order})

    found = OrdersDesk().void_orders([
        told("void", "move", "void"), Event(msg("t.walks", order="x")),
        told("impossible", "melee", "impossible"), told("bluffed", "use[0]", "bluffed"),
        told("void", "take[0]", "took")])
    assert [(v.seat, v.part, v.kind, getattr(v.reason, "key", None), v.what and v.what.key)
            for v in found] == [
        ("anna", "move", VOID, "t.gm-reason", "t.at-boris"),
        ("anna", "melee", IMPOSSIBLE, "t.gm-reason", "t.at-boris")]


def test_an_order_that_cannot_happen_is_said_but_the_orders_stand():
    """CHAT-TRN-6: a declaration its character cannot carry out is a bluff a
    player may mean; it is shown, and the character's orders still stand."""
    game = open_game(START)
    answered = Answered(given=["anna"], voids=[VoidOrder(
        "anna", "melee", msg("core.error.text", text="Gleb is elsewhere"), IMPOSSIBLE)])
    assert orders_report(game, answered, "en")[:3] == [
        "Anna (anna):",
        "  declared, but cannot be carried out: `melee`: Gleb is elsewhere",
        "  every order stands"]
