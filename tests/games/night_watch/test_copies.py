"""Copies, position keys, the end of the game and its returns per seat, and
the scenario checks of what the rules cannot play."""

from __future__ import annotations

import copy
from random import Random

import pytest

from referee.core.errors import ScenarioError
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.scenario import load_scenario, validate_scenario
from referee.core.waits import Decision
from tests.games.night_watch.nw import RULESET, new_game, other, scenario


def random_inputs(game: Game, seed: int, count: int) -> None:
    """Play ``count`` random inputs (or to the end), checking at every wait
    that the rules' position is plain data, copied without replay."""
    rng = Random(seed)
    while not game.is_over and count > 0:
        assert game._at.copyable
        wait = game.waiting
        if isinstance(wait, Decision):
            seat = game.seats_to_answer()[0]
            game.answer(seat, rng.choice(wait.options_for(seat)).value)
        else:
            game.roll_random(rng)
        count -= 1


def example() -> Game:
    ruleset, moscow = load_scenario("night-watch")
    return Game(ruleset, moscow)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_every_wait_of_a_random_playout_is_copyable_and_the_game_ends(seed: int):
    game = example()
    random_inputs(game, seed, 100_000)
    assert game.is_over
    assert game.outcome() is not None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_fork_mid_game_equals_a_replay_of_the_same_inputs(seed: int):
    game = example()
    random_inputs(game, seed, 40)
    fork = game.fork()
    replay = Game(game.ruleset, game.scenario, game.inputs)
    assert fork.checksum() == replay.checksum() == game.checksum()
    assert fork.key() == replay.key() == game.key()
    assert fork.text_log("night") == replay.text_log("night")
    random_inputs(fork, seed + 100, 30)
    random_inputs(replay, seed + 100, 30)
    assert fork.checksum() == replay.checksum()
    assert fork.key() == replay.key()
    assert game.checksum() == Game(game.ruleset, game.scenario, game.inputs).checksum(), \
        "playing on in the fork leaves the original as it was"


def test_a_fork_mid_combat_copies_the_cards_on_the_table():
    game = new_game([other("larisa", "day", 1, "metro", chips=[1]),
                     other("andrey", "night", 2, "metro")],
                    day=["attack-2"], hand_size=1)
    game.feed("attack-2", "stay", "stay", "cast:attack-2:andrey")
    fork = game.fork()
    fork.feed("chip:0:1", "done", "done")
    game.feed("done", "done")
    assert fork.view("referee")["state"]["others"]["andrey"]["wounds"] == 3
    assert game.view("referee")["state"]["others"]["andrey"]["wounds"] == 2
    assert game.view("referee")["state"]["others"]["larisa"]["chips"] == [1]


def test_the_same_hand_drawn_in_either_order_is_the_same_position():
    # Larisa draws both cards of a two-card deck; the order of the draws is
    # history (the log), not position: the hand and the deck are the same.
    setup = new_game([other("larisa", "day", 1, "zoo")], day=["attack-2", "defence-3"],
                     hand_size=2).scenario
    first, second = Game(RULESET, setup), Game(RULESET, setup)
    first.feed("attack-2", "defence-3")
    second.feed("defence-3", "attack-2")
    assert first.inputs != second.inputs
    assert first.key() == second.key()
    assert first.checksum() != second.checksum(), "the logs differ"
    first.feed("stay")
    second.feed("stay")
    assert first.key() == second.key()


def test_different_hands_are_different_positions():
    setup = new_game([other("larisa", "day", 1, "zoo")], day=["attack-2", "defence-3"],
                     hand_size=1).scenario
    first, second = Game(RULESET, setup), Game(RULESET, setup)
    first.feed("attack-2")
    second.feed("defence-3")
    assert first.key() != second.key()


@pytest.mark.rule("NW-CMB-12")
def test_a_watch_wiped_out_gives_returns_plus_one_and_minus_one():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], hand_size=1)
    game.feed("attack-4", "stay", "stay", "cast:attack-4:andrey", "done", "done")
    outcome = game.outcome()
    assert outcome is not None
    assert dict(outcome.returns) == {"day": 1.0, "night": -1.0}
    assert outcome.reason.key == "nw.end.wiped-out"
    assert game.view("night")["outcome"]["returns"] == {"day": 1.0, "night": -1.0}
    assert game.text_log()[-1] == "The game is over."


@pytest.mark.rule("NW-CMB-12")
def test_both_watches_wiped_out_in_one_combat_is_a_draw():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], night=["attack-4"], hand_size=1)
    game.feed("attack-4", "attack-4", "stay", "stay", "cast:attack-4:andrey", "done",
              "cast:attack-4:larisa", "done")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.kind == "draw"
    assert dict(outcome.returns) == {"night": 0.0, "day": 0.0}


def test_egors_favour_gives_the_favoured_watch_plus_one():
    game = new_game([other("andrey", "night", 1, "zoo")], points_to_win=1)
    game.feed("stay")
    outcome = game.outcome()
    assert outcome is not None
    assert dict(outcome.returns) == {"night": 1.0, "day": -1.0}
    assert outcome.reason.key == "nw.end.favour"


def test_the_last_turn_with_equal_points_gives_zero_to_both():
    game = new_game([other("larisa", "day", 1, "roof"), other("andrey", "night", 2, "flat")],
                    max_turns=1)
    game.feed("stay", "stay")
    outcome = game.outcome()
    assert outcome is not None
    assert dict(outcome.returns) == {"night": 0.0, "day": 0.0}
    assert outcome.reason.key == "nw.end.turns"
    assert RULESET.decided(game.state) is None, "the last turn is a time-out, not a decision"


def test_the_end_of_game_hooks_answer_only_after_a_turn():
    # Andrey alone beside Egor scores at the end of turn 1; with one point to
    # win the game is decided then, and not while the turn is under way.
    game = new_game([other("andrey", "night", 1, "zoo")], points_to_win=1)
    assert RULESET.decided(game.state) is None
    assert RULESET.timed_out(game.state) is None
    game.feed("stay")
    assert RULESET.decided(game.state) is not None


def test_seat_names_are_the_watches():
    moscow = example().scenario
    assert render(RULESET.seat_name(moscow, "night")) == "the Night Watch"
    assert render(RULESET.seat_name(moscow, "day"), "ru") == "Дневной Дозор"


def test_the_game_type_is_two_watches_taking_turns_with_chance_and_secrets():
    kind = RULESET.game_type
    assert (kind.min_seats, kind.max_seats) == (2, 2)
    assert kind.decisions == "sequential"
    assert kind.chance and kind.hidden_information and not kind.cooperative


def problems(data: dict, lang: str = "en") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "bad.toml")
    return [render(p, lang) for p in caught.value.messages]  # type: ignore[arg-type]


def test_a_watch_with_no_other_is_refused():
    data = scenario([other("larisa", "day", 1, "zoo")]).model_dump(mode="json")
    assert problems(data) == [
        "others: the Night Watch has no Other; the game would end after its first turn"]
    assert problems(data, "ru") == [
        "others: у Ночного Дозора нет ни одного Иного; "
        "игра кончилась бы после первого хода"]


def test_an_other_coming_in_after_the_last_turn_is_refused():
    data = scenario([other("larisa", "day", 1, "zoo"),
                     other("andrey", "night", 2, "zoo", enters_turn=13)],
                    max_turns=12).model_dump(mode="json")
    assert problems(data) == [
        "others[1].enters_turn: turn 13 comes after the last turn "
        "(settings.max_turns = 12); this Other would never play"]
    data["others"][1]["enters_turn"] = 12
    assert validate_scenario(RULESET, data, "ok.toml")


def test_a_watch_without_a_deck_is_refused_while_others_draw_spells():
    data = scenario([other("larisa", "day", 1, "zoo"), other("andrey", "night", 2, "zoo")],
                    day=["attack-2"], hand_size=1).model_dump(mode="json")
    del data["decks"]["night"]
    assert problems(data) == [
        "decks.night: the Night Watch has no deck, yet every Other draws up to 1 Spell; "
        "write an empty list for a Watch that draws nothing"]
    data["decks"]["night"] = []
    assert validate_scenario(RULESET, data, "ok.toml"), "an empty deck deals no more (house rule)"


def test_scenario_problems_read_in_russian():
    data = scenario([other("larisa", "day", 1, "zoo"), other("andrey", "night", 1, "moon")],
                    ).model_dump(mode="json")
    assert problems(data, "ru") == [
        "others[1].location: неизвестная Локация 'moon'"
        "; возможны: metro, entrance, flat, roof, barbershop, zoo",
        "others[1].initiative: Инициатива 1 уже у larisa; Инициатива не должна повторяться",
    ]


def test_a_name_may_be_plain_text():
    data = scenario([other("larisa", "day", 1, "zoo"), other("andrey", "night", 2, "zoo")],
                    ).model_dump(mode="json")
    data["others"][0]["name"] = "Larisa"
    parsed = validate_scenario(RULESET, data, "plain.toml")
    game = Game(RULESET, parsed)
    assert game.view("night")["state"]["others"]["larisa"]["name"] == {"en": "Larisa",
                                                                         "ru": "Larisa"}


def test_a_seat_writing_on_its_view_changes_no_other_and_the_shared_names_refuse():
    # The names every view shares (case forms too) refuse to be changed; what
    # is built for this view alone may be changed and changes nothing else.
    game = new_game([other("larisa", "day", 1, "metro",
                           name={"en": "Larisa", "ru": "Лариса", "gender": "fem",
                                 "cases": {"acc": "Ларису"}}),
                     other("andrey", "night", 2, "metro")])
    day_before = game.view("day")
    night = game.view("night")
    with pytest.raises(TypeError, match="cannot be changed"):
        night["state"]["others"]["larisa"]["name"]["cases"]["acc"] = "scribbled"
    with pytest.raises(TypeError, match="cannot be changed"):
        night["state"]["locations"]["metro"]["name"]["en"] = "scribbled"
    night["state"]["others"]["andrey"]["chips"].append(9)
    night["state"]["others"]["andrey"]["wounds"] = 9
    assert game.view("day") == day_before
    assert game.view("night")["state"]["others"]["andrey"]["chips"] == []
    assert game.view("night")["state"]["others"]["andrey"]["wounds"] == 0
    assert game.view("night")["state"]["others"]["larisa"]["name"]["cases"] == {"acc": "Ларису"}
    assert game.view("night")["state"]["locations"]["metro"]["name"]["en"] == "the Metro"


def test_a_deep_copy_of_a_view_may_be_changed_throughout():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")])
    copied = copy.deepcopy(game.view("night"))
    copied["state"]["locations"]["metro"]["name"]["en"] = "scribbled"
    copied["state"]["others"]["larisa"]["name"]["en"] = "scribbled"
    assert game.view("night")["state"]["locations"]["metro"]["name"]["en"] == "the Metro"
    assert game.view("night")["state"]["others"]["larisa"]["name"]["en"] == "Larisa"
