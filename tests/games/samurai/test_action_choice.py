"""The Action phase as a person meets it: a numbered choice naming every
enemy in sight and range (never an id to type), reloading only when there
is something to reload; and a picture of the table after every phase."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from referee.bots import random_playout
from referee.cli import app
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.i18n import Lang, Name, render
from referee.core.scenario import load_scenario
from referee.core.waits import Decision
from tests.games.samurai.sam import RETAINERS_FIRST, asked, house, new_game, stay_all

runner = CliRunner()


def gunner_and_bandits() -> Game:
    """Gunner Saburo (a Teppo) at (2, 10); the Bandit Chief 12" off in the
    open, the Thug 6" off, and the Poacher hidden behind a house."""
    saburo = {"id": "saburo", "name": {"en": "Gunner Saburo", "ru": "Стрелок Сабуро"},
              "at": [2, 10], "base_mm": 25.4, "missile": "teppo"}
    bandits = [{"id": "chief", "name": {"en": "the Bandit Chief", "ru": "Главарь разбойников"},
                "at": [2, 23], "base_mm": 25.4},
               {"id": "thug", "name": {"en": "the Thug", "ru": "Головорез"},
                "at": [9, 10], "base_mm": 25.4},
               {"id": "poacher", "name": {"en": "the Poacher", "ru": "Браконьер"},
                "at": [30, 10], "base_mm": 25.4}]
    game = new_game([saburo], bandits, [house(20, 5, 25, 15)])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    assert asked(game) == "sam.ask.action"
    return game


def labels(game: Game, lang: Lang) -> list[str]:
    decision = game.waiting
    assert isinstance(decision, Decision)
    return [render(o.label, lang) for o in decision.options_for("retainers")]


@pytest.mark.rule("SAM-RNG-1")
def test_the_shot_is_a_numbered_choice_naming_each_enemy_in_sight_the_nearest_first() -> None:
    game = gunner_and_bandits()
    assert labels(game, "en") == [
        "wait",
        "shoot at the Thug with the teppo, 6 inches away",
        "shoot at the Bandit Chief with the teppo, 12 inches away"]
    assert labels(game, "ru") == [
        "ждать",
        "стрелять в Головореза из теппо, до цели 6 дюймов",
        "стрелять в Главаря разбойников из теппо, до цели 12 дюймов"]


def test_a_person_shoots_by_typing_the_number_of_the_target() -> None:
    """The example of the report: the Bandit Chief is chosen by its number,
    and no screen needs to show its id."""
    game = gunner_and_bandits()
    decision = game.waiting
    assert isinstance(decision, Decision)
    screen = io.StringIO()
    person = TerminalPlayer(Console(file=screen, width=200), "en", stream=io.StringIO("3\n"))
    view = game.view("retainers")
    choice = person.choose(Ask("retainers", decision, view, game.ruleset, Name("the Retainers")))
    assert "3. shoot at the Bandit Chief with the teppo, 12 inches away" in screen.getvalue()
    assert "chief" not in screen.getvalue()
    game.answer("retainers", choice)
    assert "Gunner Saburo shoots at the Bandit Chief with a teppo." in game.text_log("referee",
                                                                                      "en")


@pytest.mark.rule("SAM-RNG-3")
def test_a_fired_teppo_offers_reloading_and_no_shot() -> None:
    game = gunner_and_bandits()
    game.answer("retainers", {"act": "shoot", "target": "thug"})
    game.feed(1, 1)  # a miss
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    assert labels(game, "en") == ["wait", "reload the teppo"]
    assert labels(game, "ru") == ["ждать", "перезарядить теппо"]


def test_a_thrown_weapon_is_thrown() -> None:
    tomoe = {"id": "tomoe", "name": {"en": "Tomoe", "ru": "Томоэ", "gender": "fem"},
             "at": [2, 10], "base_mm": 25.4, "missile": "shuriken"}
    thug = {"id": "thug", "name": {"en": "the Thug", "ru": "Головорез"}, "at": [2, 14.5],
            "base_mm": 25.4}
    game = new_game([tomoe], [thug])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    assert labels(game, "en")[1] == "throw a shuriken at the Thug, 3.5 inches away"
    assert labels(game, "ru")[1] == "бросить сюрикен в Головореза, до цели 3,5 дюйма"


def test_random_bots_still_shoot_and_reload_more_often_than_they_wait() -> None:
    ruleset, scenario = load_scenario("samurai")
    acts = [item["answer"]["act"] for seed in range(3)
            for item in random_playout(Game(ruleset, scenario), seed).inputs
            if isinstance(item.get("answer"), dict) and "act" in item["answer"]]
    assert acts.count("shoot") > acts.count("wait") > 0
    assert "reload" in acts


# -- a picture after every phase ---------------------------------------------------


def test_every_phase_ends_with_a_picture(tmp_path: Path) -> None:
    """The Move phase too: the first picture is the table after it."""
    folder = tmp_path / "pictures"
    result = runner.invoke(app, ["play", "samurai", "--seat", "all=bot", "--seed", "3",
                                 "--svg", str(folder), "--lang", "en"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in folder.glob("*.svg"))
    assert names[:4] == ["001-turn1-move.svg", "002-turn1-combat.svg", "003-turn1-action.svg",
                         "004-turn1-end-of-turn.svg"]
    assert "Turn 1: the Move phase ends." in (folder / names[0]).read_text(encoding="utf-8")
    turns = {name.split("-")[1] for name in names if name.split("-")[1].startswith("turn")}
    for turn in turns:
        assert f"-{turn}-move.svg" in "".join(names)
