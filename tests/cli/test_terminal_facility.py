"""A person plays Facility at the terminal: before the orders are asked they
see, from their own seat's view, where they are and what they may name; the
guided form speaks player text in their language; a typo that the rules would
leave out is shown and the answer edited again, nothing typed lost."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest
from rich.console import Console

from referee.cli.terminal import Screen, TerminalPlayer
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.scenario import load_scenario
from referee.display import View, register_display
from referee.display.forms import AnswerForm
from referee.games.facility.display import FacilityDisplay

MOVE_NORTH = '{"move": {"route": ["north"]}}'


class SchemaFormOnly(FacilityDisplay):
    """Facility's display without its own orders form, so that ``g`` gives
    the form read from the answer's JSON Schema, as for any ruleset without
    one (Facility's own short form: tests/cli/test_terminal_flow.py)."""

    def answer_form(self, view: View) -> AnswerForm | None:
        return None


@pytest.fixture(autouse=True)
def schema_form() -> Iterator[None]:
    register_display("facility", SchemaFormOnly())
    yield
    register_display("facility", None)


def facility() -> Game:
    ruleset, scenario = load_scenario("facility")
    return Game(ruleset, scenario)


class Person(TerminalPlayer):
    """A person at a terminal playing anna, with the game the screen shows."""

    game: Game


def person(game: Game, typed: str, lang: Lang = "en") -> tuple[Person, io.StringIO]:
    """A person at a terminal playing anna, who types ``typed``."""
    screen = io.StringIO()
    console = Console(file=screen, width=200)
    player = Person(console, lang, stream=io.StringIO(typed), environ={})
    player.screen = Screen(console, lang, game, ["anna"], player.read)
    player.game = game
    return player, screen


def test_before_the_orders_a_person_sees_their_room_and_what_they_may_name() -> None:
    game = facility()
    game.answer("anna", json.loads(MOVE_NORTH))
    for seat in ("boris", "gleb", "vera"):
        game.answer(seat, {})
    game.close()
    player, screen = person(game, "j\n{}\n")
    player.choose(Ask.of(game, "anna"))
    shown = screen.getvalue()
    board = shown[:shown.index("Anna to play")]
    assert "You are in" in board and "the corridor" in board
    # the corridor's doors, each with the room beyond it (research_wing.toml)
    assert ("`east` to lab B, `north` to the office, `south` to the lobby, "
            "and `west` to lab A") in board
    assert "`boris`: `uniform:agent`, `item:badge`, and `item:pistol`" in board
    assert "Health" in board and "3 of 3, concentration 2" in board
    assert "`folder`" not in board and "`sample`" not in board  # no other room's floor


def test_the_board_reads_in_russian() -> None:
    player, screen = person(facility(), "j\n{}\n", "ru")
    player.choose(Ask.of(player.game, "anna"))
    shown = screen.getvalue()
    assert "Вы находитесь" in shown and "в вестибюле" in shown and "На полу" in shown
    assert "`keycard`" in shown and "никого" in shown


def test_the_guided_form_shows_player_text_not_code_docstrings() -> None:
    player, screen = person(facility(), "g\n" + "\n" * 40)
    player.choose(Ask.of(player.game, "anna"))
    shown = screen.getvalue()
    assert ":class:" not in shown and "CHAT-" not in shown and "``" not in shown
    assert "Your orders for this turn. Every order may be left out" in shown
    assert "Fill in Movement (move)? [y/N]" in shown
    assert "Ignore danger (ignore) <yes or no>. Press Enter to keep no, or type - to " \
           "leave it out:" in shown


def test_the_guided_form_reads_in_russian() -> None:
    typed = "g\nд\n\nnorth\n\n" + "\n" * 40
    player, screen = person(facility(), typed, "ru")
    answer = player.choose(Ask.of(player.game, "anna"))
    assert isinstance(answer, dict) and answer["move"] == {"route": ["north"]}
    shown = screen.getvalue()
    assert "Заполнить: Перемещение (move)? [д/Н]" in shown
    assert "Перемещение → комната назначения (move.to) <целое число>. Enter — пропустить" in shown
    assert "Игнорирование (ignore) <да или нет>" in shown
    assert "integer" not in shown and "boolean" not in shown and "optional" not in shown


def test_a_yes_or_no_field_says_which_answers_it_takes() -> None:
    # move: no; chase: empty; follow, detain: empty lists; ignore: "boris", then yes
    typed = "g\n\n\n\n\nboris\nyes\n" + "\n" * 40
    player, screen = person(facility(), typed)
    answer = player.choose(Ask.of(player.game, "anna"))
    assert isinstance(answer, dict) and answer["ignore"] is True
    assert "“boris” is not a yes or a no: type y or n (yes or no, да or нет, 1 or 0)" \
        in screen.getvalue()


def test_a_yes_or_no_question_asks_again_on_anything_else() -> None:
    player, screen = person(facility(), "g\nmaybe\nn\n" + "\n" * 40, "ru")
    player.choose(Ask.of(player.game, "anna"))
    assert "«maybe» — не «да» и не «нет»: введите д или н" in screen.getvalue()


def test_the_prompts_read_as_sentences() -> None:
    player, screen = person(facility(), "g\n" + "\n" * 40)
    player.choose(Ask.of(player.game, "anna"))
    shown = screen.getvalue()
    assert "How will you answer? g: a form, field by field; e: an editor (none is set: " \
           "set $EDITOR or $VISUAL); j: JSON typed on one line." in shown
    assert "editor (-)" not in shown and "empty skips" not in shown
    assert "Chase (chase) <text>. Press Enter to leave it out:" in shown


def test_a_typo_is_shown_and_the_answer_edited_again_with_the_draft_kept() -> None:
    typed = 'j\n{"mvoe": 1}\n\nj\n' + MOVE_NORTH + "\n"
    player, screen = person(facility(), typed)
    answer = player.choose(Ask.of(player.game, "anna"))
    assert answer == {"move": {"route": ["north"]}}
    shown = screen.getvalue()
    assert "These parts of your answer would not be carried out:" in shown
    assert "mvoe: there is no such order" in shown
    assert "Send it as it is, without them?" in shown and "[y/N]" in shown
    assert 'Your draft:\n{"mvoe": 1}' in shown


def test_a_door_the_room_has_not_is_shown_before_the_orders_are_sent() -> None:
    typed = 'j\n{"move": {"route": ["south"]}}\n\nj\n' + MOVE_NORTH + "\n"
    player, screen = person(facility(), typed)
    answer = player.choose(Ask.of(player.game, "anna"))
    assert answer == {"move": {"route": ["north"]}}
    shown = screen.getvalue()
    # research_wing.toml: Anna starts in the lobby, whose only door is the north one
    assert "move: there is no door `south` in the lobby" in shown
    assert "Send it as it is, without them?" in shown


def test_a_way_of_answering_not_offered_is_said_and_asked_again() -> None:
    player, screen = person(facility(), "2\nj\n{}\n")
    assert player.choose(Ask.of(player.game, "anna")) == {}
    assert "“2” is none of g, e and j." in screen.getvalue()


def test_a_person_may_send_an_answer_with_void_parts_as_it_is() -> None:
    player, screen = person(facility(), 'j\n{"mvoe": 1, "ignore": true}\ny\n')
    answer = player.choose(Ask.of(player.game, "anna"))
    assert answer == {"mvoe": 1, "ignore": True}
    assert "mvoe: there is no such order" in screen.getvalue()


def test_trying_an_answer_leaves_the_game_as_it_was() -> None:
    game = facility()
    player, _ = person(game, 'j\n{"mvoe": 1}\ny\n')
    player.choose(Ask.of(game, "anna"))
    assert game.inputs == [] and game.pending_answer("anna") is None
