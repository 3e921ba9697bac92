"""Every ruleset played to its end through the seat pages, as people play
it: each person opens their link, reads what the page offers (buttons, a
list, the board's reach, the steppers, the orders form, Ready), posts the
page's own form with its CSRF token, and reads the page again, until it
shows the end of the game — against the random bot, or several people at
one table. Plain HTTP against the real server, with the examples' own
turn limits made short so each game stays a few minutes' play."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random

import pytest

from referee.core.ruleset import find_ruleset
from tests.pages.conftest import Served
from tests.pages.people import ANSWER_FORM, Person, is_over, part, play_to_the_end, words_of
from tests.pages.posting import FormPage


def short_example(ruleset: str, limit: str, shorter: str) -> str:
    """The ruleset's example with its turn limit ``limit`` made ``shorter``."""
    text = find_ruleset(ruleset).examples()[0].read_text(encoding="utf-8")
    assert limit in text
    return text.replace(limit, shorter, 1)


Seated = Callable[..., list[Person]]
"""Creates a game of a ruleset and scenario whose named seats are people,
and returns those people, each at their page."""


@pytest.fixture
def people_of(served: Served) -> Iterator[Seated]:
    made: list[Person] = []

    def seat(ruleset: str, scenario: str, people: list[str], seed: int,
             lang: str = "en") -> list[Person]:
        game = served.api.create(ruleset=ruleset, scenario=scenario, lang=lang,
                                 seats=dict.fromkeys(people, "person"))
        for name in people:
            made.append(Person(name, served.base, game["seats"][name]["link"],
                               Random(f"{seed}-{name}")))
        return made[-len(people):]

    yield seat
    for person in made:
        person.close()


def the_end_reads_well(html: str, lang: str = "en") -> None:
    """The page at the end: why the game ended, who won in the reader's own
    terms, the saved game to download, no question left, a log."""
    turn = part(html, "turn")
    reason = words_of(turn.split('class="outcome"', 1)[1].split("</p>", 1)[0]).strip(" >")
    assert not reason[0].islower() and reason.endswith("."), reason  # a sentence of its own
    result = words_of(turn.split('class="result"', 1)[1].split("</p>", 1)[0])
    endings = ({"You won.", "You lost.", "A draw.", "Nobody won.", "You all lost, together."}
               if lang == "en" else
               {"Вы победили.", "Вы проиграли.", "Ничья.", "Никто не победил.",
                "Вы все вместе проиграли."})
    assert result.strip(" >") in endings, result
    assert "/save" in turn
    assert 'id="answer-form"' not in html
    over = {"en": "The game is over: nothing more is asked.",
            "ru": "Игра окончена: больше ничего не спрашивают."}[lang]
    assert words_of(part(html, "question")).startswith(over)
    assert part(html, "log").count("<li") > 3


def test_old_west_against_the_bot_is_played_to_its_end_on_the_page(
        people_of: Seated) -> None:
    scenario = short_example("old-west", "max_turns = 12", "max_turns = 3")
    (lawmen,) = people_of("old-west", scenario, ["lawmen"], 1)
    end = play_to_the_end([lawmen])
    the_end_reads_well(end)
    assert lawmen.kinds.get("point", 0) + lawmen.kinds.get("named move", 0) > 0
    assert lawmen.kinds.get("point", 0) > 0, lawmen.refused


def test_samurai_against_the_bot_is_played_to_its_end_on_the_page(
        people_of: Seated) -> None:
    scenario = short_example("samurai", "max_turns = 8", "max_turns = 3")
    (retainers,) = people_of("samurai", scenario, ["retainers"], 2)
    end = play_to_the_end([retainers])
    the_end_reads_well(end)
    assert retainers.kinds.get("point", 0) > 0, retainers.refused


def test_echo_with_two_investigators_is_played_to_its_end_on_their_pages(
        people_of: Seated) -> None:
    scenario = short_example("echo", "max_turns = 8", "max_turns = 3")
    people = people_of("echo", scenario, ["max", "melifaro"], 3)
    end = play_to_the_end(people)
    the_end_reads_well(end)
    assert all(person.answers > 0 for person in people)
    for person in people:
        assert is_over(person.page())


def test_facility_with_two_characters_is_played_to_its_end_on_their_pages(
        people_of: Seated) -> None:
    scenario = short_example("facility", "last_turn = 12", "last_turn = 3")
    people = people_of("facility", scenario, ["anna", "boris"], 4)
    end = play_to_the_end(people)
    the_end_reads_well(end)
    assert all(person.kinds.get("orders", 0) >= 2 for person in people)
    for person in people:
        the_end_reads_well(person.page())


def test_a_game_played_in_russian_ends_in_russian(
        people_of: Seated) -> None:
    scenario = short_example("samurai", "max_turns = 8", "max_turns = 2")
    (retainers,) = people_of("samurai", scenario, ["retainers"], 5, lang="ru")
    end = play_to_the_end([retainers])
    the_end_reads_well(end, "ru")


def test_a_refused_point_shows_the_page_again_with_the_reason_beside_the_form(
        people_of: Seated) -> None:
    """Without JavaScript, a point the rules refuse brings back the seat's
    page (not an error page): the reason beside the form, the question
    still there to answer again."""
    scenario = short_example("old-west", "max_turns = 12", "max_turns = 3")
    (lawmen,) = people_of("old-west", scenario, ["lawmen"], 6)
    for _ in range(200):
        html = lawmen.page()
        if 'name="x"' in html:
            break
        assert not is_over(html)
        lawmen.act(html)
    else:
        raise AssertionError("the Lawmen were never asked where to move")
    form = FormPage(ANSWER_FORM.search(html).group(0))  # type: ignore[union-attr]
    form.fill("x", "500")
    form.fill("y", "1")
    told = lawmen.post(form.post(form.button()))
    assert told is not None and "off the table" in told
    again = lawmen.page()
    assert 'name="x"' in again and not is_over(again)
