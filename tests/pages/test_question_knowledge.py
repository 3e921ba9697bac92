"""What a seat knows, in words: the objectives as the view states them,
where the game stands, and what the seat sees; in both languages, the
Russian with no English left in it."""

from __future__ import annotations

import copy
import html
import re
import tomllib
from typing import Any

import pytest

from referee.core.game import Game
from referee.core.i18n import LANGS
from referee.core.ruleset import all_rulesets, find_ruleset
from referee.core.scenario import load_scenario, validate_scenario
from referee.server.pages.question import knowledge_html
from tests.pages.reach import asked


def text(ruleset: Any, view: dict[str, Any], lang: str) -> str:
    """The knowledge part as a person reads it: the words, one line each."""
    raw = str(knowledge_html(ruleset, view, lang))  # type: ignore[arg-type]
    raw = re.sub(r"<(li|tr|h3|th|td|br)\b", "\n<\\1", raw)
    return html.unescape(re.sub(r"<[^>]+>", "", raw))


def test_old_west_states_both_objectives_and_which_posse_the_seat_plays():
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    words = text(ruleset, game.view("outlaws"), "en")
    assert "You play the Outlaws." in words
    assert "The Outlaws: get 2 models off the table by the south edge." in words
    assert "The Lawmen: hold the table, with a model still on it when the last turn ends." \
        in words
    assert "Mad Dog McCoy" in words and "Wounds 2 of 2; Fame" in words


def test_echo_names_its_targets_and_the_turns_there_are():
    ruleset, scenario = load_scenario("echo")
    game = Game(ruleset, scenario)
    view = game.view(game.seats[0])
    state = view["state"]
    targets = [e["name"]["en"] for e in state["enemies"].values() if e["target"]]
    assert targets
    words = text(ruleset, view, "en")
    objective = next(line for line in words.splitlines() if line.startswith("Together"))
    assert all(name in objective for name in targets)
    assert f"before turn {state['max_turns']} is over" in objective
    assert f"Turn {state['turn']} of {state['max_turns']}; {state['max_turns']} turns left." \
        in words


def test_night_watch_shows_the_score_and_only_its_own_hands():
    game, seat = asked("night-watch", lambda v: any(o["hand"] for o in v["state"]["others"]
                                                    .values() if o.get("hand")))
    view = game.view(seat)
    state = view["state"]
    words = text(game.ruleset, view, "en")
    for watch, points in state["score"].items():
        name = "Night" if watch == "night" else "Day"
        assert re.search(rf"The {name} Watch: {points} points? of favour", words)
    mine = [o for o in state["others"].values() if o["watch"] == seat and not o["killed"]]
    theirs = [o for o in state["others"].values() if o["watch"] != seat and not o["killed"]]
    yours = words.split("Your Others", 1)[1].split("The other Watch's Others", 1)
    for other in mine:
        assert other["name"]["en"] in yours[0]
    for other in theirs:
        line = next(x for x in yours[1].splitlines() if x.startswith(other["name"]["en"]))
        assert "Spells:" not in line  # how many, never which


def test_samurai_names_the_band_and_what_breaks_a_band():
    ruleset, scenario = load_scenario("samurai")
    game = Game(ruleset, scenario)
    words = text(ruleset, game.view("bandits"), "en")
    assert "You play the Bandits." in words
    assert "fewer than half its fighters" in words


def test_a_facility_character_knows_its_room_its_belongings_and_whom_it_sees():
    ruleset = find_ruleset("facility")
    data = copy.deepcopy(tomllib.loads(ruleset.examples()[0].read_text(encoding="utf-8")))
    data["characters"]["anna"]["room"] = 3
    game = Game(ruleset, validate_scenario(ruleset, data, "test"))
    words = text(ruleset, game.view("boris"), "en")
    assert "You are in the corridor." in words
    assert "Health: 3 of 3." in words
    assert "On the belt: pistol" in words
    assert "North door, to the office" in words
    assert "Anna (a scientist's uniform)" in words
    assert "Nothing lies on the floor." in words
    anna = text(ruleset, game.view("anna"), "en")
    seen = game.view("anna")["state"]["room"]["present"]["boris"]["visible"]
    assert {"pistol", "badge"} == set(seen)
    assert "Boris (an agent's uniform): agent's badge and pistol in sight" in anna


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_every_seat_reads_it_all_in_russian(ruleset: Any):
    game = Game(ruleset, load_scenario(ruleset.examples()[0])[1])
    for seat in game.seats:
        for lang in LANGS:
            words = text(ruleset, game.view(seat), lang)
            assert words.strip()
        ru = text(ruleset, game.view(seat), "ru")
        latin = [w for w in re.findall(r"[A-Za-z]{2,}", re.sub(r"\d", "", ru))]
        assert latin == [], f"{seat}: {latin}"
