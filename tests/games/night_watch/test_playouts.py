"""A few hundred random games of the example under the default house rules:
Egor keeps moving, and each combat goes round once."""

from __future__ import annotations

import tomllib
from itertools import groupby
from pathlib import Path
from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import Ask, RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import Msg, Name, Param
from referee.core.scenario import validate_scenario
from referee.core.waits import JSON
from tests.games.night_watch.nw import RULESET

GAMES = 300
EGOR_STAYS_AT_MOST = 1
"""Turns in a row Egor may spend at one Location: on his round he moves every turn."""


class Recorder:
    """A random bot that notes every combat question: (turn, Location, Other)."""

    def __init__(self, seed: int) -> None:
        self.bot = random_bot(Random(seed))
        self.asked: list[tuple[int, str, str]] = []

    def choose(self, ask: Ask) -> JSON:
        question = ask.decision.question
        if question.key == "nw.ask.play":
            at, other = question.params["at"], question.params["other"]
            assert isinstance(at, Msg) and isinstance(other, Name)
            place = at.params["place"]
            assert isinstance(place, Name)
            self.asked.append((ask.view["state"]["turn"], place.en, other.en))
        return self.bot.choose(ask)


def place_of(phrase: Param) -> str:
    """The English name of the Location in a phrase ("at the Zoo": "the Zoo")."""
    assert isinstance(phrase, Msg)
    return getattr(phrase.params["place"], "en", "")


def example_with_default_house_rules() -> Game:
    """The example, with Egor's walk and the combat rounds left to the defaults."""
    path = Path(__file__).parents[3] / "src/referee/games/night_watch/scenarios/moscow.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for setting in ("egor_moves", "egor_round", "combat_rounds"):
        data["settings"].pop(setting)
    return Game(RULESET, validate_scenario(RULESET, data, "moscow.toml"))


@pytest.fixture(scope="module")
def played() -> list[tuple[Game, Recorder]]:
    games = []
    for seed in range(GAMES):
        game, recorder = example_with_default_house_rules(), Recorder(seed)
        play_out(game, {"night": recorder, "day": recorder}, RandomChance(Random(seed + 1)))
        games.append((game, recorder))
    return games


def test_egor_never_stays_at_one_location_for_more_than_a_turn(played):
    for game, _ in played:
        start = game.scenario.settings.egor_start
        places = [next(loc.name.name.en for loc in game.scenario.locations if loc.id == start)]
        for event in game.log_for("referee"):
            params = event.text.params
            if event.kind == "nw.egor-moves":
                places.append(place_of(params["to"]))
            elif event.kind == "nw.egor-stays":
                places.append(place_of(params["at"]))
        longest = max(len(list(run)) for _, run in groupby(places))
        assert longest <= EGOR_STAYS_AT_MOST, places


def test_no_combat_goes_round_twice_under_the_default(played):
    initiative = {o.name.name.en: o.initiative for o in played[0][0].scenario.others}
    combats = 0
    for _, recorder in played:
        for _, questions in groupby(recorder.asked, key=lambda asked: asked[:2]):
            watchers = [name for name, _ in groupby(q[2] for q in questions)]
            order = [initiative[name] for name in watchers]
            assert order == sorted(set(order)), watchers
            combats += 1
    assert combats > GAMES, "the games fought"
