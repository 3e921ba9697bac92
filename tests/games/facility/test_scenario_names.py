"""Facility scenario names are written as in every ruleset: ``name = "..."`` or
``name = { en, ru }`` for rooms, items and characters, and the scenario's title
``title = { en, ru }``. The older spelling (``name_ru`` beside ``name``) still
loads, to the same names."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from referee.bots import random_playout
from referee.cli import app
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import Name, msg
from referee.games.facility.ruleset import Facility
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.world import build_world
from tests.older_names import older_spelling

RULESET = Facility()
SHIPPED = RULESET.examples()[0]
DATA = {key: value for key, value in tomllib.loads(SHIPPED.read_text(encoding="utf-8")).items()
        if key != "ruleset"}


def test_the_shipped_scenario_in_the_older_spelling_loads_to_the_same_names():
    older = older_spelling(DATA)
    assert older["rooms"][0]["name_ru"] == "вестибюль"
    one, two = FacilityScenario.model_validate(DATA), FacilityScenario.model_validate(older)
    assert one.rooms == two.rooms and one.items == two.items
    assert one.characters == two.characters
    world = build_world(two)
    assert world.room_title(1) == Name("the lobby", "вестибюль")
    assert world.item_title("sample") == Name("sample case", "контейнер с образцом")
    assert RULESET.seat_name(two, "boris") == Name("Boris", "Борис")


def test_both_spellings_play_the_same_game_in_russian():
    logs = []
    for data in (DATA, older_spelling(DATA)):
        game = random_playout(Game(RULESET, FacilityScenario.model_validate(data)), 5)
        logs.append(game.text_log(lang="ru"))
    assert logs[0] == logs[1]
    assert any("Анна" in line for line in logs[0])


def test_the_older_russian_only_name_is_read_as_before():
    """A test case's ``name_ru = "Аня"`` with no ``name``: the id in English."""
    data = {**DATA, "rooms": [{"number": 1, "name_ru": "склад"}, {"number": 2}],
            "doors": [], "items": {},
            "characters": {"ann": {"room": 1, "name_ru": "Аня"}, "bob": {"room": 2}}}
    scenario = FacilityScenario.model_validate(data)
    world = build_world(scenario)
    assert RULESET.seat_name(scenario, "ann") == Name("ann", "Аня")
    assert RULESET.seat_name(scenario, "bob") == Name("bob")
    assert world.room_title(1) == Name("склад", "склад")
    assert world.room_title(2) == msg("facility.room", number=2)


def test_a_title_in_russian_shows_in_validate(tmp_path: Path):
    runner = CliRunner()
    russian = runner.invoke(app, ["validate", str(SHIPPED), "--lang", "ru"])
    english = runner.invoke(app, ["validate", str(SHIPPED)])
    assert russian.exit_code == 0 and english.exit_code == 0, russian.output
    assert "(Исследовательское крыло)" in " ".join(russian.output.split())
    assert "(Research wing)" in english.output
    plain = tmp_path / "plain.toml"
    plain.write_text(SHIPPED.read_text(encoding="utf-8").replace(
        'title = { en = "Research wing", ru = "Исследовательское крыло" }',
        'title = "Wing B"'), encoding="utf-8")
    same = runner.invoke(app, ["validate", str(plain), "--lang", "ru"])
    assert same.exit_code == 0 and "(Wing B)" in same.output


def test_the_older_spelling_still_validates(tmp_path: Path):
    older = tmp_path / "older.toml"
    text = SHIPPED.read_text(encoding="utf-8").replace(
        'name = { en = "the lobby", ru = "вестибюль" }',
        'name = "the lobby"\nname_ru = "вестибюль"')
    assert 'name_ru = "вестибюль"' in text
    older.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(older)])
    assert result.exit_code == 0, result.output


def test_the_game_masters_view_names_as_the_scenario_does_and_the_template_reads_it():
    game = Game(RULESET, FacilityScenario.model_validate(older_spelling(DATA)))
    world = game.view(REFEREE)["state"]["world"]
    assert world["title"] == {"en": "Research wing", "ru": "Исследовательское крыло"}
    assert world["rooms"][0]["name"] == {"en": "the lobby", "ru": "вестибюль"}
    assert "name_ru" not in world["rooms"][0]
    assert world["characters"]["anna"]["name"] == {"en": "Anna", "ru": "Анна"}
    template = CliRunner().invoke(app, ["orders-template", str(SHIPPED), "anna", "--lang", "ru"])
    assert template.exit_code == 0, template.output
    assert "Ваша комната: 1 (вестибюль)" in template.output
    assert "в комнату 3 (коридор)" in template.output
