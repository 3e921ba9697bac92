"""Reports as a game master writes them: each character's report speaks to it in
the second person and names the others, never the reader itself; rooms go by
the scenario's names; no internal order ids; the game master's log is in the
third person with every line's subject named. Checked on the example
scenario's own three turns and on a turn of many orders, some void or
impossible, in English and in Russian."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.grammar import NameArg
from referee.core.i18n import Lang
from referee.core.morphology import CASES
from referee.core.scenario import validate_scenario
from referee.display.orders import OrdersDesk
from referee.games.facility.report import camera
from referee.games.facility.ruleset import Facility
from tests.language import play_recording, reading_slips

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/facility/scenarios"
SCENARIO = tomllib.loads((EXAMPLE / "research_wing.toml").read_text(encoding="utf-8"))
ROOMS = {room["number"]: room for room in SCENARIO["rooms"]}
CHARACTERS = SCENARIO["characters"]
DESK = OrdersDesk()
report = DESK.report

MANY_ORDERS = {
    "anna": {"take": [{"item": "keycard"}, {"item": "sample"}], "move": {"to": 3},
             "refuse": ["boris"]},
    "boris": {"detain": ["uniform:scientist"], "use": [{"target": "anna"}],
              "melee": {"target": "gleb"}, "bluff": ["melee"]},
    "vera": {"take": [{"item": "sample", "place": "pocket"}],
             "give": [{"item": "sample", "to": "gleb"}], "move": {"to": 9}},
    "gleb": {"take": [{"item": "folder"}], "drop": [{"item": "folder"}],
             "show": [{"item": "folder"}], "move": {"to": 4}},
}
"""A take of an item lying elsewhere, a shot and a give at someone in another
room (declared, impossible), a bluff, a place that is no place, a room that
does not exist, a drop and a show of an item taken this very turn."""


def new_game() -> Game:
    ruleset = Facility()
    return Game(ruleset, validate_scenario(ruleset, SCENARIO, "research_wing.toml"))


def example_turns() -> Game:
    """The example's own three turns (``research_wing_orders``)."""
    game = new_game()
    for turn in (1, 2, 3):
        orders = tomllib.loads((EXAMPLE / "research_wing_orders" / f"turn{turn}.toml")
                               .read_text(encoding="utf-8"))
        orders.pop("turn")
        for seat, table in orders.items():
            game.answer(seat, table)
        game.close()
    return game


def many_orders() -> Game:
    game = new_game()
    for seat, table in MANY_ORDERS.items():
        game.answer(seat, table)
    game.close()
    return game


GAMES = {"example": example_turns, "many-orders": many_orders}


def forms(seat: str, lang: Lang) -> set[str]:
    """Every way a report could name ``seat``: in Russian, each case of its
    name as the morphology declines it (written out here, not by the reports)."""
    name = CHARACTERS[seat]["name"][lang]
    if lang == "en":
        return {name}
    spelled = NameArg(name, "ru", {}, None)
    return {name} | {spelled.case(case) for case in CASES}


def names_in(line: str, words: set[str]) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", line) for word in words)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("which", sorted(GAMES))
def test_a_report_never_names_its_reader_nor_shows_order_ids(which: str, lang: Lang) -> None:
    game = GAMES[which]()
    for seat in CHARACTERS:
        lines = report(game.log_for(seat), seat, lang)
        assert len(lines) > 3
        own = forms(seat, lang)
        named = [line for line in lines if names_in(line, own)]
        assert not named, f"{seat} is named in the third person in its own report: {named}"
        ids = [line for line in lines if re.search(r"\w\[\d+\]|\.place\b|\bCHAT-", line)]
        assert not ids, f"{seat}'s report shows order ids: {ids}"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("which", sorted(GAMES))
def test_rooms_go_by_their_names(which: str, lang: Lang) -> None:
    """Every room of the example is named: no report calls one by its number."""
    game = GAMES[which]()
    numbered = re.compile(r"\broom (\d+)" if lang == "en" else r"\bкомнат\w* (\d+)")
    for seat in (*CHARACTERS, REFEREE):
        for line in report(game.log_for(seat), seat, lang):
            found = [int(n) for n in numbered.findall(line)]
            assert not [n for n in found if n in ROOMS], f"{seat}: {line}"


def test_the_example_reads_as_a_game_master_writes_it() -> None:
    """The lines of the issue, as a person writes them: the reader is "you",
    the others by name, rooms by name, in English and in Russian."""
    game = many_orders()
    anna = report(game.log_for("anna"), "anna")
    assert "(actions) You take the keycard from the floor of the lobby." in anna
    assert "(step 1) You go through the north door into the corridor." in anna
    assert "(step 1) Boris detains you." in anna
    assert "(end of turn) You are in the corridor. Health 3 of 3, concentration 2. " \
           "You carry: keycard (in hand)." in anna
    assert "(step 1) You detain Anna." in report(game.log_for("boris"), "boris")
    russian = report(game.log_for("anna"), "anna", "ru")
    assert "(действия) Вы подбираете с пола вестибюля ключ-карту." in russian
    assert "(шаг 1) Борис задерживает вас." in russian
    assert "(шаг 1) Вы задерживаете Анну." in report(game.log_for("boris"), "boris", "ru")
    master = report(game.log_for(REFEREE), REFEREE, "ru")
    assert "(действия) Анна подбирает с пола вестибюля ключ-карту." in master
    assert "(шаг 1) Борис задерживает Анну." in master
    vera = report(game.log_for("vera"), "vera")
    assert ("(actions) You declared “give the sample case to Gleb”, but it cannot happen: "
            "Gleb is not in your room.") in vera
    assert "(actions) Your order “movement” is void: there is no room 9." in vera


def test_the_game_masters_log_says_whose_sight_each_repeated_move_is() -> None:
    """A move seen by others is the mover's line, then each observer's sight
    headed by the observer (a character, a camera); the observers' own views
    read as they saw it."""
    game = many_orders()
    master = report(game.log_for(REFEREE), REFEREE)
    step = [line for line in master if line.startswith("(step 1) ") and "Anna" in line]
    assert step == [
        "(step 1) Anna goes through the north door into the corridor.",
        "(step 1) Coming into the corridor, Anna sees Boris.",
        "(step 1) Boris sees: Anna comes in through the south door.",
        "(step 1) The camera of the lobby records: Anna leaves the lobby through the north door.",
        "(step 1) On the camera of the lobby, Boris sees: "
        "Anna leaves the lobby through the north door.",
        "(step 1) The camera of the corridor records: "
        "Anna comes into the corridor through the south door.",
        "(step 1) Boris detains Anna."]
    russian = report(game.log_for(REFEREE), REFEREE, "ru")
    assert "(шаг 1) Борис видит: Анна входит через южную дверь." in russian
    assert ("(шаг 1) Камера в вестибюле записывает: Анна выходит из вестибюля "
            "через северную дверь.") in russian
    boris = report(game.log_for("boris"), "boris")
    assert "(step 1) Anna comes in through the south door." in boris
    assert DESK.record(game.log_for(REFEREE), camera(1), "en") == [
        "(actions) Anna takes the keycard from the floor of the lobby.",
        "(step 1) Anna leaves the lobby through the north door."]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("which", sorted(GAMES))
def test_the_game_masters_log_is_in_the_third_person_and_names_every_subject(
        which: str, lang: Lang) -> None:
    game = GAMES[which]()
    everyone = set().union(*(forms(seat, lang) for seat in CHARACTERS))
    second = re.compile(r"\) (You|Your)\b" if lang == "en" else r"\) (Вы|Ваш\w*)\b")
    heading = re.compile(r"^(Turn|Ход) \d+ ")
    for line in report(game.log_for(REFEREE), REFEREE, lang):
        if heading.match(line):
            continue
        assert not second.search(line), line
        assert names_in(line, everyone), f"no one is named: {line}"


@pytest.mark.parametrize("seed", range(3))
def test_a_random_game_reads_in_russian_without_latin_and_in_english_without_brackets(
        seed: int) -> None:
    """Every character's whole log and the game master's, every question put
    and the end, with bots writing random orders: nothing a reader would
    stumble on in either language."""
    played = play_recording("facility", seed)
    assert played.game.outcome() is not None
    assert reading_slips(played) == []


@pytest.mark.parametrize(("name", "ru", "pronoun"), [
    ("Anna", "Анна", "her"), ("Boris", "Борис", "his"), ("ann", None, "their")])
def test_the_game_masters_lines_use_the_characters_own_pronoun(
        name: str, ru: str | None, pronoun: str) -> None:
    """A named character is "her" or "his" (read from the Russian name); one
    whose name says nothing is "their"."""
    from referee.core.i18n import Name, msg, render

    who = Name(name, ru)
    assert render(msg("facility.gm.put", who=who, item=Name("keycard"), place="hands"),
                  "en") == f"{name} puts the keycard in {pronoun} hands."
    assert render(msg("facility.gm.equipped-self", who=who), "en") == \
        f"{name} rearranges {pronoun} hands and inventory."
    assert render(msg("facility.gm.lost", who=Name("Gleb", "Глеб"), target=who), "en") == \
        "Gleb lacks the concentration to keep after " + name + " and loses " + \
        {"her": "her", "his": "him", "their": "them"}[pronoun] + "."
