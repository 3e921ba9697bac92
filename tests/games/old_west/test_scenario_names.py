"""Old West scenario names are written as in every ruleset: ``name = "..."``
or ``name = { en, ru, gender, cases }``, ``title = { en, ru }``. The older
spelling (``name_ru``, ``gender`` and ``cases`` beside ``name``; ``title_ru``
beside ``title``) still loads, to the same names."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from referee.bots import random_playout
from referee.cli import app
from referee.core.game import Game
from referee.core.i18n import Name
from referee.core.ruleset import find_ruleset
from referee.games.old_west.scenario import OldWestScenario, named, posse_name, title_name
from tests.older_names import older_spelling

RULESET = find_ruleset("old-west")
SHIPPED = RULESET.examples()[0]


def test_the_shipped_scenario_in_the_older_spelling_loads_to_the_same_names():
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    older = older_spelling(data, ("name", "title"))
    assert older["title_ru"] == "Перестрелка у Сухого Оврага"
    assert older["posses"][0]["models"][3]["cases"] == {"gen": "верхового", "acc": "верхового"}
    one, two = OldWestScenario.model_validate(data), OldWestScenario.model_validate(older)
    assert one == two
    assert title_name(two) == Name("Showdown at Dry Gulch", "Перестрелка у Сухого Оврага")
    assert [posse_name(p) for p in two.posses] == [
        Name("the Lawmen", "Законники", "plural"), Name("the Outlaws", "Преступники", "plural")]
    rider = two.posses[0].models[3]
    assert named(rider) == Name("Posse Rider", "верховой", None,
                                (("acc", "верхового"), ("gen", "верхового")))
    assert two.posses[0].models[0].gun is not None
    assert two.posses[0].models[0].gun.name.ru == "кольт"


def test_both_spellings_play_the_same_game_in_russian():
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    logs = []
    for scenario in (data, older_spelling(data, ("name", "title"))):
        game = random_playout(Game(RULESET, OldWestScenario.model_validate(scenario)), 3)
        logs.append(game.text_log(lang="ru"))
    assert logs[0] == logs[1]
    assert any("Законники" in line or "Преступники" in line for line in logs[0])


def test_a_name_given_both_ways_at_once_is_refused():
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    data["posses"][0]["name_ru"] = "Стражи закона"
    with pytest.raises(ValidationError, match="name_ru"):
        OldWestScenario.model_validate(data)


def test_a_title_in_both_languages_is_accepted_and_shown_in_the_readers_language(
        tmp_path: Path):
    text = SHIPPED.read_text(encoding="utf-8")
    assert 'title = { en = "Showdown at Dry Gulch", ru = "Перестрелка у Сухого Оврага" }' in text
    scenario = tmp_path / "gulch.toml"
    scenario.write_text(text.replace(
        'title = { en = "Showdown at Dry Gulch", ru = "Перестрелка у Сухого Оврага" }',
        'title = { en = "Noon at the Gulch", ru = "Полдень у оврага" }'), encoding="utf-8")
    runner = CliRunner()
    english = runner.invoke(app, ["validate", str(scenario)])
    russian = runner.invoke(app, ["validate", str(scenario), "--lang", "ru"])
    assert english.exit_code == 0 and russian.exit_code == 0, english.output + russian.output
    assert "Noon at the Gulch" in english.output and "Полдень" not in english.output
    assert "Полдень у оврага" in " ".join(russian.output.split())


def test_the_older_spelling_still_validates_and_its_title_is_read(tmp_path: Path):
    body = SHIPPED.read_text(encoding="utf-8").split("[table]", 1)[1]
    scenario = tmp_path / "older.toml"
    scenario.write_text('ruleset = "old-west"\ntitle = "Noon"\ntitle_ru = "Полдень"\n'
                        '[table]' + body, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(scenario), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "Полдень" in result.output
