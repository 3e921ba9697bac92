"""A person at the terminal: sees the board and a numbered list, and a wrong
number is asked again rather than breaking the game."""

from __future__ import annotations

import io

from rich.console import Console

from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from tests.games.night_watch.nw import new_game, other


def test_a_person_picks_by_number_and_is_asked_again_after_a_wrong_one():
    game = new_game([other("andrey", "night", 1, "barbershop")])
    screen = io.StringIO()
    player = TerminalPlayer(Console(file=screen, width=120), "en", stream=io.StringIO("7\n2\n"))
    assert player.choose(Ask.of(game, "night")) == "move:metro"
    shown = screen.getvalue()
    assert "1. stay at the Barbershop" in shown and "2. go to the Metro" in shown
    assert "Choose a number from 1 to 2" in shown
    assert "Barbershop" in shown and "Andrey" in shown


def test_the_board_a_person_sees_hides_the_rivals_spells():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], night=["defence-3"], hand_size=1)
    game.feed("attack-4", "defence-3")
    screen = io.StringIO()
    player = TerminalPlayer(Console(file=screen, width=200), "ru", stream=io.StringIO("1\n"))
    player.choose(Ask.of(game, "day"))
    shown = screen.getvalue()
    assert "Атака-4" in shown and "Защита-3" not in shown
    assert "Локация" in shown
