"""A person at the terminal in the game loop: the board before each new
question, the question again with the reasons after a refused answer, and the
board not printed again when nothing changed."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import ScriptedChance, play_out
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.display import Display, View, register_display
from tests.core.toy import Solo, SoloScenario


class SoloBoard(Display):
    """Solo's one-line board showing the number picked."""

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        return ["Board"], [[f"picked {view['state']['pick']}"]]


class SoloWithBoard(Solo):
    name = "solo-with-board"


@pytest.fixture(autouse=True)
def solo_board() -> Iterator[None]:
    register_display(SoloWithBoard.name, SoloBoard())
    yield
    register_display(SoloWithBoard.name, None)


def test_the_board_is_shown_once_per_question_and_not_again_after_a_refusal() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    # pick 1; walk 5 steps, refused (at most 1); walk 1 step
    person = TerminalPlayer(console, "en", stream=io.StringIO("1\ng\n5\ng\n1\n"), environ={})
    game = Game(SoloWithBoard(), SoloScenario())
    play_out(game, {"solo": person}, ScriptedChance([4, [1, "x"]]), on_display=person.display)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert game.is_over and game.state.steps == 1
    assert printed.count("picked None") == 1 and printed.count("picked 1") == 1
    refusal = printed.index("Not accepted:")
    assert "picked" not in printed[refusal:]
    assert printed.count("Solo to play: solo.steps") == 2  # the question, asked again


def test_without_the_loop_the_player_shows_the_board_itself() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    person = TerminalPlayer(console, "en", stream=io.StringIO("1\n"), environ={})
    game = Game(SoloWithBoard(), SoloScenario())
    play_out(game, {"solo": person}, ScriptedChance([]), max_inputs=1)
    assert "picked None" in console.file.getvalue()  # type: ignore[attr-defined]
