"""Combat: Spells in Initiative order, wounds counted at the end."""

from __future__ import annotations

import pytest

from referee.core.game import Game
from referee.core.waits import Decision
from tests.games.night_watch.nw import asked, new_game, option_values, other


def duel(larisa_cards: list[str], andrey_cards: list[str], **extra) -> Game:
    """Larisa (Day, Initiative 1) and Andrey (Night, 2) in the Metro, each
    holding the cards given (drawn at the start of turn 1), both staying."""
    hand = max(len(larisa_cards), len(andrey_cards))
    game = new_game([other("larisa", "day", 1, "metro", **extra.pop("larisa", {})),
                     other("andrey", "night", 2, "metro", **extra.pop("andrey", {}))],
                    day=larisa_cards, night=andrey_cards, hand_size=hand, **extra)
    game.feed(*larisa_cards, *andrey_cards, "stay", "stay")
    return game


def state(game: Game) -> dict:
    return game.view("referee")["state"]


@pytest.mark.rule("NW-CMB-1")
def test_a_watcher_need_not_attack_but_cannot_avoid_being_attacked():
    game = duel(["attack-3"], ["defence-2"])
    assert "Combat at the Metro." in game.text_log()
    game.feed("cast:attack-3:andrey", "done")
    assert asked(game) == ("night", "Andrey")
    assert option_values(game)[0] == "done"
    game.feed("done")
    assert state(game)["others"]["andrey"]["wounds"] == 3


@pytest.mark.rule("NW-CMB-2")
def test_spells_and_items_reach_only_watchers_on_the_same_location():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro"),
                     other("anton", "night", 3, "zoo")],
                    day=["attack-3"], hand_size=1,
                    items=[{"id": "blade", "name": {"en": "Blade"}, "kind": "attack",
                            "power": 1, "holder": "larisa"}])
    game.feed("attack-3", "stay", "stay", "stay")
    targets = {value.rsplit(":", 1)[1] for value in option_values(game) if value != "done"}
    assert targets == {"larisa", "andrey"}
    assert "Combat at the Zoo." not in game.text_log()


@pytest.mark.rule("NW-CMB-2")
def test_a_watcher_elsewhere_takes_no_part_in_the_combat():
    """«Бой возможен только между Дозорными, находящимися на одной Локации»:
    Anton, alone at the Zoo with an Attack in hand, is not asked to play in
    the combat at the Metro; when Larisa and Andrey are done, the turn is over
    and the next begins with Larisa's move."""
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro"),
                     other("anton", "night", 3, "zoo")],
                    night=["attack-2", "attack-3"], hand_size=1)
    game.feed("attack-2", "attack-3", "stay", "stay", "stay")
    assert asked(game) == ("day", "Larisa")
    game.feed("done")
    assert asked(game) == ("night", "Andrey")
    game.feed("done")
    wait = game.waiting
    assert isinstance(wait, Decision) and wait.question.key == "nw.ask.move"
    assert asked(game) == ("day", "Larisa")
    lines = game.text_log()
    assert not any("Anton" in line for line in lines[lines.index("Combat at the Metro."):])


@pytest.mark.rule("NW-CMB-3")
def test_spells_come_from_the_watchers_own_cards_and_may_target_anyone_there():
    game = new_game([other("larisa", "day", 1, "metro"), other("alisa", "day", 2, "metro"),
                     other("andrey", "night", 3, "metro")],
                    day=["attack-2", "defence-3"], hand_size=1)
    game.feed("attack-2", "defence-3", "stay", "stay", "stay")
    options = option_values(game)
    assert {"cast:attack-2:andrey", "cast:attack-2:alisa", "cast:attack-2:larisa"} <= set(options)
    assert not any("defence-3" in value for value in options)
    game.feed("cast:attack-2:alisa", "done", "done", "done")
    assert state(game)["others"]["alisa"]["wounds"] == 2


@pytest.mark.rule("NW-CMB-4")
def test_attacks_of_any_power_offend_and_defences_protect():
    game = duel(["attack-4"], ["defence-3"])
    game.feed("cast:attack-4:andrey", "done", "cast:defence-3:andrey", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 1


@pytest.mark.rule("NW-CMB-5")
def test_the_lowest_initiative_plays_first_then_the_next_higher():
    game = new_game([other("andrey", "night", 7, "metro"), other("larisa", "day", 2, "metro"),
                     other("anton", "night", 4, "metro")])
    game.feed("stay", "stay", "stay")
    order = []
    for _ in range(3):
        order.append(asked(game)[1])
        game.feed("done")
    assert order == ["Larisa", "Anton Gorodetsky", "Andrey"]


@pytest.mark.rule("NW-CMB-6")
def test_wounds_are_counted_only_when_both_players_have_played_all_they_wanted():
    game = duel(["attack-4"], ["defence-3"])
    game.feed("cast:attack-4:andrey", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 0
    game.feed("cast:defence-3:andrey")
    assert state(game)["others"]["andrey"]["wounds"] == 0, "Andrey may still play more"
    game.feed("done")
    assert state(game)["others"]["andrey"]["wounds"] == 1


@pytest.mark.rule("NW-CMB-5")
@pytest.mark.rule("NW-CMB-6")
def test_combat_goes_round_once_by_default_so_the_last_to_play_is_the_highest_initiative():
    """«После того, как игрок сыграл карту или карты за своего Дозорного,
    играет карты Заклинаний Дозорный с большей Инициативой.» and «Бой завершен
    после того, как вы и ваш противник сыграли карты за всех тех Иных, за
    которых хотели.» One pass: once Andrey, the highest Initiative, says done,
    Larisa is not asked again and the wounds are counted (disputed case 2)."""
    game = duel(["attack-4", "attack-2"], ["defence-3"], larisa={"chips": [1]})
    game.feed("cast:attack-4:andrey", "done", "cast:defence-3:andrey", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 1
    assert state(game)["others"]["larisa"]["hand"] == ["attack-2"]
    assert state(game)["others"]["larisa"]["chips"] == [1]
    log = game.text_log()
    assert log[log.index("Combat at the Metro."):log.index("— Turn 2 —")] == [
        "Combat at the Metro.",
        "Larisa plays Attack-4 on Andrey.",
        "Andrey plays Defence-3 on himself.",
        "Andrey takes 1 wound (Attack 4 against Defence 3).",
        "The 2 Spells played at the Metro leave the game."]
    assert asked(game) == ("day", "Larisa")
    assert game.view("day")["waiting"]["decision"]["key"] == "nw.ask.move"


def test_house_rule_until_all_pass_goes_round_again_while_anyone_played():
    game = duel(["attack-4"], ["defence-3"], combat_rounds="until-all-pass")
    game.feed("cast:attack-4:andrey", "done")
    game.feed("done")
    assert asked(game)[1] == "Larisa", "a card was played, so Initiative goes round again"
    game.feed("done", "cast:defence-3:andrey", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 0
    game.feed("done", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 1


@pytest.mark.rule("NW-CMB-7")
@pytest.mark.parametrize(("attack", "defence", "wounds"), [
    ("attack-2", "defence-3", 0),
    ("attack-4", "defence-1", 3),
    ("attack-3", "defence-3", 0),
])
def test_wounds_are_attack_power_minus_defence_power_none_if_defence_is_greater(
        attack, defence, wounds):
    game = duel([attack], [defence])
    game.feed(f"cast:{attack}:andrey", "done", f"cast:{defence}:andrey", "done")
    assert state(game)["others"]["andrey"]["wounds"] == wounds


@pytest.mark.rule("NW-CMB-8")
def test_a_modifier_chip_changes_the_power_of_the_card_it_lies_on():
    game = duel(["attack-2"], [], larisa={"chips": [1]})
    game.feed("cast:attack-2:andrey", "chip:0:1", "done", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 3
    assert state(game)["others"]["larisa"]["chips"] == []


@pytest.mark.rule("NW-CMB-9")
def test_book_example_attack_4_against_defence_3_weakened_by_minus_1_gives_2_wounds():
    """«на карте Дозорного лежит одна карта «Атака-4» и одна «Защита-3»,
    ослабленная фишкой «-1» … Значит, данный Дозорный получит две раны вместо
    четырех.» In one pass the chip comes from a Watcher who plays after the
    Defence is down: Andrey (Initiative 1) defends himself, Larisa (2) attacks
    and weakens his Defence."""
    game = new_game([other("andrey", "night", 1, "metro"),
                     other("larisa", "day", 2, "metro", chips=[-1])],
                    night=["defence-3"], day=["attack-4"], hand_size=1)
    game.feed("defence-3", "attack-4", "stay", "stay")
    game.feed("cast:defence-3:andrey", "done", "cast:attack-4:andrey", "chip:0:1", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 2
    assert "Andrey takes 2 wounds (Attack 4 against Defence 2)." in game.text_log()


@pytest.mark.rule("NW-CMB-9")
def test_book_example_with_the_chip_laid_in_a_second_round_under_until_all_pass():
    game = duel(["attack-4"], ["defence-3"], larisa={"chips": [-1]},
                combat_rounds="until-all-pass")
    game.feed("cast:attack-4:andrey", "done", "cast:defence-3:andrey", "done")
    game.feed("chip:0:2", "done", "done", "done", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 2


@pytest.mark.rule("NW-CMB-10")
def test_a_wounded_watcher_carries_its_wounds_from_combat_to_combat():
    game = duel(["attack-1", "attack-2"], [])
    game.feed("cast:attack-1:andrey", "done", "done")
    assert state(game)["others"]["andrey"]["wounds"] == 1
    game.feed("stay", "stay", "cast:attack-2:andrey", "done", "done")
    assert game.view("night")["state"]["others"]["andrey"]["wounds"] == 3


@pytest.mark.rule("NW-CMB-11")
def test_every_spell_that_took_part_leaves_the_game():
    game = duel(["attack-2", "attack-3"], ["defence-2"])
    game.feed("cast:attack-2:andrey", "done", "cast:defence-2:andrey", "done")
    seen = state(game)
    assert seen["others"]["larisa"]["hand"] == ["attack-3"]
    assert seen["others"]["andrey"]["hand"] == []
    assert seen["decks"] == {"night": 0, "day": 0}
    assert "The 2 Spells played at the Metro leave the game." in game.text_log()


@pytest.mark.rule("NW-CMB-12")
def test_four_wounds_kill_the_card_leaves_with_its_spells_and_its_items_stay():
    game = duel(["attack-4"], ["attack-2", "defence-3"], items=[
        {"id": "amulet", "name": {"en": "Amulet"}, "kind": "defence", "power": 1,
         "holder": "andrey"}])
    game.feed("cast:attack-4:andrey", "done", "done")
    seen = state(game)
    assert seen["others"]["andrey"]["killed"] is True
    assert seen["others"]["andrey"]["in_play"] is False
    assert seen["others"]["andrey"]["hand"] == []
    assert seen["items"]["amulet"]["location"] == "metro"
    assert "Andrey is killed and leaves the game with 2 unused Spells." in game.text_log()


@pytest.mark.rule("NW-CMB-12")
def test_three_wounds_do_not_kill():
    game = duel(["attack-3"], [])
    game.feed("cast:attack-3:andrey", "done", "done")
    assert state(game)["others"]["andrey"]["in_play"] is True
