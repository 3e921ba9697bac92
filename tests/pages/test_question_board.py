"""The board on a seat's page: the ruleset's own picture of the seat's
view, inline (its ids kept apart from the page's), and the Facility
building as the character knows it."""

from __future__ import annotations

import copy
import re
import tomllib
from typing import Any

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import LANGS
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario, validate_scenario
from referee.display import display_for
from referee.server.pages.question import board_html

FACILITY = find_ruleset("facility")


def test_location_graphs_are_the_displays_pictures_inline():
    for name in ("night-watch", "echo"):
        ruleset, scenario = load_scenario(name)
        game = Game(ruleset, scenario)
        seat = game.seats[0]
        view = game.view(seat)
        display = display_for(ruleset)
        assert display is not None
        for lang in LANGS:
            board = str(board_html(ruleset, view, lang))
            picture = display.svg(view, lang)
            assert picture is not None
            assert board.startswith('<figure class="q-board"><svg')
            texts = re.findall(r">([^<>]+)</text>", picture)
            assert texts and texts == re.findall(r">([^<>]+)</text>", board)
            assert not re.search(r'\bid="(?!board-)', board)


def _facility(**rooms: int) -> Game:
    data: dict[str, Any] = tomllib.loads(FACILITY.examples()[0].read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    for seat, room in rooms.items():
        data["characters"][seat]["room"] = room
    return Game(FACILITY, validate_scenario(FACILITY, data, "test"))


def _rooms(board: str) -> dict[str, str]:
    """Each room drawn: its number -> its name."""
    return dict(re.findall(r'data-room="(\d+)">.*?font-weight="bold" text-anchor="middle">'
                           r'([^<]+)</text>', board))


def _ways(board: str) -> int:
    return board.count('<line class="way"')


def test_the_building_shows_every_room_by_name_and_the_ways_the_character_knows():
    game = _facility()
    board = str(board_html(FACILITY, game.view("boris"), "en"))  # in the corridor
    assert _rooms(board) == {"1": "the lobby", "2": "lab A", "3": "the corridor",
                             "4": "the storeroom", "5": "the office", "6": "lab B"}
    assert _ways(board) == 4  # the corridor's four doors
    for door in ("north", "south", "east", "west"):
        assert f">{door}</text>" in board
    assert 'class="room here" data-room="3"' in board
    ru = str(board_html(FACILITY, game.view("boris"), "ru"))
    assert ">северная</text>" in ru and ">кладовая</text>" in ru


def test_the_building_remembers_the_doors_gone_through():
    game = _facility()
    assert _ways(str(board_html(FACILITY, game.view("anna"), "en"))) == 1  # the lobby's door
    game.answer("anna", {"move": {"route": ["north", "east"]}})
    for seat in game.seats_to_answer():
        game.answer(seat, {})
    game.close()
    board = str(board_html(FACILITY, game.view("anna"), "en"))
    assert 'class="room here" data-room="6"' in board  # lab B, through the corridor
    ways = _ways(board)
    assert ways == 2  # lab B's own door, and the lobby's kept from her way here


def test_whom_the_character_sees_is_on_its_room():
    board = str(board_html(FACILITY, _facility(anna=3).view("boris"), "en"))
    assert ">you and Anna</text>" in board


def test_the_game_master_gets_no_building():
    assert board_html(FACILITY, _facility().view(REFEREE), "en") is None
