"""What an Old West player reads, in English and in Russian, as a person writes it.

Every expected line is written by hand: a model named in the case the Russian
sentence needs («стреляет в наёмника Коула», «бросок на ранение лошади
верхового»), a side in the plural in both languages ("the Lawmen win",
«выигрывают Законники»), the numbers of a roll-off in the order the sentence
names the sides, real plurals ("4 wounds left", «осталось 1 Ранение»), numbers
as the reader writes them ((9.2, 6.7), «(9,2; 6,7)»), the Russian title of
the scenario. The lines come from games played through the rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.cli.play import outcome_line
from referee.core.game import Game
from referee.core.i18n import Lang, Name, render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from tests.games.old_west.ow import (
    LAW_FIRST,
    RM,
    R,
    asked,
    build,
    chance,
    decision,
    m,
    touching,
)
from tests.language import play_recording, reading_slips

GUN = {"name": "Colt revolver", "name_ru": "кольт", "range": 12, "strength": 3}
SIDES: dict[str, Any] = {"lawmen": {"name": "the Lawmen", "name_ru": "Законники"},
                         "outlaws": {"name": "the Outlaws", "name_ru": "Преступники"}}


def marshal(x: float = 8, y: float = 4, **profile: Any) -> dict[str, Any]:
    return m("marshal", x, y, name="Marshal Wyatt", name_ru="маршал Уайетт", **profile)


def cole(x: float = 8, y: float = 14, **profile: Any) -> dict[str, Any]:
    return m("cole", x, y, name="Hired Gun Cole", name_ru="наёмник Коул", **profile)


def game(law: list[dict[str, Any]], out: list[dict[str, Any]], **extra: Any) -> Game:
    return build(law, out, **SIDES, **extra)


def log(played: Game, lang: Lang) -> list[str]:
    return played.text_log("referee", lang)


def labels(played: Game, seat: str, lang: Lang) -> list[str]:
    return [render(option.label, lang) for option in decision(played).options_for(seat)]


def test_the_game_starts_with_the_scenarios_own_title_in_each_language():
    _, example = load_scenario("old-west")
    played = Game(find_ruleset("old-west"), example)
    assert log(played, "en")[0] == "Showdown at Dry Gulch: the game begins."
    assert log(played, "ru")[0] == "Перестрелка у Сухого Оврага: игра начинается."
    untitled = game([marshal()], [cole()])
    assert log(untitled, "en")[0] == "Old West skirmish: the game begins."
    assert log(untitled, "ru")[0] == "Стычка на Диком Западе: игра начинается."


@pytest.mark.parametrize(("dice", "en", "ru"), [
    ((6, 2), "Turn 1: the Lawmen roll 6 and the Outlaws 2: Advantage to the Lawmen.",
     "Ход 1: Законники выбрасывают 6, Преступники — 2: преимущество у Законников."),
    ((2, 6), "Turn 1: the Outlaws roll 6 and the Lawmen 2: Advantage to the Outlaws.",
     "Ход 1: Преступники выбрасывают 6, Законники — 2: преимущество у Преступников."),
])
def test_the_drop_names_the_winner_first_with_its_own_roll(dice, en, ru):
    played = game([marshal()], [cole()])
    played.feed(*dice)  # the Lawmen roll first, then the Outlaws
    assert log(played, "en")[-2:] == [en, "Turn 1: the Movement phase."]
    assert log(played, "ru")[-2:] == [ru, "Ход 1: фаза Движения."]


def test_equal_rolls_for_advantage_are_said_as_such():
    played = game([marshal(2, 2)], [cole(22, 22)])
    assert render(chance(played).what, "ru") == "бросок Законников на преимущество"
    assert render(chance(played).what, "en") == "the Drop for the Lawmen"
    played.feed(4, 4)
    assert log(played, "en")[-1] == "Turn 1: both posses roll 4 and roll again for Advantage."
    assert log(played, "ru")[-1] == ("Ход 1: у обеих Команд выпало 4; бросок на преимущество "
                                      "повторяется.")
    played.feed(*LAW_FIRST, "hold", "hold", 3, 3)  # turn 2: the Outlaws did not have it
    assert log(played, "en")[-2] == "Turn 2: both posses roll 3; Advantage passes to the Outlaws."
    assert log(played, "ru")[-2] == ("Ход 2: у обеих Команд выпало 3; преимущество переходит к "
                                     "Преступникам.")


def test_a_shot_names_its_target_in_the_case_the_sentence_needs_and_the_winner_by_name():
    played = game([marshal(gun=GUN)], [cole()])
    played.feed(*LAW_FIRST, "hold", "hold")
    assert render(decision(played).question, "ru") == "В кого стреляет маршал Уайетт?"
    assert labels(played, "lawmen", "ru") == ["не стрелять", "стрелять в наёмника Коула"]
    assert labels(played, "lawmen", "en") == ["hold fire", "shoot Hired Gun Cole"]
    played.feed("shoot:cole")
    assert render(chance(played).what, "ru") == "бросок маршала Уайетта на попадание (4+)"
    assert render(chance(played).what, "en") == "the roll to hit of Marshal Wyatt (4+)"
    played.feed(6)
    assert render(chance(played).what, "ru") == "бросок на ранение наёмника Коула (4)"
    played.feed(6)
    assert log(played, "ru")[-7:] == [
        "Ход 1: фаза Стрельбы.",
        "Маршал Уайетт стреляет в наёмника Коула.",
        "Маршал Уайетт попадает (6, нужно 4).",
        "Маршал Уайетт ранит наёмника Коула (6, нужно 4).",
        "Наёмник Коул выбывает из строя.",
        "Ход 1: фаза Стрельбы окончена.",
        "Игра окончена: у Преступников никого не осталось на столе.",
    ]
    assert log(played, "en")[-7:] == [
        "Turn 1: the Shooting phase.",
        "Marshal Wyatt shoots at Hired Gun Cole.",
        "Marshal Wyatt hits (6, 4 needed).",
        "Marshal Wyatt wounds Hired Gun Cole (6, 4 needed).",
        "Hired Gun Cole is out of action.",
        "Turn 1: the Shooting phase ends.",
        "The game is over: the Outlaws have no one left on the table.",
    ]
    assert outcome_line(played, "ru") == "Законники победили: у Преступников никого не осталось " \
                                         "на столе"
    assert outcome_line(played, "en") == "The Lawmen won: the Outlaws have no one left on " \
                                         "the table"


@pytest.mark.parametrize(("wounds", "en", "ru"), [
    (2, "Hired Gun Cole is wounded (1 wound left).",
     "Наёмник Коул получает рану (осталось 1 Ранение)."),
    (3, "Hired Gun Cole is wounded (2 wounds left).",
     "Наёмник Коул получает рану (осталось 2 Ранения)."),
    (5, "Hired Gun Cole is wounded (4 wounds left).",
     "Наёмник Коул получает рану (осталось 4 Ранения)."),
    (6, "Hired Gun Cole is wounded (5 wounds left).",
     "Наёмник Коул получает рану (осталось 5 Ранений)."),
])
def test_wounds_left_take_real_plurals(wounds, en, ru):
    played = game([marshal(gun=GUN)], [cole(wounds=wounds)])
    played.feed(*LAW_FIRST, "hold", "hold", "shoot:cole", 6, 6)
    assert asked(played) == "ow.roll.pluck"  # hit and still standing: a Pluck test
    assert log(played, "en")[-1] == en
    assert log(played, "ru")[-1] == ru
    assert render(chance(played).what, "ru") == ("проверка Смелости наёмника Коула (нужно 10 "
                                                 "или больше)")


def test_a_fight_is_won_by_a_side_named_in_the_plural():
    played = game([marshal(fighting=4)], [cole(*touching(8, 4, 90))])
    played.feed(*LAW_FIRST)
    assert render(chance(played).what, "ru") == "кубик борьбы маршала Уайетта"
    played.feed(5, 5)
    assert log(played, "ru")[-7:] == [
        "Ход 1: фаза Ближнего Боя.",
        "Маршал Уайетт выбрасывает 5 на кубике борьбы.",
        "Лучший кубик у Законников — 5.",
        "Наёмник Коул выбрасывает 5 на кубике борьбы.",
        "Лучший кубик у Преступников — 5.",
        "Кубики равны: побеждают Законники, у которых выше Ближний Бой.",
        "Раунд ближнего боя выигрывают Законники.",
    ]
    assert log(played, "en")[-4:] == [
        "Hired Gun Cole rolls 5 to fight.",
        "Best die for the Outlaws: 5.",
        "Equal dice: the Lawmen win with the higher Fighting.",
        "The fight is won by the Lawmen.",
    ]


@pytest.mark.parametrize(("kind", "en", "ru"), [
    ("horse", "Posse Rider's horse", "лошадь верхового"),
    ("mule", "Posse Rider's mule", "мул верхового"),
])
def test_a_strike_at_a_rider_or_his_mount_names_both_in_russian(kind, en, ru):
    rider = m("rider", *touching(8, 4, 90, R, RM), name="Posse Rider", name_ru="верховой",
              cases={"gen": "верхового", "acc": "верхового"}, mount={"kind": kind})
    played = game([marshal()], [rider])
    played.feed(*LAW_FIRST, 6, 1)
    while asked(played) == "ow.ask.back-off":
        played.feed(0)
    assert render(decision(played).question, "ru") == "Кого бьёт маршал Уайетт?"
    assert labels(played, "lawmen", "ru") == ["верховой", ru]
    assert labels(played, "lawmen", "en") == ["Posse Rider", en]
    played.feed("rider:mount")
    roll = chance(played).what
    assert render(roll, "en") == f"the wound roll on {en} (4)"
    assert render(roll, "ru") == ("бросок на ранение лошади верхового (4)" if kind == "horse"
                                  else "бросок на ранение мула верхового (4)")
    played.feed(6)  # the mount's only Wound
    assert log(played, "en")[-1] == f"{en} is killed."
    assert log(played, "ru")[-1] == f"{ru.capitalize()} гибнет."
    assert render(chance(played).what, "ru") == "бросок верхового по таблице Падения с Лошади"


def test_a_point_moved_to_is_written_as_the_reader_writes_numbers():
    played = game([marshal()], [cole(8, 20)])
    played.feed(*LAW_FIRST, "point")
    assert render(decision(played).question, "ru") == "Куда идёт маршал Уайетт?"
    played.answer("lawmen", {"x": 9.2, "y": 6.7})
    assert log(played, "en")[-1] == "Marshal Wyatt moves to (9.2, 6.7)."
    assert log(played, "ru")[-1] == "Маршал Уайетт идёт в точку (9,2; 6,7)."


def test_a_posse_that_fails_to_hold_heads_for_the_hills_in_the_plural():
    deputy = m("deputy", 10, 4, name="Deputy Morgan", name_ru="помощник Морган")
    played = game([marshal(), deputy], [cole(gun=GUN)])
    played.feed(*LAW_FIRST, "hold", "hold", "hold", "shoot:deputy", 6, 6, *LAW_FIRST)
    assert render(decision(played).question, "en") == ("Your posse has lost half of its models "
                                                       "or more: take the Head for the Hills "
                                                       "test, or run?")
    assert labels(played, "lawmen", "ru") == [
        "проходить тест: Смелость проверяет маршал Уайетт — два кубика + Смелость 3, нужно 10 "
        "или больше",
        "бежать (добровольное Бегство)"]
    played.feed("test", 1, 1)
    assert log(played, "en")[-3:] == ["Marshal Wyatt fails the Pluck test (1+1+3 = 5, 10 needed).",
                                      "The Lawmen head for the hills!",
                                      "The game is over: the Lawmen ran from the table."]
    assert log(played, "ru")[-3:] == [
        "Маршал Уайетт проваливает проверку Смелости (1+1+3 = 5, нужно 10).",
        "Законники обращаются в Бегство!",
        "Игра окончена: Законники убежали со стола."]
    assert outcome_line(played, "en") == "The Outlaws won: the Lawmen ran from the table"
    assert outcome_line(played, "ru") == "Преступники победили: Законники убежали со стола"


def test_the_example_posses_are_named_in_the_plural_as_seats():
    _, example = load_scenario("old-west")
    played = Game(find_ruleset("old-west"), example)
    assert [render(played.seat_name(seat), "ru") for seat in played.seats] == [
        "Законники", "Преступники"]
    assert [render(played.seat_name(seat), "en") for seat in played.seats] == [
        "the Lawmen", "the Outlaws"]
    names = [played.seat_name(seat) for seat in played.seats]
    assert [name.gender for name in names if isinstance(name, Name)] == ["plural", "plural"]


@pytest.mark.parametrize("seed", range(3))
def test_a_random_game_reads_in_russian_without_latin_and_in_english_without_brackets(seed):
    """Every seat's whole log, every question, option and die put to it, and
    the end: no Latin letter and no decimal point in the Russian, no "(s)" in
    the English, and the end said once."""
    recorded = play_recording("old-west", seed)
    played = recorded.game
    for seat in (*played.seats, "referee"):
        russian = played.text_log(seat, "ru")
        assert len(russian) > 20
        assert sum(line.startswith("Игра окончена") for line in russian) == 1
    assert reading_slips(recorded) == []
