"""A game at the terminal as a person plays it (``referee play`` with what
they type): questions read as sentences in Russian, the board printed when it
changed, options that keep their numbers while a seat plays several cards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from random import Random
from typing import Any

import pytest
import typer
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
from referee.cli import app
from referee.cli.terminal import after_colon
from referee.core.drivers import RandomBot, RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import Name, msg
from referee.core.savefile import save_game
from referee.core.scenario import load_scenario
from referee.core.waits import Decision
from tests.language import capital_after_colon, name_prefixes

runner = CliRunner()


@pytest.fixture(autouse=True)
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    yield


def run(*args: str, typed: str = "") -> Result:
    return runner.invoke(app, list(args), input=typed)


ECHO_NAMES = name_prefixes(["Макс", "Мелифаро", "Джуффин", "Кофа", "Халли", "Ехо"])
"""Echo's investigators as the example writes them; «сэр» begins in lower case."""


def test_a_question_after_whose_turn_it_is_goes_on_in_lower_case_in_russian() -> None:
    result = run("play", "echo", "--lang", "ru", "--seed", "2", "--seat", "max=human",
                 "--seat", "all=bot", typed="1\n" * 300)
    asked = [line for line in result.output.splitlines() if line.startswith("Ходит сэр Макс:")]
    assert asked, result.output
    assert "Ходит сэр Макс: сэр Макс в Доме у Моста (4 единицы движения). Что дальше?" in asked
    assert [line for line in asked if capital_after_colon(line, ECHO_NAMES)] == []


def test_every_night_watch_question_goes_on_in_lower_case_after_the_seat() -> None:
    result = run("play", "night-watch", "--lang", "ru", "--seed", "1", "--seat", "night=human",
                 "--seat", "day=bot", typed="1\n" * 400)
    asked = re.findall(r"Ходит Ночной Дозор: (.*)", result.output)
    assert asked and all(line.startswith(("куда ", "что разыгрывает ")) for line in asked)


def test_a_name_with_a_capital_of_its_own_keeps_it_after_the_colon() -> None:
    cole = Name("Mercenary Cole", "Наёмник Коул")
    max_ = Name("Sir Max", "сэр Макс")
    assert after_colon(msg("nw.ask.move", other=cole, at="в Метро"), "ru") == \
        "куда пойдёт Наёмник Коул (сейчас в Метро)?"
    assert after_colon(msg("nw.casts", other=cole, spell=max_, target=max_), "ru") \
        .startswith("Наёмник Коул разыгрывает")
    assert after_colon(msg("nw.casts", other=max_, spell=cole, target=cole), "ru") \
        .startswith("сэр Макс разыгрывает")
    assert after_colon(msg("nw.ask.move", other=cole, at="at Metro"), "en") == \
        "Where does Mercenary Cole go (now at Metro)?"


def boards_and_questions(output: str) -> list[str]:
    """Each board printed (its lines, as one text) and each question, in order."""
    found: list[str] = []
    board: list[str] = []
    for line in output.splitlines():
        if line.startswith(("┏", "┃", "┡", "│", "└")):
            board.append(line)
            if line.startswith("└"):
                found.append("\n".join(board))
                board = []
        elif " to play: " in line:
            found.append("?")
    return found


def test_the_board_is_printed_when_it_changed_not_before_every_question() -> None:
    result = run("play", "night-watch", "--seed", "1", "--seat", "night=human",
                 "--seat", "day=bot", typed="1\n" * 400)
    shown = boards_and_questions(result.output)
    boards = [part for part in shown if part != "?"]
    assert shown.count("?") > len(boards) > 3
    assert all(one != other for one, other in pairwise(boards))
    # Andrey stays put: Anton Gorodetsky is asked next with the same board, not printed again
    assert shown[:3] == [boards[0], "?", "?"]


def every_command(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and subcommand of ``group``, as typed after ``referee``."""
    ctx = type(group).context_class(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield (*path, name)
        if hasattr(command, "list_commands"):
            yield from every_command(command, (*path, name))


PROGRAM_TYPES = re.compile(r"<(?:bool|int|str|float|path|list\[[^]]*\])>|\b(?:bool|int|str)\b")


def test_every_commands_help_says_what_to_type_not_program_types() -> None:
    commands = list(every_command(typer.main.get_command(app)))
    assert ("odds", "old-west", "wound") in commands and ("play",) in commands
    for command in commands:
        shown = run(*command, "--help").output
        assert "Usage:" in shown, command
        assert PROGRAM_TYPES.findall(shown) == [], (command, shown)
    play_help = run("play", "--help").output
    assert re.search(r"--seed\s+N\s+Seed", play_help)
    assert re.search(r"--force\s+Write over", play_help)


def test_scenarios_lists_each_example_with_its_title_and_a_file_that_plays() -> None:
    result = run("scenarios")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "samurai — Samurai skirmish (Ronin)" in lines
    line = next(line for line in lines if line.startswith("  Bandits at the Farm"))
    path = Path(line.rsplit(": ", 1)[1])
    assert path.name == "retainers_and_bandits.toml" and path.is_file()
    assert "(`referee play samurai` plays it)" in line
    titles = [line for line in lines if line.startswith("  ")]
    assert len(titles) >= 5 and all(Path(t.rsplit(": ", 1)[1]).is_file() for t in titles)


def test_scenarios_of_one_ruleset_by_an_alias_in_russian() -> None:
    result = run("scenarios", "nw", "--lang", "ru")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "night_watch — Ночной Дозор"
    assert "  Ночной Дозор: Москва (его играет `referee play night_watch`): " in result.output
    assert "Samurai" not in result.output


def test_scenarios_of_an_unknown_ruleset_is_refused_naming_the_rulesets() -> None:
    result = run("scenarios", "samuria")
    assert result.exit_code == 2
    assert "samuria" in result.output and "samurai" in result.output


def samurai_at_its_first_fight(path: Path) -> tuple[str, int]:
    """A Samurai game played by bots up to the Retainers' first token
    allocation, saved to ``path``; their fighter in the fight and its
    Combat Potential."""
    ruleset, scenario = load_scenario("samurai")
    game = Game(ruleset, scenario)
    bot, dice = RandomBot(Random(1)), RandomChance(Random(2))
    while not (isinstance(game.waiting, Decision) and game.waiting.simultaneous
               and "retainers" in game.waiting.seats):
        play_out(game, dict.fromkeys(game.seats, bot), dice, max_inputs=1)
    save_game(game, path)
    state = game.view("retainers")["state"]
    fighter = state["fight"]["sides"]["retainers"][0]
    assert len(state["fight"]["sides"]["retainers"]) == 1
    return state["fighters"][fighter]["name"]["en"], state["fighters"][fighter]["cp"]


def test_samurai_tokens_are_asked_fighter_by_fighter_with_what_is_left(tmp_path: Path) -> None:
    saved = tmp_path / "fight.json"
    name, cp = samurai_at_its_first_fight(saved)
    assert cp >= 2
    # the form; 1 Attack token; Enter: the rest as Defence; Boost Initiative: no
    result = run("play", str(saved), "--seat", "retainers=human", "--seat", "bandits=bot",
                 typed="g\n1\n\nn\n")
    shown = result.output[result.output.index("Take your combat tokens"):]
    assert f"Tokens to place: {cp}, your fighters' Combat Potential ({name} {cp})." in shown
    assert f"{name}, Combat Potential {cp}; {cp} tokens left to place." in shown
    assert f"{name}: Attack tokens [{cp}]: " in shown
    assert f"{name}: Defence tokens ({cp - 1} left) [{cp - 1}]: " in shown
    assert f"Placed, none left over:\n  {name}: 1 Attack, {cp - 1} Defence\n" in shown
    defence = f"{cp - 1} Defence token" + ("s" if cp - 1 != 1 else "")
    assert f"{name} gets 1 Attack token and {defence}." in shown
    form = shown[:shown.index("Placed,")]
    assert "{" not in form and "fighters." not in form and "attack)" not in form


def test_facility_orders_are_written_by_the_names_on_the_screen_in_a_short_form() -> None:
    # research_wing.toml: Anna starts in the lobby with the keycard on the floor, the
    # corridor north of it, where Boris waits; the others are bots (seeded)
    turn_one = "g\ntake\nkeycard\n\nmove\nthe corridor\n\n"
    turn_two = "g\nmelee\nBoris\n\n"
    result = run("play", "facility", "--seat", "anna=human", "--seat", "all=bot",
                 "--seed", "1", typed=turn_one + turn_two)
    shown = result.output
    first = shown[shown.index("Anna to play: Your orders for turn 1"):shown.index("Turn 1 is")]
    assert "1. movement; 2. chase;" in first and "7. take;" in first
    assert "Doors of your room: the north door to 3 (the corridor)." in first
    assert "Your orders now: take and movement." in first
    assert "{" not in first and "(move.to)" not in first
    asked = [line for line in first.split(": ") if line.endswith(("(Enter: done)", "Enter: none)",
                                                                  "the inventory)", "movement)"))]
    assert len(asked) <= 6  # against some 25 prompts of a field-by-field form
    assert "(actions) You take the keycard from the floor of the lobby." in shown
    assert "(step 1) You go through the north door into the corridor." in shown
    second = shown[shown.index("Your orders for turn 2"):]
    assert "(actions) You attack Boris in melee." in second
    assert "(actions) You do Boris 1 damage." in second


def test_facility_orders_by_number_and_by_id_are_taken_too() -> None:
    result = run("play", "facility", "--seat", "anna=human", "--seat", "all=bot", "--seed", "1",
                 typed="g\n7\n1\n2\n1\n3\n\n")
    assert "(actions) You put the keycard in your inventory." in result.output
    assert "(step 1) You go through the north door into the corridor." in result.output
    assert "(step 2)" not in result.output[:result.output.index("(end of turn)")]
    russian = run("play", "facility", "--seat", "anna=human", "--seat", "all=bot", "--seed", "1",
                  "--lang", "ru", typed="g\nвзять\nключ\n\nперемещение\nкор\n\n")
    assert "(действия) Вы подбираете с пола вестибюля ключ-карту." in russian.output
    assert "(шаг 1) Вы проходите через северную дверь в коридор." in russian.output


def listed_options(output: str, question: str) -> list[list[tuple[int, str]]]:
    """Each list of options printed under ``question``: (number, label) pairs."""
    found: list[list[tuple[int, str]]] = []
    lines = output.splitlines()
    for at, line in enumerate(lines):
        if line.endswith(question):
            options: list[tuple[int, str]] = []
            for below in lines[at + 1:]:
                match = re.fullmatch(r"  (\d+)\. (.*)", below)
                if match is None and options:
                    break
                if match is not None:
                    options.append((int(match.group(1)), match.group(2)))
            found.append(options)
    return found


def test_night_watch_options_keep_their_numbers_while_a_watcher_plays_cards() -> None:
    # moves: 2 (toward the Metro); in combat 4, then 1 (done) whenever the list has it
    result = run("play", "night-watch", "--seed", "1", "--seat", "night=human",
                 "--seat", "day=bot", typed="2\n4\n1\n" * 200)
    asked = listed_options(result.output, "What does Andrey play at the Metro?")
    assert len(asked) >= 2, result.output
    first, second = asked[0], asked[1]
    assert all(label == dict(first)[number] for number, label in second
               if number in dict(first))  # what was offered before keeps its number
    assert 4 not in dict(second)  # the card played is gone, its number with it
    assert "The options keep their numbers from before; those no longer offered are left out." \
        in result.output
    listed = ", ".join(str(number) for number, _ in second[:-1])
    assert f"Not a legal answer. Choose one of the numbers listed: {listed}, or " \
           f"{second[-1][0]}." in result.output


def test_an_attack_on_ones_own_watcher_says_so_at_the_terminal() -> None:
    result = run("play", "night-watch", "--seed", "1", "--seat", "night=human",
                 "--seat", "day=bot", typed="2\n4\n1\n" * 200)
    labels = [label for options in listed_options(result.output, "play at the Metro?")
              for _, label in options]
    own = [label for label in labels if label.startswith("play Attack") and "on himself" in label]
    assert own and all(label.endswith("— it strikes the Watcher who plays it") for label in own)
    other = [label for label in labels if label.startswith("play Attack") and "Larisa" in label]
    assert other and not any("strikes" in label for label in other)
