"""Who plays each seat, and several people at one terminal: seats not named
with --seat are asked about (a person or a bot, the default shown); between
two people the screen is cleared and the next one presses Enter, and nothing
one seat may not see is on the screen the other sits down to."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import referee.cli.play as play_module
from referee.cli import app
from referee.cli.terminal import CLEAR
from referee.core.i18n import render
from referee.core.savefile import load_game

runner = CliRunner()


@pytest.fixture(autouse=True)
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    yield


def run(*args: str, typed: str = "") -> Result:
    return runner.invoke(app, list(args), input=typed)


def seats_of(path: Path) -> set[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {item["seat"] for item in data["inputs"] if "seat" in item}


def test_seats_not_named_are_asked_about_with_a_person_first_then_bots_by_default(
        tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # Enter, Enter: the defaults shown; then the Night Watch picks option 1 whenever asked
    result = run("play", "night-watch", "--seed", "1", "--save", str(saved),
                 typed="\n\n" + "1\n" * 400)
    assert "Who plays each seat? p = a person at this terminal, b = a bot." in result.output
    assert "The Night Watch: p or b [p]: " in result.output
    assert "The Day Watch: p or b [b]: " in result.output
    assert "The Night Watch to play" in result.output
    assert "The Day Watch to play" not in result.output  # a bot: nothing asked
    assert CLEAR not in result.output  # one person: nothing to hide from anyone
    assert seats_of(saved) == {"night", "day"}


def test_a_seat_named_on_the_command_line_is_not_asked_about() -> None:
    result = run("play", "night-watch", "--seat", "day=bot", "--seed", "1",
                 typed="\n" + "1\n" * 400)
    assert "The Night Watch: p or b [p]: " in result.output
    assert "The Day Watch: p or b" not in result.output
    assert "The Day Watch to play" not in result.output


@pytest.mark.parametrize("order", [("day=human", "all=bot"), ("all=bot", "day=human")])
def test_all_sets_the_seats_not_named_on_their_own_whatever_the_order(
        order: tuple[str, str]) -> None:
    first, second = order
    result = run("play", "night-watch", "--seat", first, "--seat", second, "--seed", "1",
                 typed="1\n" * 400)
    assert "p or b" not in result.output  # every seat is named: nobody is asked
    assert "The Day Watch to play" in result.output  # the person named keeps the seat
    assert "The Night Watch to play" not in result.output


def test_a_person_already_named_makes_bots_the_default_for_the_rest() -> None:
    result = run("play", "night-watch", "--seat", "day=human", "--seed", "1",
                 typed="\n" + "1\n" * 400)
    assert "The Night Watch: p or b [b]: " in result.output
    assert "The Night Watch to play" not in result.output


def test_an_unclear_answer_is_asked_again_and_russian_letters_work() -> None:
    result = run("play", "night-watch", "--lang", "ru", "--seed", "1",
                 typed="maybe\nб\nч\n" + "1\n" * 400)
    assert "Введите p, если играет человек, или b, если бот." in result.output
    assert "Ходит Дневной Дозор" in result.output  # the Day Watch is the person now
    assert "Ходит Ночной Дозор" not in result.output


def test_without_a_terminal_the_unnamed_seats_are_refused_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: False)
    result = run("play", "night-watch", "--seat", "night=bot")
    assert result.exit_code == 2
    assert "day" in result.output and "--seat all=random" in result.output
    assert "Traceback" not in result.output


def screens(output: str) -> list[str]:
    """The output cut where the screen is cleared: what each sitter sees."""
    return output.split(CLEAR)


def test_two_people_at_one_terminal_never_see_each_others_lines(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "night-watch", "--seat", "all=human", "--seed", "5",
                 "--save", str(saved), typed="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    game = load_game(saved)
    names = {seat: render(game.seat_name(seat), "en") for seat in game.seats}
    logs = {seat: set(game.text_log(seat, "en")) for seat in game.seats}
    hidden = {seat: set.union(*(logs[other] for other in game.seats if other != seat))
              - logs[seat] for seat in game.seats}
    assert all(hidden.values())  # each seat draws Spells the other may not see
    turns = screens(result.output)[1:]
    assert len(turns) > 10
    sitters = []
    for screen in turns:
        head = screen.splitlines()[0]
        sitter = next(seat for seat, name in names.items()
                      if head == f"{name[:1].upper()}{name[1:]} to play: pass the terminal over.")
        sitters.append(sitter)
        lines = set(screen.splitlines())
        assert not lines & hidden[sitter], (sitter, lines & hidden[sitter])
        assert f"{names[sitter][:1].upper()}{names[sitter][1:]}, press Enter when you are ready" \
            in screen
    assert set(sitters) == {"night", "day"}
    assert all(a != b for a, b in pairwise(sitters))
    # each seat reads its own secret lines, on its own screens
    for seat in game.seats:
        own = logs[seat] - logs[next(other for other in game.seats if other != seat)]
        shown = {line for screen, sitter in zip(turns, sitters, strict=True) if sitter == seat
                 for line in screen.splitlines()}
        assert own & shown


def test_an_answer_given_for_a_seat_is_said_on_that_seats_own_screen() -> None:
    """The first number above 1 still listed plays a Spell while there is one
    (options keep their numbers while a Watcher plays: the one played leaves
    a gap, refused), then "done" is all that is left."""
    result = run("play", "night-watch", "--seat", "all=human", "--seed", "5",
                 typed="".join(f"{n}\n" for n in range(2, 13)) * 300)
    notes = 0
    for screen in screens(result.output)[1:]:
        sitter = screen.splitlines()[0].split(" to play:")[0]
        for line in screen.splitlines():
            if line.endswith("(the only answer)"):
                assert line.startswith(f"{sitter}: "), (sitter, line)
                notes += 1
    assert notes > 0
