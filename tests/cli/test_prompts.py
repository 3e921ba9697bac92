"""Prompts a person can trust: no two options read alike, a decision with one
legal answer is not asked, Enter alone picks nothing, stopping (Ctrl-D,
Ctrl-C) ends on a fresh line saying where the game was saved and how to go
on, and the end of a game is said once."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
from referee.bots import random_bot
from referee.cli import app
from referee.cli.terminal import TerminalPlayer, told_apart
from referee.core.drivers import Ask, RandomChance
from referee.core.game import Game
from referee.core.i18n import Lang, Name, msg, render
from referee.core.scenario import load_scenario
from referee.core.waits import JSON, Chance, Decision, Option
from tests.games.old_west.ow import LAW_FIRST, asked, build, m, touching

runner = CliRunner()


class NoBoard:
    """A ruleset as far as the terminal asks: it draws no board."""

    def board_table(self, state: JSON, lang: Lang) -> None:
        return None

    def option_odds(self, view: JSON, seat: str, decision: Decision) -> None:
        return None


def ask(*labels: str) -> Ask:
    options = [Option(f"v{n}", msg("core.seat-name", seat=label))
               for n, label in enumerate(labels, start=1)]
    decision = Decision.single("east", msg("core.seat-name", seat="Which one?"), options)
    return Ask("east", decision, {"state": {}}, NoBoard(), Name("East"))  # type: ignore[arg-type]


def person(typed: str, lang: Lang = "en") -> tuple[TerminalPlayer, io.StringIO]:
    screen = io.StringIO()
    return TerminalPlayer(Console(file=screen, width=200), lang,
                          stream=io.StringIO(typed)), screen


def test_options_that_read_alike_are_told_apart() -> None:
    player, screen = person("3\n")
    assert player.choose(ask("go north", "go south", "go north")) == "v3"
    lines = [line.strip() for line in screen.getvalue().splitlines() if line.startswith("  ")]
    assert lines == ["1. go north — variant 1 of 2", "2. go south",
                     "3. go north — variant 2 of 2"]
    assert told_apart(["а", "б", "а"], "ru") == ["а — вариант 1 из 2", "б", "а — вариант 2 из 2"]


def test_a_decision_with_one_legal_answer_is_answered_and_said_in_one_line() -> None:
    player, screen = person("")  # nothing typed: reading would end the input
    assert player.choose(ask("done")) == "v1"
    assert screen.getvalue() == "East: Which one? — done (the only answer)\n"
    player, screen = person("", "ru")
    player.choose(ask("готово"))
    assert screen.getvalue() == "East: Which one? — готово (других вариантов нет)\n"


def test_enter_alone_picks_nothing_and_the_question_is_asked_again() -> None:
    player, screen = person("\n  \n2\n")
    assert player.choose(ask("hold fire", "shoot Big Ned")) == "v2"
    shown = screen.getvalue()
    assert shown.count("Your choice (1–2): ") == 3
    assert shown.count("Type the number of your choice: Enter alone picks nothing.") == 2
    assert "[1]" not in shown


def test_every_option_list_of_every_example_game_reads_without_repeats() -> None:
    """Random games of each ruleset: whatever the rules offer, the lines a
    person reads are all different, in both languages."""
    checked = 0
    for name in ("night-watch", "old-west", "samurai", "echo"):
        ruleset, model = load_scenario(name)
        game = Game(ruleset, model)
        bot, dice = random_bot(Random(3)), RandomChance(Random(4))
        while not game.is_over and len(game.inputs) < 600:
            wait = game.waiting
            if isinstance(wait, Chance):
                game.roll(dice.outcome(game, wait))
                continue
            for seat in game.seats_to_answer():
                question = Ask.of(game, seat)
                for lang in ("en", "ru"):
                    labels = told_apart([render(o.label, lang) for o in question.options], lang)
                    assert len(set(labels)) == len(labels), labels
                checked += 1
                game.answer(seat, bot.choose(question))
            if isinstance(wait, Decision) and wait.until_closed and game.waiting is wait:
                game.close()
    assert checked > 100


# -- stopping and the end, from the command line -----------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    yield


def run(*args: str, typed: str = "") -> Result:
    return runner.invoke(app, list(args), input=typed)


def inputs(path: Path) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(data["inputs"])


@pytest.mark.usefixtures("terminal")
def test_the_end_of_input_starts_a_fresh_line_and_says_how_to_go_on(tmp_path: Path) -> None:
    saved = tmp_path / "my game.json"
    result = run("play", "night-watch", "--seat", "night=human", "--seat", "day=bot",
                 "--seed", "1", "--save", str(saved), typed="2\n")
    assert result.exit_code == 130
    assert "Your choice (1–2): \n" in result.output  # the input ended at the prompt
    last = result.output.rstrip("\n").splitlines()[-1]
    assert last == (f"Stopped. The game so far is saved in {saved}; "
                    f"to go on: referee play '{saved}'")
    assert [item["answer"] for item in inputs(saved) if item.get("seat") == "night"] \
        == ["move:metro"]
    resumed = run("play", str(saved), "--seat", "all=bot", "--seed", "1")
    assert resumed.exit_code == 0, resumed.output


@pytest.mark.usefixtures("terminal")
def test_ctrl_c_saves_and_says_so_and_without_save_says_it_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    typed = iter(["2"])

    def read(self: TerminalPlayer, prompt: str) -> str:
        self.console.print(prompt, end="")
        for line in typed:
            return line
        raise KeyboardInterrupt

    monkeypatch.setattr(TerminalPlayer, "read", read)
    saved = tmp_path / "game.json"
    result = run("play", "night-watch", "--seat", "night=human", "--seat", "day=bot",
                 "--seed", "1", "--save", str(saved), "--lang", "ru")
    assert result.exit_code == 130
    assert result.output.endswith(f"\nИгра остановлена и сохранена в {saved}; "
                                  f"продолжить: referee play {saved}\n")
    assert any(item.get("seat") == "night" for item in inputs(saved))
    result = run("play", "night-watch", "--seat", "night=human", "--seat", "day=bot")
    assert result.exit_code == 130
    assert result.output.endswith(
        ": \nStopped. The game is not saved: play with --save FILE to be able to go on later.\n")


@pytest.mark.parametrize("name", ["night-watch", "old-west", "samurai", "echo", "facility"])
def test_the_end_of_a_game_is_said_once(name: str) -> None:
    result = run("play", name, "--seat", "all=bot", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.output.rstrip("\n").splitlines()
    ends = [line for line in lines if "game is over" in line.lower() or "game over" in line.lower()]
    assert len(ends) <= 1, ends
    said = ("The game is a draw: ", "The game is over: ", "The investigators lost: ",
            "The investigators of the Secret Investigation won: ")
    assert lines[-1].startswith(said) or " won: " in lines[-1]
    reason = lines[-1].split(": ", 1)[-1]
    assert sum(reason in line for line in lines) == 1, reason


# -- tests show the number needed --------------------------------------------------


def test_a_pluck_test_shows_the_number_needed_in_both_languages() -> None:
    game = build([m("law", 12, 9, pluck=3)], [m("boss", 12, 12, fearsome=True)])
    game.feed(*LAW_FIRST)
    if asked(game) == "ow.ask.heroics":
        game.feed([])
    game.feed("charge:boss", 3, 3)
    assert "Law fails the Pluck test (3+3+3 = 9, 10 needed)." in game.text_log("lawmen", "en")
    assert "Law проваливает проверку Смелости (3+3+3 = 9, нужно 10)." \
        in game.text_log("lawmen", "ru")


def test_the_head_for_the_hills_choice_shows_who_tests_and_what_is_needed() -> None:
    game = build([m("l1", 12, 12), m("l2", 2, 2, pluck=7)],
                 [m("o1", *touching(12, 12, 90)), m("o2", 22, 22)], lawmen={"leader": "l1"})
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    game.feed(1, 6)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(6, *LAW_FIRST)  # l1 is out: the Lawmen have lost half
    assert asked(game) == "ow.ask.hills"
    player, screen = person("1\n")
    assert player.choose(Ask.of(game, "lawmen")) == "test"
    assert "1. take the test: a Pluck test of L2, two dice + Pluck 7, 10 or more passes" \
        in screen.getvalue()
