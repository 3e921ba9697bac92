"""How the Samurai search judges a playout cut short: by the lead toward
breaking the other band (house rule 9: a band below half its fighters at
the End phase loses), so a fighter killed counts for more than wounds on
a fighter still standing, whatever their Combat Potential; and which
questions it searches at all."""

from __future__ import annotations

import json
from random import Random

import pytest

from referee.bots.kinds import make_bot
from referee.bots.search import SECONDS_SETTING
from referee.core.drivers import Ask, RandomChance
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from referee.games.samurai.bot import SamuraiBots
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, new_game

BOTS = SamuraiBots()


@pytest.fixture
def playouts_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECONDS_SETTING, "none")


def example() -> Game:
    ruleset, scenario = load_scenario("samurai")
    return Game(ruleset, scenario)


def killed(game: Game, *fighters: str) -> Game:
    for fid in fighters:
        game.state.fighters[fid].alive = False
    return game


def wounded(game: Game, **penalties: int) -> Game:
    for fid, penalty in penalties.items():
        game.state.fighters[fid].penalty = penalty
    return game


def test_an_even_position_scores_nothing_and_the_bands_see_it_alike() -> None:
    game = wounded(example(), hatamoto=1, chief=1)
    assert BOTS.score(example(), "retainers") == 0.0
    assert BOTS.score(game, "retainers") == -BOTS.score(game, "bandits")


def test_a_gunner_killed_weighs_more_than_the_hatamoto_grievously_wounded() -> None:
    """The Gunner (Combat Potential 2) killed is one of the three retainers
    the bandits must kill to break the band; the Hatamoto (4) grievously
    wounded still stands."""
    gunner = BOTS.score(killed(example(), "ashigaru_teppo"), "retainers")
    hatamoto = BOTS.score(wounded(example(), hatamoto=2), "retainers")
    assert gunner < hatamoto < 0.0


def test_a_band_a_fighter_from_breaking_is_nearly_lost() -> None:
    two_down = BOTS.score(killed(example(), "chief", "thug"), "retainers")
    one_down = BOTS.score(killed(example(), "chief"), "retainers")
    assert 0.9 < two_down < 1.0 and one_down < two_down


def test_the_search_weighs_moves_and_targets_but_not_boosts_specials_or_passes() -> None:
    """Over a game of rules bots, the options the search weighs are moves,
    shots, splits and the targets of attacks; a pass, a Boost, a Special
    attack and a point of its own choosing are left to the rules bot."""
    game = example()
    rules = {seat: make_bot(game.ruleset, "rules", Random(seat)) for seat in game.seats}
    dice = RandomChance(Random(5))
    asked: set[str] = set()
    searched: set[str] = set()
    while not game.is_over and len(game.inputs) < 400:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
            continue
        for seat in game.seats_to_answer():
            ask = Ask.of(game, seat)
            kinds = {json.dumps(option.value): str((option.meaning or {}).get("kind"))
                     for option in ask.options}
            asked |= set(kinds.values())
            searched |= {kinds[json.dumps(value)] for value in BOTS.searched(ask)}
            game.answer(seat, rules[seat].choose(ask))
    assert {"pass", "boost-defence", "special", "point"} <= asked
    assert not searched & {"pass", "boost-defence", "boost-attack", "special", "point"}
    assert {"stay", "charge", "attack"} <= searched



def duel() -> Game:
    """The Gunner (Melee 1, light armour) in base contact with the Bandit
    Chief (Melee 3, a weapon +1, medium armour), as the example profiles
    them: a fight of one against one, both bands asked for their tokens."""
    game = new_game([fighter("gunner", (10, 10), cp=2, melee=1, armour="light")],
                    [fighter("chief", (11, 10), cp=3, melee=3, weapon_bonus=1,
                             armour="medium")])
    game.feed(*RETAINERS_FIRST)
    return game


@pytest.mark.rule("SAM-FGT-2")
@pytest.mark.usefixtures("playouts_alone")
def test_in_a_duel_it_cannot_win_the_search_keeps_its_tokens_for_defence() -> None:
    """The Chief hits the Gunner on 2d6 + 4 against 1d6 + 2; each Attack
    token the Gunner keeps back is a second defence die against one of
    those attacks, and each it spends a poor chance (2d6 + 1 against
    1d6 + 5): the search keeps them all for Defence, where the rules bot
    attacks; the Chief, who wins the duel, attacks with most of its own."""
    game = duel()

    def answer(kind: str, seat: str) -> dict[str, dict[str, int]]:
        bot = make_bot(game.ruleset, kind, Random(0), game.scenario)
        return bot.choose(Ask.of(game, seat))["fighters"]

    assert answer("rules", "retainers")["gunner"]["attack"] > 0
    assert answer("search", "retainers")["gunner"] == {"attack": 0, "defence": 2,
                                                       "boost_initiative": False}
    assert answer("search", "bandits")["chief"]["attack"] >= 2
