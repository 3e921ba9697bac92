"""The house rules that fill the book's gaps (docs/rulesets/night_watch.md)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from referee.core.enumerate import distribution
from referee.core.errors import ScenarioError
from referee.core.game import Game
from referee.core.scenario import validate_scenario
from referee.core.waits import Chance
from tests.games.night_watch.nw import RULESET, asked, new_game, option_values, other, scenario


def winners(game: Game) -> tuple[str, ...] | None:
    outcome = game.outcome()
    return None if outcome is None else outcome.winners


def test_spells_are_drawn_up_to_the_hand_size_one_chance_at_a_time_from_the_cards_left():
    game = new_game([other("larisa", "day", 1, "zoo")],
                    day=["attack-2", "attack-2", "defence-3"], hand_size=2)
    first = game.waiting
    assert isinstance(first, Chance)
    assert dict(first.outcomes) == {"attack-2": Fraction(2, 3), "defence-3": Fraction(1, 3)}
    game.roll("attack-2")
    second = game.waiting
    assert isinstance(second, Chance)
    assert dict(second.outcomes) == {"attack-2": Fraction(1, 2),
                                           "defence-3": Fraction(1, 2)}


def test_exact_odds_of_a_hand_drawn_from_a_small_deck_match_a_count_by_hand():
    # Deck: A2 A2 D3 D3 D3, two cards drawn. Ordered draws: 5 * 4 = 20.
    # Both Attacks: 2*1 = 2 -> 1/10; both Defences: 3*2 = 6 -> 3/10; mixed: 12 -> 3/5.
    game = new_game([other("larisa", "day", 1, "zoo")],
                    day=["attack-2", "attack-2", "defence-3", "defence-3", "defence-3"],
                    hand_size=2)
    odds = distribution(game, lambda g: tuple(sorted(g.view("day")["state"]["others"]
                                                      ["larisa"]["hand"])),
                        stop=lambda g: not isinstance(g.waiting, Chance))
    assert odds == {("attack-2", "attack-2"): Fraction(1, 10),
                    ("defence-3", "defence-3"): Fraction(3, 10),
                    ("attack-2", "defence-3"): Fraction(3, 5)}


def test_an_empty_deck_deals_no_more():
    game = new_game([other("larisa", "day", 1, "zoo")], day=["attack-2"], hand_size=3)
    game.feed("attack-2")
    assert asked(game) == ("day", "Larisa")


def test_random_egor_goes_to_any_neighbour_each_as_likely():
    game = new_game([other("larisa", "day", 1, "zoo")], egor_moves="random",
                    egor_start="entrance")
    wait = game.waiting
    assert isinstance(wait, Chance)
    assert dict(wait.outcomes) == {"metro": Fraction(1, 3), "flat": Fraction(1, 3),
                                   "roof": Fraction(1, 3)}


def egor_lines(game: Game) -> list[str]:
    return [line for line in game.text_log() if line.startswith("Egor")]


def test_egor_walks_his_round_one_location_a_turn_and_never_stays():
    # The board: every move goes through the Metro (NW-MOV-6), the Flat only
    # from the Entrance (NW-MOV-7). From the Metro to the Flat, on to the
    # Barbershop, back towards the Flat: he stands still on no turn.
    game = new_game([other("andrey", "night", 1, "zoo")], egor_moves="round",
                    egor_start="metro", egor_round=["flat", "barbershop"])
    game.feed(*["stay"] * 6)  # Egor moves at the start of a turn: turn 7 has begun
    assert egor_lines(game) == [
        "Egor goes from the Metro to the Entrance.",
        "Egor goes from the Entrance to Egor's Flat.",
        "Egor goes from Egor's Flat to the Entrance.",
        "Egor goes from the Entrance to the Metro.",
        "Egor goes from the Metro to the Barbershop.",
        "Egor goes from the Barbershop to the Metro.",
        "Egor goes from the Metro to the Entrance."]


def test_egor_starting_on_a_stop_of_his_round_heads_for_the_next_one():
    game = new_game([other("andrey", "night", 1, "zoo")], egor_moves="round",
                    egor_start="roof", egor_round=["roof", "zoo"])
    game.feed(*["stay"] * 3)
    assert egor_lines(game) == [
        "Egor goes from the Roof to the Entrance.", "Egor goes from the Entrance to the Metro.",
        "Egor goes from the Metro to the Zoo.", "Egor goes from the Zoo to the Metro."]


def test_with_walk_egor_stays_once_at_his_goal():
    game = new_game([other("andrey", "night", 1, "zoo")], egor_moves="walk",
                    egor_start="metro", egor_goal="zoo")
    game.feed("stay")
    assert egor_lines(game) == ["Egor goes from the Metro to the Zoo.", "Egor stays at the Zoo."]


def test_a_round_that_would_let_egor_stand_still_is_refused():
    data = scenario([other("larisa", "day", 1, "zoo"), other("andrey", "night", 2, "zoo")],
                    egor_moves="round").model_dump(mode="json")
    data["settings"]["egor_round"] = ["zoo", "flat", "flat", "moon"]
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "round.toml")
    assert caught.value.problems == [
        "settings.egor_round[2]: 'flat' is also the stop before it; Egor would stay put",
        "settings.egor_round[3]: unknown Location 'moon'"
        "; expected one of metro, entrance, flat, roof, barbershop, zoo"]
    data["settings"]["egor_round"] = ["zoo", "flat", "zoo"]
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "round.toml")
    assert [p.split(":")[0] for p in caught.value.problems] == ["settings.egor_round[0]"]
    data["settings"]["egor_round"] = ["zoo"]
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "round.toml")
    assert caught.value.problems[0].startswith("settings.egor_round:")


def test_an_other_may_pick_up_an_item_lying_where_it_stands_instead_of_moving():
    game = new_game([other("andrey", "night", 1, "roof")], items=[
        {"id": "chalk", "name": {"en": "Chalk of Fate"}, "kind": "defence", "power": 1,
         "location": "roof"}])
    assert "take:chalk" in option_values(game)
    game.feed("take:chalk")
    assert game.view("day")["state"]["items"]["chalk"] == {
        "name": {"en": "Chalk of Fate", "ru": "Chalk of Fate"}, "kind": "defence", "power": 1,
        "location": None, "holder": "andrey"}


def test_an_item_is_played_like_a_spell_and_kept():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    items=[{"id": "blade", "name": {"en": "Blade"}, "kind": "attack",
                            "power": 2, "holder": "larisa"}])
    game.feed("stay", "stay", "item:blade:andrey", "done", "done")
    state = game.view("referee")["state"]
    assert state["others"]["andrey"]["wounds"] == 2
    assert state["items"]["blade"]["holder"] == "larisa"


def test_an_other_comes_into_play_on_its_turn():
    game = new_game([other("larisa", "day", 1, "barbershop"),
                     other("zavulon", "day", 5, "roof", enters_turn=2),
                     other("andrey", "night", 2, "zoo")])
    assert game.view("night")["state"]["others"]["zavulon"]["in_play"] is False
    game.feed("stay", "stay")
    assert "Zavulon of the Day Watch comes into play at the Roof." in game.text_log()


def test_egors_favour_goes_to_the_only_watch_beside_him_and_wins_the_game():
    game = new_game([other("andrey", "night", 1, "zoo")], points_to_win=2)
    game.feed("stay")
    assert game.view("day")["state"]["score"] == {"night": 1, "day": 0}
    game.feed("stay")
    assert winners(game) == ("night",)


def test_after_the_last_turn_equal_scores_are_a_draw():
    game = new_game([other("larisa", "day", 1, "roof"), other("andrey", "night", 2, "flat")],
                    max_turns=2)
    game.feed("stay", "stay", "stay", "stay")
    assert winners(game) == ()


def test_a_watch_with_no_other_left_loses():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], hand_size=1)
    game.feed("attack-4", "stay", "stay", "cast:attack-4:andrey", "done", "done")
    assert winners(game) == ("day",)


def test_a_scenario_with_five_mistakes_gets_five_messages_naming_each_field():
    data = scenario([other("larisa", "day", 1, "zoo"), other("alisa", "day", 3, "zoo"),
                     other("andrey", "night", 2, "zoo")]).model_dump(mode="json")
    data["others"][0]["initiative"] = "first"          # 1: not a number
    data["others"][0]["watch"] = "evening"             # 2: not a Watch
    data["settings"]["hand_size"] = -1                 # 3: below zero
    data["locations"][1]["name"] = {}                  # 4: name without English
    data["decks"]["day"] = [{"kind": "curse", "power": 1}]  # 5: unknown kind
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "broken.toml")
    problems = caught.value.problems
    assert len(problems) == 5
    for field in ("others[0].initiative", "others[0].watch", "settings.hand_size",
                  "locations[1].name.en", "decks.day[0].kind"):
        # the core may name an entry by its id too: "others[0] (larisa).watch"
        assert any(re.sub(r" \([^)]*\)", "", p).startswith(field + ":")
                   for p in problems), field
    assert all(line.startswith("  broken.toml: ") for line in str(caught.value).splitlines()[1:])


def test_cross_references_are_checked_all_at_once():
    data = scenario([other("larisa", "day", 1, "zoo"), other("anton", "night", 1, "moon")],
                    ).model_dump(mode="json")
    data["settings"]["egor_goal"] = "mars"
    data["items"] = [{"id": "x", "name": {"en": "X"}, "kind": "attack", "power": 1,
                      "holder": "nobody"}]
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "refs.toml")
    assert caught.value.problems == [
        "others[1].location: unknown Location 'moon'"
        "; expected one of metro, entrance, flat, roof, barbershop, zoo",
        "others[1].initiative: 1 is also larisa's; Initiative must be unique",
        "settings.egor_goal: unknown Location 'mars'"
        "; expected one of metro, entrance, flat, roof, barbershop, zoo",
        "items[0].holder: unknown Other 'nobody'; expected one of larisa, anton",
    ]


def test_russian_text_uses_the_books_terms():
    game = Game(RULESET, scenario([other("larisa", "day", 1, "metro"),
                                   other("andrey", "night", 2, "metro")],
                                  day=["attack-4"], hand_size=1))
    game.feed("attack-4", "stay", "stay")
    assert "Бой в Метро." in game.text_log(lang="ru")
    assert "Лариса берёт карту «Атака-4»." in game.text_log("day", lang="ru")
