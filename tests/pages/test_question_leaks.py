"""The leak test of a seat's page: what the page shows of its game (the
board, what the seat knows, the question) is made from the seat's view
alone, so it mentions nothing the seat may not know.

- Twins: two games that differ only in what a seat may not know (another
  seat's secret answer, the Spell card another Watch drew) give that seat
  the same page, byte for byte, in both languages.
- Other seats' secrets: in random playouts, no word or id that only other
  seats' views (and the game master's) hold appears on a seat's page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest

from referee.bots import random_playout
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, LANGS
from referee.core.ruleset import all_rulesets
from referee.core.scenario import load_scenario
from referee.core.waits import Decision, same_json
from referee.server.pages.question import board_html, knowledge_html, question_html
from tests.games.night_watch.nw import new_game, other
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, tokens
from tests.games.samurai.sam import new_game as samurai_game

EXAMPLES = [pytest.param(path, id=f"{ruleset.name}/{path.stem}")
            for ruleset in all_rulesets() for path in ruleset.examples()]


def page_of(game: Game, seat: str) -> str:
    """Everything the question's parts of ``seat``'s page show, in both languages."""
    view = game.view(seat)
    parts = []
    for lang in LANGS:
        for part in (board_html, knowledge_html, question_html):
            parts.append(str(part(game.ruleset, view, lang)))
    return "\n".join(parts)


def assert_same_page(first: Game, second: Game, seat: str) -> None:
    assert page_of(first, seat) == page_of(second, seat)


# -- twins ------------------------------------------------------------------------------


def test_the_night_watch_cannot_tell_which_spell_larisa_drew():
    def drawing(card: str) -> Game:
        game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                        day=["attack-4", "defence-3"], night=["attack-2"], hand_size=1)
        game.feed(card, "attack-2")
        return game

    attack, defence = drawing("attack-4"), drawing("defence-3")
    assert page_of(attack, "day") != page_of(defence, "day")
    assert_same_page(attack, defence, "night")


def test_the_bandits_cannot_tell_how_the_retainers_took_their_tokens():
    def allocated(attack: int, defence: int) -> Game:
        game = samurai_game([fighter("kenji", (10, 10), cp=3)],
                            [fighter("oni", (11, 10), cp=2)])
        game.feed(*RETAINERS_FIRST)
        game.answer("retainers", tokens(kenji=(attack, defence, False)))
        return game

    all_out, guarded = allocated(3, 0), allocated(0, 3)
    assert page_of(all_out, "retainers") != page_of(guarded, "retainers")
    assert_same_page(all_out, guarded, "bandits")


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_secret_answer_changes_no_other_seats_page(path: Path):
    """Each decision put to several seats at once in a random playout, while
    another seat is still to answer it: one seat answers it two ways; every
    other seat's page is the same, its own shows its answer."""
    played = random_playout(Game(*load_scenario(path)), 31)
    game = Game(played.ruleset, played.scenario)
    checked = 0
    for item in played.inputs:
        wait = game.waiting
        if checked < 3 and "seat" in item and isinstance(wait, Decision) and \
                len(game.seats_to_answer()) > 1:
            seat = str(item["seat"])
            answers = [o.value for o in wait.options_for(seat)] or [
                game.ruleset.random_answer(game.view(seat), seat, wait, Random(n))
                for n in range(4)]
            twin_answer = next((a for a in answers if not same_json(a, item["answer"])), None)
            if twin_answer is not None:
                answered, twin = game.fork(), game.fork()
                answered.apply(item)
                twin.answer(seat, twin_answer)
                if not wait.options_for(seat):  # an answer by shape is shown back
                    assert page_of(answered, seat) != page_of(twin, seat)
                for reader in game.seats:
                    if reader != seat:
                        assert_same_page(answered, twin, reader)
                checked += 1
        game.apply(item)
    if played.ruleset.name in ("facility", "samurai"):
        assert checked > 0


# -- other seats' secrets ----------------------------------------------------------------

SHORTEST = 4
"""Words and ids shorter than this are too common to tell anything."""


def _strings(data: Any) -> Iterator[str]:
    """Every text a view holds: its values and its keys."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


CATALOGUE_WORDS = "\n".join(text for lang in LANGS for text in CATALOGUE.templates[lang].values())


@cache
def telling(text: str) -> bool:
    """Could ``text`` tell a seat something: long enough, with a letter, and
    no part of the words every page may show (the catalogue's)?"""
    return len(text) >= SHORTEST and bool(re.search(r"[^\W\d_]", text)) and \
        text not in CATALOGUE_WORDS


def secrets_of(game: Game, seat: str) -> set[str]:
    """The texts the other seats' and the game master's views hold that
    neither ``seat``'s view nor any catalogue text does."""
    own = json.dumps(game.view(seat), ensure_ascii=False)
    others = {text for reader in (*game.seats, REFEREE) if reader != seat
              for text in _strings(game.view(reader)) if telling(text)}
    return {text for text in others
            if text not in own and json.dumps(text, ensure_ascii=False)[1:-1] not in own}


def _words(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page)) + "\n" + page


@pytest.mark.parametrize("path", EXAMPLES)
def test_no_page_mentions_what_only_other_seats_know(path: Path):
    played = random_playout(Game(*load_scenario(path)), 17)
    game = Game(played.ruleset, played.scenario)
    looked = 0
    for number, item in enumerate(played.inputs):
        if number % 9 == 0 and looked < 15:
            looked += 1
            for seat in game.seats:
                page = _words(page_of(game, seat))
                leaked = sorted(s for s in secrets_of(game, seat) if s in page)
                assert leaked == [], f"{seat} after {number} inputs: {leaked}"
        game.apply(item)
    assert looked > 0


def test_the_secrets_looked_for_are_there_to_find():
    """The check above has something to find: in Facility, what one
    character has not seen (an item in another room) is in others' views,
    and another character's page would give some of it away."""
    ruleset, scenario = load_scenario("facility")
    game = Game(ruleset, scenario)
    assert {"crowbar", "sample case"} <= secrets_of(game, "anna")
    assert "keycard" not in secrets_of(game, "anna")  # on her floor
    boris = _words(page_of(game, "boris"))
    assert "agent's badge" in {s for s in secrets_of(game, "anna") if s in boris}
