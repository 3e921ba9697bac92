"""The leak test, for bots: a bot reads only its seat's view, so in two
games that differ only in what its seat may not know (another seat's hand,
a secret answer, where a Gate leads, a room it has not seen) every kind of
bot gives the same answer, for every ruleset — the search bot included,
whose resampler draws the positions it searches from that view alone."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots.kinds import kinds_for, make_bot
from referee.bots.search import SECONDS_SETTING
from referee.core.drivers import Ask
from referee.core.events import Seat
from referee.core.game import Game
from tests.games.echo.test_gates import leading_to
from tests.games.facility.test_void_reasons import a_lamp_in_the_storeroom
from tests.games.facility.test_void_reasons import game as facility_game
from tests.games.night_watch.test_leaks import game_where_larisa_draws
from tests.games.old_west.test_heroes import two_heroes
from tests.games.samurai.test_leaks import allocated
from tests.leaks import assert_no_leak, readable_by


@pytest.fixture
def playouts_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot's answer depends on its playouts alone, not on how
    busy the machine is (else two games could be searched unequally)."""
    monkeypatch.setenv(SECONDS_SETTING, "none")


def assert_bots_answer_alike(first: Game, second: Game, seat: Seat) -> None:
    """``seat`` reads the same in both games, and each kind of bot, seeded
    alike, answers it the same in both."""
    assert_no_leak(first, second, seat)
    for kind in kinds_for(first.ruleset):
        for seed in range(3):
            answers = [make_bot(game.ruleset, kind, Random(seed), game.scenario).choose(
                Ask.of(game, seat)) for game in (first, second)]
            assert answers[0] == answers[1], (kind, seed)


@pytest.mark.usefixtures("playouts_alone")
def test_night_watch_bots_cannot_tell_which_spell_larisa_drew() -> None:
    attack, defence = game_where_larisa_draws("attack-4"), game_where_larisa_draws("defence-3")
    assert readable_by(attack, "day") != readable_by(defence, "day")
    for game in (attack, defence):
        game.feed("stay")                 # Larisa stays in the Metro; Andrey is asked
    assert_bots_answer_alike(attack, defence, "night")
    for game in (attack, defence):
        game.feed("stay", "done")         # combat in the Metro: Larisa plays nothing yet
    assert_bots_answer_alike(attack, defence, "night")


@pytest.mark.rule("SAM-FGT-2")
@pytest.mark.usefixtures("playouts_alone")
def test_samurai_bots_cannot_tell_how_the_other_side_took_its_tokens() -> None:
    all_out, guarded = allocated(3, 0, True), allocated(0, 3)
    assert readable_by(all_out, "retainers") != readable_by(guarded, "retainers")
    assert_bots_answer_alike(all_out, guarded, "bandits")


@pytest.mark.rule("OW-FAM-3")
@pytest.mark.usefixtures("playouts_alone")
def test_old_west_bots_cannot_tell_the_other_heros_secret_bid() -> None:
    low, high = two_heroes(), two_heroes()
    low.answer("lawmen", {"marshal": 1})
    high.answer("lawmen", {"marshal": 3})
    assert_bots_answer_alike(low, high, "outlaws")


@pytest.mark.rule("ECHO-GATE-4")
@pytest.mark.usefixtures("playouts_alone")
def test_echo_bots_cannot_tell_where_a_gate_not_yet_passed_leads() -> None:
    khmiro, vook = leading_to("w"), leading_to("v")
    assert readable_by(khmiro, "referee") != readable_by(vook, "referee")
    assert_bots_answer_alike(khmiro, vook, "max")
    for game in (khmiro, vook):
        game.feed("move:e")               # Max stands at the Gate
    assert_bots_answer_alike(khmiro, vook, "max")


def test_facility_bots_cannot_tell_what_lies_unseen_nor_what_others_ordered() -> None:
    plain, lamp = facility_game(), facility_game(a_lamp_in_the_storeroom)
    plain.answer("boris", {"move": {"to": 5}})
    lamp.answer("boris", {"take": [{"item": "keycard"}], "melee": {"target": "anna"}})
    assert readable_by(plain, "boris") != readable_by(lamp, "boris")
    assert_bots_answer_alike(plain, lamp, "anna")
