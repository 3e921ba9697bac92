"""The Combat phase: brawls split into fights, fights chosen in turn, the
secret tokens, initiative, attacks and Boosts (SAM-CMB, SAM-FGT, SAM-ATK,
SAM-MOD, SAM-BST). Dice are scripted; expected numbers are worked by hand
from the book's procedure."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.waits import Chance
from tests.games.samurai.sam import (
    RETAINERS_FIRST,
    asked,
    events,
    fighter,
    last,
    new_game,
    option_values,
    tokens,
)


def duel(**house_rules: Any) -> Game:
    """Kenji (Initiative 3, Melee 3, weapon +1, CP 3) touches the bandit Oni
    (Initiative 1, Melee 2, medium armour, CP 2); the retainers have priority."""
    game = new_game([fighter("kenji", (10, 10), initiative=3, melee=3, weapon_bonus=1, cp=3)],
                    [fighter("oni", (11, 10), initiative=1, melee=2, armour="medium", cp=2)],
                    **house_rules)
    game.feed(*RETAINERS_FIRST)
    return game


def fight_to_attack(game: Game, kenji: tuple[int, int] = (3, 0), oni: tuple[int, int] = (1, 1),
                    dice: tuple[int, int] = (6, 1)) -> None:
    game.answer("retainers", tokens(kenji=kenji))
    game.answer("bandits", tokens(oni=oni))
    game.feed(*dice)  # initiative: Kenji 6+3 = 9, Oni 1+1 = 2


@pytest.mark.rule("SAM-CMB-1")
def test_only_fighters_in_contact_fight_and_each_takes_tokens_for_its_cp():
    game = new_game([fighter("kenji", (10, 10), cp=3), fighter("goro", (30, 30))],
                    [fighter("oni", (11, 10), cp=2), fighter("far", (40, 40))])
    game.feed(*RETAINERS_FIRST)
    game.feed({"do": "stay"}, {"do": "stay"})  # goro and far are free to move
    assert asked(game) == "sam.ask.tokens"
    assert game.view("referee")["state"]["fight"]["sides"] == {
        "retainers": ["kenji"], "bandits": ["oni"]}
    template = game.view("retainers")["waiting"]["template"]
    assert template == {"fighters": {"kenji": {"attack": 3, "defence": 0,
                                               "boost_initiative": False}}}


def square() -> Game:
    """
        11 B2 A2        each fighter touches the two enemies beside it;
        10 A1 B1        the two of a band stand diagonally, apart
           10 11
    """
    game = new_game([fighter("a1", (10, 10)), fighter("a2", (11, 11))],
                    [fighter("b1", (11, 10)), fighter("b2", (10, 11))])
    game.feed(*RETAINERS_FIRST)
    return game


@pytest.mark.rule("SAM-CMB-2")
def test_the_player_with_priority_is_offered_every_legal_split_and_only_those():
    game = square()
    assert asked(game) == "sam.ask.split" and game.seats_to_answer() == ("retainers",)
    splits = sorted(sorted((f[0], tuple(f[1])) for f in split) for split in option_values(game))
    expected: list[list[tuple[str, tuple[str, ...]]]] = [
        [("a1", ("b1",)), ("a2", ("b2",))],       # two fights of one against one
        [("a1", ("b2",)), ("a2", ("b1",))],       # the other two
    ]
    assert splits == sorted(expected)
    # never "A1 against B1 and B2": A2 would stand aside though it could fight


@pytest.mark.rule("SAM-CMB-3")
def test_a_fighter_stands_aside_only_when_no_split_can_put_it_into_a_fight():
    """Disputed case 5.

        B1 A1 B2 A2        A1 touches B1 and B2; A2 touches B2 only

    «если лишних не впихнуть в другие схватки»: A1 against B1 and B2 would
    leave A2 out, and B2 against A1 and A2 would leave B1 out, though neither
    is one too many for anyone: two fights of one against one take them all,
    so that split is the only one, and no one is asked."""
    game = new_game([fighter("a1", (11, 10)), fighter("a2", (13, 10))],
                    [fighter("b1", (10, 10)), fighter("b2", (12, 10))])
    game.feed(*RETAINERS_FIRST)
    assert asked(game) == "sam.ask.fight"
    assert [render(m) for m in events(game, "sam.split")] == [
        "A fight is set: A1 against B1.", "A fight is set: A2 against B2."]


@pytest.mark.rule("SAM-CMB-3")
def test_one_fighter_fights_at_most_four_and_the_fifth_stands_aside():
    """
            b2
        b1  A  b3       five bandits touch A; one of them must wait
            b4  b5
    """
    around = [(9, 10), (10, 11), (11, 10), (10, 9), (10.7071, 9.2929)]
    bandits = [fighter(f"b{i + 1}", at) for i, at in enumerate(around)]
    bandits[4]["at"] = [10.7072, 9.2928]
    bandits[3]["at"] = [9.3, 9.3]
    game = new_game([fighter("a", (10, 10))], bandits)
    game.feed(*RETAINERS_FIRST)
    touching = [b for b in game.state.table().touching("a")]
    assert len(touching) == 5
    splits = option_values(game)
    assert len(splits) == 5
    for split in splits:
        (one, many), = split
        assert one == "a" and len(many) == 4


@pytest.mark.rule("SAM-CMB-4", "SAM-FGT-1")
def test_fights_are_chosen_in_turn_priority_first():
    game = new_game([fighter("a1", (10, 10)), fighter("a2", (10, 20)), fighter("a3", (10, 30))],
                    [fighter("b1", (11, 10)), fighter("b2", (11, 20)), fighter("b3", (11, 30))])
    game.feed(*RETAINERS_FIRST)
    assert asked(game) == "sam.ask.fight" and game.seats_to_answer() == ("retainers",)
    assert len(option_values(game)) == 3
    game.feed(["a2", ["b2"]])
    assert render(last(game, "sam.fight-chosen")) == (
        "The Retainers choose the next fight: A2 against B2.")
    game.answer("retainers", tokens(a2=(0, 2)))
    game.answer("bandits", tokens(b2=(0, 2)))
    game.feed(6, 1)  # initiative; nobody has an Attack token: the fight is over
    assert asked(game) == "sam.ask.fight" and game.seats_to_answer() == ("bandits",)
    assert len(option_values(game)) == 2


@pytest.mark.rule("SAM-CMB-5")
def test_a_fighter_is_in_one_fight_a_turn_unless_relentless():
    """
        b1 A b2       A touches both bandits
    """
    plain = new_game([fighter("a", (10, 10))], [fighter("b1", (9, 10)), fighter("b2", (11, 10))])
    plain.feed(*RETAINERS_FIRST)
    assert asked(plain) == "sam.ask.tokens"  # one split only: A against both
    assert render(last(plain, "sam.split")) == "A fight is set: A against B1 and B2."
    relentless = new_game([fighter("a", (10, 10), relentless=True)],
                          [fighter("b1", (9, 10)), fighter("b2", (11, 10))])
    relentless.feed(*RETAINERS_FIRST)
    splits = sorted(sorted((f[0], tuple(f[1])) for f in s) for s in option_values(relentless))
    assert splits == [[("a", ("b1",)), ("a", ("b2",))], [("a", ("b1", "b2"))]]


@pytest.mark.rule("SAM-FGT-2")
def test_tokens_that_do_not_add_up_are_refused_with_the_reason():
    game = duel()
    with pytest.raises(IllegalAnswer) as refused:
        game.answer("retainers", tokens(kenji=(3, 1)))
    assert ("you took 4 tokens, but your fighters' Combat Potential adds up to 3"
            in str(refused.value))
    with pytest.raises(IllegalAnswer) as missing:
        game.answer("retainers", {"fighters": {}})
    assert "no tokens given for Kenji" in str(missing.value)
    game.answer("retainers", tokens(kenji=(1, 2)))  # any mix of Attack and Defence
    assert game.pending_answer("retainers") is not None


@pytest.mark.rule("SAM-FGT-2")
def test_pooling_tokens_between_fighters_is_a_scenario_setting():
    kenji, goro = fighter("kenji", (10, 10), cp=3), fighter("goro", (12, 10), cp=1)
    oni = fighter("oni", (11, 10), cp=2)
    strict = new_game([kenji, goro], [oni])
    strict.feed(*RETAINERS_FIRST)
    with pytest.raises(IllegalAnswer) as refused:
        strict.answer("retainers", tokens(kenji=(4, 0), goro=(0, 0)))
    assert "Kenji has 4 tokens with a Combat Potential of 3" in str(refused.value)
    pooled = new_game([kenji, goro], [oni], pool_tokens=True)
    pooled.feed(*RETAINERS_FIRST)
    pooled.answer("retainers", tokens(kenji=(4, 0), goro=(0, 0)))


@pytest.mark.rule("SAM-FGT-3")
def test_tokens_are_revealed_to_both_only_when_both_are_in():
    game = duel()
    game.answer("retainers", tokens(kenji=(2, 1)))
    assert "2 Attack" not in " ".join(game.text_log("bandits"))
    game.answer("bandits", tokens(oni=(1, 1)))
    for seat in ("retainers", "bandits"):
        log = game.text_log(seat)
        assert "Kenji gets 2 Attack tokens and 1 Defence token." in log
        assert "Oni gets 1 Attack token and 1 Defence token." in log
    assert game.view("bandits")["state"]["fight"]["tokens"] == {
        "kenji": {"attack": 2, "defence": 1}, "oni": {"attack": 1, "defence": 1}}


@pytest.mark.rule("SAM-FGT-4")
def test_initiative_is_a_d6_plus_initiative_highest_first():
    game = duel()
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(oni=(2, 0)))
    game.feed(1, 5)  # Kenji 1 + 3 = 4; Oni 5 + 1 = 6
    assert game.view("referee")["state"]["fight"]["order"] == ["oni", "kenji"]
    assert game.seats_to_answer() == ("bandits",) and asked(game) == "sam.ask.attack"


@pytest.mark.rule("SAM-FGT-4", "SAM-BST-2")
def test_a_tie_is_rerolled_without_modifiers_or_boost():
    game = duel()
    game.answer("retainers", tokens(kenji=(3, 0, True)))  # Boosted: costs an Attack token
    game.answer("bandits", tokens(oni=(2, 0)))
    assert game.view("referee")["state"]["fight"]["tokens"]["kenji"] == {"attack": 2,
                                                                         "defence": 0}
    game.feed(2, 3)  # Boosted: 2d6, the higher: 3 + 3 = 6
    game.feed(5)     # Oni: 5 + 1 = 6, a tie
    assert last(game, "sam.initiative").params["total"] == 6
    game.feed(2)     # reroll for Kenji: one plain die, no Boost
    assert isinstance(game.waiting, Chance)  # Oni's reroll, not a second die for Kenji
    game.feed(4)     # Oni's reroll: no modifier (4 beats 2 though Kenji has Initiative 3)
    assert game.view("referee")["state"]["fight"]["order"] == ["oni", "kenji"]


@pytest.mark.rule("SAM-FGT-5")
def test_each_fighter_in_order_attacks_or_passes_then_the_order_starts_again():
    game = duel()
    fight_to_attack(game, kenji=(3, 0), oni=(1, 1))
    assert game.seats_to_answer() == ("retainers",)
    assert option_values(game) == [{"pass": "kenji"}, {"attack": "kenji", "target": "oni"}]
    game.feed({"pass": "kenji"})
    assert game.seats_to_answer() == ("bandits",)  # next in order: Oni
    game.feed({"attack": "oni", "target": "kenji"}, "none", 1, 1, 6)  # fails
    assert game.seats_to_answer() == ("retainers",)  # back to the first: Kenji
    assert asked(game) == "sam.ask.attack"


@pytest.mark.rule("SAM-FGT-5")
def test_a_fighter_killed_in_a_fight_leaves_its_initiative_order():
    """Kenji (Melee 3, weapon +1) against two bandits (Melee 0): 6 + 6 + 4 =
    16 against 1: a margin of 15 kills B1; the order goes on without it."""
    game = new_game([fighter("kenji", (10, 10), melee=3, weapon_bonus=1, cp=3)],
                    [fighter("b1", (9, 10), melee=0, cp=1), fighter("b2", (11, 10), melee=0,
                                                                    cp=1)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(b1=(1, 0), b2=(1, 0)))
    game.feed(6, 1, 2)  # Kenji 7, B1 2, B2 3
    assert game.view("bandits")["state"]["fight"]["order"] == ["kenji", "b2", "b1"]
    game.feed({"attack": "kenji", "target": "b1"}, False, "none", 6, 6, 1)
    assert last(game, "sam.damage.killed").params["margin"] == 15
    assert not game.state.fighters["b1"].alive
    assert game.view("bandits")["state"]["fight"]["order"] == ["kenji", "b2"]


@pytest.mark.rule("SAM-FGT-6")
def test_the_fight_ends_when_all_pass_in_a_row():
    game = duel()
    fight_to_attack(game)
    game.feed({"pass": "kenji"}, {"pass": "oni"})
    assert events(game, "sam.fight.ends-passed")
    assert game.state.fight is None


@pytest.mark.rule("SAM-FGT-6")
def test_the_fight_ends_when_both_are_out_of_attack_tokens():
    game = duel()
    fight_to_attack(game, kenji=(1, 2), oni=(1, 1))
    game.feed({"attack": "kenji", "target": "oni"}, False, "none", 1, 1, 6)
    assert not events(game, "sam.fight.ends-tokens")  # Oni still has an Attack token
    game.feed({"attack": "oni", "target": "kenji"}, False, "none", 1, 1, 6)
    assert events(game, "sam.fight.ends-tokens")


@pytest.mark.rule("SAM-ATK-1", "SAM-ATK-2", "SAM-ATK-3", "SAM-ATK-4", "SAM-ATK-5", "SAM-ATK-6",
                  "SAM-ATK-7", "SAM-ATK-8", "SAM-BST-3", "SAM-BST-4")
def test_an_attack_in_the_books_order():
    """Kenji (Melee 3, weapon +1) attacks Oni (Melee 2, medium armour +2).
    Attack: Boosted, 3d6 = 5, 4, 1, the two highest: 9 + 3 + 1 = 13.
    Defence: Boosted, 2d6 = 3, 2, both: 5 + 2 + 2 = 9. Margin 4."""
    game = duel()
    fight_to_attack(game, kenji=(3, 0), oni=(0, 2))
    game.feed({"attack": "kenji", "target": "oni"})                   # ATK-1
    assert game.view("referee")["state"]["fight"]["tokens"]["kenji"]["attack"] == 2  # ATK-2
    assert game.seats_to_answer() == ("bandits",)                     # ATK-3: Defender first
    assert asked(game) == "sam.ask.boost-defence"
    game.feed(True)
    assert game.seats_to_answer() == ("retainers",)                   # ATK-4: then Attacker
    assert asked(game) == "sam.ask.boost-attack"
    game.feed(True)
    assert asked(game) == "sam.ask.special"                           # ATK-5
    assert option_values(game) == ["none", "grab", "disarm"]
    game.feed("none")
    game.feed(5, 4, 1)                                                # ATK-6, BST-3
    assert isinstance(game.waiting, Chance) and game.waiting.what.key == "sam.roll.defence"
    game.feed(3, 2)                                                   # ATK-7, BST-4
    assert last(game, "sam.attack-result").params["total"] == 13
    assert last(game, "sam.defence-result").params["total"] == 9
    assert last(game, "sam.damage.grievous").params["margin"] == 4    # ATK-8 (house rule band)
    assert game.view("referee")["state"]["fight"]["tokens"] == {
        "kenji": {"attack": 1, "defence": 0}, "oni": {"attack": 0, "defence": 1}}


@pytest.mark.rule("SAM-ATK-8")
def test_a_margin_of_zero_fails():
    """Attack 2d6 = 1, 1: 2 + 3 + 1 = 6. Defence 1d6 = 2: 2 + 2 + 2 = 6. 6 - 6 = 0."""
    game = duel()
    fight_to_attack(game, kenji=(3, 0), oni=(0, 2))
    game.feed({"attack": "kenji", "target": "oni"}, False, False, "none", 1, 1, 2)
    assert last(game, "sam.attack-failed").params["short"] == 0
    assert game.state.fighters["oni"].penalty == 0 and not game.state.fighters["oni"].stunned


@pytest.mark.rule("SAM-MOD-1")
@pytest.mark.parametrize(("armour", "bonus"), [("none", 0), ("light", 1), ("medium", 2),
                                               ("heavy", 3)])
def test_armour_adds_to_the_defence_result(armour: str, bonus: int):
    game = new_game([fighter("kenji", (10, 10), melee=0, cp=2)],
                    [fighter("oni", (11, 10), melee=0, armour=armour, cp=2)])
    game.feed(*RETAINERS_FIRST)
    fight_to_attack(game, kenji=(2, 0), oni=(0, 2), dice=(6, 1))
    game.feed({"attack": "kenji", "target": "oni"}, False, False, "none", 6, 6, 4)
    assert last(game, "sam.defence-result").params["total"] == 4 + bonus


@pytest.mark.rule("SAM-MOD-2")
def test_fighting_three_or_more_enemies_takes_one_from_the_defence_result():
    """
            b2
        b1  A  b3        A (Melee 2) against three: its Defence Result is d6 + 2 - 1
    """
    def defence_against(count: int) -> int:
        spots = [(9, 10), (10, 11), (11, 10)][:count]
        game = new_game([fighter("a", (10, 10), melee=2, cp=2)],
                        [fighter(f"b{i + 1}", at, melee=0, cp=1, initiative=5)
                         for i, at in enumerate(spots)])
        game.feed(*RETAINERS_FIRST)
        game.answer("retainers", tokens(a=(0, 2)))
        game.answer("bandits", tokens(**{f"b{i + 1}": (1, 0) for i in range(count)}))
        game.feed(1, *([6] * count))  # a rolls 1+1; b's 6+5 = 11 each: ties
        game.feed(*range(1, count + 1))  # b's reroll 1, 2, 3: b3 first
        first = game.view("referee")["state"]["fight"]["order"][0]
        game.feed({"attack": first, "target": "a"}, False, "none", 3, 3, 4)
        return int(last(game, "sam.defence-result").params["total"])  # type: ignore[arg-type]

    assert defence_against(2) == 4 + 2
    assert defence_against(3) == 4 + 2 - 1


@pytest.mark.rule("SAM-BST-1")
def test_a_roll_is_boosted_once_and_only_with_a_token_to_spend():
    game = duel()
    fight_to_attack(game, kenji=(1, 2), oni=(1, 1))
    game.feed({"attack": "kenji", "target": "oni"})
    game.feed(True)  # Oni Boosts its defence
    # Kenji spent his only Attack token on the attack: no Boost is offered
    assert asked(game) == "sam.ask.special"
    game.feed("none", 2, 2, 1, 1)  # 2d6 for Kenji, 2d6 (once Boosted) for Oni
    assert last(game, "sam.defence-result").params["dice"] == (1, 1)
    game.feed({"attack": "oni", "target": "kenji"})
    assert asked(game) == "sam.ask.boost-defence"  # Kenji has Defence tokens to Boost with
    game.feed(True)
    assert asked(game) == "sam.ask.special"  # Oni has no Attack token left to Boost
