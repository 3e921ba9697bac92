"""The game master's desk shows each seat's objectives and where the game
stands, as that seat reads them (a Facility character's secret aim among
them); no seat's page shows another character's aim; a Facility page still
says at the end what the character played for; and the turn card counts
the game's own turns, not the server's questions. Plain HTTP against the
real server; the aims, names and numbers expected are the example
scenario files' own, read from the files."""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.server.pages.render import Words
from referee.server.pages.seat import turn_heading
from tests.pages.conftest import Served
from tests.pages.people import part, words_of


def example_text(ruleset: str) -> str:
    return find_ruleset(ruleset).examples()[0].read_text(encoding="utf-8")


def example(ruleset: str) -> dict[str, Any]:
    return tomllib.loads(example_text(ruleset))


FACILITY = example("facility")
AIMS = {seat: entry["aim"] for seat, entry in FACILITY["characters"].items() if "aim" in entry}
LAST_TURN = FACILITY["settings"]["last_turn"]


class Reader:
    """Someone with a link (a seat's or the game master's), at its page."""

    def __init__(self, base: str, link: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=60)
        opened = self.client.get(link)
        assert opened.status_code == 303, opened.text
        self.path = opened.headers["location"]

    def page(self, lang: str = "") -> str:
        if lang:
            switched = self.client.get(f"{self.path}?lang={lang}")
            assert switched.status_code == 303
        shown = self.client.get(self.path)
        assert shown.status_code == 200, shown.text
        return shown.text

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def readers(served: Served) -> Iterator[list[Reader]]:
    made: list[Reader] = []
    yield made
    for reader in made:
        reader.close()


def open_link(served: Served, readers: list[Reader], link: str) -> Reader:
    reader = Reader(served.base, link)
    readers.append(reader)
    return reader


def seat_block(desk: str, seat: str) -> str:
    """The words of one seat's objectives on the desk."""
    found = re.search(rf'<section class="seat-objectives" data-seat="{seat}"[^>]*>(.*?)</section>',
                      part(desk, "objectives"), re.S)
    assert found is not None, f"no objectives of {seat} on the desk"
    return words_of(found.group(1))


def test_the_desk_shows_each_facility_characters_aim_as_it_reads_it(
        served: Served, readers: list[Reader]) -> None:
    game = served.api.create(ruleset="facility", seats={"anna": "person", "boris": "person"})
    master = open_link(served, readers, game["master"]["link"])
    for lang, aim_line, none_line, turn_line in (
            ("en", "Your aim: {}", "The scenario gives your character no aim",
             f"Turn 1 of {LAST_TURN}."),
            ("ru", "Ваша цель: {}", "Сценарий не ставит вашему персонажу цели",
             f"Ход 1 из {LAST_TURN}.")):
        desk = master.page(lang)
        for seat, character in FACILITY["characters"].items():
            block = seat_block(desk, seat)
            assert block.startswith(character["name"][lang]), block
            assert turn_line in block, block
            if seat in AIMS:
                assert aim_line.format(AIMS[seat][lang]) in block, block
            else:
                assert none_line in block, block
            for other, aim in AIMS.items():
                if other != seat:
                    assert aim[lang] not in block, f"{other}'s aim under {seat}"


def test_the_desk_shows_each_watchs_aims_and_points(
        served: Served, readers: list[Reader]) -> None:
    settings = example("night-watch")["settings"]
    game = served.api.create(ruleset="night_watch", seats={"night": "person"})
    desk = open_link(served, readers, game["master"]["link"]).page()
    night, day = seat_block(desk, "night"), seat_block(desk, "day")
    assert "You play the Night Watch." in night and "You play the Day Watch." not in night
    assert "You play the Day Watch." in day and "You play the Night Watch." not in day
    for block in (night, day):
        assert f"{settings['points_to_win']} points win." in block
        assert f"The Night Watch: 0 of {settings['points_to_win']} points of favour." in block
        assert f"Turn 1 of {settings['max_turns']}." in block


def test_no_seat_page_shows_another_characters_aim(
        served: Served, readers: list[Reader]) -> None:
    game = served.api.create(ruleset="facility", seats=dict.fromkeys(FACILITY["characters"],
                                                                     "person"))
    for seat in FACILITY["characters"]:
        reader = open_link(served, readers, game["seats"][seat]["link"])
        for lang in ("en", "ru"):
            html = reader.page(lang)
            if seat in AIMS:
                assert AIMS[seat][lang] in html
            for other, aim in AIMS.items():
                if other != seat:
                    assert aim[lang] not in html, f"{other}'s aim on {seat}'s page"


def played_to_the_end(served: Served, last_turn: int) -> dict[str, Any]:
    """A Facility game of the example cut to ``last_turn`` turns, each
    closed by the game master (the characters' orders left empty)."""
    text = example_text("facility")
    scenario = text.replace(f"last_turn = {LAST_TURN}", f"last_turn = {last_turn}", 1)
    assert scenario != text
    game = served.api.create(ruleset="facility", scenario=scenario,
                             seats={"anna": "person", "boris": "person"})
    for _ in range(last_turn):
        closed = served.api.call("POST", f"/api/games/{game['id']}/close",
                                 game["master"]["token"])
        assert closed.status_code == 200, closed.text
    return game


def test_a_facility_page_at_the_end_says_what_the_character_played_for(
        served: Served, readers: list[Reader]) -> None:
    game = played_to_the_end(served, 2)
    anna = open_link(served, readers, game["seats"]["anna"]["link"])
    for lang, over, aim_line, heads, turn_line in (
            ("en", "The game is over", "Your aim: {}",
             ("Your objectives", "Where the game stood at its end"), "Turn 2 of 2."),
            ("ru", "Игра окончена", "Ваша цель: {}",
             ("Ваши цели", "Положение в конце игры"), "Ход 2 из 2.")):
        turn = words_of(part(anna.page(lang), "turn"))
        assert turn.startswith(over), turn
        assert aim_line.format(AIMS["anna"][lang]) in turn, turn
        assert all(head in turn for head in heads), turn
        assert turn_line in turn, turn
        assert AIMS["boris"][lang] not in turn
        page_text = anna.page(lang)
        assert page_text.count(AIMS["anna"][lang]) == 1  # said once, on the turn's card
    desk = open_link(served, readers, game["master"]["link"]).page("en")
    assert "The game is over" in words_of(part(desk, "status"))
    assert f"Your aim: {AIMS['boris']['en']}" in seat_block(desk, "boris")


def test_an_echo_seat_reads_the_games_turn_not_the_servers_count(
        served: Served, readers: list[Reader]) -> None:
    """Kofa plays last: the bots' questions before his count on the server,
    and the page still reads the game's first turn."""
    max_turns = example("echo")["settings"]["max_turns"]
    game = served.api.create(ruleset="echo", seats={"kofa": "person"})
    doc = served.api.view(game, game["seats"]["kofa"]["token"])
    assert doc["turn"]["you_are_asked"] and doc["view"]["state"]["turn"] == 1
    number = doc["turn"]["number"]
    assert number > 1  # the server has counted the bots' questions
    kofa = open_link(served, readers, game["seats"]["kofa"]["link"])
    html = kofa.page("en")
    heading = words_of(re.search(r"<h2>(.*?)</h2>", part(html, "turn"), re.S).group(1))  # type: ignore[union-attr]
    assert heading == f"Turn 1 of {max_turns}"
    assert f'name="turn" value="{number}"' in html  # the answer still names the API's turn
    assert f"Ход 1 из {max_turns}" in words_of(part(kofa.page("ru"), "turn"))
    desk = open_link(served, readers, game["master"]["link"]).page("en")
    assert words_of(part(desk, "status")).startswith(f"Turn 1 of {max_turns}")


def test_a_view_without_a_turn_reads_the_games_count_of_questions() -> None:
    """A ruleset whose view gives no turn (one from another package, say):
    the count is said to be the game's; a turn without a last reads alone."""
    game = Game(*load_scenario("facility"))
    view = copy.deepcopy(game.view("anna"))
    assert turn_heading(view, 5, Words("en")) == f"Turn 1 of {LAST_TURN}"
    del view["state"]["objectives"]["last_turn"]
    assert turn_heading(view, 5, Words("en")) == "Turn 1"
    assert turn_heading(view, 5, Words("ru")) == "Ход 1"
    del view["state"]["turn"]
    assert turn_heading(view, 5, Words("en")) == "Question 5 of the game"
    assert turn_heading(view, 5, Words("ru")) == "5-й вопрос в игре"
