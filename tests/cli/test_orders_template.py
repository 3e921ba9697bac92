"""`referee orders-template STATE CHARACTER`: an orders file to fill in, that
`referee resolve` and `referee validate` accept as it is and once filled in,
with what each order may name right now."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
START = EXAMPLE / "research_wing.toml"
ORDERS = EXAMPLE / "research_wing_orders"
runner = CliRunner()
EXAMPLE_LINE = re.compile(r"^# (\w+) = (.+)$")


def template(state: Path, character: str, *args: str) -> str:
    result = runner.invoke(app, ["orders-template", str(state), character, *args])
    assert result.exit_code == 0, result.output
    return result.output


def run(*args: str | Path):
    return runner.invoke(app, [*map(str, args)])


@pytest.fixture(scope="module")
def turn2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example after turn 1: Anna, with the keycard, detained by Boris in
    the corridor; Boris armed."""
    path = tmp_path_factory.mktemp("game") / "turn2.json"
    result = run("resolve", START, ORDERS / "turn1.toml", "--out", path)
    assert result.exit_code == 0, result.output
    return path


def uncomment(text: str, *lines: str) -> str:
    """``text`` with the example lines ``lines`` (as printed, ``# `` included)
    given as orders."""
    for line in lines:
        assert line in text.splitlines(), line
        text = text.replace(line + "\n", line[2:] + "\n", 1)
    return text


def test_the_template_as_printed_is_an_orders_file_that_gives_no_order(tmp_path: Path):
    text = template(START, "anna")
    assert tomllib.loads(text) == {"turn": 1, "anna": {}}
    orders = tmp_path / "anna.toml"
    orders.write_text(text, encoding="utf-8")
    checked = run("validate", START, orders)
    assert checked.exit_code == 0, checked.output
    assert run("resolve", START, orders).exit_code == 0


def test_filled_in_it_resolves_as_the_character_meant(tmp_path: Path):
    text = template(START, "anna")
    filled = uncomment(text, '# take = [{ item = "keycard" }]', "# move = { to = 3 }")
    orders = tmp_path / "anna.toml"
    orders.write_text(filled, encoding="utf-8")
    assert run("validate", START, orders).exit_code == 0
    result = run("resolve", START, orders, "--json")
    assert result.exit_code == 0, result.output
    anna = json.loads(result.output)["seats"]["anna"]["state"]["character"]
    assert (anna["room"], anna["hands"]) == (3, ["keycard"])


def test_it_names_what_the_character_may_name_right_now(turn2: Path):
    text = template(turn2, "boris")
    assert "turn = 2" in text and "[boris]" in text
    assert "# Your room: 3 (the corridor)." in text
    for door in ('east door ("east") to room 6 (lab B)',
                 'south door ("south") to room 1 (the lobby)'):
        assert f"# – {door}" in text
    assert '# – Anna ("anna"): a scientist\'s uniform, visible: keycard ("keycard")' in text
    assert '# – on the belt ("belt"): pistol ("pistol")' in text
    assert '# – worn ("body"): agent\'s badge ("badge")' in text
    assert '# use = [{ ability = "shot", item = "pistol", target = "anna" }]' in text
    assert '# chase = "anna"' in text
    assert "Rooms of the building: 1 (the lobby), 2 (lab A)" in text
    # the others' hidden items are not told: Gleb's folder is in his hands elsewhere
    assert "folder\")\n" not in text.split("[boris]")[0]


def test_every_example_line_given_alone_stands(turn2: Path, tmp_path: Path):
    """Each example is built from what the character may name now, so any one
    of them uncommented as it is is no void order (a bluff names other orders,
    so it is left out)."""
    checked = 0
    for state, seat in ((START, "anna"), (turn2, "boris"), (turn2, "anna"), (START, "gleb")):
        text = template(state, seat)
        for line in text.splitlines():
            found = EXAMPLE_LINE.match(line)
            if not found or found.group(1) == "bluff":
                continue
            orders = tmp_path / "one.toml"
            orders.write_text(uncomment(text, line), encoding="utf-8")
            result = run("validate", state, orders)
            assert result.exit_code == 0, (line, result.output)
            checked += 1
    assert checked >= 25


def test_in_russian_the_comments_are_russian(turn2: Path):
    text = template(turn2, "boris", "--lang", "ru")
    assert "# Ваша комната: 3 (коридор)." in text
    assert '# – восточная дверь ("east") — в комнату 6 (лаборатория Б)' in text
    assert '# – на поясе ("belt"): пистолет ("pistol")' in text
    assert "Рукопашная атака" in text
    comments = [line for line in text.splitlines()
                if line.startswith("#") and not EXAMPLE_LINE.match(line)]
    for line in comments:
        prose = re.sub(r'`[^`]*`|"[^"]*"', "", line.replace(str(turn2), ""))
        assert not re.search(r"[A-Za-z]", prose), line
    assert tomllib.loads(text) == {"turn": 2, "boris": {}}


def test_an_unknown_character_or_a_game_without_orders_is_refused():
    unknown = run("orders-template", START, "ana")
    assert unknown.exit_code == 2
    assert "did you mean `anna`" in unknown.output
    other = run("orders-template", "night-watch", "night")
    assert other.exit_code == 2
    assert "not for everyone's orders at once" in other.output
    assert "Traceback" not in unknown.output + other.output


def test_the_orders_commands_name_no_ruleset():
    """The command line switches on no ruleset (no ruleset's name as a string
    in it) and holds nothing of Facility's: what a ruleset adds to
    `orders-template`, `resolve` and `validate GAME ORDERS` comes through its
    orders desk."""
    from referee.core.ruleset import all_rulesets

    cli = Path(__file__).parents[2] / "src/referee/cli"
    names = [ruleset.name for ruleset in all_rulesets()]
    for path in sorted([*cli.glob("*.py"), *cli.glob("*.toml")]):
        text = path.read_text(encoding="utf-8").lower()
        assert "facility" not in text, path.name
        if path.stem not in ("orders", "orders_template", "resolve", "validate"):
            continue
        for name in names:
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path.name, name)


def test_a_ruleset_without_a_desk_gets_the_answer_its_rules_offer():
    """The neutral desk: no situation, no turn, each field the rules offer
    commented out, so that the file as it is gives no order."""
    from referee.display.orders import OrdersDesk

    view = {"seat": "red team", "state": {"turn": 3},
            "waiting": {"template": {"move": None, "bid": 0, "cards": []}}}
    text = OrdersDesk().template(view, "en")
    assert text.splitlines()[-8:] == [
        "", '["red team"]', "", '# move = ""', "", "# bid = 0", "", '# cards = ""']
    assert tomllib.loads(text) == {"red team": {}}
    assert "turn" not in tomllib.loads(text)
