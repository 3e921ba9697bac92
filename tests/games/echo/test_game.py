"""The whole game: the example, the end (house rule 18), copies, checks."""

from __future__ import annotations

import subprocess
import sys
from random import Random
from xml.etree import ElementTree

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.scenario import load_scenario
from referee.display import display_for
from referee.games.echo.display import EchoDisplay
from referee.games.echo.scenario import check
from tests.games.echo.echo import DISPLAY, RULESET, enemy, inv, new_game, scenario


def test_the_example_is_the_city_the_issue_asks_for():
    ruleset, example = load_scenario("echo")
    assert ruleset is RULESET
    game = Game(ruleset, example)
    view = game.view("max")["state"]
    echo = [loc for loc, info in view["locations"].items() if not info["world"]]
    assert len(echo) >= 10
    assert sum(info["cursed"] for info in view["locations"].values()) >= 2
    kinds = {join["kind"] for join in view["joins"]}
    assert kinds == {"link", "touch"}
    assert len(view["gates"]) >= 2 and len(game.seats) == 4
    assert {e["kind"] for e in view["enemies"].values()} == {"undead", "mage", "commoner",
                                                            "artifact"}
    assert render(game.seat_name("melifaro"), "ru") == "сэр Мелифаро"


def test_every_wait_of_a_playout_is_cheap_to_copy():
    _, example = load_scenario("echo")
    game = Game(RULESET, example)
    bot, dice = random_bot(Random(4)), RandomChance(Random(5))
    while not game.is_over:
        assert game.cheap_to_copy
        play_out(game, dict.fromkeys(game.seats, bot), dice, max_inputs=1)


def test_house_rule_the_investigators_win_together_when_the_targets_fall():
    game = new_game([inv("max", "a", speed=3, fight=2), inv("kofa", "b")],
                    enemies=[enemy("thief", "c", health=2)], targets=["thief"])
    game.feed("move:c", "fight", "stealth", 1, 2)
    outcome = game.outcome()
    assert outcome is not None and outcome.kind == "won-together"
    assert dict(outcome.returns) == {"max": 1.0, "kofa": 1.0}


def test_house_rule_after_the_last_turn_they_lose_together():
    game = new_game([inv("max"), inv("kofa")], max_turns=2)
    game.feed("done", "done", "done", "done")
    outcome = game.outcome()
    assert outcome is not None and outcome.kind == "lost-together"
    assert outcome.reason.key == "echo.end.time"
    assert dict(outcome.returns) == {"max": -1.0, "kofa": -1.0}


def test_the_scenario_check_names_the_field_in_both_languages():
    bad = scenario([inv("max", "nowhere")], melifaro="melif", targets=["target", "ghost"])
    problems = check(bad)
    assert [p.key for p in problems] == ["echo.check.unknown-location",
                                         "echo.check.unknown-seat", "echo.check.unknown-enemy"]
    assert "investigators[0].location" in render(problems[0], "en")
    assert "нет локации" in render(problems[0], "ru")
    assert "settings.targets[1]" in render(problems[2], "ru")


def test_every_line_is_in_english_and_russian():
    from referee.core.i18n import CATALOGUE

    english = {k for k in CATALOGUE.templates["en"] if k.startswith("echo.") and "@" not in k}
    russian = {k for k in CATALOGUE.templates["ru"] if k.startswith("echo.") and "@" not in k}
    assert english == russian


def test_a_playout_reads_in_russian():
    _, example = load_scenario("echo")
    game = Game(RULESET, example)
    play_out(game, dict.fromkeys(game.seats, random_bot(Random(2))), RandomChance(Random(3)))
    text = game.text_log("kofa", "ru")
    assert text[0].startswith("Ход 1: фаза «Движение»")
    headings, rows = DISPLAY.board_table(game.view("kofa"), "ru") or ([], [])
    assert headings[0] == "Локация" and len(rows) == 14
    picture = DISPLAY.svg(game.view("kofa"), "ru")
    assert picture is not None and "Холоми" in picture
    ElementTree.fromstring(picture)


def test_disputed_case_11_world_locations_are_not_joined():
    data = scenario([inv("max")]).model_dump()
    data["joins"] = [*data["joins"], {"between": ["w", "v"], "kind": "link"}]
    problems = check(type(scenario([inv("max")])).model_validate(data))
    assert [p.key for p in problems] == ["echo.check.world-join"]


def test_a_seats_view_refers_to_items_by_id_and_names_each_once():
    game = new_game([inv("max", items=("balm",)), inv("kofa", "b")],
                    items=[{"id": "balm", "name": {"en": "Kahar's Balm", "ru": "Бальзам Кахара"},
                            "effect": "heal", "cost": 1, "power": 2}])
    view = game.view("kofa")["state"]
    assert view["investigators"]["max"]["items"] == ["balm"]
    assert view["investigators"]["kofa"]["items"] == []
    assert view["items"]["balm"]["holder"] == "max"
    assert view["items"]["balm"]["name"] == {"en": "Kahar's Balm", "ru": "Бальзам Кахара"}
    assert view["joins"][0] == {"between": ["a", "b"], "kind": "touch"}
    assert view["title"] == {"en": "test", "ru": "test"}


def test_the_rules_import_no_surface_above_them():
    """DESIGN, one direction: the ruleset loads without the display, bots,
    odds, terminal or server; its table and picture come as its display."""
    code = ("import sys, referee.games.echo.ruleset\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(("
            "'referee.display', 'referee.bots', 'referee.odds', 'referee.cli', "
            "'referee.server', 'referee.games.echo.display', 'referee.games.echo.picture')))))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert found.stdout.split() == []
    assert isinstance(display_for(RULESET), EchoDisplay)
