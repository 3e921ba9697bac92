"""What a Samurai player reads, in English and in Russian, as a person would
write it: names in the case the Russian sentence needs («атакует Лучницу
Кику»), verbs and participles agreeing with the subject («Лучница Кику
убита», «Вассалы выбирают»), real plurals («2 жетона», «5 ран»), numbers as
each language writes them («(10,5; 12,5)»), the dice of a roll-off in the
order the sentence names the sides, and no English or ids in Russian.

Every expected line is written by hand; the numbers in it are worked from the
rules (rules/samurai.md and the house rules in docs/rulesets/samurai.md)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.cli.play import outcome_line
from referee.core.game import Game
from referee.core.i18n import Lang, render
from referee.core.waits import Decision
from referee.display import display_for
from referee.games.samurai.missiles import shot_refusal
from tests.games.samurai.sam import RETAINERS_FIRST, RULES, fighter, new_game, stay_all, tokens
from tests.language import latin, play_recording, reading_slips


def named(fid: str, en: str, ru: str, at: tuple[float, float], gender: str | None = None,
          **profile: Any) -> dict[str, Any]:
    """A fighter with a name in both languages (and its gender, where the
    Russian dictionary cannot know it)."""
    name: dict[str, Any] = {"en": en, "ru": ru}
    if gender:
        name["gender"] = gender
    return {**fighter(fid, at, **profile), "name": name}


def log(game: Game, lang: Lang, seat: str = "referee") -> list[str]:
    return game.text_log(seat, lang)


def after(lines: list[str], first: str) -> list[str]:
    """The lines from ``first`` on."""
    return lines[lines.index(first):]


# -- the roll-off for priority ---------------------------------------------------


@pytest.mark.parametrize(("dice", "english", "russian"), [
    ((6, 1), "Turn 1: the Retainers roll 6, the Bandits 1; the Retainers have priority.",
     "Ход 1: Вассалы выбрасывают 6, Разбойники — 1; приоритет у Вассалов."),
    ((2, 5), "Turn 1: the Bandits roll 5, the Retainers 2; the Bandits have priority.",
     "Ход 1: Разбойники выбрасывают 5, Вассалы — 2; приоритет у Разбойников."),
])
def test_the_roll_off_names_each_sides_die_in_the_order_it_names_the_sides(
        dice: tuple[int, int], english: str, russian: str) -> None:
    """The retainers roll first; the line names the side with priority first,
    with its own die, and a side named in the plural takes a plural verb."""
    game = new_game([fighter("kenji", (10, 10))], [fighter("oni", (30, 30))])
    game.feed(*dice)
    assert log(game, "en")[0] == english
    assert log(game, "ru")[0] == russian


# -- the Move phase ------------------------------------------------------------------


def test_an_advance_reads_with_the_target_in_the_dative_and_a_decimal_comma() -> None:
    """Goro moves 2.5" (his move) straight toward Kiku, 20" away: to (10.5, 12.5)."""
    game = new_game([named("goro", "Archer Goro", "Лучник Горо", (10.5, 10), move=2.5)],
                    [named("kiku", "Archer Kiku", "Лучница Кику", (10.5, 30))])
    game.feed(*RETAINERS_FIRST)
    wait = game.waiting
    assert isinstance(wait, Decision)
    assert render(wait.question, "ru") == "Как движется Лучник Горо?"
    assert render(wait.question, "en") == "How does Archer Goro move?"
    labels = [(render(o.label, "en"), render(o.label, "ru")) for o in wait.options_for("retainers")]
    assert labels[:2] == [("stay put", "остаться на месте"),
                      ("advance 2.5 inches toward Archer Kiku", "пройти 2,5 дюйма к Лучнице Кику")]
    game.feed(wait.options_for("retainers")[1].value)
    assert log(game, "en")[-1] == "Archer Goro advances toward Archer Kiku, ending at (10.5, 12.5)."
    assert log(game, "ru")[-1] == "Лучник Горо продвигается к Лучнице Кику до точки (10,5; 12,5)."


def test_a_charge_names_the_target_in_the_accusative() -> None:
    game = new_game([named("goro", "Archer Goro", "Лучник Горо", (10, 10))],
                    [named("kiku", "Archer Kiku", "Лучница Кику", (10, 14))])
    game.feed(*RETAINERS_FIRST)
    wait = game.waiting
    assert isinstance(wait, Decision)
    charge = wait.options_for("retainers")[1]
    assert (render(charge.label, "en"), render(charge.label, "ru")) == (
        "charge Archer Kiku", "броситься на Лучницу Кику")
    game.feed(charge.value)
    assert log(game, "en")[2].startswith("Archer Goro charges Archer Kiku, ending at (")
    assert log(game, "ru")[2].startswith(
        "Лучник Горо бросается на Лучницу Кику и останавливается в точке (")


# -- a fight to the death ----------------------------------------------------------


def duel_to_the_death() -> Game:
    """Kenji (Initiative 3, Melee 3, weapon +1, 3 Attack tokens) kills Kiku
    (Initiative 1, Melee 0, no armour, 2 Attack tokens): initiative 6 + 3 = 9
    against 1 + 1 = 2; the attack 6 + 6 + 3 + 1 = 16 against a defence of
    1 + 0 = 1, a margin of 15 (killed, house rule)."""
    game = new_game(
        [named("kenji", "Kenji", "Кэндзи", (10, 10), initiative=3, melee=3, weapon_bonus=1,
               cp=3)],
        [named("kiku", "Archer Kiku", "Лучница Кику", (11, 10), melee=0, cp=2)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(kiku=(2, 0)))
    game.feed(6, 1, {"attack": "kenji", "target": "kiku"}, False, "none", 6, 6, 1)
    return game


def test_a_fight_reads_as_a_person_writes_it_in_english() -> None:
    game = duel_to_the_death()
    assert after(log(game, "en"), "Turn 1: the Combat phase.") == [
        "Turn 1: the Combat phase.",
        "A fight is set: Kenji against Archer Kiku.",
        "The Retainers choose the next fight: Kenji against Archer Kiku.",
        "The fight begins: Kenji against Archer Kiku.",
        "Kenji gets 3 Attack tokens and no Defence tokens.",
        "Archer Kiku gets 2 Attack tokens and no Defence tokens.",
        "Kenji's Initiative: 6 + 3 = 9.",
        "Archer Kiku's Initiative: 1 + 1 = 2.",
        "Order of the fight: Kenji, Archer Kiku.",
        "Kenji attacks Archer Kiku, spending an Attack token.",
        "Kenji rolls 6 and 6: Attack Result 16.",
        "Archer Kiku rolls 1: Defence Result 1.",
        "Archer Kiku is killed (margin 15).",
        "One side has no fighters left: the fight is over.",
        "2 unspent tokens are lost.",
        "Turn 1: the Combat phase ends.",
        "Turn 1: the Action phase.",
        "Turn 1: the Action phase ends.",
        "Turn 1 ends."]
    assert outcome_line(game, "en") == "The Retainers won: the Bandits have no fighters left"


def test_a_fight_reads_as_a_person_writes_it_in_russian() -> None:
    """«Лучница Кику убита», not «убит»: the participle agrees with a woman's
    name (the dictionary knows «лучница»); «Вассалы победили», not the seat id."""
    game = duel_to_the_death()
    assert after(log(game, "ru"), "Ход 1: фаза боя.") == [
        "Ход 1: фаза боя.",
        "Назначена схватка: Кэндзи против Лучницы Кику.",
        "Вассалы выбирают следующую схватку: Кэндзи против Лучницы Кику.",
        "Схватка начинается: Кэндзи против Лучницы Кику.",
        "Кэндзи получает 3 жетона Атаки и 0 жетонов Защиты.",
        "Лучница Кику получает 2 жетона Атаки и 0 жетонов Защиты.",
        "Инициатива Кэндзи: 6 + 3 = 9.",
        "Инициатива Лучницы Кику: 1 + 1 = 2.",
        "Порядок действия в схватке: Кэндзи, Лучница Кику.",
        "Кэндзи атакует Лучницу Кику, потратив жетон Атаки.",
        "Кэндзи выбрасывает 6 и 6: Результат Атаки 16.",
        "Лучница Кику выбрасывает 1: Результат Защиты 1.",
        "Лучница Кику убита (перевес 15).",
        "С одной стороны не осталось бойцов: схватка окончена.",
        "2 неистраченных жетона пропадают.",
        "Ход 1: фаза боя окончена.",
        "Ход 1: фаза действий.",
        "Ход 1: фаза действий окончена.",
        "Ход 1 окончен."]
    assert outcome_line(game, "ru") == "Вассалы победили: у Разбойников не осталось бойцов"


def test_one_against_two_lists_the_enemies_in_the_genitive() -> None:
    """The thug touches both retainers: one split only, the thug against both
    (listed by their ids, goro before kenji)."""
    game = new_game([named("kenji", "Kenji", "Кэндзи", (10, 10)),
                     named("goro", "Archer Goro", "Лучник Горо", (12, 10))],
                    [named("thug", "the Thug", "Головорез", (11, 10))])
    game.feed(*RETAINERS_FIRST)
    assert "A fight is set: the Thug against Archer Goro and Kenji." in log(game, "en")
    assert "Назначена схватка: Головорез против Лучника Горо и Кэндзи." in log(game, "ru")
    assert "The fight begins: Archer Goro and Kenji against the Thug." in log(game, "en")
    assert "Схватка начинается: Лучник Горо и Кэндзи против Головореза." in log(game, "ru")


def test_an_attack_with_boosts_and_a_special_attack() -> None:
    """Oni has a Defence token and Boosts (2 dice, both counted); Kenji Boosts
    too (3 dice, the two highest) and tries to grab: 6 + 5 + 3 = 14 against
    1 + 1 + 2 = 4 (medium armour +2, Melee 0), and the grab holds."""
    game = new_game(
        [named("kenji", "Kenji", "Кэндзи", (10, 10), initiative=3, melee=3, cp=3)],
        [named("oni", "the Bandit Chief", "Атаман", (11, 10), melee=0, armour="medium", cp=2)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(oni=(1, 1)))
    game.feed(6, 1, {"attack": "kenji", "target": "oni"}, True, True, "grab", 6, 1, 5, 1, 1)
    assert after(log(game, "en"), "Kenji attacks the Bandit Chief, spending an Attack token.") == [
        "Kenji attacks the Bandit Chief, spending an Attack token.",
        "The Bandit Chief spends a Defence token to Boost the defence roll.",
        "Kenji spends another Attack token to Boost the attack roll.",
        "Kenji tries to grab the Bandit Chief.",
        "Kenji rolls 6, 1, and 5: Attack Result 14.",
        "The Bandit Chief rolls 1 and 1: Defence Result 4.",
        "The Bandit Chief is grabbed and loses every Defence token left."]
    assert after(log(game, "ru"), "Кэндзи атакует Атамана, потратив жетон Атаки.") == [
        "Кэндзи атакует Атамана, потратив жетон Атаки.",
        "Атаман тратит жетон Защиты на Усиление защитного броска.",
        "Кэндзи тратит ещё один жетон Атаки на Усиление броска атаки.",
        "Кэндзи пытается схватить Атамана.",
        "Кэндзи выбрасывает 6, 1 и 5: Результат Атаки 14.",
        "Атаман выбрасывает 1 и 1: Результат Защиты 4.",
        "Атаман схвачен и теряет все оставшиеся жетоны Защиты."]


def test_a_failed_attack_says_by_how_much() -> None:
    """Kenji 1 + 1 + 3 = 5 against the Chief's 6 + 0 + 2 = 8: short by 3."""
    game = new_game(
        [named("kenji", "Kenji", "Кэндзи", (10, 10), initiative=3, melee=3, cp=3)],
        [named("oni", "the Bandit Chief", "Атаман", (11, 10), melee=0, armour="medium", cp=2)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(oni=(2, 0)))
    game.feed(6, 1, {"attack": "kenji", "target": "oni"}, False, "none", 1, 1, 6)
    assert log(game, "en")[-1] == "The attack fails: the Defence Result is higher by 3."
    assert log(game, "ru")[-1] == "Атака провалилась: Результат Защиты больше на 3."


# -- shooting -------------------------------------------------------------------------


def test_a_shot_names_the_target_in_the_accusative_and_the_wound_agrees() -> None:
    """Goro's yumi at Kiku, 11" between the bases (no range modifier, house
    rule): 4 + 4 = 8 against 6 + 0 + 0 = 6, a margin of 2: a light wound."""
    game = new_game([named("goro", "Archer Goro", "Лучник Горо", (2, 10), missile="yumi")],
                    [named("kiku", "Archer Kiku", "Лучница Кику", (14, 10))])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", {"act": "shoot", "target": "kiku"})
    game.feed(4, 4)
    assert after(log(game, "en"), "Turn 1: the Action phase.")[1:4] == [
        "Archer Goro shoots at Archer Kiku with a yumi.",
        "Archer Goro rolls 4 and 4: Attack Result 8 against Archer Kiku's Defence of 6.",
        "Archer Kiku takes a light wound (margin 2)."]
    assert after(log(game, "ru"), "Ход 1: фаза действий.")[1:4] == [
        "Лучник Горо стреляет в Лучницу Кику из юми.",
        "Лучник Горо выбрасывает 4 и 4: Результат Атаки 8 против Защиты Лучницы Кику, равной 6.",
        "Лучница Кику легко ранена (перевес 2)."]


def tomoe_and_the_thug(thug_at: tuple[float, float]) -> Game:
    """Tomoe, a woman the dictionary does not know (the scenario says so),
    with a shuriken; the Thug in front of her."""
    return new_game([named("tomoe", "Tomoe", "Томоэ", (2, 10), gender="fem",
                           missile="shuriken")],
                    [named("thug", "the Thug", "Головорез", thug_at)])


def test_a_shuriken_is_thrown_and_a_miss_agrees_with_the_thrower() -> None:
    """5" between the bases: +1 (house rule); the Shuriken -2: 1 + 1 + 1 - 2 = 1
    against 6."""
    game = tomoe_and_the_thug((2, 16))
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", {"act": "shoot", "target": "thug"})
    game.feed(1, 1)
    assert after(log(game, "en"), "Turn 1: the Action phase.")[1:4] == [
        "Tomoe throws a shuriken at the Thug.",
        "Tomoe rolls 1 and 1: Attack Result 1 against the Thug's Defence of 6.",
        "Tomoe misses."]
    assert after(log(game, "ru"), "Ход 1: фаза действий.")[1:4] == [
        "Томоэ бросает сюрикен в Головореза.",
        "Томоэ выбрасывает 1 и 1: Результат Атаки 1 против Защиты Головореза, равной 6.",
        "Томоэ промахивается."]


def test_a_refused_shot_says_why_with_the_numbers_as_each_language_writes_them() -> None:
    """6.5" between the bases, beyond the Shuriken's 6" (SAM-RNG-1)."""
    game = tomoe_and_the_thug((2, 17.5))
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    state = game.state
    why = shot_refusal(state, state.table(), "tomoe", "thug")
    assert why is not None
    assert render(why, "en") == (
        "out of range: the shuriken reaches 6 inches, the target is 6.5 inches away")
    assert render(why, "ru") == (
        "цель вне досягаемости: сюрикен бьёт на 6 дюймов, а до цели 6,5 дюйма")


def test_a_teppo_to_reload_is_named_in_the_accusative() -> None:
    game = new_game([named("saburo", "Gunner Saburo", "Стрелок Сабуро", (2, 10),
                           missile="teppo")],
                    [named("kiku", "Archer Kiku", "Лучница Кику", (14, 10))])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", {"act": "shoot", "target": "kiku"})
    game.feed(1, 1)  # a miss
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", {"act": "reload"})
    assert "Gunner Saburo reloads the teppo." in log(game, "en")
    assert "Стрелок Сабуро перезаряжает теппо." in log(game, "ru")


# -- whole games ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_game_in_russian_has_no_latin_letters_and_english_no_s_in_brackets(
        seed: int) -> None:
    played = play_recording("samurai", seed)
    game = played.game
    assert reading_slips(played) == []
    display = display_for(RULES)
    assert display is not None
    heads, rows = display.board_table(game.view("bandits"), "ru") or ([], [])
    assert len(rows) == len(game.state.fighters)
    assert latin([*heads, *(cell for row in rows for cell in row)]) == []
