"""The terminal states each seat's objectives and where the game stands
when the seat first sits down, and again when the person types ``?`` (or
``objectives``, «цели») at a prompt; in hot seat each person reads only
their own; Night Watch's table shows each Watch's points, and each Other's
chips and the Items it carries."""

from __future__ import annotations

import contextlib
import io
import tomllib
from random import Random
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from referee.cli import app
from referee.cli.terminal import CLEAR, Screen, TerminalPlayer
from referee.core.drivers import Ask, RandomChance
from referee.core.game import Game
from referee.core.ruleset import all_rulesets, find_ruleset
from referee.core.scenario import load_scenario, validate_scenario
from referee.core.waits import Chance, Decision

runner = CliRunner()


def example(name: str) -> dict[str, Any]:
    return tomllib.loads(find_ruleset(name).examples()[0].read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", [r.name for r in all_rulesets()])
@pytest.mark.parametrize(("lang", "heads"), [("en", ("Objectives", "Where the game stands")),
                                             ("ru", ("Цели", "Положение в игре"))])
def test_a_game_of_bots_starts_by_stating_the_objectives(name: str, lang: str,
                                                         heads: tuple[str, str]):
    result = runner.invoke(app, ["play", name, "--seat", "all=bot", "--seed", "3",
                                 "--lang", lang])
    assert result.exit_code == 0, result.output[-800:]
    lines = result.output.splitlines()
    assert lines[0] == heads[0]
    assert heads[1] in lines[:12]
    assert "?" not in "\n".join(lines[:12])  # nobody to type it: no hint


def test_a_person_reads_the_objectives_first_and_again_on_asking():
    settings = example("night-watch")["settings"]
    result = runner.invoke(app, ["play", "nw", "--seat", "day=human", "--seat", "night=bot",
                                 "--seed", "3"], input="?\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output[-800:]
    before, after = result.output.split("Your choice", 1)
    assert before.startswith("Objectives\n  You play the Day Watch.\n")
    assert f"{settings['points_to_win']} points win." in before
    assert "Type ? at a prompt to see these again." in before
    again = after.split("Your choice", 1)[0]
    assert "Objectives" in again and f"{settings['points_to_win']} points win." in again
    assert "Not a legal answer" not in again


def test_a_person_asks_in_russian_and_the_table_is_asked_again():
    result = runner.invoke(app, ["play", "nw", "--seat", "night=human", "--seat", "day=bot",
                                 "--seed", "3", "--lang", "ru"], input="цели\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output[-800:]
    before, after = result.output.split("Ваш выбор", 1)
    assert before.startswith("Цели\n  Вы играете за Ночной Дозор.\n")
    assert "введите ? в ответ на любой вопрос" in before
    assert "Вы играете за Ночной Дозор." in after.split("Ваш выбор", 1)[0]


def test_in_hot_seat_each_person_reads_only_their_own_aim():
    aims = {seat: entry["aim"]["en"] for seat, entry in example("facility")["characters"].items()
            if "aim" in entry}
    ruleset, scenario = load_scenario("facility")
    game = Game(ruleset, scenario)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    screen = Screen(console, "en", game, ["anna", "boris"], lambda prompt: "")
    screen.sit("anna")
    screen.sit("boris")
    first, anna, boris = console.file.getvalue().split(CLEAR)  # type: ignore[attr-defined]
    assert first == ""
    assert aims["anna"] in anna and aims["boris"] not in anna
    assert aims["boris"] in boris and aims["anna"] not in boris
    assert "You play Boris." in boris


def nw_asked_with_zavulon_in_play() -> tuple[Game, str]:
    """The example with Zavulon, who carries the Shadow Blade, in play from
    the first turn; the game at the Day Watch's first question."""
    data = example("night-watch")
    for other in data["others"]:
        if other["id"] == "zavulon":
            other["enters_turn"] = 1
    ruleset = find_ruleset("night-watch")
    game = Game(ruleset, validate_scenario(ruleset, data, "test"))
    dice = RandomChance(Random(1))
    while not ("day" in game.seats_to_answer() and isinstance(game.waiting, Decision)):
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
        else:
            seat = game.seats_to_answer()[0]
            game.answer(seat, wait.options_for(seat)[0].value)  # type: ignore[union-attr]
    return game, "day"


def printed(game: Game, seat: str, lang: str, typed: str = "") -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    player = TerminalPlayer(console, lang, stream=io.StringIO(typed))  # type: ignore[arg-type]
    with contextlib.suppress(EOFError):
        player.choose(Ask.of(game, seat))
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_night_watchs_table_shows_points_chips_and_what_each_other_carries():
    game, seat = nw_asked_with_zavulon_in_play()
    state = game.view(seat)["state"]
    needed = example("night-watch")["settings"]["points_to_win"]
    english, russian = printed(game, seat, "en"), printed(game, seat, "ru")
    assert "Zavulon (the Day Watch; no wounds; " in english
    assert "; chips +1, −1; carries the Shadow Blade)" in english
    assert "; фишки +1, −1; несёт Клинок Сумрака)" in russian
    for watch, name in (("night", "The Night Watch"), ("day", "The Day Watch")):
        assert f"{name}: 0 points of favour of {needed}; {state['decks'][watch]} cards " \
               "in the deck." in english
    assert f"Дневной Дозор: 0 очков расположения из {needed}; в колоде " \
           f"{state['decks']['day']} карт" in russian


def test_a_facility_character_asks_for_its_aim_where_it_chooses_how_to_write_orders():
    aim = example("facility")["characters"]["anna"]["aim"]
    game = Game(*load_scenario("facility"))
    assert aim["en"] not in printed(game, "anna", "en")
    assert f"Your aim: {aim['en']}" in printed(game, "anna", "en", "?\n")
    assert f"Ваша цель: {aim['ru']}" in printed(game, "anna", "ru", "цели\n")
